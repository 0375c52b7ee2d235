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
// Everything stays on the loopback interface: the server listens on
// 127.0.0.1 only and tmload refuses any other address. The run is bounded
// in rounds and in time, and the server process ends with it.
//
// Usage:
//
//	go run ./cmd/tmload                     # 10 tables, 100 clients, 100 rounds
//	go run ./cmd/tmload -rounds 30 -gap 50ms
//	go run ./cmd/tmload -cpuprofile server.cpu && go tool pprof -top server.cpu
package main
