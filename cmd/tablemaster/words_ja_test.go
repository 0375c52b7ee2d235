package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/printables"
)

// One person, one word: in Japanese the Scout is スカウト (rules/outlaws.md
// OL-1) and Noir's Killer is 殺人鬼 (the word of both rulebooks' titles
// and of every line of the Automata rulebook, seeds 000 and 001) on the
// title, the phones, the table screen, the console and the sheets. The
// other words may not appear in any catalogue entry (every package that
// registers one is linked into this binary: engine games, moderator,
// printables, the help texts) nor in any sheet as printed.
var otherWords = map[string]string{
	"インディアン": "スカウト", // the wiki's fan translation
	"犯人":     "殺人鬼",  // the playing-card blog's body text
}

func TestJapaneseOneWordPerPerson(t *testing.T) {
	keys := engine.Keys()
	for _, want := range []string{"noir.role.killer", "ol.char.scout", "print.noir.sub", "help.noir"} {
		if !engine.Has(want) {
			t.Fatalf("catalogue has no %s: not every package's words are registered here", want)
		}
	}
	for _, k := range keys {
		ja := engine.JA.Raw(k)
		for bad, good := range otherWords {
			if strings.Contains(ja, bad) {
				t.Errorf("%s: JA %q says %s, want %s", k, ja, bad, good)
			}
		}
	}
	// The word itself: the role the phones and the table screen show,
	// the game's title, the character the sheets and pages name.
	for _, w := range []struct{ key, want string }{
		{"noir.role.killer", "殺人鬼"},
		{"noir.name", "殺人鬼"},
		{"help.noir", "殺人鬼"},
		{"noir.ph.play.killer", "殺人鬼"},
		{"ol.char.scout", "スカウト"},
		{"ol.g.scout", "スカウト"},
	} {
		if got := engine.JA.Raw(w.key); !strings.Contains(got, w.want) {
			t.Errorf("%s: JA %q, want %s", w.key, got, w.want)
		}
	}

	// Every sheet as printed, in Japanese: HTML as written, PDF as
	// pdftotext reads it.
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil && os.Getenv("CI") == "true" {
		t.Fatalf("no pdftotext: apt-get install poppler-utils")
	}
	dir := t.TempDir()
	for _, name := range printables.Names() {
		s, _ := printables.Lookup(name)
		o := printables.Options{Lang: engine.JA}
		var h, p bytes.Buffer
		if err := s.HTML(&h, o); err != nil {
			t.Fatal(err)
		}
		if err := s.PDF(&p, o); err != nil {
			t.Fatal(err)
		}
		texts := map[string]string{name + "-ja.html": h.String()}
		if pdftotext != "" {
			path := filepath.Join(dir, name+"-ja.pdf")
			if err := os.WriteFile(path, p.Bytes(), 0o600); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(pdftotext, "-enc", "UTF-8", path, "-").Output()
			if err != nil {
				t.Fatalf("pdftotext %s: %v", path, err)
			}
			texts[name+"-ja.pdf"] = strings.Join(strings.Fields(string(out)), "")
		}
		for file, text := range texts {
			for bad, good := range otherWords {
				if strings.Contains(text, bad) {
					t.Errorf("%s says %s, want %s", file, bad, good)
				}
			}
		}
	}
}
