// Command tmstartup measures the time from starting tablemaster to the
// first QR code on its console, the way a person sees it: the program runs
// with a real terminal (a pty) on its standard input and output.
//
//	go build -o /tmp/tablemaster ./cmd/tablemaster
//	go run ./cmd/tmstartup -bin /tmp/tablemaster -n 20
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	"tablemaster/moderator/term"
)

func main() {
	bin := flag.String("bin", "./tablemaster", "the tablemaster binary to start")
	n := flag.Int("n", 20, "how many starts to time")
	flag.Parse()
	var times []time.Duration
	for i := 0; i < *n; i++ {
		d, err := once(*bin)
		if err != nil {
			fmt.Fprintln(os.Stderr, "tmstartup:", err)
			os.Exit(1)
		}
		times = append(times, d)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	fmt.Printf("start → first QR code, %d runs: min %v, median %v, max %v\n",
		len(times), times[0].Round(time.Millisecond), times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
}

func once(bin string) (time.Duration, error) {
	master, slave, err := term.OpenPTY()
	if err != nil {
		return 0, err
	}
	defer master.Close()
	state, err := os.MkdirTemp("", "tmstartup")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(state)
	cmd := exec.Command(bin, "noir", "--state", state, "--addr", "127.0.0.1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	start := time.Now()
	if err := cmd.Start(); err != nil {
		slave.Close()
		return 0, err
	}
	slave.Close()
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	var seen bytes.Buffer
	buf := make([]byte, 4096)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		master.SetReadDeadline(deadline)
		k, err := master.Read(buf)
		seen.Write(buf[:k])
		// A QR code drawn by go-qrcode is made of these block characters.
		if strings.Contains(seen.String(), "█▀▀▀▀▀█") || strings.Contains(seen.String(), "▄▄▄▄▄▄▄") {
			return time.Since(start), nil
		}
		if err != nil {
			return 0, fmt.Errorf("no QR code after %q: %v", seen.String(), err)
		}
	}
	return 0, fmt.Errorf("no QR code within 10 s: %q", seen.String())
}
