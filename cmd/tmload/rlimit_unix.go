//go:build unix

package main

import (
	"fmt"
	"syscall"
)

// raiseFileLimit raises the soft limit on open files to the hard one (Go
// does so at start on Linux; not every system does) and returns it; need,
// if not 0, is how many files the run needs, and more than the limit is an
// error that says so.
func raiseFileLimit(need int) (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("tmload: reading the open-file limit: %w", err)
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = raised.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err == nil {
			lim = raised
		}
	}
	if need > 0 && uint64(need) > lim.Cur {
		return lim.Cur, fmt.Errorf("tmload: this run needs about %d open files, but the limit is %d (ulimit -n): hold fewer connections", need, lim.Cur)
	}
	return lim.Cur, nil
}
