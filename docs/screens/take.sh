#!/usr/bin/env bash
# Takes the pictures in docs/screens from the real binary: each game is
# played part way by one of its worked scripts, `tablemaster resume` serves
# it, and tmshots photographs the first seat's phone (390×844) and the
# table screen (1920×1080), in English and Japanese, in real Chromium.
#
#   bash docs/screens/take.sh        # from the repository's root
set -euo pipefail
cd "$(dirname "$0")/../.."
out=docs/screens
work=$(mktemp -d)
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/tablemaster" ./cmd/tablemaster
go build -o "$work/tmshots" ./cmd/tmshots
td=cmd/tablemaster/testdata

# shoot NAME GAME PLAYERS SEED SCRIPT LINES [FLAGS…]: plays the first LINES
# lines of the worked script SCRIPT, serves the table and takes its pictures.
shoot() {
  local name=$1 game=$2 players=$3 seed=$4 script=$5 lines=$6; shift 6
  local state="$work/$name"
  head -n "$lines" "$td/$script" > "$work/$name.txt"
  TABLEMASTER_LANG=en "$work/tablemaster" --state "$state" "$game" --players "$players" \
    --seed "$seed" --script "$work/$name.txt" "$@" </dev/null >/dev/null
  TABLEMASTER_LANG=en "$work/tablemaster" --state "$state" resume --port 0 --addr 127.0.0.1 \
    </dev/null >"$work/$name.links" 2>&1 &
  server=$!
  for _ in $(seq 100); do grep -q '^seat ' "$work/$name.links" && break; sleep 0.1; done
  local table seat
  table=$(awk '$1 == "table" {print $2; exit}' "$work/$name.links")
  seat=$(awk '$1 == "seat" {print $3; exit}' "$work/$name.links")
  "$work/tmshots" -out "$out" "$name-tv=$table@1920x1080" "$name-tv-ja=$table?lang=ja@1920x1080" \
    "$name-phone=$seat@390x844" "$name-phone-ja=$seat?lang=ja@390x844"
  kill "$server"; wait "$server" 2>/dev/null || true
}

shoot noir noir Aki,Ben 3 noir_win.txt 20
shoot automata noir Aki,Ben 3 automata_win.txt 20 --variant automata
shoot ayatsuri ayatsuri Aki,Ben,Chika,Dai 5 ayatsuri_round.txt 16
shoot superrock superrock Aki,Ben,Chika,Dai,Eri,Fumi,Gen 3 superrock_physical.txt 39 --dice physical --board physical
shoot superrock-board superrock Aki,Ben,Chika,Dai,Eri,Fumi,Gen 1 superrock_board.txt 60 --dice virtual --board virtual
shoot outlaws outlaws Aki,Ben 5 outlaws_guard.txt 22

# The pictures are kept small in the repository: 256 colours are plenty
# for these pages (apt-get install pngquant; skipped when it is missing).
if command -v pngquant >/dev/null; then
  pngquant --force --ext .png --quality 60-85 --speed 1 "$out"/*.png
fi
