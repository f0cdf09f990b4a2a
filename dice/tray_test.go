package dice

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseFaces(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
		err  string
	}{
		{"3,5,6", []string{"3", "5", "6"}, ""},
		{" 3, 5 ,6 ", []string{"3", "5", "6"}, ""},
		{"si ooa", []string{"si", "ooa"}, ""},
		{"1 2, 3", []string{"1", "2", "3"}, ""},
		{"", nil, "face 1: no faces given"},
		{"3,,4", nil, "face 2: empty"},
		{"3,", nil, "face 2: empty"},
		{strings.Repeat("1,", MaxFaces) + "1", nil, "too many faces"},
	} {
		got, err := ParseFaces(tc.in)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("ParseFaces(%q) error %v, want %q", tc.in, err, tc.err)
		case tc.err == "" && (err != nil || !slices.Equal(got, tc.want)):
			t.Errorf("ParseFaces(%q) = %q, %v", tc.in, got, err)
		}
	}
}

func TestDieParse(t *testing.T) {
	inj := injuryDieForTest
	numerals := Symbols("firepower", []string{"1-ammo", "1", "2", "3"}, []int{1, 2, 2, 1})
	for _, tc := range []struct {
		d    Die
		in   string
		face int
	}{
		{D6, "4", 4}, {D6, " 6 ", 6}, {D10, "10", 10},
		{inj, "si", 3}, {inj, "Seriously-Injured", 3}, {inj, "OOA", 6}, {inj, "i", 1}, {inj, "2", 2},
		// On a die with numeral symbols a bare number is only ever a symbol;
		// a face by number needs #.
		{numerals, "3", 6}, {numerals, "1", 2}, {numerals, "1-ammo", 1}, {numerals, "#4", 4}, {numerals, "#6", 6}, {numerals, "#3", 3}, {D6, "#2", 2},
	} {
		f, err := tc.d.Parse(tc.in)
		if err != nil || f != tc.face {
			t.Errorf("%s.Parse(%q) = %d, %v; want %d", tc.d.Name(), tc.in, f, err, tc.face)
		}
	}
	for _, tc := range []struct {
		d  Die
		in string
	}{{D6, "7"}, {D6, "0"}, {D6, "-1"}, {D6, "si"}, {D10, "1.5"}, {inj, "7"}, {inj, "x"}, {D6, ""}, {D6, "#7"}, {D6, "#"}, {inj, "#si"},
		{numerals, "4"}, {numerals, "6"}} {
		if _, err := tc.d.Parse(tc.in); err == nil || !strings.Contains(err.Error(), "allowed") {
			t.Errorf("%s.Parse(%q) error %v, want one naming what is allowed", tc.d.Name(), tc.in, err)
		}
	}
	if inj.Label(6) != "out-of-action" || inj.Value(4) != 2 || inj.Symbol(1) != "injured" || D6.Label(3) != "3" {
		t.Error("labels")
	}
}

// TestDieTyping: how to type a symbol die's faces, each hint one Parse
// takes; a plain die needs none.
func TestDieTyping(t *testing.T) {
	numerals := Symbols("firepower die", []string{"1-ammo", "1", "2", "3"}, []int{1, 2, 2, 1})
	for _, tc := range []struct {
		d    Die
		want string
	}{
		{D6, ""},
		{injuryDieForTest, "an injury die: type injured (i), seriously-injured (si) or out-of-action (ooa)"},
		{numerals, "a firepower die: type 1-ammo, 1, 2 or 3"},
	} {
		if got := tc.d.Typing(); got != tc.want {
			t.Errorf("%s.Typing() = %q, want %q", tc.d.Name(), got, tc.want)
		}
	}
	for _, tok := range []string{"injured", "i", "seriously-injured", "si", "out-of-action", "ooa"} {
		if _, err := injuryDieForTest.Parse(tok); err != nil {
			t.Errorf("the hint offers %q, which Parse refuses: %v", tok, err)
		}
	}
}

func FuzzParseFaces(f *testing.F) {
	for _, s := range []string{"3,5,6", "", ",", "si ooa", "1,,2", " , 4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		faces, err := ParseFaces(s)
		if err != nil {
			var fe *FacesError
			if !errors.As(err, &fe) || fe.Problem == "" {
				t.Fatalf("ParseFaces(%q): error %v is not a FacesError", s, err)
			}
			return
		}
		if len(faces) == 0 || len(faces) > MaxFaces {
			t.Fatalf("ParseFaces(%q) = %d faces", s, len(faces))
		}
		for _, f := range faces {
			if f == "" || strings.ContainsAny(f, ", \t\n") {
				t.Fatalf("ParseFaces(%q) gave face %q", s, f)
			}
			// Every face either parses on a die or is refused with a reason.
			for _, d := range []Die{D6, D10, injuryDieForTest} {
				if n, err := d.Parse(f); err == nil && (n < 1 || n > d.Sides()) {
					t.Fatalf("%s.Parse(%q) = %d", d.Name(), f, n)
				}
			}
		}
	})
}

func TestTrayErrors(t *testing.T) {
	tr := ReadFaces([]string{"3", "x"})
	if _, err := tr.Roll(D6, "first"); err != nil {
		t.Fatal(err)
	}
	_, err := tr.Roll(D6, "second")
	var fe *FacesError
	if !errors.As(err, &fe) || fe.Index != 1 || !strings.Contains(err.Error(), `"x" is not a face of a d6`) {
		t.Errorf("bad face: %v", err)
	}
	_, err = tr.Roll(D10, "third")
	if !errors.As(err, &fe) || fe.Index != 1 {
		t.Errorf("a refused face is not consumed: %v", err)
	}
	short := ReadFaces(nil)
	if _, err := short.Roll(D10, "Fortune Smiles die"); err == nil || !strings.Contains(err.Error(), "needs a d10 here, its Fortune Smiles die") {
		t.Errorf("missing face: %v", err)
	}
	long := ReadFaces([]string{"1", "2"})
	long.Roll(D6, "only")
	if err := long.finish(); err == nil || !strings.Contains(err.Error(), "one too many: 2 given, this roll takes 1") {
		t.Errorf("extra face: %v", err)
	}
}

// explained is a procedure that explains itself unless told not to: two
// D6, high on 7 or more.
type explained struct{}

func (explained) Name() string       { return "explained" }
func (explained) Outcomes() []string { return []string{"low", "high"} }
func (explained) Flags() []string    { return nil }
func (explained) Odds() Dist {
	return D6.Dist().Repeat(2).Map(func(s int) int { return min(max(s-6, 0), 1) })
}
func (explained) Resolve(t *Tray) (Result, error) {
	a, err := t.Roll(D6, "first")
	if err != nil {
		return Result{}, err
	}
	b, err := t.Roll(D6, "second")
	if err != nil {
		return Result{}, err
	}
	t.Keep(0)
	t.Keep(1)
	res := Result{Outcome: min(max(a.Value+b.Value-6, 0), 1)}
	if t.Explains() {
		res.Explain = "rolled " + a.Label + "+" + b.Label
	}
	return res, nil
}

// A Roller rolls as Sample does from the same RNG, without the
// explanation, and reuses its tray: once warm, a roll of a procedure that
// skips its explanation allocates nothing.
func TestRoller(t *testing.T) {
	var p Procedure = explained{}
	r1, r2 := NewRNG(9), NewRNG(9)
	var ro Roller
	for i := range 50 {
		want, err := Sample(p, r1)
		if err != nil {
			t.Fatal(err)
		}
		got, dice, err := ro.Roll(p, r2)
		if err != nil {
			t.Fatal(err)
		}
		if got.Outcome != want.Outcome || !slices.Equal(dice, want.Dice) || got.Explain != "" || want.Explain == "" {
			t.Fatalf("roll %d: Roller %+v %v, Sample %+v %v", i, got, dice, want, want.Dice)
		}
	}
	if n := testing.AllocsPerRun(100, func() { ro.Roll(p, r2) }); n != 0 {
		t.Errorf("a warm Roller allocates %v times a roll; want 0", n)
	}
	if _, _, err := ro.Roll(p, nil); err == nil || !strings.Contains(err.Error(), "explained") {
		t.Errorf("a Roller without an RNG: %v; want an error naming the procedure", err)
	}
}

// exploding rolls a D6, and a second die, a D10, only when the first shows
// a 1 (a critical's extra die, as it were).
type exploding struct{}

func (exploding) Name() string       { return "exploding" }
func (exploding) Outcomes() []string { return []string{"x"} }
func (exploding) Flags() []string    { return nil }
func (exploding) Odds() Dist         { return D6.Dist().Map(func(int) int { return 0 }) }
func (exploding) Resolve(t *Tray) (Result, error) {
	a, err := t.Roll(D6, "first")
	if err != nil {
		return Result{}, err
	}
	if a.Face == 1 {
		if _, err := t.Roll(D(10), "extra"); err != nil {
			return Result{}, err
		}
	}
	return Result{}, nil
}

// NeedsLeast asks for the dice every roll takes, and says when faces call
// for more, naming every kind of die they might; Needs' probe (faces from
// 1) takes the extra die, which most rolls do not.
func TestNeedsLeast(t *testing.T) {
	if n := Needs(exploding{}); len(n) != 2 {
		t.Fatalf("Needs: %d dice, want 2 (its probe shows a 1 first)", len(n))
	}
	least, more, all := NeedsLeast(exploding{})
	if len(least) != 1 || least[0].Name() != "d6" || !more {
		t.Errorf("NeedsLeast: %d dice, more %v; want the one d6, and more", len(least), more)
	}
	if len(all) != 2 || all[1].Name() != "d10" {
		t.Errorf("NeedsLeast: kinds %v, want d6 and d10", all)
	}
	least, more, all = NeedsLeast(explained{})
	if len(least) != 2 || more || len(all) != 1 {
		t.Errorf("a fixed roll: %d dice, more %v, %d kinds; want 2, false, 1", len(least), more, len(all))
	}
}
