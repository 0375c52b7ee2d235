package noir

import (
	"strconv"
	"strings"
)

// Axis says whether a shift moves a row or a column.
type Axis uint8

// The two axes of the grid.
const (
	Row Axis = iota
	Col
)

func (a Axis) String() string {
	if a == Row {
		return "row"
	}
	return "col"
}

// Shift moves one whole line by one cell (NG-3). Dir is +1 (right for a
// row, down for a column) or -1 (left, up).
type Shift struct {
	Axis  Axis
	Index int // 0-based row or column
	Dir   int
}

// Reverse is the shift that undoes s.
func (s Shift) Reverse() Shift { s.Dir = -s.Dir; return s }

// String is the canonical notation: "shift row 2 left", "shift col B up".
func (s Shift) String() string {
	if i, ok := s.slot(); ok {
		return shiftNames[i]
	}
	return s.name()
}

// slot numbers the shifts of a grid of up to 5×5, whose words are made
// once (shiftNames, and the choices and story lines in game.go): every
// turn offers them and most turns take one.
func (s Shift) slot() (int, bool) {
	if s.Axis > Col || s.Index < 0 || s.Index >= 5 || (s.Dir != 1 && s.Dir != -1) {
		return 0, false
	}
	return (int(s.Axis)*5+s.Index)*2 + (s.Dir+1)/2, true
}

// shiftSlots is the number of slots.
const shiftSlots = 2 * 5 * 2

// shiftOfSlot is the shift numbered i.
func shiftOfSlot(i int) Shift { return Shift{Axis(i / 10), i / 2 % 5, 2*(i%2) - 1} }

var shiftNames = func() (t [shiftSlots]string) {
	for i := range t {
		t[i] = shiftOfSlot(i).name()
	}
	return t
}()

func (s Shift) name() string {
	if s.Axis == Row {
		d := " right"
		if s.Dir < 0 {
			d = " left"
		}
		return "shift row " + strconv.Itoa(s.Index+1) + d
	}
	d := " down"
	if s.Dir < 0 {
		d = " up"
	}
	return "shift col " + ColName(s.Index) + d
}

// Grid is a rectangle of suspects, shared by the playing-card and the
// Automata variants (NG-1 … NG-4). Suspects are small integers; what they
// are called is the variant's business.
type Grid struct {
	rows, cols int
	cells      []int // row-major suspect ids
}

// NewGrid lays out suspects row by row.
func NewGrid(rows, cols int, suspects []int) Grid {
	if len(suspects) != rows*cols {
		panic("noir: grid size does not match the suspects")
	}
	return Grid{rows: rows, cols: cols, cells: append([]int(nil), suspects...)}
}

// Rows is the number of rows left.
func (g Grid) Rows() int { return g.rows }

// Cols is the number of columns left.
func (g Grid) Cols() int { return g.cols }

// At is the suspect in row r, column c (0-based).
func (g Grid) At(r, c int) int { return g.cells[r*g.cols+c] }

// Clone returns an independent copy.
func (g Grid) Clone() Grid {
	g.cells = append([]int(nil), g.cells...)
	return g
}

// Find gives the row and column of a suspect; ok is false if it left the grid.
func (g Grid) Find(id int) (r, c int, ok bool) {
	for i, v := range g.cells {
		if v == id {
			return i / g.cols, i % g.cols, true
		}
	}
	return 0, 0, false
}

// Contains reports whether the suspect is still on the grid.
func (g Grid) Contains(id int) bool {
	_, _, ok := g.Find(id)
	return ok
}

// Neighbours lists the up to 8 suspects around id, diagonals included; the
// grid does not wrap (NG-2). Order: row by row, left to right.
func (g Grid) Neighbours(id int) []int {
	r, c, ok := g.Find(id)
	if !ok {
		return nil
	}
	var out []int
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			rr, cc := r+dr, c+dc
			if rr < 0 || cc < 0 || rr >= g.rows || cc >= g.cols {
				continue
			}
			out = append(out, g.At(rr, cc))
		}
	}
	return out
}

// Adjacent reports whether a is among the neighbours of b (NG-6).
func (g Grid) Adjacent(a, b int) bool {
	ra, ca, ok1 := g.Find(a)
	rb, cb, ok2 := g.Find(b)
	if !ok1 || !ok2 || a == b {
		return false
	}
	return abs(ra-rb) <= 1 && abs(ca-cb) <= 1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Shifts lists every shift the grid allows: each row left and right, each
// column up and down. A line of length 1 cannot move.
func (g Grid) Shifts() []Shift {
	out := make([]Shift, 0, g.numShifts())
	for i := range g.numShifts() {
		out = append(out, g.nthShift(i))
	}
	return out
}

// numShifts is len(Shifts()), and nthShift(i) is Shifts()[i]: a caller
// lists them as what it needs, with no slice of Shifts first and no
// callback (which would move its list to the heap).
func (g Grid) numShifts() int {
	n := 0
	if g.cols > 1 {
		n += 2 * g.rows
	}
	if g.rows > 1 {
		n += 2 * g.cols
	}
	return n
}

func (g Grid) nthShift(i int) Shift {
	dir := 2*(i%2) - 1 // left or up first
	if g.cols > 1 {
		if i < 2*g.rows {
			return Shift{Row, i / 2, dir}
		}
		i -= 2 * g.rows
	}
	return Shift{Col, i / 2, dir}
}

// Valid reports whether s names a line of this grid.
func (g Grid) Valid(s Shift) bool {
	if s.Dir != 1 && s.Dir != -1 {
		return false
	}
	if s.Axis == Row {
		return s.Index >= 0 && s.Index < g.rows && g.cols > 1
	}
	return s.Index >= 0 && s.Index < g.cols && g.rows > 1
}

// Apply carries out a shift in place: the card pushed off one end enters
// the empty cell at the other end (NG-3).
func (g *Grid) Apply(s Shift) {
	if s.Axis == Row {
		line := g.cells[s.Index*g.cols : (s.Index+1)*g.cols]
		rotate(line, s.Dir)
		return
	}
	var buf [5]int
	line := buf[:0]
	if g.rows > len(buf) {
		line = make([]int, 0, g.rows)
	}
	line = line[:g.rows]
	for r := range line {
		line[r] = g.At(r, s.Index)
	}
	rotate(line, s.Dir)
	for r, v := range line {
		g.cells[r*g.cols+s.Index] = v
	}
}

func rotate(line []int, dir int) {
	n := len(line)
	if dir > 0 { // towards the end: the last wraps to the front
		last := line[n-1]
		copy(line[1:], line[:n-1])
		line[0] = last
		return
	}
	first := line[0]
	copy(line, line[1:])
	line[n-1] = first
}

// RemoveFull removes every row and every column all of whose suspects
// satisfy gone, closing the gaps so the grid stays a rectangle and every
// card keeps its order (NG-4). It returns the removed suspects in grid
// order, and which rows and columns (old indices) left.
func (g *Grid) RemoveFull(gone func(id int) bool) (removed []int, rows, cols []int) {
	for r := 0; r < g.rows; r++ {
		all := true
		for c := 0; c < g.cols; c++ {
			all = all && gone(g.At(r, c))
		}
		if all {
			rows = append(rows, r)
		}
	}
	for c := 0; c < g.cols; c++ {
		all := true
		for r := 0; r < g.rows; r++ {
			all = all && gone(g.At(r, c))
		}
		if all {
			cols = append(cols, c)
		}
	}
	if len(rows) == 0 && len(cols) == 0 {
		return nil, nil, nil
	}
	in := func(xs []int, x int) bool {
		for _, v := range xs {
			if v == x {
				return true
			}
		}
		return false
	}
	var keep []int
	for r := 0; r < g.rows; r++ {
		for c := 0; c < g.cols; c++ {
			if in(rows, r) || in(cols, c) {
				removed = append(removed, g.At(r, c))
			} else {
				keep = append(keep, g.At(r, c))
			}
		}
	}
	g.rows -= len(rows)
	g.cols -= len(cols)
	if g.rows == 0 || g.cols == 0 {
		g.rows, g.cols = 0, 0
		keep = nil
	}
	g.cells = keep
	return removed, rows, cols
}

// Collapse takes one suspect out of every line (NA-5): with axis Row one
// from each row, so the grid loses a column; with Col one from each
// column, so it loses a row. take[i] is the suspect taken from line i. The
// rest of each line closes up in its order, so the grid stays a rectangle
// (NG-4). It reports false, changing nothing, unless take names one
// suspect of each line and a line of the other axis would be left.
func (g *Grid) Collapse(axis Axis, take []int) bool {
	lines, length := g.rows, g.cols
	if axis == Col {
		lines, length = g.cols, g.rows
	}
	if len(take) != lines || length < 2 {
		return false
	}
	at := func(line, i int) int {
		if axis == Row {
			return g.At(line, i)
		}
		return g.At(i, line)
	}
	// newLines[line] is the line without its taken suspect.
	newLines := make([][]int, lines)
	for l := range lines {
		for i := range length {
			if v := at(l, i); v != take[l] {
				newLines[l] = append(newLines[l], v)
			}
		}
		if len(newLines[l]) != length-1 {
			return false
		}
	}
	cells := make([]int, 0, lines*(length-1))
	if axis == Row {
		for _, line := range newLines {
			cells = append(cells, line...)
		}
		g.cols--
	} else {
		for r := range length - 1 {
			for c := range lines {
				cells = append(cells, newLines[c][r])
			}
		}
		g.rows--
	}
	g.cells = cells
	return true
}

// ColName is the letter of a 0-based column: A, B, …
func ColName(c int) string {
	if c >= 0 && c < len(colNames) {
		return colNames[c : c+1]
	}
	return string(rune('A' + c))
}

const colNames = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// CellName names a cell: column letter then row number, "B3" (NG-1).
func CellName(r, c int) string {
	if r >= 0 && r < len(cellNames) && c >= 0 && c < len(cellNames[r]) {
		return cellNames[r][c]
	}
	return ColName(c) + strconv.Itoa(r+1)
}

// cellNames are the names of the cells of the largest grids, written once.
var cellNames = func() (names [12][12]string) {
	for r := range names {
		for c := range names[r] {
			names[r][c] = ColName(c) + strconv.Itoa(r+1)
		}
	}
	return names
}()

// ParseCell reads "B3" or "b3" into 0-based row and column, checked
// against the grid's current size.
func (g Grid) ParseCell(s string) (r, c int, ok bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) < 2 || s[0] < 'A' || s[0] > 'Z' {
		return 0, 0, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil {
		return 0, 0, false
	}
	r, c = n-1, int(s[0]-'A')
	if r < 0 || r >= g.rows || c < 0 || c >= g.cols {
		return 0, 0, false
	}
	return r, c, true
}

// Key is a compact description of the layout, used to recognise a
// position that occurred before (NC-7).
func (g Grid) Key() string {
	var b [4 + NumSuspects]byte
	return string(g.appendKey(b[:0]))
}

// appendKey writes Key into b.
func (g Grid) appendKey(b []byte) []byte {
	b = append(b, byte('0'+g.rows), 'x', byte('0'+g.cols), ':')
	for _, v := range g.cells {
		b = append(b, byte('0'+v))
	}
	return b
}
