package moderator

import "tablemaster/engine"

// Words of the GM console when it stops, and when resume moves a table to
// another port on purpose (--port).
func init() {
	engine.Register(map[string]engine.Text{
		"mod.con.resume_hint": {EN: "Everything is saved. To go on: {command}", JA: "すべて保存されています。続けるには：{command}"},
		"mod.con.port_new": {
			EN: "Table {table} moves to port {port}. Its links have changed; every phone needs its new one.",
			JA: "テーブル{table}はポート{port}に移ります。リンクが変わったので、各スマホで新しいリンクを開いてください。",
		},
	})
}
