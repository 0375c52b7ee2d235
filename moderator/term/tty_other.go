//go:build !linux

package term

import (
	"errors"
	"os"
)

// IsTerminal reports whether f is a terminal. Only Linux is supported; on
// other systems it says false, and the console falls back to plain
// line-by-line output.
func IsTerminal(f *os.File) bool { return false }

// OpenPTY opens a new pseudo-terminal pair. Only Linux is supported; on
// other systems it returns errors.ErrUnsupported.
func OpenPTY() (master, slave *os.File, err error) {
	return nil, nil, errors.ErrUnsupported
}

func makeRaw(f *os.File) (restore func()) { return func() {} }

// OpenInput opens the terminal behind f anew, in a file whose reads can be
// broken off. Only Linux is supported; on other systems it returns
// errors.ErrUnsupported.
func OpenInput(f *os.File) (*os.File, error) { return nil, errors.ErrUnsupported }
