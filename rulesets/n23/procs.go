package n23

import (
	"fmt"
	"slices"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/rules"
	"github.com/skirmish-engine/skirmish/rules/necromunda"
)

// The editions of the procedures shared with N26 (package necromunda):
// their names start "n23-" and they cite rules.md §3. N23's injury die
// shows Flesh Wound, Serious Injury and Out of Action (rules.md §3.3); its
// face counts are an option (rules.md §6.3-p: 2/3/1 by default, 3/2/1 as
// some say older editions had), and so are the naturals that fail a save,
// which no source reached states for N23. So there are three editions, as
// zero-size types: the default one, one with the 3/2/1 die (used for injury
// and Recovery dice only) and one whose saves fail on a natural 1 or 2
// (used for saves only); every other procedure is the default edition's.
type (
	ed23  struct{}
	ed321 struct{}
	edSv2 struct{}
)

func (ed23) Edition() *necromunda.Edition  { return editions[0] }
func (ed321) Edition() *necromunda.Edition { return editions[1] }
func (edSv2) Edition() *necromunda.Edition { return editions[2] }

var editions = func() [3]*necromunda.Edition {
	base := necromunda.Edition{
		ID:              "n23",
		InjurySymbols:   []string{"flesh-wound", "serious-injury", "out-of-action"},
		InjuryCounts:    []int{2, 3, 1},
		InjuryFaces:     "each die shows flesh-wound, serious-injury or out-of-action",
		RecoveryMeaning: "flesh-wound recovers with a flesh wound, serious-injury stays, out-of-action is out",
		SaveNaturals:    1,
		CheckAtLeast:    true, // rules.md §6.3-o: 2D6 at least the target
		AmmoMeaning:     "an ammo symbol calls for an Ammo check",
		AmmoExplain:     ", an ammo symbol (Ammo check)",
		LastingInjury:   necromunda.N26LastingInjury,
		LastingDamage:   necromunda.N26LastingDamage,
		TestSource:      "rules.md §3.3",
		CheckSource:     "rules.md §3.3, §6.3-o",
		InjurySource:    "rules.md §3.3",
		RecoverySource:  "rules.md §3.3",
		FirepowerSource: "rules.md §2.3.6, §3.3",
		LastingSource:   "rules.md §2.3.4, option lasting-table",
	}
	faces, sv := base, base
	faces.InjuryCounts = []int{3, 2, 1}
	sv.SaveNaturals = 2
	return [3]*necromunda.Edition{necromunda.NewEdition(base), necromunda.NewEdition(faces), necromunda.NewEdition(sv)}
}()

// The N23 procedures shared with N26.
type (
	// Test is a D6 test: a hit roll (WS, BS), an Initiative test, a save
	// (rules.md §3.3): D6 + modifiers at least the target; a natural 1
	// always fails and a 6 always passes, but on a save only the natural 1
	// (option save-natural) fails and nothing passes by itself.
	Test = necromunda.Test[ed23]
	// Check is an N23 characteristic test on 2D6 (Leadership, Cool,
	// Willpower, Intelligence): the dice with the modifiers at least the
	// target (rules.md §3.3, §6.3-o).
	Check = necromunda.Check[ed23]
	// Injury is one injury die against a fighter that has lost its last
	// wound (rules.md §3.3): Flesh Wound, Serious Injury or Out of Action.
	Injury = necromunda.Injury[ed23]
	// Recovery is a Recovery test: one injury die, read for a Seriously
	// Injured fighter in the End phase (rules.md §3.3).
	Recovery = necromunda.Recovery[ed23]
	// Firepower is Rapid Fire's firepower dice (rules.md §2.3.6, §3.3); an
	// ammo symbol calls for an Ammo check.
	Firepower = necromunda.Firepower[ed23]
	// Lasting is a roll on a D66 lasting table after the battle.
	Lasting = necromunda.Lasting[ed23]
)

// Bounds of the boxed tables.
const (
	maxFirepower = 6
	maxPick      = 12
	modLo        = 8 // modifiers from −8
	modRange     = 17
	MaxMod       = 20
	MaxMods      = 20
)

// Bottle is N23's Bottle check (rules.md §3.3; the End phase page): a D6
// plus the gang's casualties (fighters Prone and Seriously Injured or Out
// of Action, vehicles Wrecked); the gang is bottled when the total is higher
// than Crew, the models it started with.
type Bottle struct {
	Casualties int // 0..64
	Crew       int // 1..64
}

var bottleOutcomes = []string{"holds", "bottled"}

func (r Bottle) Name() string       { return "n23-bottle" }
func (r Bottle) Outcomes() []string { return slices.Clone(bottleOutcomes) }
func (r Bottle) Flags() []string    { return nil }

func (r Bottle) outcome(face int) int {
	if face+r.Casualties > r.Crew {
		return 1
	}
	return 0
}

var bottleMemo dice.Memo[dice.Dist]

func (r Bottle) Odds() dice.Dist {
	return bottleMemo.Do(uint64(r.Casualties)<<16|uint64(r.Crew), func() dice.Dist {
		return dice.D6.Dist().Map(r.outcome)
	})
}

func (r Bottle) Resolve(t *dice.Tray) (dice.Result, error) {
	d, err := t.Roll(dice.D6, "bottle die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(t.Len() - 1)
	total := d.Value + r.Casualties
	o := r.outcome(d.Value)
	if !t.Explains() {
		return dice.Result{Outcome: o, Total: &total}, nil
	}
	cmp := "not higher than"
	if o == 1 {
		cmp = "higher than"
	}
	return dice.Result{Outcome: o, Total: &total, Explain: fmt.Sprintf("rolled %d + %d casualties = %d, %s the crew of %d: %s (rules.md §3.3)",
		d.Value, r.Casualties, total, cmp, r.Crew, bottleOutcomes[o])}, nil
}

func (r Bottle) Describe() string {
	return fmt.Sprintf("roll 1 D6 and add %d (fighters Seriously Injured or Out of Action, vehicles Wrecked): above %d the gang is bottled", r.Casualties, r.Crew)
}

// VehicleDamageDie is the vehicle damage die (rules.md §3.3): Glancing on
// three faces, Penetrating on two, Catastrophic on one.
var VehicleDamageDie = dice.Symbols("vehicle damage die", []string{"glancing", "penetrating", "catastrophic"}, []int{3, 2, 1})

var vehicleDamageOutcomes = []string{"glancing", "penetrating", "catastrophic"}

// VehicleDamage is one vehicle damage die against a vehicle that has lost
// its last Hull Point (rules.md §3.3).
type VehicleDamage struct{}

func (VehicleDamage) Name() string       { return "n23-vehicle-damage" }
func (VehicleDamage) Outcomes() []string { return slices.Clone(vehicleDamageOutcomes) }
func (VehicleDamage) Flags() []string    { return nil }

var vehicleDamageOdds = dice.PickOne(VehicleDamageDie, 1, true).Shift(-1)

func (VehicleDamage) Odds() dice.Dist { return vehicleDamageOdds }

func (VehicleDamage) Resolve(t *dice.Tray) (dice.Result, error) {
	d, err := t.Roll(VehicleDamageDie, "vehicle damage die")
	if err != nil {
		return dice.Result{}, err
	}
	t.Keep(t.Len() - 1)
	if !t.Explains() {
		return dice.Result{Outcome: d.Value - 1}, nil
	}
	return dice.Result{Outcome: d.Value - 1, Explain: "rolled 1 vehicle damage die: " + d.Label + " (rules.md §3.3)"}, nil
}

func (VehicleDamage) Describe() string {
	return "roll 1 vehicle damage die (each shows glancing, penetrating or catastrophic)"
}

// Boxed procedure tables: rolling one of these allocates nothing.
var (
	pD6        dice.Procedure = rules.D6{Game: "n23"}
	pVehicle   dice.Procedure = VehicleDamage{}
	pLasting                  = [2]dice.Procedure{Lasting{}, Lasting{Vehicle: true}}
	pInjury                   = [2]dice.Procedure{Injury{Dice: 1}, necromunda.Injury[ed321]{Dice: 1}}
	pRecovery                 = [2]dice.Procedure{Recovery{Dice: 1}, necromunda.Recovery[ed321]{Dice: 1}}
	pFirepower [maxFirepower + 1]dice.Procedure
	pPick      [maxPick + 1]dice.Procedure
	pTest      [8][modRange]dice.Procedure    // target 2..7, modifier −modLo..
	pSave      [2][8][modRange]dice.Procedure // by the option save-natural
	pCheck     [13][modRange]dice.Procedure   // target 2..12
)

func init() {
	for n := 1; n <= maxFirepower; n++ {
		pFirepower[n] = Firepower{Dice: n}
	}
	for n := 1; n <= maxPick; n++ {
		pPick[n] = rules.Pick{Game: "n23", N: n}
	}
	for k := range modRange {
		mod := []int{k - modLo}
		if k == modLo {
			mod = nil
		}
		for target := 2; target <= 7; target++ {
			pTest[target][k] = Test{Target: min(target, 6), Mods: mod}
			if target == 7 {
				// no save at all: a test that can never pass
				pSave[0][target][k] = Test{Target: 6, Mods: []int{-99}, Save: true}
				pSave[1][target][k] = necromunda.Test[edSv2]{Target: 6, Mods: []int{-99}, Save: true}
			} else {
				pSave[0][target][k] = Test{Target: target, Mods: mod, Save: true}
				pSave[1][target][k] = necromunda.Test[edSv2]{Target: target, Mods: mod, Save: true}
			}
		}
		for v := 2; v <= 12; v++ {
			pCheck[v][k] = Check{Value: v, Mods: mod, Dice: 2}
		}
	}
}

func modIndex(mod int) int { return min(max(mod, -modLo), modRange-1-modLo) + modLo }

// test is the boxed D6 test needing target+ with a net modifier.
func test(target, mod int) dice.Procedure { return pTest[min(max(target, 2), 7)][modIndex(mod)] }

// check is the boxed 2D6 test against a target number with a modifier.
func check(target, mod int) dice.Procedure { return pCheck[min(max(target, 2), 12)][modIndex(mod)] }
