// Command tmload measures how fast tablemaster's server tells every
// connected device about an action, and how much memory it needs to do so.
//
// It starts the server as a separate process (itself, re-run with a hidden
// -serve flag) so that the server's memory can be read from /proc, opens 10
// Noir tables there, and connects 100 live clients over Server-Sent Events:
// per table, 4 pages on each of the 2 seat links and 2 table screens. Then
// it plays rounds: in each round every table gets one action at the same
// moment, posted the way a phone's script posts it, and tmload notes when
// each client receives the update that action caused.
//
// Only the clients of the table acted on are told about an action, so the
// issue's "time from an action POST to the 100th phone receiving its
// update" is read as the round latency: from the first post of a round to
// the moment the last of the 100 clients has received the update caused
// by its table's post. tmload also reports each action's own latency (its
// post to the last of its table's 10 clients) and the posts' round trips.
//
// With -floor, tmload loads a bare Go SSE server instead (floor.go): the
// least a server can do for the same rounds, to take tablemaster's ratio
// to it on the same machine.
//
// With -compare, tmload measures both in one run (compare.go): it starts
// the floor and tablemaster, each with its own clients, and plays their
// rounds in blocks of -block rounds, one server at a time, so that both
// meet the same machine. It prints both reports and the ratios. Two runs
// one after the other on a shared machine each meet its load of the
// moment, and their ratio moved by ±0.3 from one pair to the next.
//
// With -hold, tmload measures instead whether the server stays responsive
// while connections that do nothing useful hold its files: it times a
// phone's page (GET /s/…, gzip, a new connection each) with no load, then
// opens -idle keep-alive connections that send nothing after their first
// request and -slow action posts whose body comes one byte a second, and
// times the page again; the report gives the ratio. The held connections
// come from the loopback addresses 127.0.0.2, 127.0.0.3, … (-per-addr
// each), below the server's cap per address; a cap check then opens the
// cap plus 10 connections from 127.0.1.1 and counts the 503s. Last, it waits
// until the server has closed the held connections, and reports when
// (-expire=false skips this, which takes the server's idle limit).
//
// Everything stays on the loopback interface: the server listens on
// 127.0.0.1 only and tmload refuses any other address. The run is bounded
// in rounds and in time, and the server process ends with it.
//
// Usage:
//
//	go run ./cmd/tmload                     # 10 tables, 100 clients, 100 rounds
//	go run ./cmd/tmload -floor              # the same load on the floor server
//	go run ./cmd/tmload -compare -rounds 500  # both, in blocks of 50 rounds, and their ratios
//	go run ./cmd/tmload -rounds 30 -gap 50ms
//	go run ./cmd/tmload -cpuprofile server.cpu && go tool pprof -top server.cpu
//	go run ./cmd/tmload -hold               # 900 idle + 100 slow connections held
//	go run ./cmd/tmload -hold -idle 5000 -slow 1000 -per-addr 60
package main
