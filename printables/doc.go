// Package printables renders what people print before game night: a
// reference sheet for every game and join cards for a table, in English and
// Japanese, as PDF (A4 or US Letter) and as self-contained HTML.
//
// Sheets are built from the rule data and the message catalogue the engine
// uses (engine/noir, engine/ayatsuri), never from a second copy of a rule.
// Each game's sheet is one file of this package that registers itself:
//
//	func init() { register(Sheet{Name: "noir", Build: noirSheet}) }
//
// where noirSheet turns a language into a Doc, a list of blocks (headings,
// paragraphs, lists, tables, a picture of a card grid) that both the PDF and
// the HTML renderer lay out.
//
// Usage:
//
//	s, _ := printables.Lookup("noir")
//	err := s.PDF(w, printables.Options{Lang: engine.JA, Paper: printables.A4})
//
// The PDF embeds a subset of IPAex Gothic (fonts/, IPA Font License v1.0),
// so text is real, searchable text in both languages.
package printables
