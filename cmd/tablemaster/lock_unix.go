//go:build unix

package main

import (
	"errors"
	"os"
	"syscall"
)

// errRunning says another tablemaster holds a table's log.
var errRunning = errors.New("it is running in another tablemaster")

// holdLog takes the lock that says this process runs the table whose log
// is at path, and returns the function that lets it go. The lock (flock on
// the log) goes with the process, even on SIGKILL, so a crash never leaves
// a table locked. Without it a second resume, finding the first one's port
// taken, would serve the same table on another port, and two processes
// would append to one log.
func holdLog(path string) (release func(), err error) {
	f, err := os.Open(path)
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
		f.Close()
		if errors.Is(ferr, syscall.EWOULDBLOCK) {
			return nil, errRunning
		}
		return nil, ferr
	}
	return func() { f.Close() }, nil
}
