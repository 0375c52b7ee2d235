package moderator

import (
	"errors"
	"fmt"
	"syscall"
	"time"

	"tablemaster/engine"
)

// ErrNotSaved is the kind of every error of a record the log could not
// store (a full disk, a failing one): the action was not taken.
var ErrNotSaved = errors.New("not saved")

// NotSavedError is a record the log could not store. Its Error text names
// the file and the cause, for the GM console (the host's terminal); a
// device is only ever shown its catalogue message (see As), which names no
// path.
type NotSavedError struct {
	Path string // the log file
	Err  error  // the cause, as the system gave it
}

func (e *NotSavedError) Error() string {
	return fmt.Sprintf("not saved in %s: %v", e.Path, e.Err)
}

// Unwrap lets errors.Is find ErrNotSaved and the cause (syscall.ENOSPC).
func (e *NotSavedError) Unwrap() []error { return []error{ErrNotSaved, e.Err} }

// DiskFull says whether the cause is a full disk.
func (e *NotSavedError) DiskFull() bool {
	return errors.Is(e.Err, syscall.ENOSPC) || errors.Is(e.Err, syscall.EDQUOT)
}

// Msg is what a device is told: nothing was done, and why, without a path.
func (e *NotSavedError) Msg() engine.Msg {
	if e.DiskFull() {
		return engine.M("mod.err.not_saved_full")
	}
	return engine.M("mod.err.not_saved")
}

// As lets every place that shows a device a refusal in its language (they
// look for an *engine.MsgError) show the catalogue message, never the
// text of Error with its path.
func (e *NotSavedError) As(target any) bool {
	if me, ok := target.(**engine.MsgError); ok {
		*me = &engine.MsgError{Kind: ErrNotSaved, Prefix: "tablemaster", Msg: e.Msg()}
		return true
	}
	return false
}

// Trouble is a record the table could not save: the GM console shows it
// loudly, whichever device the refused action came from.
type Trouble struct {
	At  time.Time
	Rec string // the record's type: act, undo, relink
	Err *NotSavedError
}

// troubles hands the table's failures to save to whoever watches (the GM
// console). It lives under the table's lock.
type troubles struct {
	subs map[chan Trouble]struct{}
}

// add tells every watcher; a watcher that is far behind misses some.
func (tr *troubles) add(x Trouble) {
	for ch := range tr.subs {
		select {
		case ch <- x:
		default:
		}
	}
}

// WatchTrouble returns a channel that receives every record the table
// fails to save from now on.
func (t *Table) WatchTrouble() (ch <-chan Trouble, cancel func()) {
	c := make(chan Trouble, 16)
	t.mu.Lock()
	if t.trouble.subs == nil {
		t.trouble.subs = map[chan Trouble]struct{}{}
	}
	t.trouble.subs[c] = struct{}{}
	t.mu.Unlock()
	return c, func() {
		t.mu.Lock()
		delete(t.trouble.subs, c)
		t.mu.Unlock()
	}
}

// notSavedCode is the flash code of a page refused because the log could
// not save its action: "diskfull" or "notsaved".
func notSavedCode(err error) string {
	var ns *NotSavedError
	if errors.As(err, &ns) && ns.DiskFull() {
		return "diskfull"
	}
	return "notsaved"
}
