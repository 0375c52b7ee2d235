package main

import (
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"tablemaster/engine"
)

// --help speaks the console's language: Japanese under --lang ja, English
// otherwise.
func TestHelpInJapanese(t *testing.T) {
	f, out, _ := testFactory(t)
	if code := run(f, []string{"noir", "--lang", "ja", "--help"}); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, w := range []string{"ノワール：殺人鬼vs捜査官", "スマホなし：ノートPCを回して遊ぶ", "コンソールの言語", "使い方:", "フラグ:", "全体のフラグ:", "（既定 \"virtual\"）"} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("noir --lang ja --help lacks %q:\n%s", w, out)
		}
	}
	f, out, _ = testFactory(t)
	if code := run(f, []string{"noir", "--help"}); code != 0 || !strings.Contains(out.String(), "no phones: pass the laptop round") || !strings.Contains(out.String(), "Usage:") {
		t.Errorf("English help: exit %d\n%s", code, out)
	}
}

// Every command and every flag has its Japanese help, so a new one does
// not stay English under --lang ja; the catalogue's English is the
// command's own.
func TestEveryCommandHasJapaneseHelp(t *testing.T) {
	f, _, _ := testFactory(t)
	root := newRootCmd(f)
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range append(root.Commands(), root) {
		name := c.Name()
		if c == root {
			name = "root"
		}
		if !engine.Has("help." + name) {
			t.Errorf("no help.%s", name)
		} else if c.Short != engine.EN.S("help."+name) && c.Name() != "completion" && c.Name() != "help" {
			t.Errorf("help.%s's English %q is not the command's %q", name, engine.EN.S("help."+name), c.Short)
		}
		check := func(fl *pflag.Flag) {
			if !engine.Has("help."+name+"."+fl.Name) && !engine.Has("help.flag."+fl.Name) {
				t.Errorf("%s --%s has no Japanese help", name, fl.Name)
			}
		}
		c.Flags().VisitAll(check)
		c.PersistentFlags().VisitAll(check)
	}
}
