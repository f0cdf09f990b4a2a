package dice

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
)

// testProc is a procedure for exercising specs: a d6 plus a modifier.
type testProc struct{ mod int }

func (testProc) Name() string       { return "test" }
func (testProc) Outcomes() []string { return []string{"low", "high"} }
func (testProc) Flags() []string    { return nil }
func (p testProc) Odds() Dist {
	return D6.Dist().Map(func(f int) int {
		if f+p.mod >= 4 {
			return 1
		}
		return 0
	})
}
func (p testProc) Resolve(t *Tray) (Result, error) {
	r, err := t.Roll(D6, "die")
	if err != nil {
		return Result{}, err
	}
	if r.Value+p.mod >= 4 {
		return Result{Outcome: 1}, nil
	}
	return Result{}, nil
}

var testSpec = &Spec{
	Name: "test",
	Params: []Param{
		{Name: "value", Kind: IntParam, Min: 1, Max: 10, Required: true},
		{Name: "dice", Kind: IntParam, Min: 1, Max: 3, Default: 2},
		{Name: "mod", Kind: IntsParam, Min: -5, Max: 5, MaxItems: 2},
		{Name: "save", Kind: BoolParam},
		{Name: "option", Kind: ChoiceParam, Choices: []string{"a", "b"}},
	},
	Build: func(a Args) (Procedure, error) {
		if a.Int("value") == 7 && a.Bool("save") {
			return nil, a.Error("save", "not with value 7", "false when value is 7")
		}
		return testProc{mod: a.Int("value")}, nil
	},
}

func TestSpecParse(t *testing.T) {
	a, err := testSpec.Parse(map[string][]string{"value": {"4"}, "mod": {"-1", "+2"}, "save": {"true"}, "option": {"B"}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Int("value") != 4 || a.Int("dice") != 2 || a.Bool("save") != true || a.Choice("option") != "b" || len(a.Ints("mod")) != 2 || a.Ints("mod")[1] != 2 {
		t.Errorf("parsed %+v", a)
	}
	if !a.IsSet("value") || a.IsSet("dice") {
		t.Error("IsSet")
	}
	b, _ := json.Marshal(a)
	if want := `{"dice":2,"mod":[-1,2],"option":"b","save":true,"value":4}`; string(b) != want {
		t.Errorf("json %s, want %s", b, want)
	}
	empty, _ := testSpec.Parse(map[string][]string{"value": {"1"}})
	if b, _ := json.Marshal(empty); !strings.Contains(string(b), `"mod":[]`) || !strings.Contains(string(b), `"option":"a"`) {
		t.Errorf("defaults json %s", b)
	}
}

func TestSpecErrors(t *testing.T) {
	for _, tc := range []struct {
		raw  map[string][]string
		want ParamError
	}{
		{map[string][]string{}, ParamError{Param: "value", Problem: "missing", Allowed: "1 to 10"}},
		{map[string][]string{"value": {"11"}}, ParamError{Param: "value", Value: "11", Problem: "out of range", Allowed: "1 to 10"}},
		{map[string][]string{"value": {"x"}}, ParamError{Param: "value", Value: "x", Problem: "not a whole number", Allowed: "1 to 10"}},
		{map[string][]string{"value": {"1", "2"}}, ParamError{Param: "value", Value: "1,2", Problem: "given more than once", Allowed: "1 to 10"}},
		{map[string][]string{"value": {"1"}, "mod": {"1", "2", "3"}}, ParamError{Param: "mod", Value: "1,2,3", Problem: "3 values given", Allowed: "-5 to 5 each, at most 2 of them"}},
		{map[string][]string{"value": {"1"}, "mod": {"9"}}, ParamError{Param: "mod", Value: "9", Problem: "out of range", Allowed: "-5 to 5 each, at most 2 of them"}},
		{map[string][]string{"value": {"1"}, "save": {"maybe"}}, ParamError{Param: "save", Value: "maybe", Problem: "not true or false", Allowed: "true or false"}},
		{map[string][]string{"value": {"1"}, "option": {"c"}}, ParamError{Param: "option", Value: "c", Problem: "not a choice", Allowed: "a or b"}},
		{map[string][]string{"value": {"1"}, "stat": {"3"}}, ParamError{Param: "stat", Value: "3", Problem: "no such parameter", Allowed: "value, dice, mod, save, option"}},
		{map[string][]string{"value": {"7"}, "save": {"1"}}, ParamError{Param: "save", Value: "true", Problem: "not with value 7", Allowed: "false when value is 7"}},
	} {
		_, err := testSpec.New(tc.raw)
		var pe *ParamError
		if !errors.As(err, &pe) {
			t.Errorf("%v: error %v, want a ParamError", tc.raw, err)
			continue
		}
		tc.want.Proc = "test"
		if *pe != tc.want {
			t.Errorf("%v:\n got %+v\nwant %+v", tc.raw, *pe, tc.want)
		}
	}
}

func FuzzSpecParse(f *testing.F) {
	f.Add("value", "4", "mod", "-1")
	f.Add("save", "yes", "option", "B")
	f.Add("dice", "99999999999999999999", "value", " 3")
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2 string) {
		raw := map[string][]string{k1: {v1}}
		raw[k2] = append(raw[k2], v2)
		p, err := testSpec.New(raw)
		if err != nil {
			var pe *ParamError
			if !errors.As(err, &pe) || pe.Problem == "" || pe.Allowed == "" {
				t.Fatalf("%v: %v is not a complete ParamError", raw, err)
			}
			return
		}
		if s := p.Odds(); s.Len() == 0 {
			t.Fatalf("%v: empty odds", raw)
		}
	})
}

func TestSampleRead(t *testing.T) {
	p := testProc{mod: 1}
	res, err := Sample(p, NewRNG(1))
	if err != nil || len(res.Dice) != 1 {
		t.Fatalf("sample: %+v, %v", res, err)
	}
	if _, err := Read(p, []string{"3", "4"}); err == nil || !strings.Contains(err.Error(), "dice: test: dice: faces: face 2: one too many") {
		t.Errorf("read with an extra face: %v", err)
	}
	res, err = Read(p, []string{"3"})
	if err != nil || res.Outcome != 1 {
		t.Errorf("read: %+v, %v", res, err)
	}
	if got := OutcomeOdds(p).P(1).String(); got != "2/3" {
		t.Errorf("outcome odds %s", got)
	}
}

func TestRegistry(t *testing.T) {
	var r Registry
	r.Register(testSpec)
	if s, ok := r.Lookup("test"); !ok || s != testSpec || len(r.All()) != 1 {
		t.Error("lookup")
	}
	if _, ok := r.Lookup("nope"); ok {
		t.Error("found a missing spec")
	}
	for name, s := range map[string]*Spec{
		"duplicate": testSpec,
		"no build":  {Name: "x"},
		"bad param": {Name: "y", Build: testSpec.Build, Params: []Param{{Name: "c", Kind: ChoiceParam}}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: Register did not panic", name)
				}
			}()
			r.Register(s)
		}()
	}
}

func TestMemoConcurrent(t *testing.T) {
	var m Memo[int]
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range uint64(2000) {
				if v := m.Do(k, func() int { return int(k) * 3 }); v != int(k)*3 {
					t.Errorf("goroutine %d key %d: %d", g, k, v)
					return
				}
			}
		}()
	}
	wg.Wait()
	if _, ok := m.Get(1 << 40); ok {
		t.Error("found a key never put")
	}
}
