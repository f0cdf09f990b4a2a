// Package apidoc holds the check that skirmish's public Go API is
// documented (issue 38): every exported identifier of the supported
// packages (README, "Use it from Go") has a doc comment.
package apidoc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Public are the packages whose exported identifiers are the supported
// API, as the README lists them.
var Public = []string{"dice", "engine", "engine/enginetest", "board", "rules", "scenario", "roster",
	"rulesets/all", "rulesets/n26", "rulesets/n23", "rulesets/trenchcrusade", "rulesets/falloutfactions", "bot", "store", "sim", "campaign"}

// implements are the methods that implement an interface whose method
// carries the doc (error's Error and Unwrap, fmt.Stringer, encoding/json's
// Marshaler and Unmarshaler, dice.Procedure and dice.Describer,
// engine.Ruleset): a comment on each would say the interface's again.
var implements = map[string]bool{"Error": true, "Unwrap": true, "String": true, "MarshalJSON": true, "UnmarshalJSON": true,
	"Name": true, "Outcomes": true, "Flags": true, "Odds": true, "Resolve": true, "Describe": true,
	"Info": true, "Start": true, "RoundStart": true, "RoundEnd": true, "GameOver": true}

// Every exported type, function, method (of an exported type, beyond
// implements), constant and variable of a public package has a doc
// comment: on itself, or, for a constant or variable in a parenthesised
// group, on the group.
func TestPublicAPIIsDocumented(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, pkg := range Public {
		dir := filepath.Join(root, pkg)
		ents, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		missing := 0
		for _, e := range ents {
			name := e.Name()
			if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			report := func(pos token.Pos, what string) {
				missing++
				if missing <= 10 {
					t.Errorf("%s: %s has no doc comment", fset.Position(pos), what)
				}
			}
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() || d.Doc != nil {
						continue
					}
					if d.Recv != nil {
						if recv := receiver(d.Recv); recv == "" || !ast.IsExported(recv) || implements[d.Name.Name] {
							continue
						}
					}
					report(d.Pos(), "func "+d.Name.Name)
				case *ast.GenDecl:
					for _, sp := range d.Specs {
						switch sp := sp.(type) {
						case *ast.TypeSpec:
							if sp.Name.IsExported() && sp.Doc == nil && d.Doc == nil {
								report(sp.Pos(), "type "+sp.Name.Name)
							}
						case *ast.ValueSpec:
							for _, n := range sp.Names {
								if n.IsExported() && sp.Doc == nil && d.Doc == nil && sp.Comment == nil {
									report(n.Pos(), n.Name)
								}
							}
						}
					}
				}
			}
		}
		if missing > 10 {
			t.Errorf("%s: %d exported identifiers without a doc comment in all", pkg, missing)
		}
	}
}

// receiver is the name of a method's receiver type.
func receiver(fl *ast.FieldList) string {
	if len(fl.List) == 0 {
		return ""
	}
	x := fl.List[0].Type
	for {
		switch y := x.(type) {
		case *ast.StarExpr:
			x = y.X
		case *ast.IndexExpr:
			x = y.X
		case *ast.IndexListExpr:
			x = y.X
		case *ast.Ident:
			return y.Name
		default:
			return ""
		}
	}
}
