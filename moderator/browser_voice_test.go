package moderator_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tablemaster/engine"
	"tablemaster/engine/ayatsuri"
	"tablemaster/engine/noir"
	"tablemaster/engine/outlaws"
	"tablemaster/engine/superrock"
	"tablemaster/moderator"
	srface "tablemaster/moderator/superrock"
)

// The table screen's voice (issue 26, item 8), in Chromium: a recording
// stand-in for the browser's speech (speechSynthesis and
// SpeechSynthesisUtterance) is installed in every document before the
// page's own script runs, the Speak switch is turned on, the phones play,
// and the test compares what was spoken with what the engine says the
// table screen shows: the right sentences, in order, in the page's
// language, read as a game master reads them, and nothing that only a
// phone may know. The phones get the same stand-in and must never speak.

// speechStubJS records every utterance in window.tmSaid: its text, its
// language and the name of its voice. The laptop offers a network voice
// first (the browser's default, which needs the internet) and a voice of
// its own for each language.
const speechStubJS = `(() => {
	const said = window.tmSaid = [];
	window.tmCancels = 0;
	window.SpeechSynthesisUtterance = function (text) { this.text = String(text); this.lang = ""; this.voice = null; };
	const voices = [
		{name: "Network English", lang: "en-US", localService: false, default: true, voiceURI: "net-en"},
		{name: "Laptop Japanese", lang: "ja-JP", localService: true, default: false, voiceURI: "laptop-ja"},
		{name: "Laptop English", lang: "en-US", localService: true, default: false, voiceURI: "laptop-en"},
		{name: "Laptop French", lang: "fr-FR", localService: true, default: false, voiceURI: "laptop-fr"},
	];
	const synth = {
		speaking: false, pending: false, paused: false, onvoiceschanged: null,
		speak(u) { said.push({text: u.text, lang: u.lang, voice: u.voice ? u.voice.name : ""}); },
		cancel() { window.tmCancels++; },
		getVoices() { return voices.slice(); },
		pause() {}, resume() {}, addEventListener() {}, removeEventListener() {},
	};
	Object.defineProperty(window, "speechSynthesis", {value: synth, configurable: true, writable: true});
})()`

// utterance is one sentence the stand-in recorded.
type utterance struct {
	Text  string `json:"text"`
	Lang  string `json:"lang"`
	Voice string `json:"voice"`
}

// spoken is what the test expects a sentence shown as s to be read as:
// a circled number as a game master calls it ("① Brutal Cop" → "Number 1,
// Brutal Cop"), a card in words ("♠7" → "7 of spades").
func spoken(l engine.Lang, s string) string {
	s = cardSign.ReplaceAllStringFunc(s, func(m string) string {
		suit, rank := m[:len("♠")], m[len("♠"):]
		key := map[string]string{"♠": "mod.say.spade", "♥": "mod.say.heart", "♦": "mod.say.diamond", "♣": "mod.say.club"}[suit]
		if w, ok := map[string]string{"A": "mod.say.ace", "J": "mod.say.jack", "Q": "mod.say.queen", "K": "mod.say.king"}[rank]; ok {
			rank = l.S(w)
		}
		return l.S(key, "r", rank)
	})
	return numberSign.ReplaceAllStringFunc(s, func(m string) string {
		r := []rune(strings.TrimSpace(m))[0]
		n := int(r - '①' + 1)
		if r == '⓪' {
			n = 0
		}
		return l.S("mod.say.no", "n", strconv.Itoa(n)) + " "
	})
}

var (
	cardSign   = regexp.MustCompile(`[♠♥♦♣](10|[2-9AJQK])`)
	numberSign = regexp.MustCompile(`[⓪①②③④⑤⑥⑦⑧⑨⑩]\s*`)
)

// flat is s with its runs of white space made one space, as a page's text
// is read.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// voiceOracle follows the table screen as the engine says it is after
// each move and says what its voice must read: each new public story
// line, oldest first; the instructions for the real cards each time an
// action sets them; the status and the game's end when their words
// change; a sentence one update brings twice, once.
type voiceOracle struct {
	l        engine.Lang
	table    *moderator.Table
	status   func(view any) (engine.Msg, bool) // the status, and whether the voice reads it
	lastSeq  int
	todoVer  int
	said     map[byte]string // the status ('s') and the end ('o') last read
	expected []string        // every sentence read so far, as the page shows it
}

func newVoiceOracle(l engine.Lang, table *moderator.Table, status func(any) (engine.Msg, bool)) *voiceOracle {
	o := &voiceOracle{l: l, table: table, status: status, lastSeq: -1, todoVer: -1, said: map[byte]string{}}
	o.update("", false)
	return o
}

// update notes the table screen as it is now, with the game's end as the
// page shows it (over), and adds what the voice reads if speak.
func (o *voiceOracle) update(over string, speak bool) {
	snap := o.table.Snapshot(engine.Public)
	var out []string
	for _, f := range snap.Feed {
		if f.Seq > o.lastSeq && f.Event.IsPublic() && !f.Event.Table && !f.Undone {
			out = append(out, o.l.Text(f.Event.Msg))
			o.lastSeq = f.Seq
		}
	}
	if len(snap.Todo) == 0 {
		o.todoVer = -1
	} else if snap.StateVer != o.todoVer {
		o.todoVer = snap.StateVer
		words := []string{o.l.S("mod.todo")}
		for _, e := range snap.Todo {
			words = append(words, flat(o.l.Text(e.Msg)))
		}
		out = append(out, strings.Join(words, " "))
	}
	if m, ok := o.status(snap.View); ok {
		if s := o.l.Text(m); s != o.said['s'] {
			o.said['s'] = s
			out = append(out, s)
		}
	} else {
		delete(o.said, 's')
	}
	if over != "" && over != o.said['o'] {
		o.said['o'] = over
		out = append(out, over)
	}
	if !speak {
		return
	}
	done := map[string]bool{}
	for _, s := range out {
		if s = flat(s); s != "" && !done[s] {
			o.expected = append(o.expected, s)
		}
		done[s] = true
	}
}

// switchOn is what the voice reads when the switch is turned on: the
// status as it is.
func (o *voiceOracle) switchOn(status string) { o.expected = append(o.expected, flat(status)) }

// said reads what the stand-in recorded on tb, once it has recorded n
// sentences.
func said(tb *tab, n int) []utterance {
	tb.t.Helper()
	tb.waitFor(fmt.Sprintf("%d sentences spoken", n), `(window.tmSaid || []).length >= `+strconv.Itoa(n))
	return evalIn[[]utterance](tb, `window.tmSaid`)
}

// checkSpoken compares the sentences the screen spoke since it was loaded
// (got) with the oracle's, from the from-th on, in the language lang and
// with the laptop's own voice.
func checkSpoken(t *testing.T, after string, got []utterance, o *voiceOracle, from int, lang, voice string) {
	t.Helper()
	want := o.expected[from:]
	var texts []string
	for _, u := range got {
		texts = append(texts, u.Text)
	}
	var wantSpoken []string
	for _, s := range want {
		wantSpoken = append(wantSpoken, spoken(o.l, s))
	}
	if !slices.Equal(texts, wantSpoken) {
		t.Fatalf("after %s the table screen spoke:\n\t%s\nwant:\n\t%s", after, strings.Join(texts, "\n\t"), strings.Join(wantSpoken, "\n\t"))
	}
	for _, u := range got {
		if u.Lang != lang || u.Voice != voice {
			t.Errorf("after %s: %q was spoken in %q by %q, want %q by %q (the laptop's own voice)", after, u.Text, u.Lang, u.Voice, lang, voice)
		}
	}
}

// checkQuiet checks that a page never spoke and has no Speak switch: a
// phone never speaks. A phone with no page (openSpeakingDevices) is passed
// over.
func checkQuiet(tb *tab, after string) {
	tb.t.Helper()
	if tb.page == nil {
		return
	}
	if n := evalIn[int](tb, `(window.tmSaid || []).length + document.querySelectorAll("button.say, [data-say], #tm-say").length`); n != 0 {
		tb.t.Errorf("%s after %s: %d utterances, Speak switches or marks to speak, want none on a phone", tb.name, after, n)
	}
}

// privateTexts are the story lines only some seat's phone shows (its
// private events), in l: the voice may never read one.
func privateTexts(table *moderator.Table, seats int, l engine.Lang) []string {
	var out []string
	for s := range seats {
		for _, f := range table.Snapshot(engine.Seat(s)).Feed {
			if !f.Event.IsPublic() {
				out = append(out, flat(l.Text(f.Event.Msg)))
			}
		}
	}
	return out
}

// checkNothingPrivate fails the test for each sentence that holds one of
// the secrets, as shown or as read, or a private story line.
func checkNothingPrivate(t *testing.T, after string, got []utterance, l engine.Lang, private []string, secrets ...secret) {
	t.Helper()
	for _, u := range got {
		for _, p := range private {
			if p != "" && (strings.Contains(u.Text, p) || strings.Contains(u.Text, spoken(l, p))) {
				t.Errorf("after %s the table screen spoke %q, which holds a phone's private line %q", after, u.Text, p)
			}
		}
		for _, s := range secrets {
			if s.text != "" && (strings.Contains(u.Text, s.text) || strings.Contains(u.Text, spoken(l, s.text))) {
				t.Errorf("after %s the table screen spoke %q, which holds %s (%s)", after, u.Text, s.what, s.text)
			}
		}
	}
}

// openSpeakingDevices opens the table screen (at path's end: "" or
// "?lang=ja") and the first seat's phone, each with the recording
// stand-in, and names each seat's phone after names. The voice tests
// replay games the game tests check on every page and every tap: here
// the first phone is a phone's hands that must stay quiet, and the other
// seats' moves are posted as their pages post them, with no page of
// their own.
func (g *browserGame) openSpeakingDevices(screenQuery string, names ...string) {
	g.t.Helper()
	h := g.table.Header()
	for s, name := range names {
		if s > 0 {
			g.phones = append(g.phones, &tab{t: g.t, name: name + "'s phone"})
			continue
		}
		phone := openTabBefore(g.t, g.browser, name+"'s phone", g.url+"/s/"+h.Tokens[s], 390, 844, speechStubJS)
		phone.hands = true
		g.phones = append(g.phones, phone)
	}
	g.screen = openTabBefore(g.t, g.browser, "table screen", g.url+"/t/"+h.TableToken+screenQuery, 1280, 800, speechStubJS)
	g.tabs = []*tab{g.phones[0], g.screen}
}

// speakOn turns the table screen's Speak switch on, when it has spoken
// spoken sentences, and checks it is shown pressed and that it reads the
// status once.
func speakOn(t *testing.T, screen *tab, o *voiceOracle, spoken int) {
	t.Helper()
	if got := evalIn[[]utterance](screen, `window.tmSaid`); len(got) != spoken {
		t.Fatalf("the table screen spoke %v before Speak was on, want %d sentences", got, spoken)
	}
	if p := evalIn[string](screen, `document.querySelector("#app button.say").getAttribute("aria-pressed")`); p != "false" {
		t.Errorf("Speak switch aria-pressed = %q before it is turned on, want false", p)
	}
	screen.click("turn Speak on", "#app button.say")
	screen.waitFor("the Speak switch is pressed", `document.querySelector("#app button.say").getAttribute("aria-pressed") === "true"`)
	o.switchOn(evalIn[string](screen, `document.querySelector("#app #status").textContent`))
}

// overText is the page's game-over banner, or "".
func overText(tb *tab) string {
	return flat(evalIn[string](tb, `(document.querySelector("#app #over") || {}).textContent || ""`))
}

// TestBrowserVoiceNoir plays TestBrowserGame's Noir game with the table
// screen speaking: in English for the first three moves, then, after the
// screen switches to Japanese (the switch stays on: the browser remembers
// it), in Japanese. Nothing is read before the switch is on, nothing old
// is read after the language switch's reload, the cards are read in words,
// and no sentence holds the Killer's identity or the Inspector's cards
// before the game's end reveals them.
func TestBrowserVoiceNoir(t *testing.T) {
	t.Parallel()
	p := planGame(t)
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: p.Seed})
	g.openSpeakingDevices("", "Killer", "Inspector")
	screen := g.screen
	status := func(v any) (engine.Msg, bool) { return v.(noir.PublicView).Status, true }
	o := newVoiceOracle(engine.EN, g.table, status)

	// The first move is played with the switch off: nothing is read.
	g.play("move 1 ("+p.Moves[0].Action+")", p.Moves[0], everyone)
	o.update(overText(screen), false)
	speakOn(t, screen, o, 0)
	secrets := []secret{{"the Killer's identity card", p.Killer.Evidence}}
	for _, c := range p.InspectorCards {
		secrets = append(secrets, secret{"a card only the Inspector may know", c})
	}

	from, lang, voice := 0, "en-US", "Laptop English"
	for i, m := range p.Moves[1:] {
		what := fmt.Sprintf("move %d (%s)", i+2, m.Action)
		if i == 2 {
			// The screen in Japanese: a new page, which remembers the
			// switch and reads nothing it already shows.
			screen.switchLang("ja")
			if p := evalIn[string](screen, `document.querySelector("#app button.say").getAttribute("aria-pressed")`); p != "true" {
				t.Errorf("Speak switch after the reload in Japanese: aria-pressed = %q, want true (remembered)", p)
			}
			if got := evalIn[[]utterance](screen, `window.tmSaid`); len(got) != 0 {
				t.Errorf("the table screen in Japanese spoke %v at load, want nothing", got)
			}
			o.l, from, lang, voice = engine.JA, len(o.expected), "ja-JP", "Laptop Japanese"
			o.said = map[byte]string{}
			o.update(overText(screen), false)
		}
		g.play(what, m, everyone)
		o.update(overText(screen), true)
		got := said(screen, len(o.expected)-from)
		checkSpoken(t, what, got, o, from, lang, voice)
		if i < len(p.Moves)-2 {
			checkNothingPrivate(t, what, got, o.l, privateTexts(g.table, 2, o.l), secrets...)
		}
		for _, ph := range g.phones {
			checkQuiet(ph, what)
		}
	}
	all := said(screen, len(o.expected)-from)
	t.Logf("spoken in Japanese:\n\t%s", strings.Join(texts(all), "\n\t"))
	if !slices.ContainsFunc(o.expected[:from], func(s string) bool { return cardSign.MatchString(s) }) {
		t.Errorf("no English sentence named a card: the test does not check how cards are read")
	}
}

func texts(us []utterance) []string {
	var out []string
	for _, u := range us {
		out = append(out, u.Text)
	}
	return out
}

// TestBrowserVoiceAyatsuri plays TestBrowserAyatsuri's round with the
// table screen in Japanese and speaking: the draft, the calling in order
// (read as a game master calls: "1番、 暴力警官を呼びます…"), the pending
// kills, the guard and fee, the Serial Killer, round 2. No sentence holds
// a phone's private line (the cards handed, the role chosen) or names the
// face-down card.
func TestBrowserVoiceAyatsuri(t *testing.T) {
	t.Parallel()
	p := planAyatsuri(t)
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "ayatsuri", Seats: slices.Clone(ayPlayers), Options: ayConfig(), Seed: p.Seed})
	g.openSpeakingDevices("?lang=ja", ayPlayers...)
	screen := g.screen
	status := func(v any) (engine.Msg, bool) {
		pv := v.(ayatsuri.PublicView)
		if pv.Over {
			return engine.M("mod.game_over"), true
		}
		// The call is read from its story line; the status says it again.
		return pv.Status, pv.Phase != ayatsuri.PhReveal
	}
	l := engine.JA
	o := newVoiceOracle(l, g.table, status)
	speakOn(t, screen, o, 0)
	faceDown := secret{"the face-down card", l.S(p.FaceDown.Key())}
	for i, m := range ayScript {
		what := fmt.Sprintf("move %d (%s %s)", i+1, ayPlayers[m.Seat], m.Action)
		// Ben passes with the switch off: that is not read, and turned on
		// again the voice reads only the status.
		off := m.Seat == ayBen && m.Action == "pass"
		if off {
			screen.click("turn Speak off", "#app button.say")
			screen.waitFor("the Speak switch is up", `document.querySelector("#app button.say").getAttribute("aria-pressed") === "false"`)
			if n := evalIn[int](screen, `window.tmCancels`); n < 1 {
				t.Errorf("Speak turned off: speechSynthesis.cancel called %d times, want the sentences waiting dropped", n)
			}
		}
		g.play(what, m, p.Steps[i].audience.story)
		o.update(overText(screen), !off)
		if off {
			if got := said(screen, 0); len(got) != len(o.expected) {
				t.Errorf("with Speak off the table screen spoke %q", texts(got[len(o.expected):]))
			}
			speakOn(t, screen, o, len(o.expected))
		}
		got := said(screen, len(o.expected))
		checkSpoken(t, what, got, o, 0, "ja-JP", "Laptop Japanese")
		checkNothingPrivate(t, what, got, l, privateTexts(g.table, len(ayPlayers), l), faceDown)
		for _, ph := range g.phones {
			checkQuiet(ph, what)
		}
	}
	all := texts(said(screen, len(o.expected)))
	t.Logf("spoken:\n\t%s", strings.Join(all, "\n\t"))
	// The calling as a game master reads it: the role's number in words,
	// then its name. Dai holds ① and Aki ②.
	for _, want := range []string{"1番、 暴力警官を呼びます：Daiさんが応えます。", "2番、 暗殺者を呼びます：Akiさんが応えます。"} {
		if !slices.Contains(all, want) {
			t.Errorf("the calling was not read as a game master calls it: no %q", want)
		}
	}
}

// TestBrowserVoiceOutlaws plays TestBrowserOutlaws' worked game with the
// table screen speaking in English: the arrangement, the Moves (read the
// same whether real or pretended: the screen cannot tell), the Checks and
// Takes, and the reaction — the Assassin's shot waiting for Green's answer
// and the Sheriff's guard. No sentence holds a phone's private line or a
// card of a street lying face down.
func TestBrowserVoiceOutlaws(t *testing.T) {
	t.Parallel()
	shadow := outlaws.New(outlaws.Config{}, 5)
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "outlaws", Seats: []string{"Aki", "Ben"}, Options: outlaws.Config{}, Seed: 5})
	g.openSpeakingDevices("", "Aki", "Ben")
	screen := g.screen
	status := func(v any) (engine.Msg, bool) { return v.(outlaws.PublicView).Status, true }
	l := engine.EN
	o := newVoiceOracle(l, g.table, status)
	speakOn(t, screen, o, 0)
	for i, m := range outlawsGame {
		evs, err := shadow.Apply(m.Seat, engine.Action(m.Action))
		if err != nil {
			t.Fatalf("the shadow game refuses %v: %v", m, err)
		}
		what := fmt.Sprintf("move %d (%s)", i+1, m.Action)
		g.play(what, m, audienceOf(evs, 2).story)
		o.update(overText(screen), true)
		got := said(screen, len(o.expected))
		checkSpoken(t, what, got, o, 0, "en-US", "Laptop English")
		if i < len(outlawsGame)-1 {
			// A street's cards lying face down, as a phone lists them.
			var secrets []secret
			for _, owner := range []engine.Seat{outlaws.Red, outlaws.Green} {
				for _, c := range shadow.View(owner).(outlaws.View).Mine {
					if !c.Up {
						secrets = append(secrets, secret{fmt.Sprintf("seat %d's face-down slot %s", owner, c.Slot), c.Slot + ": " + c.Card})
					}
				}
			}
			checkNothingPrivate(t, what, got, l, privateTexts(g.table, 2, l), secrets...)
		}
		for _, ph := range g.phones {
			checkQuiet(ph, what)
		}
	}
	all := texts(said(screen, len(o.expected)))
	t.Logf("spoken:\n\t%s", strings.Join(all, "\n\t"))
	// The reaction: the shot waits for Green's answer, and the guard ends it.
	for _, want := range []string{l.S("ol.ph.react", "role", "@ol.role.green")} {
		if !slices.Contains(all, want) {
			t.Errorf("the reaction was not read: no %q", want)
		}
	}
}

// TestBrowserVoiceSuperrock plays TestBrowserSuperrock's preparation with
// the table screen speaking in Japanese: the deal, the reject, the shadow
// rounds, the line-up, the ambushes and the turn order, up to the planet
// phase, whose start the voice reads. No sentence holds a phone's private
// line or a seat's character before it is public.
func TestBrowserVoiceSuperrock(t *testing.T) {
	t.Parallel()
	p := planSuperrock(t)
	opts := srface.NewOptions(srConfig(p.Played), "")
	g := startGame(t, Chromium, moderator.NewTableSpec{Game: "superrock", Seats: slices.Clone(srPlayers), Options: opts, Seed: p.Seed})
	g.openSpeakingDevices("?lang=ja", srPlayers...)
	screen := g.screen
	status := func(v any) (engine.Msg, bool) { return v.(superrock.PublicView).Status, true }
	l := engine.JA
	o := newVoiceOracle(l, g.table, status)
	speakOn(t, screen, o, 0)
	sils := srSilhouetteNames()
	for i, st := range p.Steps {
		what := fmt.Sprintf("move %d (%s %s)", i+1, srPlayers[st.Seat], st.Action)
		g.play(what, st.move, st.audience.story)
		o.update(overText(screen), true)
		got := said(screen, len(o.expected))
		checkSpoken(t, what, got, o, 0, "ja-JP", "Laptop Japanese")
		var secrets []secret
		for s, v := range st.After.Views {
			if c := v.Character; c != nil && !st.After.Public.Players[s].Exposed {
				name := l.Text(c.Name)
				if !slices.ContainsFunc(sils, func(x string) bool { return strings.Contains(x, engine.EN.Text(c.Name)) }) {
					secrets = append(secrets, secret{srPlayers[s] + "'s character", name})
				}
			}
		}
		checkNothingPrivate(t, what, got, l, privateTexts(g.table, len(srPlayers), l), secrets...)
		for _, ph := range g.phones {
			checkQuiet(ph, what)
		}
	}
	all := texts(said(screen, len(o.expected)))
	t.Logf("spoken:\n\t%s", strings.Join(all, "\n\t"))
	if want := l.S("sr.st.planet"); !slices.Contains(all, want) {
		t.Errorf("the planet phase's start was not read: no %q", want)
	}
}
