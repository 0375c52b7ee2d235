package main

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"tablemaster/moderator"
	"tablemaster/printables"
)

// nightOptions holds the flags of `tablemaster night` and its dependencies.
type nightOptions struct {
	f *Factory
	g *globalOptions

	Date   string
	Format string
	Out    string
	Paper  string
}

func newCmdNight(f *Factory, g *globalOptions, runF func(*nightOptions) error) *cobra.Command {
	opts := &nightOptions{f: f, g: g}
	cmd := &cobra.Command{
		Use:   "night",
		Short: "The night sheet: every table of the night, who won, Super Rock's grades and the totals",
		Long: `Show the results of one night's Super Rock games from the tables of the state
folder: for each game its start, table and players with their characters,
attributes, alive or dead and grades A–D (SR-43), then every player's totals.
A game still running shows only what the table may see.

A night runs from 06:00 to 06:00 the next morning, local time: a game started
at 01:30 belongs to the night before. The logs are only read; a table may be
running meanwhile.`,
		Example: `  tablemaster night                          # tonight, on the terminal
  tablemaster night --date 2025-01-02 --lang ja
  tablemaster night --format pdf -o night.pdf  # to print
  tablemaster night --format html`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return nightRun(opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Date, "date", "", "the night's date, YYYY-MM-DD (default: tonight)")
	fl.StringVar(&opts.Format, "format", "text", "text (the terminal), pdf or html (one self-contained page)")
	fl.StringVarP(&opts.Out, "output", "o", "", "file to write (default: the terminal for text, night-DATE-LANG.pdf|html otherwise)")
	fl.StringVar(&opts.Paper, "paper", "a4", "paper size for pdf and html: a4 or letter")
	fl.StringVar(&g.Lang, "lang", "", nightLangUsage) // what --lang does here, in night --help
	return cmd
}

func nightRun(o *nightOptions) error {
	f := o.f
	lang, err := f.lang(o.g.Lang)
	if err != nil {
		return err
	}
	paper, err := printables.ParsePaper(o.Paper)
	if err != nil {
		return errorf("--paper: %v", err)
	}
	text := strings.EqualFold(o.Format, "text")
	var format printables.Format
	if !text {
		if format, err = printables.ParseFormat(o.Format); err != nil {
			return errorf("--format must be text, pdf or html, not %q", o.Format)
		}
	}
	now := f.Now()
	span := moderator.NightOf(now)
	if o.Date != "" {
		if span, err = moderator.ParseNight(o.Date, now.Location()); err != nil {
			return errorf("--date: %v", err)
		}
	}
	dir, err := stateDir(o.g)
	if err != nil {
		return err
	}
	sheet, skipped, err := moderator.Night(dir, span)
	if err != nil {
		return errorf("cannot read the tables in %s: %v", dir, err)
	}
	for _, s := range skipped {
		fmt.Fprintln(f.ErrOut, "tablemaster: warning:", s)
	}
	n := printableNight(sheet)
	opts := printables.Options{Lang: lang, Paper: paper, Date: now}
	if text {
		if o.Out == "" {
			return n.Text(f.Out, opts)
		}
		return writePrintable(f, lang, o.Out, 0o644, func(b *bytes.Buffer) error { return n.Text(b, opts) })
	}
	path, err := outPath(o.Out, n.FileName(lang, format), false)
	if err != nil {
		return err
	}
	// Only what the table may see is on the sheet: readable like the
	// reference sheets.
	return writePrintable(f, lang, path, 0o644, func(b *bytes.Buffer) error { return n.Write(b, format, opts) })
}

// printableNight lays the moderator's night sheet out for printables.
func printableNight(s moderator.NightSheet) printables.Night {
	n := printables.Night{Date: s.Night.Date, Start: s.Night.Start, End: s.Night.End, Grades: s.Grades, Notes: s.Notes}
	for _, g := range s.Games {
		pg := printables.NightGame{Table: g.Table, Game: g.Game, Start: g.Start, Over: g.Over, Status: g.Status,
			Result: g.Result, RoleHead: g.RoleHead, Columns: g.Columns, Graded: g.Graded}
		for _, p := range g.Players {
			pg.Players = append(pg.Players, printables.NightPlayer{Name: p.Name, Role: p.Role, Columns: p.Columns,
				Won: p.Won, Grade: p.Grade})
		}
		n.Games = append(n.Games, pg)
	}
	for _, t := range s.Totals {
		n.Totals = append(n.Totals, printables.NightTotal{Name: t.Name, Games: t.Games, Wins: t.Wins, Grades: t.Grades})
	}
	return n
}
