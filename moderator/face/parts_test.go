package face

import (
	"bytes"
	"html/template"
	"strings"
	"testing"

	"tablemaster/engine"
)

// oldParts are the layout's templates the Go parts replaced, kept as the
// reference the Go must match byte for byte.
const oldParts = `{{define "lang"}}<span class="lang"><a href="?lang={{.Other}}">{{if eq .Other "ja"}}日本語{{else}}English{{end}}</a></span>{{end}}
{{define "flash"}}{{if .Flash}}<div class="flash" role="alert">{{.Flash}}</div>{{end}}{{end}}
{{define "undo"}}{{$d := .}}{{with .Snap.Undo}}{{$asked := false}}{{range .Waiting}}{{if eq . $d.Seat}}{{$asked = true}}{{end}}{{end}}
<div class="status me" id="undo">{{msg $d.Lang .Text}}
{{if $asked}}<form method="post" action="{{$d.Base}}/confirm" class="choices"><button name="yes" value="1" class="warn">{{t $d.Lang "mod.undo.agree"}}</button><button name="yes" value="0" class="alt">{{t $d.Lang "mod.undo.refuse"}}</button></form>{{else}}<div>{{t $d.Lang "mod.undo.waiting"}}</div>{{end}}</div>
{{else}}{{if .Snap.CanUndo}}<form method="post" action="{{.Base}}/undo"><button class="alt">↶ {{t .Lang "mod.undo.button"}}</button></form>{{end}}{{end}}{{end}}
{{define "choices"}}
{{groupsHTML . false}}
{{if .Folded}}<details id="moves"><summary>{{t .Lang "mod.moves"}}</summary>
{{groupsHTML . true}}
</details>{{end}}
{{end}}`

// TestPartsMatchTheirTemplates: LangHTML, FlashHTML, UndoHTML and
// ChoicesHTML write what the templates they replaced wrote, in every case
// those templates had (no golden page holds a flash or an undo request).
func TestPartsMatchTheirTemplates(t *testing.T) {
	tm := template.Must(template.New("").Funcs(Funcs()).Funcs(template.FuncMap{"groupsHTML": func(d *Page, fold bool) template.HTML {
		var b bytes.Buffer
		writeGroups(&b, d, fold)
		return template.HTML(b.String())
	}}).Parse(oldParts))
	choice := func(a, label string, public bool) engine.Choice {
		return engine.Choice{Action: engine.Action(a), Group: engine.M("mod.moves"), Label: engine.M("mod.undo.button"), Public: public}
	}
	undo := func(waiting ...engine.Seat) *UndoRequest {
		return &UndoRequest{By: 1, Actor: 0, Text: engine.M("mod.undo.asks", "by", "Ben <b>&'+\"", "what", "x"), Waiting: waiting}
	}
	var pages []*Page
	for _, l := range engine.Langs {
		other := engine.JA
		if l == engine.JA {
			other = engine.EN
		}
		for _, flash := range []string{"", "Out of date: <b>A&B</b> 'x' \"y\" 1+1\x00"} {
			for _, u := range []*UndoRequest{nil, undo(0), undo(1), undo(0, 1), undo()} {
				for _, canUndo := range []bool{false, true} {
					for _, folded := range []bool{false, true} {
						d := &Page{Lang: l, Other: other, Base: "/s/AbC-_9", Seat: 0, Flash: flash}
						d.Snap.Undo, d.Snap.CanUndo, d.Snap.StateVer = u, canUndo, 7
						d.Groups = []ChoiceGroup{{Title: "Move <x>", Public: true, Choices: []engine.Choice{choice("shift row 1 left", "a", true)}},
							{Title: "Arrest", Choices: []engine.Choice{choice("arrest ♠A", "b", false), choice("clear", "c", false)}}}
						d.Folded = Fold(d.Groups, false) && folded
						pages = append(pages, d)
					}
				}
			}
		}
	}
	for _, d := range pages {
		for _, p := range []struct {
			name string
			got  template.HTML
		}{{"lang", LangHTML(d)}, {"flash", FlashHTML(d)}, {"undo", UndoHTML(d)}, {"choices", ChoicesHTML(d)}} {
			var want bytes.Buffer
			if err := tm.ExecuteTemplate(&want, p.name, d); err != nil {
				t.Fatal(err)
			}
			if string(p.got) != want.String() {
				t.Fatalf("%s (%s, flash %q, undo %+v, can undo %v, folded %v):\n got %q\nwant %q", p.name, d.Lang, d.Flash, d.Snap.Undo, d.Snap.CanUndo, d.Folded, p.got, want.String())
			}
		}
	}
}

// TestEscapeAsTemplatesDo: Escape and TemplateEscape, which look for the
// bytes to escape themselves, escape every string as html/template does.
func TestEscapeAsTemplatesDo(t *testing.T) {
	tm := template.Must(template.New("").Parse(`<p title="{{.}}">{{.}}</p>`))
	for _, s := range []string{"", "Aki", "♠10", "a+b", "<b>", "x\x00y", `"'&`, "日本語+", "سارة", "\xff"} {
		if got, want := Escape(s), template.HTMLEscapeString(s); got != want {
			t.Errorf("Escape(%q) = %q, want %q", s, got, want)
		}
		var b strings.Builder
		tm.Execute(&b, s)
		want := b.String()
		got := `<p title="` + TemplateEscape(s) + `">` + TemplateEscape(s) + `</p>`
		if got != want {
			t.Errorf("TemplateEscape(%q) writes %q, the template %q", s, got, want)
		}
	}
}
