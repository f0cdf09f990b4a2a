package mini

import (
	"fmt"
	"testing"

	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/dice/dicetest"
)

// The toy ruleset's procedures keep the dice.Procedure contract, as the
// real rulesets' do: exact odds, faces read back, a Roller's result.
func TestProcedureContract(t *testing.T) {
	for i, p := range []dice.Procedure{testFor(2), testFor(4), testFor(7), injuries[1], injuries[3], rollOffP, fights[0][0], fights[3][1]} {
		t.Run(fmt.Sprintf("%s/%d", p.Name(), i), func(t *testing.T) { dicetest.CheckProcedure(t, p, uint64(300+i), 5000) })
	}
}
