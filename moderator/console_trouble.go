package moderator

import "fmt"

// watchTrouble prints every record the table fails to save (a full disk)
// on the GM console as it happens, whichever device the refused action
// came from: the person at the laptop is the one who can free some space.
// The console is the host's, so the line names the file and the cause.
// stop ends the watch.
func (c *Console) watchTrouble() (stop func()) {
	ch, cancel := c.T.WatchTrouble()
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		for {
			select {
			case x := <-ch:
				c.mu.Lock() // not in the middle of a line PrintNew writes
				fmt.Fprintf(c.Out, "\n%s\n\n", c.troubleText(x))
				c.mu.Unlock()
			case <-done:
				return
			}
		}
	}()
	return func() {
		cancel()
		close(done)
		<-finished
	}
}

// troubleText says, in the console's language, what was refused and why.
// It never names the action: the console is public, and a refused private
// action ("keep ♦Q") would tell everyone a secret.
func (c *Console) troubleText(x Trouble) string {
	key := "mod.trouble.other"
	if x.Err.DiskFull() {
		key = "mod.trouble.full"
	}
	what := "@mod.trouble.act"
	if x.Rec == "undo" || x.Rec == "relink" {
		what = "@mod.trouble." + x.Rec
	}
	return c.s(key, "what", what, "cause", x.Err.Error())
}
