package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"tablemaster/moderator/face"

	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/moderator"
	"tablemaster/printables"
)

// printOptions holds the flags of `tablemaster print` and its dependencies.
type printOptions struct {
	f *Factory
	g *globalOptions

	What    string // a sheet's name, "all" or "links"
	Paper   string
	Format  string
	Out     string
	Table   string
	Variant string // a game's variant: print noir --variant automata
}

// The --lang of print and night says what it does there: the language
// of what is written, which the console then speaks too.
const (
	printLangUsage    = "language of the sheets and join cards written: en or ja (the console's messages too; default from the environment)"
	nightLangUsage    = "language of the night sheet: en or ja (the console's messages too; default from the environment)"
	printVariantUsage = "a game's variant's sheet: for noir, cards or automata (the same as print noir-automata)"
)

func newCmdPrint(f *Factory, g *globalOptions, runF func(*printOptions) error) *cobra.Command {
	opts := &printOptions{f: f, g: g}
	cmd := &cobra.Command{
		Use:   "print SHEET|all|links",
		Short: "Write a game's reference sheet, or a table's join cards, as PDF or HTML",
		Long: `Write what people print before game night. SHEET is a game's reference
sheet (` + strings.Join(printables.Names(), ", ") + `); all writes every sheet; links writes the join
cards of a saved or running table: one card per seat with the player's name,
the QR code of their secret link and the link, to cut apart and hand out.
Files are named like noir-ja.pdf and join-TABLE-en.pdf; join cards are
readable by you only.`,
		Example: `  tablemaster print noir --lang ja                  # writes noir-ja.pdf
  tablemaster print all --format html -o sheets/
  tablemaster print links --table TABLE --paper letter # join cards with QR codes`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.What = strings.ToLower(args[0])
			if runF != nil {
				return runF(opts)
			}
			return printRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Paper, "paper", "a4", "paper size: a4 or letter")
	fl.StringVar(&opts.Format, "format", "pdf", "pdf or html (one self-contained page)")
	fl.StringVarP(&opts.Out, "output", "o", "", "file to write, or a folder (default: the current folder)")
	fl.StringVar(&opts.Table, "table", "", "with links: the table (default: the only saved one)")
	fl.StringVar(&opts.Variant, "variant", "", printVariantUsage)
	// Its own --lang, over the one every command shares, only so that
	// print --help says what the language is here.
	fl.StringVar(&g.Lang, "lang", "", printLangUsage)
	return cmd
}

// sheetVariants lists, for each sheet that has variants, its variants'
// names and their sheets: noir → cards: noir, automata: noir-automata.
// A sheet named game-variant is one; the game's own sheet is its first
// variant, named as the game's --variant flag names it.
func sheetVariants() map[string]map[string]string {
	first := map[string]string{"noir": "cards"}
	out := map[string]map[string]string{}
	for _, n := range printables.Names() {
		game, variant, ok := strings.Cut(n, "-")
		if !ok {
			continue
		}
		if out[game] == nil {
			out[game] = map[string]string{}
			if v, ok := first[game]; ok {
				out[game][v] = game
			}
		}
		out[game][variant] = n
	}
	return out
}

// sheetName is the sheet asked for by a name and --variant: noir with
// automata is noir-automata (and noir-automata with cards is noir).
func sheetName(lang engine.Lang, what, variant string) (string, error) {
	if variant == "" {
		return what, nil
	}
	all := sheetVariants()
	game := what
	if g, _, ok := strings.Cut(what, "-"); ok && all[what] == nil && all[g] != nil {
		game = g
	}
	vs, ok := all[game]
	if !ok {
		return "", errorf("%s", lang.S("cmd.print.variant_none", "sheet", what, "sheets", strings.Join(sortedKeys(all), ", ")))
	}
	if n, ok := vs[strings.ToLower(variant)]; ok {
		return n, nil
	}
	return "", errorf("%s", lang.S("cmd.print.variant_unknown", "sheet", game, "variant", variant, "variants", strings.Join(sortedKeys(vs), ", ")))
}

// sortedKeys lists a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func printRun(o *printOptions) error {
	f := o.f
	lang, err := f.lang(o.g.Lang)
	if err != nil {
		return err
	}
	paper, err := printables.ParsePaper(o.Paper)
	if err != nil {
		return errorf("--paper: %v", err)
	}
	format, err := printables.ParseFormat(o.Format)
	if err != nil {
		return errorf("--format: %v", err)
	}
	opts := printables.Options{Lang: lang, Paper: paper, Date: f.Now()}
	if o.Table != "" && o.What != "links" {
		return errorf("--table goes with links: tablemaster print links --table %s", o.Table)
	}
	if o.Variant != "" && (o.What == "links" || o.What == "all") {
		return errorf("%s", lang.S("cmd.print.variant_one", "sheets", strings.Join(sortedKeys(sheetVariants()), ", ")))
	}
	what, err := sheetName(lang, o.What, o.Variant)
	if err != nil {
		return err
	}
	switch what {
	case "links":
		st, err := openStore(f, o.g)
		if err != nil {
			return err
		}
		defer st.Close()
		jc, file, err := savedJoinCards(st, o.Table, lang)
		if err != nil {
			return err
		}
		path, err := outPath(o.Out, joinFileName(file, lang, format), false)
		if err != nil {
			return err
		}
		// The cards carry every seat's secret link: user only, like the logs.
		return writePrintable(f, lang, path, 0o600, func(b *bytes.Buffer) error { return jc.Write(b, format, opts) })
	case "all":
		for _, name := range printables.Names() {
			s, _ := printables.Lookup(name)
			path, err := outPath(o.Out, s.FileName(lang, format), true)
			if err != nil {
				return err
			}
			if err := writePrintable(f, lang, path, 0o644, func(b *bytes.Buffer) error { return s.Write(b, format, opts) }); err != nil {
				return err
			}
		}
		return nil
	}
	s, ok := printables.Lookup(what)
	if !ok {
		return errorf("no sheet %q: print %s, all or links", what, strings.Join(printables.Names(), ", "))
	}
	path, err := outPath(o.Out, s.FileName(lang, format), false)
	if err != nil {
		return err
	}
	return writePrintable(f, lang, path, 0o644, func(b *bytes.Buffer) error { return s.Write(b, format, opts) })
}

// outPath is where a file named name goes for -o out: the current folder,
// the folder out (made if it ends in a slash, or if many files go there),
// or the file out itself.
func outPath(out, name string, many bool) (string, error) {
	if out == "" {
		return name, nil
	}
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return filepath.Join(out, name), nil
	}
	if many || strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return "", errorf("-o: %v", err)
		}
		return filepath.Join(out, name), nil
	}
	return out, nil
}

// writePrintable writes a file and says so.
func writePrintable(f *Factory, lang engine.Lang, path string, perm os.FileMode, render func(*bytes.Buffer) error) error {
	if err := saveFile(path, perm, render); err != nil {
		return err
	}
	fmt.Fprintln(f.Out, lang.S("print.written", "file", path))
	return nil
}

// saveFile renders into memory first, so a failure leaves no half file.
func saveFile(path string, perm os.FileMode, render func(*bytes.Buffer) error) error {
	var b bytes.Buffer
	if err := render(&b); err != nil {
		return err
	}
	if err := os.WriteFile(path, b.Bytes(), perm); err != nil {
		return errorf("cannot write %s: %v", path, err)
	}
	// WriteFile keeps an existing file's mode; join cards must not stay readable.
	if err := os.Chmod(path, perm); err != nil {
		return errorf("cannot write %s: %v", path, err)
	}
	return nil
}

// savedJoinCards builds the join cards of a table from its log, and says
// under which name to write them (the log's file name, never a name
// read from inside the log). The log is only read, never opened for
// writing: the table may be running in another tablemaster at this
// moment. A table whose links a rematch took over is refused, naming the
// table that holds them now; without id, the one table whose links are
// current is taken.
func savedJoinCards(st *moderator.Store, id string, lang engine.Lang) (printables.JoinCards, string, error) {
	logs, err := savedLogs(st)
	if err != nil {
		return printables.JoinCards{}, "", err
	}
	var log *savedLog
	if id == "" {
		var current []string
		for i := range logs {
			if logs[i].takenBy == "" {
				current = append(current, logs[i].h.ID)
				log = &logs[i]
			}
		}
		switch len(current) {
		case 0:
			return printables.JoinCards{}, "", errorf("no saved table in %s", st.Dir())
		case 1:
		default:
			return printables.JoinCards{}, "", errorf("%d tables in %s; name one with --table: %s", len(current), st.Dir(), strings.Join(current, ", "))
		}
	} else {
		// A table is named by its id: by its log's name, or by the id
		// its log holds (a log renamed by hand).
		for i := range logs {
			if logs[i].file == id || logs[i].h.ID == id {
				log = &logs[i]
				break
			}
		}
		if log == nil {
			return printables.JoinCards{}, "", errorf("no table %s in %s", id, st.Dir())
		}
		if log.takenBy != "" {
			return printables.JoinCards{}, "", errorf("%s", lang.S("cmd.print.taken_over", "table", id, "new", log.takenBy))
		}
	}
	if log.err != nil {
		return printables.JoinCards{}, "", errorf("table %s: %v", log.file, log.err)
	}
	h := log.h
	base := baseURL(h.Addr, h.Port)
	return joinCards(h, lang, func(s engine.Seat) string { return base + "/s/" + h.Tokens[s] }), log.file, nil
}

// savedLog is one log of the state folder, as print links reads it.
type savedLog struct {
	file    string           // its file name without .jsonl
	h       moderator.Header // with relinks and port moves applied
	at      time.Time        // when the table was created
	err     error            // why it could not be read
	takenBy string           // the table holding its links now (rematch), if any
}

// savedLogs reads every log of the state folder, and finds for each the
// table that holds its links now: a rematch takes over its table's links
// (the same table screen link), so of the tables sharing one, the newest
// holds them.
func savedLogs(st *moderator.Store) ([]savedLog, error) {
	ids, err := st.IDs()
	if err != nil {
		return nil, err
	}
	logs := make([]savedLog, 0, len(ids))
	for _, file := range ids {
		l := savedLog{file: file}
		l.h, l.at, l.err = readSavedLog(filepath.Join(st.Dir(), "tables", file+".jsonl"))
		logs = append(logs, l)
	}
	newest := map[string]*savedLog{} // by table screen token
	for i := range logs {
		l := &logs[i]
		if l.err != nil {
			continue
		}
		if n := newest[l.h.TableToken]; n == nil || l.at.After(n.at) || l.at.Equal(n.at) && l.h.ID > n.h.ID {
			newest[l.h.TableToken] = l
		}
	}
	for i := range logs {
		l := &logs[i]
		if n := newest[l.h.TableToken]; l.err == nil && n != l {
			l.takenBy = n.h.ID
		}
	}
	return logs, nil
}

// readSavedLog reads a log's current header and when its table began.
func readSavedLog(path string) (moderator.Header, time.Time, error) {
	file, err := os.Open(path)
	if err != nil {
		return moderator.Header{}, time.Time{}, err
	}
	defer file.Close()
	res, err := moderator.ReadLog(file)
	if err != nil {
		return moderator.Header{}, time.Time{}, err
	}
	// A relinked seat (lost phone) has a new link; the old one is dead.
	h, err := res.CurrentHeader()
	if err != nil {
		return moderator.Header{}, time.Time{}, err
	}
	return h, res.Records[0].At, nil
}

// joinFileName is where a table's join cards go by default:
// join-TABLE-ja.pdf, with nothing of TABLE but letters, digits, - and _
// kept (a log edited by hand may name its table "../../x").
func joinFileName(table string, l engine.Lang, f printables.Format) string {
	safe := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, table)
	return "join-" + safe + "-" + string(l) + "." + f.String()
}

// joinCards lays out a table's seats as join cards.
func joinCards(h moderator.Header, lang engine.Lang, seatURL func(engine.Seat) string) printables.JoinCards {
	game := h.Game
	if engine.Has(h.Game + ".name") {
		game = lang.S(h.Game + ".name")
	}
	jc := printables.JoinCards{Game: game, Table: h.ID}
	gf, _ := face.Lookup(h.Game)
	for i, name := range h.Seats {
		s := engine.Seat(i)
		if slices.Contains(h.Bots, i) {
			continue // tablemaster plays it: no phone joins
		}
		seat := printables.JoinSeat{Name: name, URL: seatURL(s)}
		if gf != nil {
			if k := gf.Role(s); k != "" {
				seat.Role = lang.S(k)
			}
		}
		jc.Seats = append(jc.Seats, seat)
	}
	return jc
}

// consolePrint is the GM console's print command: join cards of its table
// in the current folder. Words after print choose html and letter.
func consolePrint(f *Factory, c *moderator.Console) func(arg string) (string, error) {
	return func(arg string) (string, error) {
		format, paper := printables.PDF, printables.A4
		for _, w := range strings.Fields(arg) {
			if p, err := printables.ParsePaper(w); err == nil {
				paper = p
			} else if fm, err := printables.ParseFormat(w); err == nil {
				format = fm
			} else {
				return "", fmt.Errorf("print takes pdf, html, a4 or letter, not %q", w)
			}
		}
		jc := joinCards(c.T.Header(), c.Lang, c.SeatURL)
		path := joinFileName(c.T.ID(), c.Lang, format)
		opts := printables.Options{Lang: c.Lang, Paper: paper, Date: f.Now()}
		if err := saveFile(path, 0o600, func(b *bytes.Buffer) error { return jc.Write(b, format, opts) }); err != nil {
			return "", err
		}
		return c.Lang.S("print.written", "file", path), nil
	}
}
