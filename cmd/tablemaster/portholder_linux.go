package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// portHolder names the process listening on TCP port, as "pid 123
// (tablemaster host)", or "" when it cannot be told (another user's
// process, or no /proc). It reads /proc: the listening socket's inode from
// /proc/net/tcp{,6}, then the process holding a descriptor on it.
func portHolder(port int) string {
	inodes := map[string]bool{}
	for _, l := range listeners(port) {
		inodes["socket:["+l.inode+"]"] = true
	}
	if len(inodes) == 0 {
		return ""
	}
	pids, _ := filepath.Glob("/proc/[0-9]*")
	for _, dir := range pids {
		fds, err := os.ReadDir(filepath.Join(dir, "fd"))
		if err != nil {
			continue
		}
		for _, fd := range fds {
			if l, err := os.Readlink(filepath.Join(dir, "fd", fd.Name())); err == nil && inodes[l] {
				return describePid(filepath.Base(dir))
			}
		}
	}
	return ""
}

// listener is a listening TCP socket as /proc/net/tcp{,6} shows it: its
// local address in the kernel's hex ("0100007F" is 127.0.0.1) and inode.
type listener struct {
	hexAddr, inode string
}

// listeners are the TCP sockets listening on port, read from /proc.
func listeners(port int) []listener {
	var out []listener
	for _, name := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			// sl local_address rem_address st ... uid timeout inode
			fs := strings.Fields(sc.Text())
			if len(fs) < 10 || fs[3] != "0A" { // 0A: LISTEN
				continue
			}
			hexAddr, hexPort, _ := strings.Cut(fs[1], ":")
			if p, err := strconv.ParseUint(hexPort, 16, 16); err == nil && int(p) == port {
				out = append(out, listener{hexAddr, fs[9]})
			}
		}
		f.Close()
	}
	return out
}

// describePid is "pid N (its command line)", shortened.
func describePid(pid string) string {
	b, _ := os.ReadFile(filepath.Join("/proc", pid, "cmdline"))
	args := strings.Fields(strings.ReplaceAll(string(b), "\x00", " "))
	if len(args) > 0 {
		args[0] = filepath.Base(args[0])
	}
	cmd := strings.Join(args, " ")
	if len(cmd) > 60 {
		cmd = cmd[:57] + "..."
	}
	if cmd == "" {
		return "pid " + pid
	}
	return fmt.Sprintf("pid %s (%s)", pid, cmd)
}
