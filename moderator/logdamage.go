package moderator

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// SetAside is what a person may choose for a log with a damaged line: the
// line and everything after it are copied into a file beside the log
// (synced, never overwriting one), and only then is the log cut back to
// the lines before it, so the table can be resumed from there. Nothing is
// deleted: the set-aside bytes stay on disk for a person to read. The
// table header (line 1) cannot be set aside. It returns the new file.
func SetAside(le *LineError) (string, error) {
	if le.Path == "" {
		return "", errors.New("set aside: the log file is not known")
	}
	if le.Offset <= 0 {
		return "", fmt.Errorf("%s: the table header (line 1) is damaged; nothing before it could be resumed", le.Path)
	}
	data, err := os.ReadFile(le.Path)
	if err != nil {
		return "", err
	}
	if int64(len(data)) < le.Offset {
		return "", fmt.Errorf("%s: the file changed since it was read", le.Path)
	}
	// What stays must be a sound log on its own.
	if res, err := readLog(data[:le.Offset]); err != nil || res.Dropped != nil {
		return "", fmt.Errorf("%s: the lines before line %d are not a sound log either", le.Path, le.Line)
	}
	aside := fmt.Sprintf("%s.from-line-%d.damaged", strings.TrimSuffix(le.Path, ".jsonl"), le.Line)
	f, err := os.OpenFile(aside, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data[le.Offset:])
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(aside)
		return "", err
	}
	syncDir(filepath.Dir(le.Path))
	lf, err := os.OpenFile(le.Path, os.O_WRONLY, 0o600)
	if err != nil {
		return aside, err
	}
	defer lf.Close()
	if err := lf.Truncate(le.Offset); err != nil {
		return aside, err
	}
	return aside, lf.Sync()
}
