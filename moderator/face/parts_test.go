package face

import (
	"bytes"
	"fmt"
	"html/template"
	"slices"
	"strings"
	"testing"

	"tablemaster/engine"
)

// TestParts: the parts every page shares say what their page data holds,
// in every case of it (no golden page holds a flash or an undo request):
// a flash escaped, the undo request with the seat's answer only when the
// seat is asked, the undo button only when there is none, the folded
// choices under "Your other moves", and the link to the other language.
func TestParts(t *testing.T) {
	choice := func(a string, public bool) engine.Choice {
		return engine.Choice{Action: engine.Action(a), Group: engine.M("mod.moves"), Label: engine.M("mod.undo.button"), Public: public}
	}
	undo := func(waiting ...engine.Seat) *UndoRequest {
		return &UndoRequest{By: 1, Actor: 0, Text: engine.M("mod.undo.asks", "by", "Ben <b>&'+\"", "what", "x"), Waiting: waiting}
	}
	write := func(f func(*bytes.Buffer, *Page), d *Page) string {
		var b bytes.Buffer
		f(&b, d)
		return b.String()
	}
	cases := 0
	for _, l := range engine.Langs {
		other := engine.JA
		if l == engine.JA {
			other = engine.EN
		}
		for _, flash := range []string{"", "Out of date: <b>A&B</b> 'x' \"y\" 1+1"} {
			for _, u := range []*UndoRequest{nil, undo(0), undo(1), undo(0, 1), undo()} {
				for _, canUndo := range []bool{false, true} {
					for _, folded := range []bool{false, true} {
						cases++
						d := &Page{Lang: l, Other: other, Base: "/s/AbC-_9", Seat: 0, Flash: flash}
						d.Snap.Undo, d.Snap.CanUndo, d.Snap.StateVer = u, canUndo, 7
						d.Groups = []ChoiceGroup{{Title: "Move <x>", Public: true, Choices: []engine.Choice{choice("shift row 1 left", true)}},
							{Title: "Arrest", Choices: []engine.Choice{choice("arrest ♠A", false), choice("clear", false)}}}
						d.Folded = Fold(d.Groups, false) && folded
						if !folded {
							d.Groups[1].Fold = false
						}
						where := fmt.Sprintf("%s, flash %q, undo %+v, can undo %v, folded %v", l, flash, u, canUndo, folded)

						got := write(WriteFlash, d)
						if want := `<div class="flash" role="alert">` + Escape(flash) + `</div>`; (flash == "" && got != "") || (flash != "" && got != want) {
							t.Errorf("flash (%s) = %q", where, got)
						}
						got = write(WriteUndo, d)
						asked := u != nil && slices.Contains(u.Waiting, d.Seat)
						switch {
						case u == nil && canUndo:
							if !strings.Contains(got, `action="/s/AbC-_9/undo"`) || !strings.Contains(got, Escape(l.S("mod.undo.button"))) {
								t.Errorf("undo (%s) has no undo button: %q", where, got)
							}
						case u == nil:
							if got != "" {
								t.Errorf("undo (%s) = %q, want nothing", where, got)
							}
						default:
							if !strings.Contains(got, `id="undo"`) || !strings.Contains(got, string(MsgHTML(l, u.Text))) {
								t.Errorf("undo (%s) does not say the request: %q", where, got)
							}
							if strings.Contains(got, `/confirm"`) != asked || strings.Contains(got, Escape(l.S("mod.undo.waiting"))) == asked {
								t.Errorf("undo (%s), seat asked %v: %q", where, asked, got)
							}
						}
						got = write(WriteChoices, d)
						if strings.Count(got, `<form method="post" action="/s/AbC-_9/act" class="choices"><input type="hidden" name="v" value="7">`) != 2 {
							t.Errorf("choices (%s): want both groups' forms at version 7: %q", where, got)
						}
						if strings.Contains(got, `<details id="moves">`) != d.Folded || strings.Index(got, "Arrest") < strings.Index(got, "Move &lt;x&gt;") {
							t.Errorf("choices (%s), folded %v: %q", where, d.Folded, got)
						}
						got = write(WriteLang, d)
						if !strings.Contains(got, `href="?lang=`+string(other)+`"`) {
							t.Errorf("lang (%s) = %q", where, got)
						}
					}
				}
			}
		}
	}
	t.Logf("%d cases", cases)
}

// TestEscapeAsTemplatesDo: Escape, which looks for the bytes to escape
// itself, escapes every string as html/template's HTMLEscapeString does.
func TestEscapeAsTemplatesDo(t *testing.T) {
	for _, s := range []string{"", "Aki", "♠10", "a+b", "<b>", "x\x00y", `"'&`, "日本語+", "سارة", "\xff"} {
		if got, want := Escape(s), template.HTMLEscapeString(s); got != want {
			t.Errorf("Escape(%q) = %q, want %q", s, got, want)
		}
	}
}
