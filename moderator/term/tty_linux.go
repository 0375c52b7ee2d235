package term

import (
	"errors"
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

// IsTerminal reports whether f is a terminal, by asking the kernel for its
// terminal settings (the TCGETS ioctl, as isatty(3) does).
func IsTerminal(f *os.File) bool {
	_, err := getTermios(f)
	return err == nil
}

// OpenPTY opens a new pseudo-terminal pair. The slave behaves as a real
// terminal to whoever reads and writes it (give it to a child process as
// stdin and stdout); what is written to the master arrives there as typed
// keys, and what the slave's side writes can be read from the master.
// The caller closes both.
func OpenPTY() (master, slave *os.File, err error) {
	master, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("term: open pty: %w", err)
	}
	var n uint32
	err = control(master, func(fd uintptr) error {
		// grantpt(3) is a no-op with devpts; unlockpt(3) and ptsname(3)
		// are these two ioctls.
		unlock := int32(0)
		if err := ioctl(fd, syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)); err != nil {
			return err
		}
		return ioctl(fd, syscall.TIOCGPTN, unsafe.Pointer(&n))
	})
	if err != nil {
		master.Close()
		return nil, nil, fmt.Errorf("term: open pty: %w", err)
	}
	// O_NOCTTY: the slave must not become this process's controlling
	// terminal, or closing it could send us SIGHUP.
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		return nil, nil, fmt.Errorf("term: open pty: %w", err)
	}
	return master, slave, nil
}

// makeRaw puts the terminal f into raw mode — keys arrive one at a time,
// unechoed, Ctrl-C as a byte rather than a signal — and returns the function
// that puts the old settings back. If f is not a terminal it does nothing.
// The flags are those of cfmakeraw(3) except that output processing stays
// on, as readline expects: it writes "\n" and counts on the terminal to
// return the carriage.
func makeRaw(f *os.File) (restore func()) {
	old, err := getTermios(f)
	if err != nil {
		return func() {}
	}
	t := *old
	t.Iflag &^= syscall.IGNBRK | syscall.BRKINT | syscall.PARMRK | syscall.ISTRIP |
		syscall.INLCR | syscall.IGNCR | syscall.ICRNL | syscall.IXON
	t.Lflag &^= syscall.ECHO | syscall.ECHONL | syscall.ICANON | syscall.ISIG | syscall.IEXTEN
	t.Cflag &^= syscall.CSIZE | syscall.PARENB
	t.Cflag |= syscall.CS8
	t.Cc[syscall.VMIN] = 1
	t.Cc[syscall.VTIME] = 0
	if setTermios(f, &t) != nil {
		return func() {}
	}
	return func() { setTermios(f, old) }
}

func getTermios(f *os.File) (*syscall.Termios, error) {
	t := new(syscall.Termios)
	err := control(f, func(fd uintptr) error {
		return ioctl(fd, syscall.TCGETS, unsafe.Pointer(t))
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

func setTermios(f *os.File, t *syscall.Termios) error {
	return control(f, func(fd uintptr) error {
		return ioctl(fd, syscall.TCSETS, unsafe.Pointer(t))
	})
}

// control runs fn on f's descriptor. It goes through SyscallConn rather
// than f.Fd because Fd switches the file to blocking mode, after which read
// deadlines stop working and a Close no longer wakes a blocked Read.
func control(f *os.File, fn func(fd uintptr) error) error {
	if f == nil {
		return errors.New("term: nil file")
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) { ferr = fn(fd) }); err != nil {
		return err
	}
	return ferr
}

func ioctl(fd, req uintptr, arg unsafe.Pointer) error {
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, fd, req, uintptr(arg))
	if errno != 0 {
		return errno
	}
	return nil
}

// OpenInput opens the terminal behind f anew, for reading, in a file whose
// reads can be broken off (see Interrupter). os.Stdin itself cannot: it is
// in blocking mode, where a read waits for a key whatever happens, and
// making it non-blocking would change the shell's terminal too, as the
// two share one open file. The caller closes the new file.
func OpenInput(f *os.File) (*os.File, error) {
	if !IsTerminal(f) {
		return nil, errors.New("term: not a terminal")
	}
	var fd uintptr
	if err := control(f, func(d uintptr) error { fd = d; return nil }); err != nil {
		return nil, err
	}
	// Opening /proc/self/fd/N opens the device itself again, not a copy of
	// descriptor N.
	in, err := os.OpenFile(fmt.Sprintf("/proc/self/fd/%d", fd), os.O_RDONLY|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, fmt.Errorf("term: reopen the terminal: %w", err)
	}
	return in, nil
}
