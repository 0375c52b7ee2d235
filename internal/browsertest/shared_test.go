package browsertest

import (
	"context"
	"testing"
	"time"
)

// TestSharedBrowser: under Main, two tests that Need Chromium borrow the
// same browser; the pages the first opened are closed when it ends, and
// the browser goes on serving the second.
func TestSharedBrowser(t *testing.T) {
	shared.Lock()
	if shared.on {
		shared.Unlock()
		t.Skip("already under Main")
	}
	shared.on = true
	shared.Unlock()
	t.Cleanup(closeShared)
	var first Browser
	var firstPage Page
	for i, name := range []string{"first", "second"} {
		t.Run(name, func(t *testing.T) {
			b := Need(t, Chromium)
			l, ok := b.(*lent)
			if !ok {
				t.Fatalf("Need under Main gave a %T, want a lent browser", b)
			}
			if i == 0 {
				first = l.Browser
			} else if l.Browser != first {
				t.Error("the second test started a browser of its own")
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			p, err := b.Open(ctx, 390, 844)
			if err != nil {
				t.Fatal(err)
			}
			var two int
			if err := p.Eval(`1 + 1`, &two); err != nil || two != 2 {
				t.Fatalf("1 + 1 = %d, %v", two, err)
			}
			if i == 0 {
				firstPage = p
			}
		})
	}
	if firstPage == nil {
		return // skipped: -short, or no Chromium here
	}
	if err := firstPage.Eval(`1`, nil); err == nil {
		t.Error("the first test's page still answers after the test ended")
	}
}
