package moderator

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Record is one line of a table's event log. The first record of a file
// is the table's header (Type "table"); every later one is an accepted
// action, an undo, or a re-issued link.
type Record struct {
	Type string    `json:"t"` // table | act | undo | relink | port
	At   time.Time `json:"at"`

	// Header.
	Header *Header `json:"table,omitempty"`

	// act, undo, relink.
	Seat   int    `json:"seat,omitempty"`
	Action string `json:"a,omitempty"`
	Token  string `json:"token,omitempty"`
	Port   int    `json:"port,omitempty"` // port: the table's new port
}

// Header describes a table: enough to rebuild it from nothing.
type Header struct {
	ID         string          `json:"id"`
	Game       string          `json:"game"`
	Seed       uint64          `json:"seed"`
	Options    json.RawMessage `json:"options"`
	Seats      []string        `json:"seats"`
	Tokens     []string        `json:"tokens"`
	TableToken string          `json:"table_token"`
	Addr       string          `json:"addr"`
	Port       int             `json:"port"`
	Lang       string          `json:"lang"`
}

// relink applies a "relink" record: the seat's new link replaces the old,
// which stops working.
func (h *Header) relink(r Record) error {
	if r.Seat < 0 || r.Seat >= len(h.Tokens) {
		return fmt.Errorf("no seat %d", r.Seat)
	}
	h.Tokens = append([]string(nil), h.Tokens...)
	h.Tokens[r.Seat] = r.Token
	return nil
}

// CurrentHeader is a log's header with its relinks and port moves
// applied: the links that work now. It only reads records, so a log a running table is still
// writing may be read this way.
func (res LoadResult) CurrentHeader() (Header, error) {
	if len(res.Records) == 0 || res.Records[0].Header == nil {
		return Header{}, errors.New("the log has no header")
	}
	h := *res.Records[0].Header
	for i, r := range res.Records[1:] {
		if r.Type == "relink" {
			if err := h.relink(r); err != nil {
				return Header{}, fmt.Errorf("log line %d: %w", i+2, err)
			}
		}
		if r.Type == "port" {
			if err := h.movePort(r); err != nil {
				return Header{}, fmt.Errorf("log line %d: %w", i+2, err)
			}
		}
	}
	return h, nil
}

// Log is an append-only JSON-lines file. Append returns only once the line
// is on disk (fsync), so an action is never announced before it is safe
// (DESIGN.md principle 3).
type Log struct {
	f    *os.File
	path string
}

// CreateLog makes a new log readable by the user only, writes the header
// and syncs the file and its folder.
func CreateLog(path string, h Header, at time.Time) (*Log, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	l := &Log{f: f, path: path}
	if err := l.Append(Record{Type: "table", At: at, Header: &h}); err != nil {
		f.Close()
		return nil, err
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
	return l, nil
}

// Append writes one record as one line and syncs it to disk.
func (l *Log) Append(r Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := l.f.Write(b); err != nil {
		return fmt.Errorf("log %s: %w", l.path, err)
	}
	if err := l.f.Sync(); err != nil {
		return fmt.Errorf("log %s: %w", l.path, err)
	}
	return nil
}

// Path is the file behind the log.
func (l *Log) Path() string { return l.path }

// Close closes the file.
func (l *Log) Close() error { return l.f.Close() }

// ErrCorrupt is returned for a log that cannot be read past a damaged line
// other than the last one: nothing is dropped, a person must look.
var ErrCorrupt = errors.New("corrupt log")

// LoadResult is what reading a log found.
type LoadResult struct {
	Records []Record
	// Dropped is the half-written last line that was removed, if any, and
	// DroppedAt the offset where it began.
	Dropped   []byte
	DroppedAt int64
}

// ReadLog reads every record of a log. A last line that is incomplete (no
// newline) or unreadable is a write cut short by a crash: it is reported
// in Dropped and not returned. A damaged line before the last is an error.
func ReadLog(r io.Reader) (LoadResult, error) {
	var res LoadResult
	data, err := io.ReadAll(r)
	if err != nil {
		return res, err
	}
	lineNo := 0
	var off int64
	for len(data) > 0 {
		lineNo++
		start := off
		i := bytes.IndexByte(data, '\n')
		off += int64(i + 1)
		var line []byte
		last := false
		if i < 0 {
			line, data, last = data, nil, true
		} else {
			line, data = data[:i], data[i+1:]
			last = len(bytes.TrimSpace(data)) == 0
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var rec Record
		if err := json.Unmarshal(line, &rec); err != nil || rec.Type == "" || i < 0 {
			if last {
				res.Dropped = append([]byte(nil), line...)
				res.DroppedAt = start
				break
			}
			return res, fmt.Errorf("%w: line %d: %.60q", ErrCorrupt, lineNo, line)
		}
		res.Records = append(res.Records, rec)
	}
	if len(res.Records) == 0 || res.Records[0].Type != "table" || res.Records[0].Header == nil {
		return res, fmt.Errorf("%w: no table header on line 1", ErrCorrupt)
	}
	return res, nil
}

// OpenLog reads a log file and opens it for appending. A half-written last
// line is cut off the file (after it was read and reported), so the next
// record starts on a clean line.
func OpenLog(path string) (*Log, LoadResult, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0o600)
	if err != nil {
		return nil, LoadResult{}, err
	}
	res, err := ReadLog(bufio.NewReader(f))
	if err != nil {
		f.Close()
		return nil, res, fmt.Errorf("%s: %w", path, err)
	}
	if res.Dropped != nil {
		err := f.Truncate(res.DroppedAt)
		if err == nil {
			err = f.Sync()
		}
		if err != nil {
			f.Close()
			return nil, res, err
		}
	}
	// Reopen in append mode so every write goes to the end.
	f.Close()
	f, err = os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, res, err
	}
	return &Log{f: f, path: path}, res, nil
}
