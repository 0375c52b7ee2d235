package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-runewidth"
	"github.com/spf13/cobra"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/bot"
	"tablemaster/engine/noir"
	"tablemaster/engine/outlaws"
	"tablemaster/engine/superrock"
	"tablemaster/moderator/term"
)

// simGCPercent is the collector's step while sim plays (see simRun).
const simGCPercent = 400

// simFlags are the flags of `tablemaster sim GAME`, beside the game's own.
type simFlags struct {
	Games  int
	Bots   []string
	Budget int
	Jobs   int
	Cap    int
	JSON   bool
}

// simGame is what sim needs of a game: how to deal one, and which side
// (or role) each seat played for, as a catalogue key.
type simGame struct {
	name    string
	options any
	seats   int
	deal    func(seed uint64) bot.Game
	side    func(g bot.Game, s engine.Seat) string
}

// tableOnly are the game commands' flags that serve a table, which a
// simulation has no use for.
var tableOnly = []string{"addr", "port", "pass", "script", "reveal", "bot"}

func newCmdSim(f *Factory, g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sim GAME",
		Short: "Play many games between bots and count who wins",
		Long: `Play many games of one game between bots, on this laptop alone, and count
the wins per side (or role) and per bot, with 95% Wilson intervals. The
bots rotate through the seats, so seat order does not bias a bot's count.
A game's own flags (--variant, --players, …) choose what is played.

Bots: random (any legal choice) and ismcts (Information Set Monte Carlo
Tree Search; --budget iterations a decision, or ismcts:N for one bot).
A game still going after --cap actions is stopped and counted as capped.`,
		Example: `  tablemaster sim noir --games 1000 --bots ismcts,random --budget 300 --seed 1
  tablemaster sim noir --variant automata --games 200 --bots ismcts --json
  tablemaster sim ayatsuri --players A,B,C,D --games 500 --bots ismcts
  tablemaster sim outlaws --games 200 --bots ismcts:1200,ismcts --jobs 2`,
	}
	for _, sub := range []*cobra.Command{simNoir(f, g), simAyatsuri(f, g), simSuperrock(f, g), simOutlaws(f, g)} {
		cmd.AddCommand(sub)
	}
	return cmd
}

// simCommand turns a game's own command into its sim subcommand: the
// game's flags stay, the table's go, the simulation's are added, and run
// receives the game once the game's flags are read.
func simCommand(game *cobra.Command, sf *simFlags) *cobra.Command {
	game.Short = "Simulate games of " + game.Name() + " between bots"
	game.Long = ""
	game.Example = ""
	for _, name := range tableOnly {
		game.Flags().MarkHidden(name)
	}
	fl := game.Flags()
	fl.IntVar(&sf.Games, "games", 100, "the number of games to play")
	fl.StringSliceVar(&sf.Bots, "bots", []string{"ismcts", "random"}, "the bots, rotated through the seats: random, ismcts or ismcts:BUDGET")
	fl.IntVar(&sf.Budget, "budget", 300, "ismcts: iterations a decision")
	fl.IntVar(&sf.Jobs, "jobs", runtime.NumCPU(), "games played at once (default: the CPUs)")
	fl.IntVar(&sf.Cap, "cap", 3000, "actions after which a game is stopped and counted as capped")
	fl.BoolVar(&sf.JSON, "json", false, "print one JSON object instead of the table")
	return game
}

// simRefuse is a refusal of sim's, in the console's language.
func simRefuse(lang engine.Lang, key string, nv ...string) error {
	return errorf("%s", lang.S(key, nv...))
}

// simCheck refuses the table's flags and bad numbers before a game is
// built.
func simCheck(cmd *cobra.Command, sf *simFlags, lang engine.Lang) error {
	for _, name := range tableOnly {
		if cmd.Flags().Changed(name) {
			return simRefuse(lang, "cmd.sim.err.table_flag", "flag", name)
		}
	}
	if sf.Games < 1 {
		return simRefuse(lang, "cmd.sim.err.at_least_one", "flag", "games", "n", strconv.Itoa(sf.Games))
	}
	if sf.Budget < 1 {
		return simRefuse(lang, "cmd.sim.err.at_least_one", "flag", "budget", "n", strconv.Itoa(sf.Budget))
	}
	if sf.Jobs < 1 {
		return simRefuse(lang, "cmd.sim.err.at_least_one", "flag", "jobs", "n", strconv.Itoa(sf.Jobs))
	}
	if sf.Cap < 1 {
		return simRefuse(lang, "cmd.sim.err.at_least_one", "flag", "cap", "n", strconv.Itoa(sf.Cap))
	}
	_, err := parseBots(sf.Bots, sf.Budget, lang)
	return err
}

func simNoir(f *Factory, g *globalOptions) *cobra.Command {
	sf := &simFlags{}
	var cmd *cobra.Command
	cmd = newCmdNoir(f, g, func(o *noirOptions) error {
		lang, err := f.lang(g.Lang)
		if err != nil {
			return err
		}
		if err := simCheck(cmd, sf, lang); err != nil {
			return err
		}
		cfg, err := o.config()
		if err != nil {
			return err
		}
		if cfg.Deck == noir.Physical {
			return simRefuse(lang, "cmd.sim.err.deck")
		}
		sides := [2]string{"noir.role.killer", "noir.role.inspector"}
		return simRun(f, g, sf, &o.tableFlags, simGame{name: "noir", options: cfg, seats: 2,
			deal: func(seed uint64) bot.Game { return noir.New(cfg, seed) },
			side: func(_ bot.Game, s engine.Seat) string { return sides[s] }})
	})
	return simCommand(cmd, sf)
}

func simOutlaws(f *Factory, g *globalOptions) *cobra.Command {
	sf := &simFlags{}
	var cmd *cobra.Command
	cmd = newCmdOutlaws(f, g, func(o *outlawsOptions) error {
		lang, err := f.lang(g.Lang)
		if err != nil {
			return err
		}
		if err := simCheck(cmd, sf, lang); err != nil {
			return err
		}
		if cmd.Flags().Changed("react-timeout") {
			return simRefuse(lang, "cmd.sim.err.react_timeout")
		}
		cfg, err := o.config()
		if err != nil {
			return err
		}
		sides := [2]string{"ol.role.red", "ol.role.green"}
		return simRun(f, g, sf, &o.tableFlags, simGame{name: "outlaws", options: cfg, seats: 2,
			deal: func(seed uint64) bot.Game { return outlaws.New(cfg, seed) },
			side: func(_ bot.Game, s engine.Seat) string { return sides[s] }})
	})
	return simCommand(cmd, sf)
}

func simAyatsuri(f *Factory, g *globalOptions) *cobra.Command {
	sf := &simFlags{}
	var cmd *cobra.Command
	cmd = newCmdAyatsuri(f, g, func(o *ayatsuriOptions) error {
		cfg, lang, err := simConfig(cmd, sf, f, g, o.config)
		if err != nil {
			return err
		}
		if cfg.Toss == ayatsuri.TossChips {
			return simRefuse(lang, "cmd.sim.err.toss")
		}
		return simRun(f, g, sf, &o.tableFlags, simGame{name: "ayatsuri", options: cfg, seats: len(cfg.Players),
			deal: func(seed uint64) bot.Game {
				h, err := ayatsuri.New(cfg, seed)
				if err != nil {
					panic(err) // checked by config
				}
				return h
			},
			// By role: the role each seat held in the game's last round.
			side: func(h bot.Game, s engine.Seat) string {
				if r := h.(*ayatsuri.Game).RoleOf(s); r != ayatsuri.NoRole {
					return r.Key()
				}
				return "cmd.sim.side.none"
			}})
	})
	return simCommand(cmd, sf)
}

func simSuperrock(f *Factory, g *globalOptions) *cobra.Command {
	sf := &simFlags{}
	var cmd *cobra.Command
	cmd = newCmdSuperrock(f, g, func(o *superrockOptions) error {
		cfg, lang, err := simConfig(cmd, sf, f, g, o.config)
		if err != nil {
			return err
		}
		if cfg.Dice == superrock.PhysicalDice || cfg.Board == superrock.PhysicalBoard {
			return simRefuse(lang, "cmd.sim.err.physical")
		}
		options := cfg
		options.Data = nil // the roster is its file's, not the options'
		return simRun(f, g, sf, &o.tableFlags, simGame{name: "superrock", options: options, seats: len(cfg.Players),
			deal: func(seed uint64) bot.Game {
				h, err := superrock.New(cfg, seed)
				if err != nil {
					panic(err) // checked by config
				}
				return h
			},
			// By side: the attribute each seat played for at the end.
			side: func(h bot.Game, s engine.Seat) string {
				if a, ok := h.(*superrock.Game).Side(s); ok {
					return a.Key()
				}
				return "cmd.sim.side.none"
			}})
	})
	return simCommand(cmd, sf)
}

// botSpec is one entry of --bots: a kind and its budget.
type botSpec struct {
	name   string // as given: the key of by_bot
	kind   string // random or ismcts
	budget int
}

func parseBots(names []string, budget int, lang engine.Lang) ([]botSpec, error) {
	if len(names) == 0 {
		return nil, simRefuse(lang, "cmd.sim.err.no_bots")
	}
	var out []botSpec
	for _, n := range names {
		n = strings.TrimSpace(n)
		kind, b, hasBudget := strings.Cut(n, ":")
		spec := botSpec{name: n, kind: strings.ToLower(kind), budget: budget}
		switch spec.kind {
		case "random":
			if hasBudget {
				return nil, simRefuse(lang, "cmd.sim.err.random_budget", "bot", n)
			}
		case "ismcts":
			if hasBudget {
				v, err := strconv.Atoi(b)
				if err != nil || v < 1 {
					return nil, simRefuse(lang, "cmd.sim.err.budget", "bot", n)
				}
				spec.budget = v
			}
		default:
			return nil, simRefuse(lang, "cmd.sim.err.no_such_bot", "bot", n)
		}
		out = append(out, spec)
	}
	return out, nil
}

func (b botSpec) make(seed uint64) bot.Bot {
	if b.kind == "random" {
		return bot.NewRandom(seed)
	}
	return bot.NewISMCTS(bot.Budget{Iterations: b.budget}, seed)
}

// mix is SplitMix64: the seed of game i, and of each bot in it, follows
// from --seed alone, so a run gives the same games whatever --jobs is.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// gameResult is one game played.
type gameResult struct {
	actions int
	capped  bool
	winners []engine.Seat
	sides   []string // per seat: its side's catalogue key
	bots    []string // per seat: its bot
	err     error
}

func playOne(sg simGame, specs []botSpec, seed uint64, i, maxActions int) gameResult {
	gseed := mix(seed ^ mix(uint64(i)))
	g := sg.deal(gseed)
	bots := make([]bot.Bot, sg.seats)
	res := gameResult{sides: make([]string, sg.seats), bots: make([]string, sg.seats)}
	for s := range sg.seats {
		spec := specs[(i+s)%len(specs)] // the bots rotate through the seats
		bots[s] = spec.make(mix(gseed + uint64(s) + 1))
		res.bots[s] = spec.name
	}
	res.actions, res.err = bot.Play(g, bots, maxActions)
	o := g.Outcome()
	res.capped = !o.Over
	res.winners = o.Winners
	for s := range sg.seats {
		res.sides[s] = sg.side(g, engine.Seat(s))
	}
	return res
}

// tally is a count of wins in games.
type tally struct{ wins, games int }

// wilson is the 95% Wilson score interval of wins in games: [lo, rate, hi].
func wilson(wins, games int) [3]float64 {
	if games == 0 {
		return [3]float64{0, 0, 0}
	}
	const z = 1.96
	n := float64(games)
	p := float64(wins) / n
	d := 1 + z*z/n
	c := (p + z*z/(2*n)) / d
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / d
	r4 := func(x float64) float64 { return math.Round(x*1e4) / 1e4 }
	return [3]float64{r4(max(0, c-h)), r4(p), r4(min(1, c+h))}
}

// simReport is the --json object (issue 28, item 3), and what the table
// prints.
type simReport struct {
	Game       string              `json:"game"`
	Options    any                 `json:"options"`
	Games      int                 `json:"games"`
	Bots       []string            `json:"bots"`
	Budget     int                 `json:"budget"`
	Seed       uint64              `json:"seed"`
	Sides      map[string]rateJSON `json:"sides"`
	ByBot      map[string]rateJSON `json:"by_bot"`
	Draws      int                 `json:"draws"`
	Capped     int                 `json:"capped"`
	AvgActions float64             `json:"avg_actions"`
	MaxActions int                 `json:"max_actions"`
	Seconds    float64             `json:"seconds"`
}

type rateJSON struct {
	Wins  int        `json:"wins"`
	Games int        `json:"games"`
	Rate  [3]float64 `json:"rate"`
}

// sideID is a side's name in the JSON: its English name in lower case,
// words joined by "-" ("killer", "brutal-cop").
func sideID(key string) string {
	return strings.Join(strings.Fields(strings.ToLower(engine.EN.S(key))), "-")
}

// simConfig checks the sim's flags and builds a game's options with its
// command's own config, in the console's language, which it returns.
func simConfig[C any](cmd *cobra.Command, sf *simFlags, f *Factory, g *globalOptions, config func(engine.Lang) (C, error)) (C, engine.Lang, error) {
	var zero C
	lang, err := f.lang(g.Lang)
	if err != nil {
		return zero, lang, err
	}
	if err := simCheck(cmd, sf, lang); err != nil {
		return zero, lang, err
	}
	cfg, err := config(lang)
	return cfg, lang, err
}

func simRun(f *Factory, g *globalOptions, sf *simFlags, tf *tableFlags, sg simGame) error {
	lang, err := f.lang(g.Lang)
	if err != nil {
		return err
	}
	specs, err := parseBots(sf.Bots, sf.Budget, lang)
	if err != nil {
		return err
	}
	seed := tf.seed(f)
	// The games allocate fast and keep little: at Go's default the
	// collector ran so often that two jobs spent a fifth more CPU than
	// one on the same games (write barriers, assists), and --jobs 2 fell
	// short of 1.7× --jobs 1. A larger step costs a few MB. GOGC, when
	// set, still decides.
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(simGCPercent))
	}
	results := make([]gameResult, sf.Games)
	start := time.Now()
	var done atomic.Int64
	stopProgress := simProgress(f, lang, &done, sf.Games)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(sf.Jobs, sf.Games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = playOne(sg, specs, seed, i, sf.Cap)
				done.Add(1)
			}
		}()
	}
	for i := range sf.Games {
		next <- i
	}
	close(next)
	wg.Wait()
	stopProgress()
	seconds := time.Since(start).Seconds()
	for i, r := range results {
		if r.err != nil {
			return errorf("game %d: %v", i+1, r.err)
		}
	}
	rep, bySideBot, order := simCount(sg, specs, seed, sf, results)
	rep.Seconds = math.Round(seconds*1000) / 1000
	if sf.JSON {
		b, err := json.Marshal(rep)
		if err != nil {
			return err
		}
		fmt.Fprintln(f.Out, string(b))
		return nil
	}
	simTable(f.Out, lang, rep, sf, bySideBot, order, results)
	return nil
}

// sideKey is a side and a bot, for the count by both.
type sideKey struct{ side, bot string }

// simCount counts the games: by side, by bot, and by side and bot; order
// lists the sides' catalogue keys as they were first met, seat by seat.
func simCount(sg simGame, specs []botSpec, seed uint64, sf *simFlags, results []gameResult) (simReport, map[sideKey]tally, []string) {
	rep := simReport{Game: sg.name, Options: sg.options, Games: len(results), Budget: sf.Budget, Seed: seed,
		Sides: map[string]rateJSON{}, ByBot: map[string]rateJSON{}}
	for _, s := range specs {
		rep.Bots = append(rep.Bots, s.name)
	}
	sides := map[string]tally{}
	bots := map[string]tally{}
	both := map[sideKey]tally{}
	var order []string
	total := 0
	for _, r := range results {
		total += r.actions
		rep.MaxActions = max(rep.MaxActions, r.actions)
		won := map[engine.Seat]bool{}
		for _, w := range r.winners {
			won[w] = true
		}
		switch {
		case r.capped:
			rep.Capped++
		case len(r.winners) == 0:
			rep.Draws++
		}
		sideGame, sideWon := map[string]bool{}, map[string]bool{}
		botGame, botWon := map[string]bool{}, map[string]bool{}
		for s := range r.sides {
			side, b := r.sides[s], r.bots[s]
			if _, seen := sides[side]; !seen {
				order = append(order, side)
				sides[side] = tally{}
			}
			sideGame[side], botGame[b] = true, true
			k := sideKey{side, b}
			t := both[k]
			t.games++
			if won[engine.Seat(s)] {
				sideWon[side], botWon[b] = true, true
				t.wins++
			}
			both[k] = t
		}
		for side := range sideGame {
			t := sides[side]
			t.games++
			if sideWon[side] {
				t.wins++
			}
			sides[side] = t
		}
		for b := range botGame {
			t := bots[b]
			t.games++
			if botWon[b] {
				t.wins++
			}
			bots[b] = t
		}
	}
	for side, t := range sides {
		rep.Sides[sideID(side)] = rateJSON{t.wins, t.games, wilson(t.wins, t.games)}
	}
	for b, t := range bots {
		rep.ByBot[b] = rateJSON{t.wins, t.games, wilson(t.wins, t.games)}
	}
	if len(results) > 0 {
		rep.AvgActions = math.Round(float64(total)/float64(len(results))*100) / 100
	}
	return rep, both, order
}

// simTable prints the count as a table in the console's language.
func simTable(w io.Writer, lang engine.Lang, rep simReport, sf *simFlags, both map[sideKey]tally, order []string, results []gameResult) {
	fmt.Fprintln(w, lang.S("cmd.sim.head", "game", rep.Game, "games", strconv.Itoa(rep.Games),
		"bots", strings.Join(rep.Bots, ","), "budget", strconv.Itoa(rep.Budget), "seed", strconv.FormatUint(rep.Seed, 10)))
	rows := [][]string{{lang.S("cmd.sim.col.side"), lang.S("cmd.sim.col.wins"), lang.S("cmd.sim.col.games"),
		lang.S("cmd.sim.col.rate"), lang.S("cmd.sim.col.interval")}}
	row := func(name string, t rateJSON) []string {
		return []string{name, strconv.Itoa(t.Wins), strconv.Itoa(t.Games), pct(t.Rate[1]), pct(t.Rate[0]) + " – " + pct(t.Rate[2])}
	}
	for _, side := range order {
		rows = append(rows, row(lang.S(side), rep.Sides[sideID(side)]))
	}
	rows = append(rows, nil, []string{lang.S("cmd.sim.col.bot")})
	names := make([]string, 0, len(rep.ByBot))
	for b := range rep.ByBot {
		names = append(names, b)
	}
	sort.Strings(names)
	for _, b := range names {
		rows = append(rows, row(b, rep.ByBot[b]))
	}
	if len(names) > 1 {
		rows = append(rows, nil, []string{lang.S("cmd.sim.col.side_bot")})
		for _, side := range order {
			for _, b := range names {
				if t, ok := both[sideKey{side, b}]; ok {
					rows = append(rows, row(lang.S(side)+" · "+b, rateJSON{t.wins, t.games, wilson(t.wins, t.games)}))
				}
			}
		}
	}
	printRows(w, rows)
	fmt.Fprintln(w)
	fmt.Fprintln(w, lang.S("cmd.sim.draws", "draws", strconv.Itoa(rep.Draws), "capped", strconv.Itoa(rep.Capped), "cap", strconv.Itoa(sf.Cap)))
	fmt.Fprintln(w, lang.S("cmd.sim.length", "avg", strconv.FormatFloat(rep.AvgActions, 'f', 1, 64), "max", strconv.Itoa(rep.MaxActions)))
	decisions := 0
	for _, r := range results {
		decisions += r.actions
	}
	rate := 0.0
	if rep.Seconds > 0 {
		rate = float64(decisions) / rep.Seconds
	}
	fmt.Fprintln(w, lang.S("cmd.sim.speed", "seconds", strconv.FormatFloat(rep.Seconds, 'f', 1, 64),
		"rate", strconv.FormatFloat(rate, 'f', 0, 64), "jobs", strconv.Itoa(sf.Jobs)))
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

// printRows lines the columns up by their width on a terminal (Japanese
// names are two columns a character); nil is a blank line, and a row of
// one cell a heading.
func printRows(w io.Writer, rows [][]string) {
	var width []int
	for _, r := range rows {
		if len(r) < 2 {
			continue
		}
		for i, c := range r {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], runewidth.StringWidth(c))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", max(0, width[i]-runewidth.StringWidth(c)))
			if i == 0 {
				b.WriteString(c)
				if len(r) > 1 {
					b.WriteString(pad)
				}
			} else {
				b.WriteString(pad + c)
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

// simProgress shows a progress bar on stderr when stderr is a terminal,
// and nothing otherwise (a file or a pipe gets the result alone).
func simProgress(f *Factory, lang engine.Lang, done *atomic.Int64, total int) (stop func()) {
	file, ok := f.ErrOut.(*os.File)
	if !ok || !term.IsTerminal(file) {
		return func() {}
	}
	quit := make(chan struct{})
	finished := make(chan struct{})
	draw := func() {
		n := int(done.Load())
		const bar = 30
		k := n * bar / total
		fmt.Fprintf(file, "\r[%s%s] %s", strings.Repeat("#", k), strings.Repeat(".", bar-k),
			lang.S("cmd.sim.progress", "done", strconv.Itoa(n), "games", strconv.Itoa(total)))
	}
	go func() {
		defer close(finished)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-quit:
				draw()
				fmt.Fprintln(file)
				return
			case <-tick.C:
				draw()
			}
		}
	}()
	return func() { close(quit); <-finished }
}
