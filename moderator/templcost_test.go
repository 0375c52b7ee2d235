package moderator

import (
	"bytes"
	"context"
	"testing"

	"github.com/a-h/templ"
	templruntime "github.com/a-h/templ/runtime"

	"tablemaster/engine"
	"tablemaster/moderator/face"
)

// BenchmarkTemplCost measures what templ (the version in go.mod) pays
// for the two things a game's page does most, against the Go the pages
// are written in: a text value (a word, a name, a card: a Noir phone
// writes some 60, a ten-player Super Rock page several hundred), and a
// component called from another (a shared part: the heading, the undo
// part, the story). templ writes every { value } through
// templ.JoinStringErrs, which is fmt.Sprint, and every component call
// builds two closures and a context value. docs/design.md ("Why the
// table pages are not templ") reads these figures.
func BenchmarkTemplCost(b *testing.B) {
	words := []string{"Kills", "Aki", "♠10", "The Killer killed ♠7 (B2)."}
	ctx := context.Background()
	b.Run("value/templ", func(b *testing.B) {
		// What templ generates for { v } in an element's text.
		var buf bytes.Buffer
		w, _ := templruntime.GetBuffer(&buf)
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if i%256 == 0 {
				buf.Reset()
			}
			s, err := templ.JoinStringErrs(words[i&3])
			if err != nil {
				b.Fatal(err)
			}
			w.WriteString(templ.EscapeString(s))
		}
	})
	b.Run("value/go", func(b *testing.B) {
		var buf bytes.Buffer
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if i%256 == 0 {
				buf.Reset()
			}
			buf.WriteString(face.Escape(words[i&3]))
		}
	})
	b.Run("component/templ", func(b *testing.B) {
		// A generated component of one element and one value, called
		// from another component (the writer is templ's own buffer).
		var buf bytes.Buffer
		w, _ := templruntime.GetBuffer(&buf)
		ctx := templ.InitializeContext(ctx)
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if i%64 == 0 {
				buf.Reset()
			}
			if err := hubOffline(engine.EN).Render(ctx, w); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("component/go", func(b *testing.B) {
		var buf bytes.Buffer
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			if i%64 == 0 {
				buf.Reset()
			}
			face.Put(&buf, `<div id="tm-offline" class="offline" role="status" hidden>`, face.Escape(engine.EN.S("mod.hub.offline")), "</div>")
		}
	})
}
