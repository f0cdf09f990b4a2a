package roster

import (
	"archive/zip"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/rulesets/all"
)

// -update rewrites the golden files (testdata/battlescribe/*.golden.yaml).
// The flag is registered here unless another test file of the package has
// registered it already.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

func bsUpdating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

const bsDir = "testdata/battlescribe"

func bsOptions() Options { return Options{Rulesets: all.Rulesets()} }

// bsFixtures are the hand-written rosters (invented warbands and crews,
// shaped like real exports) with the ruleset and models each gives.
var bsFixtures = []struct {
	file    string
	ruleset string
	models  int
}{
	{"tc-ash-choir.ros", "trenchcrusade", 5},
	{"tc-grey-vigil.ros", "trenchcrusade", 4},
	{"tc-iron-mercy.rosz", "trenchcrusade", 3},
	{"tc-salt-brothers.json", "trenchcrusade", 4},
	{"ff-rustwater.ros", "falloutfactions", 5},
	{"ff-glass-road.ros", "falloutfactions", 2},
	{"ff-canal-street.rosz", "falloutfactions", 3},
	{"ff-dust-choir.json", "falloutfactions", 5},
}

func bsRead(t *testing.T, file string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(bsDir, file))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Every fixture reads (so its roster starts a table game on both sides:
// Read runs Check) and writes its golden YAML, which reads back as
// skirmish's own roster.
func TestBattleScribeGolden(t *testing.T) {
	for _, fx := range bsFixtures {
		t.Run(fx.file, func(t *testing.T) {
			r, err := Read(fx.file, bsRead(t, fx.file), "", bsOptions())
			if err != nil {
				t.Fatal(err)
			}
			if r.Format != "battlescribe" || r.Ruleset != fx.ruleset || len(r.Roster.Models) != fx.models {
				t.Fatalf("format %s, ruleset %s, %d models; want battlescribe, %s, %d", r.Format, r.Ruleset, len(r.Roster.Models), fx.ruleset, fx.models)
			}
			y, err := r.YAML()
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join(bsDir, strings.TrimSuffix(fx.file, filepath.Ext(fx.file))+".golden.yaml")
			if bsUpdating() {
				if err := os.WriteFile(golden, y, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./roster -run BattleScribe -update)", err)
			}
			if !bytes.Equal(y, want) {
				t.Errorf("%s differs from %s (go test ./roster -run BattleScribe -update rewrites it):\n%s", fx.file, golden, y)
			}
			back, err := Read(filepath.Base(golden), y, "", Options{Ruleset: fx.ruleset, Rulesets: all.Rulesets()})
			if err != nil {
				t.Fatalf("the golden YAML does not read back: %v", err)
			}
			if len(back.Roster.Models) != fx.models {
				t.Errorf("read back %d models; want %d", len(back.Roster.Models), fx.models)
			}
		})
	}
}

// bsZip is a zip of the files given (name, content), each deflated.
func bsZip(t testing.TB, files ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for i := 0; i+1 < len(files); i += 2 {
		f, err := w.Create(files[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(files[i+1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

var (
	_ = errors.As
	_ = fmt.Sprint
	_ = slices.Contains[[]string]
)
