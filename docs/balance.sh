#!/bin/sh
# balance.sh regenerates the README's "Balance" table (issue 28, item 5):
# it plays every row with `tablemaster sim … --json` and prints the rows
# as one Markdown table on stdout, and each row's time on stderr.
#
#   docs/balance.sh              # 1,000 games a row (the published table)
#   docs/balance.sh 100          # fewer games a row: a quick estimate
#
# Environment: TM (the tablemaster command, default: tablemaster on the
# PATH), SEED (default 28), JOBS (default: the CPUs), and each game's
# budget (NOIR_BUDGET …). Needs jq.
#
# A row's budget is ISMCTS's iterations a decision, chosen so that the
# whole table plays in under an hour on a two-core laptop; the rows
# that pit bots against each other say each bot's. An Outlaws game
# between bots can stall where neither sees a way on (3 Ballots each, so
# nobody may take Elected; the last Handcuffs in hand against an Assassin
# kept in the Saloon): those rows stop a game at 1,000 actions and count
# it as capped.
set -eu

GAMES=${1:-1000}
SEED=${SEED:-28}
TM=${TM:-tablemaster}
JOBS=${JOBS:-}
command -v jq >/dev/null || { echo "balance.sh: needs jq" >&2; exit 1; }

# The budgets: the same for every ISMCTS seat of a row.
NOIR=${NOIR_BUDGET:-100}
AUTOMATA=${AUTOMATA_BUDGET:-100}
AYATSURI=${AYATSURI_BUDGET:-50}
SUPERROCK=${SUPERROCK_BUDGET:-50}
STRONG=${STRONG_BUDGET:-50} # the 4× row: ISMCTS at 4×STRONG against STRONG
OUTLAWS=${OUTLAWS_BUDGET:-50}

echo "| Game | Bots (budget) | Side | Wins | Games | Win rate | 95% interval | Command |"
echo "|---|---|---|---:|---:|---:|---|---|"

# run TITLE ARGS…: plays one row and prints its JSON object.
run() {
	title=$1
	shift
	set -- "$@" --games "$GAMES" --seed "$SEED"
	if [ -n "$JOBS" ]; then
		set -- "$@" --jobs "$JOBS"
	fi
	CMD="tablemaster sim $*"
	OUT=$($TM sim "$@" --json)
	echo "$title: $(echo "$OUT" | jq -r '.seconds') s" >&2
}

# sides TITLE BOTS ARGS…: ISMCTS in every seat; one line per side.
sides() {
	title=$1
	bots=$2
	shift 2
	run "$title" "$@"
	echo "$OUT" | jq -r --arg t "$title" --arg b "$bots" --arg c "$CMD" '
		def pct: (. * 1000 | round) / 10 | tostring + "%";
		(.sides | to_entries | sort_by(-.value.rate[1]))[] |
		"| \($t) | \($b) | \(.key) | \(.value.wins) | \(.value.games) | \(.value.rate[1] | pct) | \(.value.rate[0] | pct) – \(.value.rate[2] | pct) | `\($c)` |"'
	echo "$OUT" | jq -r --arg t "$title" '
		select(.draws + .capped > 0) |
		"| \($t) | | draws · capped | \(.draws) · \(.capped) | \(.games) | | | |"'
}

# versus TITLE SEAT0 SEAT1 ARGS…: two bots (--bots X,Y among ARGS) in a
# two-seat game; one line per side for the first bot, X. sim rotates the
# seats, so X sat at each side in half the games: its wins at seat 0 are
# (X's wins + seat 0's wins − games/2 + u0) / 2, where u0 is the games
# with X at seat 1 that nobody won; with draws or capped games the line
# gives the range.
versus() {
	title=$1
	seat0=$2
	seat1=$3
	shift 3
	run "$title" "$@"
	echo "$OUT" | jq -r --arg t "$title" --arg s0 "$seat0" --arg s1 "$seat1" --arg c "$CMD" '
		def pct: (. * 1000 | round) / 10 | tostring + "%";
		def wilson($w; $n): (1.96 * 1.96) as $z2 | ($w / $n) as $p | (1 + $z2 / $n) as $d |
			(($p + $z2 / (2 * $n)) / $d) as $m | (1.96 * (($p * (1 - $p) / $n + $z2 / (4 * $n * $n)) | sqrt) / $d) as $h |
			"\($w / $n | pct) | \([0, $m - $h] | max | pct) – \([1, $m + $h] | min | pct)";
		.bots[0] as $x | .bots[1] as $y | .games as $n | ($n / 2) as $half |
		.by_bot[$x].wins as $w | .sides[$s0].wins as $k | (.draws + .capped) as $u |
		(($w + $k - $half) / 2) as $a0 | (($w + $k - $half + $u) / 2) as $a1 |
		if $u == 0 then
			"| \($t) | \($x) vs \($y) | \($x) as \($s0) | \($a0) | \($half) | \(wilson($a0; $half)) | `\($c)` |",
			"| \($t) | \($x) vs \($y) | \($x) as \($s1) | \($w - $a0) | \($half) | \(wilson($w - $a0; $half)) | |"
		else
			"| \($t) | \($x) vs \($y) | \($x) as \($s0) | \($a0)–\($a1) | \($half) | | | `\($c)` |",
			"| \($t) | \($x) vs \($y) | \($x) as \($s1) | \($w - $a1)–\($w - $a0) | \($half) | | | |",
			"| \($t) | | draws · capped | \(.draws) · \(.capped) | \($n) | | | |"
		end'
}

sides "Noir (playing cards)" "ISMCTS ($NOIR)" noir --bots ismcts --budget "$NOIR"
sides "Noir Automata, 10 kills" "ISMCTS ($AUTOMATA)" noir --variant automata --kills 10 --bots ismcts --budget "$AUTOMATA"
sides "Ayatsuri, 4 players" "ISMCTS ($AYATSURI)" ayatsuri --players A,B,C,D --bots ismcts --budget "$AYATSURI"
sides "Ayatsuri, 6 players" "ISMCTS ($AYATSURI)" ayatsuri --players A,B,C,D,E,F --bots ismcts --budget "$AYATSURI"
sides "Outlaws" "ISMCTS ($OUTLAWS)" outlaws --bots ismcts --budget "$OUTLAWS" --cap 1000
sides "Super Rock, 7 players" "ISMCTS ($SUPERROCK)" superrock --players A,B,C,D,E,F,G --bots ismcts --budget "$SUPERROCK"
versus "Noir: ISMCTS vs Random" killer inspector noir --bots "ismcts:$NOIR,random"
versus "Noir: ISMCTS 4× vs 1×" killer inspector noir --bots "ismcts:$((4 * STRONG)),ismcts:$STRONG"
versus "Outlaws: ISMCTS vs Random" red green outlaws --bots "ismcts:$OUTLAWS,random" --cap 1000
