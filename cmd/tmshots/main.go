// Command tmshots takes pictures of pages a running tablemaster serves, in
// real Chromium, at the sizes of a phone and a TV: the pictures in docs/
// are taken with it from the real binary.
//
//	tmshots -out docs/screens table=http://127.0.0.1:8080/t/TOKEN@1920x1080 aki=http://…/s/TOKEN@390x844
//
// Each argument is NAME=URL@WxH; the picture is OUT/NAME.png, taken once
// the page has loaded and its live connection is open. Add ?lang=ja to a
// URL for the page in Japanese.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"tablemaster/internal/browsertest"
)

func main() {
	out := flag.String("out", ".", "folder the pictures are written to")
	wait := flag.Duration("wait", 500*time.Millisecond, "how long to wait after the page is live, for its last update")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: tmshots [-out DIR] NAME=URL@WxH ...")
		os.Exit(2)
	}
	if err := run(*out, *wait, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "tmshots:", err)
		os.Exit(1)
	}
}

// shot is one picture to take.
type shot struct {
	name, url string
	w, h      int
}

func parse(arg string) (shot, error) {
	name, rest, ok := strings.Cut(arg, "=")
	i := strings.LastIndex(rest, "@")
	if !ok || name == "" || i < 0 {
		return shot{}, fmt.Errorf("%q: want NAME=URL@WxH", arg)
	}
	s := shot{name: name, url: rest[:i]}
	if _, err := fmt.Sscanf(rest[i+1:], "%dx%d", &s.w, &s.h); err != nil || s.w <= 0 || s.h <= 0 {
		return shot{}, fmt.Errorf("%q: the size %q is not WxH", arg, rest[i+1:])
	}
	return s, nil
}

func run(out string, wait time.Duration, args []string) error {
	var shots []shot
	for _, a := range args {
		s, err := parse(a)
		if err != nil {
			return err
		}
		shots = append(shots, s)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	b, err := browsertest.Start(browsertest.Chromium)
	if err != nil {
		return err
	}
	defer b.Close()
	for _, s := range shots {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		p, err := b.Open(ctx, s.w, s.h)
		cancel()
		if err != nil {
			return err
		}
		if err := p.Navigate(s.url); err != nil {
			return fmt.Errorf("%s: %w", s.url, err)
		}
		// A table page is live once its stream has opened (tmLive); a
		// host page has no such mark: give it the same wait.
		for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
			var live bool
			if p.Eval(`!!window.tmLive`, &live) == nil && live {
				break
			}
		}
		time.Sleep(wait)
		png, err := p.Screenshot()
		if err != nil {
			return err
		}
		path := filepath.Join(out, s.name+".png")
		if err := os.WriteFile(path, png, 0o644); err != nil {
			return err
		}
		fmt.Println(path)
		p.Close()
	}
	return nil
}
