#!/bin/sh
# testcpu.sh runs a command (by default the full test run, as CI does it)
# and prints its wall time and the CPU time the whole machine spent
# meanwhile, from /proc/stat (Linux).
#
#   docs/testcpu.sh                         # CI=true go test -count=1 -timeout 30m ./...
#   docs/testcpu.sh go test -short ./...    # any other command
#
# Why not /usr/bin/time: it counts only the processes its command waits
# for. The browsers the tests drive (Chromium's renderers, WebKit's
# MiniBrowser and web processes) are not reaped into the test binary's
# account, and /usr/bin/time showed about 470 CPU-s for a run that kept
# the machine busy for about 700. Run it on an otherwise quiet machine:
# everything else running counts too.
set -eu
if [ $# -eq 0 ]; then
	set -- env CI=true go test -count=1 -timeout 30m ./...
fi
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
ticks=$(getconf CLK_TCK)
b0=$(busy)
t0=$(date +%s.%N)
status=0
"$@" || status=$?
t1=$(date +%s.%N)
b1=$(busy)
awk -v b="$((b1 - b0))" -v hz="$ticks" -v t0="$t0" -v t1="$t1" -v n="$(nproc)" 'BEGIN {
	w = t1 - t0
	printf "wall %.0f s, machine CPU %.0f s (%d cores, %.0f%% busy)\n", w, b / hz, n, 100 * b / hz / (w * n)
}' >&2
exit "$status"
