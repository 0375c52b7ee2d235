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
	"slices"
	"time"
	"unicode/utf8"

	"tablemaster/engine"
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
	Addr   string `json:"addr,omitempty"` // port: the table's new address, if it moved too

	// Where ReadLog found the record: its line and the line's offset.
	line int
	off  int64
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
	// Bots are the seats tablemaster plays itself (botseat.go), by
	// number: a resume finds them here, as it finds the seats.
	Bots []int `json:"bots,omitempty"`
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
// (DESIGN.md principle 3). A write that fails or stops short (a full disk)
// is cut off again, so the file only ever holds whole lines.
type Log struct {
	f    logFile
	path string
	// size is the length of the file's whole lines: where the next record
	// starts. torn is the failure that may have left bytes past it, until
	// they are cut off.
	size int64
	torn error
}

// logFile is what a Log needs of its file. It is an *os.File; tests put
// one in that fails the way a full disk does.
type logFile interface {
	io.Writer
	Sync() error
	Truncate(size int64) error
	Close() error
}

// CreateLog makes a new log readable by the user only, writes the header
// and syncs the file and its folder. A header that cannot be written
// leaves no file behind.
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
		os.Remove(path)
		return nil, err
	}
	syncDir(filepath.Dir(path))
	return l, nil
}

// syncDir makes a new or renamed file's name durable.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// Append writes one record as one line and syncs it to disk. When the
// write fails, stops short or cannot be synced, the file is cut back to
// its last whole line and the error is a *NotSavedError: the record is not
// in the log, and the caller must act as if it never happened.
func (l *Log) Append(r Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return &NotSavedError{Path: l.path, Err: err}
	}
	b = append(b, '\n')
	if l.torn != nil {
		// The last failure could not be cut off: never write after it.
		if err := l.cut(); err != nil {
			return &NotSavedError{Path: l.path, Err: fmt.Errorf("%w (and cutting off what it left failed: %w)", l.torn, err)}
		}
	}
	n, err := l.f.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	if err == nil {
		err = l.f.Sync()
	}
	if err != nil {
		l.torn = err
		if cerr := l.cut(); cerr != nil {
			err = fmt.Errorf("%w (and cutting off what it left failed: %w)", err, cerr)
		}
		return &NotSavedError{Path: l.path, Err: err}
	}
	l.size += int64(len(b))
	return nil
}

// cut truncates the file to its whole lines.
func (l *Log) cut() error {
	if err := l.f.Truncate(l.size); err != nil {
		return err
	}
	if err := l.f.Sync(); err != nil {
		return err
	}
	l.torn = nil
	return nil
}

// Path is the file behind the log.
func (l *Log) Path() string { return l.path }

// Close closes the file.
func (l *Log) Close() error { return l.f.Close() }

// ErrCorrupt is returned for a log with a damaged or impossible line: a
// complete line (it ends in a newline, so it was written whole) that is
// not a record this version wrote. Nothing is dropped: a person must look.
var ErrCorrupt = errors.New("corrupt log")

// LineError is a complete line of a log that cannot be used. It carries
// where the line starts, so a person may choose to set it and what follows
// aside (SetAside); nothing removes it otherwise.
type LineError struct {
	Path   string     // the log file, when known
	Line   int        // counted from 1
	Offset int64      // where the line starts in the file
	Why    engine.Msg // what is wrong, in the catalogue
	// Err is the underlying error, if any. Its text is never shown: when
	// the game refused a record, it may name a hidden card ("♠7 is not
	// next to ♦Q"), and the person at the laptop is usually a player.
	Err error
}

func (e *LineError) Error() string {
	text := ErrCorrupt.Error() + ": " + (&LineError{Line: e.Line, Why: e.Why}).Text(engine.EN)
	if e.Path != "" {
		text = e.Path + ": " + text
	}
	return text
}

// Unwrap lets errors.Is find ErrCorrupt and the cause.
func (e *LineError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrCorrupt}
	}
	return []error{ErrCorrupt, e.Err}
}

// Text says what is wrong in language l.
func (e *LineError) Text(l engine.Lang) string {
	text := l.S("mod.log.line", "line", fmt.Sprint(e.Line), "why", l.Text(e.Why))
	if e.Path != "" {
		text = e.Path + ": " + text
	}
	return text
}

// inFile says which file an error of reading a log is about: a *LineError
// carries the path, any other error gets it in front.
func inFile(path string, err error) error {
	var le *LineError
	if errors.As(err, &le) {
		le.Path = path
		return err
	}
	return fmt.Errorf("%s: %w", path, err)
}

// LoadResult is what reading a log found.
type LoadResult struct {
	Records []Record
	// Dropped is the half-written last line (no newline) that is not
	// used, if any, and DroppedAt the offset where it began.
	Dropped   []byte
	DroppedAt int64
	// Size is the length of the log's whole lines (DroppedAt when a line
	// was dropped).
	Size int64
}

// ReadLog reads and checks every record of a log: the one reader behind
// resume, replay, the night sheet and printing. Only a last line without
// its newline is a write cut short by a crash: it is reported in Dropped
// and not returned. Any complete line that is not a sound record (damaged
// bytes, an unknown type, a seat the table does not have) is a *LineError,
// whether it is the last line or not.
func ReadLog(r io.Reader) (LoadResult, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return LoadResult{}, err
	}
	return readLog(data)
}

func readLog(data []byte) (LoadResult, error) {
	var res LoadResult
	var hdr *Header
	lineNo := 0
	var off int64
	for len(data) > 0 {
		lineNo++
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			res.Dropped = append([]byte(nil), data...)
			res.DroppedAt = off
			break
		}
		line, start := data[:i], off
		data = data[i+1:]
		off += int64(i + 1)
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		rec, why, err := parseRecord(line, hdr)
		if why.Key != "" {
			return res, &LineError{Line: lineNo, Offset: start, Why: why, Err: err}
		}
		if hdr == nil {
			hdr = rec.Header
		}
		rec.line, rec.off = lineNo, start
		res.Records = append(res.Records, rec)
	}
	res.Size = off
	if res.Dropped != nil {
		res.Size = res.DroppedAt
	}
	if hdr == nil {
		return res, &LineError{Line: 1, Why: engine.M("mod.log.empty")}
	}
	return res, nil
}

// parseRecord reads one complete line: strict JSON (valid UTF-8, no field
// this version does not write, nothing after the record) of a known type
// whose seats exist. hdr is the table's header, nil for the first record.
// A non-empty why says what is wrong.
func parseRecord(line []byte, hdr *Header) (rec Record, why engine.Msg, err error) {
	if !utf8.Valid(line) {
		return rec, engine.M("mod.log.bad_bytes"), nil
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return rec, engine.M("mod.log.bad_json"), err
	}
	if _, err := dec.Token(); err != io.EOF {
		return rec, engine.M("mod.log.bad_json"), err
	}
	if hdr == nil {
		if rec.Type != "table" || rec.Header == nil {
			return rec, engine.M("mod.log.no_header"), nil
		}
		h := rec.Header
		if h.ID == "" || h.Game == "" || len(h.Seats) == 0 || len(h.Tokens) != len(h.Seats) ||
			slices.Contains(h.Tokens, "") || rec.Seat != 0 || rec.Action != "" || rec.Token != "" {
			return rec, engine.M("mod.log.bad_header"), nil
		}
		return rec, engine.Msg{}, nil
	}
	n := len(hdr.Seats)
	seat := fmt.Sprint(rec.Seat)
	switch {
	case rec.Header != nil || rec.Type == "table":
		return rec, engine.M("mod.log.second_header"), nil
	case rec.Type == "act" && (rec.Seat < 0 || rec.Seat >= n):
		return rec, engine.M("mod.log.no_seat", "seat", seat), nil
	case rec.Type == "act" && (rec.Action == "" || rec.Token != ""):
		return rec, engine.M("mod.log.bad_record", "type", rec.Type), nil
	case rec.Type == "undo" && (rec.Seat < int(engine.Public) || rec.Seat >= n):
		return rec, engine.M("mod.log.no_seat", "seat", seat), nil
	case rec.Type == "undo" && (rec.Action != "" || rec.Token != ""):
		return rec, engine.M("mod.log.bad_record", "type", rec.Type), nil
	case rec.Type == "relink" && (rec.Seat < 0 || rec.Seat >= n):
		return rec, engine.M("mod.log.no_seat", "seat", seat), nil
	case rec.Type == "relink" && (rec.Token == "" || rec.Action != ""):
		return rec, engine.M("mod.log.bad_record", "type", rec.Type), nil
	case rec.Type == "port" && (rec.Port <= 0 || rec.Port > 65535 || rec.Seat != 0 || rec.Action != "" || rec.Token != ""):
		return rec, engine.M("mod.log.bad_record", "type", rec.Type), nil
	case rec.Type != "port" && (rec.Port != 0 || rec.Addr != ""):
		return rec, engine.M("mod.log.bad_record", "type", rec.Type), nil
	case rec.Type != "act" && rec.Type != "undo" && rec.Type != "relink" && rec.Type != "port":
		return rec, engine.M("mod.log.unknown_type", "type", fmt.Sprintf("%.20q", rec.Type)), nil
	}
	return rec, engine.Msg{}, nil
}

// OpenLog reads a log file and opens it for appending. Only a half-written
// last line (no newline) is cut off the file, after it was read and
// reported, so the next record starts on a clean line; a damaged complete
// line is an error and the file is left exactly as it is.
func OpenLog(path string) (*Log, LoadResult, error) {
	f, err := os.OpenFile(path, os.O_RDWR, 0o600)
	if err != nil {
		return nil, LoadResult{}, err
	}
	res, err := ReadLog(bufio.NewReader(f))
	if err != nil {
		f.Close()
		return nil, res, inFile(path, err)
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
	return &Log{f: f, path: path, size: res.Size}, res, nil
}
