package roster

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skirmish-engine/skirmish/rulesets/all"
)

// FuzzBattleScribe reads anything as a BattleScribe or New Recruit roster:
// it must never panic, refuse with a *Error, and what it reads must write
// its YAML. Seeds are the fixtures and the shapes of the refusals.
func FuzzBattleScribe(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(bsDir, "*"))
	for _, file := range files {
		if strings.HasSuffix(file, ".golden.yaml") {
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	const tc = "Trench Crusade"
	for _, s := range []string{
		bsTC(bsNamespace, tc, bsGood),
		bsTC(bsNamespace, tc, strings.Replace(bsGood, `type="model"`, `type="model" number="3"`, 1)),
		bsTC(bsNamespace, "Fallout: Factions", bsUnit("Raider", "", "S", "5", "P", "5", "E", "5", "C", "5", "I", "5", "A", "5", "L", "1", "Wound", "2")),
		bsTC("urn:other", tc, bsGood),
		bsTC(bsNamespace, tc, `<selection type="unit"><selections>`+bsGood+`</selections></selection>`),
		`{"roster": {"gameSystemName": "Trench Crusade", "forces": {"force": {"selections": []}}}}`,
		`<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "b">]><roster/>`,
	} {
		f.Add([]byte(s))
	}
	f.Add(bsZip(f, "a.ros", bsTC(bsNamespace, tc, bsGood)))
	f.Add(bsZip(f, "a.ros", bsTC(bsNamespace, tc, bsGood), "b.ros", "<roster/>"))
	reg := all.Rulesets()
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Read("fuzz.ros", data, "battlescribe", Options{Rulesets: reg})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%T %v; want a *roster.Error", err, err)
			}
			return
		}
		if len(r.Roster.Models) == 0 || len(r.Roster.Models) > MaxModels {
			t.Fatalf("%d models", len(r.Roster.Models))
		}
		if _, err := r.YAML(); err != nil {
			t.Fatal(err)
		}
	})
}
