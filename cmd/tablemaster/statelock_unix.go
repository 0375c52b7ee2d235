//go:build unix

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// lockState takes the state folder for this process: one tablemaster
// serves a state folder's tables at a time (every table of a night runs
// in one process, the host's or a game command's). The lock (flock on
// tablemaster.lock in the folder) goes with the process, even on SIGKILL;
// the file says who holds it, for the message a second process prints.
func lockState(dir string, now time.Time) (release func(), err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, "tablemaster.lock"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil, err
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) { ferr = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB) }); err != nil {
		ferr = err
	}
	if ferr != nil {
		defer f.Close()
		if errors.Is(ferr, syscall.EWOULDBLOCK) {
			who, _ := io.ReadAll(io.LimitReader(f, 512))
			return nil, &stateBusyError{dir: dir, who: strings.TrimSpace(string(who))}
		}
		return nil, ferr
	}
	f.Truncate(0)
	fmt.Fprintf(f, "pid %d, since %s: %s\n", os.Getpid(), now.Format("2006-01-02 15:04"), commandLine(os.Args[1:]))
	f.Sync()
	return func() { f.Close() }, nil
}
