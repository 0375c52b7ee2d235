package main

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

// runSim runs the real binary's sim command and returns its stdout; a
// failure is fatal unless fail is set, when stderr is returned instead.
func runSim(t *testing.T, fail bool, args ...string) string {
	t.Helper()
	cmd := exec.Command(tablemasterBin(t), append([]string{"sim"}, args...)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.Env = []string{"TABLEMASTER_LANG=en"}
	err := cmd.Run()
	if fail {
		if err == nil {
			t.Fatalf("sim %v succeeded, want a refusal:\n%s", args, out.String())
		}
		return errOut.String()
	}
	if err != nil {
		t.Fatalf("sim %v: %v\n%s", args, err, errOut.String())
	}
	if errOut.Len() != 0 {
		t.Errorf("sim %v wrote to stderr, which is no terminal: %q", args, errOut.String())
	}
	return out.String()
}

// simJSON runs sim --json and reads the one object it prints.
func simJSON(t *testing.T, args ...string) (map[string]any, string) {
	t.Helper()
	out := runSim(t, false, append(args, "--json")...)
	if strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Fatalf("sim --json printed more than one line:\n%s", out)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("sim --json printed %q: %v", out, err)
	}
	return m, out
}

// TestSimJSON: every game and variant plays, and --json prints exactly
// the object of issue 28 (item 3), whose side wins, draws and capped games
// add up to the games.
func TestSimJSON(t *testing.T) {
	keys := []string{"game", "options", "games", "bots", "budget", "seed", "sides", "by_bot", "draws", "capped",
		"avg_actions", "max_actions", "seconds"}
	for _, tc := range []struct {
		name  string
		args  []string
		sides []string
	}{
		{"noir", []string{"noir", "--games", "4", "--bots", "ismcts,random", "--budget", "10"}, []string{"killer", "inspector"}},
		{"automata", []string{"noir", "--variant", "automata", "--kills", "10", "--games", "6", "--bots", "random"}, []string{"killer", "inspector"}},
		{"outlaws", []string{"outlaws", "--games", "4", "--bots", "random", "--cap", "400"}, []string{"red", "green"}},
		{"ayatsuri", []string{"ayatsuri", "--players", "A,B,C,D", "--games", "6", "--bots", "ismcts:10,random"}, nil},
		{"superrock", []string{"superrock", "--games", "4", "--bots", "random"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, _ := simJSON(t, append(tc.args, "--seed", "5")...)
			var got []string
			for k := range m {
				got = append(got, k)
			}
			if len(got) != len(keys) {
				t.Errorf("keys %v, want exactly %v", got, keys)
			}
			for _, k := range keys {
				if _, ok := m[k]; !ok {
					t.Errorf("no key %q in %v", k, m)
				}
			}
			games := int(m["games"].(float64))
			sum := int(m["draws"].(float64) + m["capped"].(float64))
			sides := m["sides"].(map[string]any)
			for _, s := range tc.sides {
				if _, ok := sides[s]; !ok {
					t.Errorf("sides %v, want %q among them", sides, s)
				}
			}
			for name, v := range sides {
				r := v.(map[string]any)
				sum += int(r["wins"].(float64))
				rate := r["rate"].([]any)
				lo, mid, hi := rate[0].(float64), rate[1].(float64), rate[2].(float64)
				if !(lo <= mid && mid <= hi) {
					t.Errorf("side %s: rate %v is not [lo, rate, hi]", name, rate)
				}
			}
			if sum != games && (tc.name == "noir" || tc.name == "automata" || tc.name == "outlaws" || tc.name == "ayatsuri") {
				t.Errorf("side wins + draws + capped = %d, want the %d games: %v", sum, games, m)
			}
			if m["game"] == "" || m["max_actions"].(float64) < 1 {
				t.Errorf("game %v, max_actions %v: nothing played", m["game"], m["max_actions"])
			}
		})
	}
}

// TestSimDeterministic: the same command twice gives the same object but
// seconds, whatever --jobs is.
func TestSimDeterministic(t *testing.T) {
	args := []string{"noir", "--games", "4", "--bots", "ismcts,random", "--budget", "10", "--seed", "11"}
	a, _ := simJSON(t, append(args, "--jobs", "1")...)
	b, _ := simJSON(t, append(args, "--jobs", "2")...)
	c, _ := simJSON(t, append(args[:len(args)-1], "12", "--jobs", "2")...)
	for _, m := range []map[string]any{a, b, c} {
		delete(m, "seconds")
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("--jobs 1 and --jobs 2 differ:\n%v\n%v", a, b)
	}
	delete(c, "seed")
	delete(a, "seed")
	if reflect.DeepEqual(a, c) {
		t.Errorf("--seed 11 and --seed 12 gave the same games: the seed is not used")
	}
}

// TestSimText: the table names every side and bot, in English and in
// Japanese.
func TestSimText(t *testing.T) {
	out := runSim(t, false, "noir", "--games", "4", "--bots", "ismcts,random", "--budget", "10", "--seed", "3")
	for _, want := range []string{"noir: 4 games · bots ismcts,random · budget 10 · seed 3",
		"Killer", "Inspector", "ismcts", "random", "Killer · ismcts", "Inspector · random", "95% interval",
		"capped 0", "actions a game:", "decisions a second"} {
		if !strings.Contains(out, want) {
			t.Errorf("sim's table has no %q:\n%s", want, out)
		}
	}
	ja := runSim(t, false, "--lang", "ja", "noir", "--games", "2", "--bots", "random", "--seed", "3")
	for _, want := range []string{"殺人鬼", "捜査官", "勝率", "打ち切り"} {
		if !strings.Contains(ja, want) {
			t.Errorf("sim --lang ja has no %q:\n%s", want, ja)
		}
	}
}

// TestSimRefuses: flags that serve a table, unknown bots and options sim
// cannot play are refused with a reason.
func TestSimRefuses(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"noir", "--addr", "127.0.0.1"}, "--addr serves a table"},
		{[]string{"noir", "--bots", "clever"}, `no bot "clever"`},
		{[]string{"noir", "--bots", "ismcts:x"}, "ismcts:x"},
		{[]string{"noir", "--deck", "physical"}, "--deck physical"},
		{[]string{"noir", "--games", "0"}, "--games must be at least 1"},
		{[]string{"ayatsuri", "--players", "A,B"}, "--players"},
	} {
		if got := runSim(t, true, tc.args...); !strings.Contains(got, tc.want) {
			t.Errorf("sim %v said %q, want %q", tc.args, got, tc.want)
		}
	}
}
