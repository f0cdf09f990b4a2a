package falloutfactions

import (
	"fmt"
	"strings"
	"sync"

	"github.com/skirmish-engine/skirmish/engine"
)

// Summaries of an action's result, for exact odds (engine.Summarizer):
// what befell its target, then what befell other models (Confusion Tests,
// an Area weapon). Labels are made once per kind of result.

// fate packs what happened to one model between two states: out (1
// Incapacitated, 2 fled), Injuries and Harm gained, Fatigue Suffered, and
// whether it was pushed.
type fate struct {
	out, injuries, harm, fatigue int
	pushed                       bool
}

func fateOf(before, after *engine.State, m int) fate {
	b, a := &before.Models[m], &after.Models[m]
	var f fate
	switch {
	case b.InPlay && !a.InPlay && after.Has(m, cFled):
		f.out = 2
	case b.InPlay && !a.InPlay:
		f.out = 1
	case a.InPlay:
		f.injuries = int(a.Counters[cInjuries] - b.Counters[cInjuries])
		f.harm = int(a.Counters[cHarm] - b.Counters[cHarm])
		f.fatigue = int(a.Counters[cFatigue] - b.Counters[cFatigue])
		f.pushed = a.Pos != b.Pos
	}
	return f
}

// score is how bad the fate is for the model's crew.
func (f fate) score() int {
	switch f.out {
	case 1, 2:
		return 12
	}
	return 4*f.injuries + f.harm + max(f.fatigue, 0)
}

func (f fate) key() uint64 {
	k := uint64(f.out) | uint64(f.injuries&0xf)<<2 | uint64((f.harm+8)&0xf)<<6 | uint64((f.fatigue+4)&0x7)<<10
	if f.pushed {
		k |= 1 << 13
	}
	return k
}

func (f fate) String() string {
	switch f.out {
	case 1:
		return "incapacitated"
	case 2:
		return "fled"
	}
	var p []string
	if f.injuries > 0 {
		p = append(p, plural(f.injuries, "injury", "injuries"))
	}
	if f.harm != 0 {
		p = append(p, fmt.Sprintf("%+d harm", f.harm))
	}
	if f.fatigue > 0 {
		p = append(p, fmt.Sprintf("+%d fatigue", f.fatigue))
	}
	if f.pushed {
		p = append(p, "pushed back")
	}
	if len(p) == 0 {
		return "no damage"
	}
	return strings.Join(p, ", ")
}

// labels are the labels made so far, by kind of result: a handful.
var labels struct {
	sync.RWMutex
	m map[uint64]string
}

// Summarize names the fate of the action's target and counts what befell
// other models: "1 injury, +1 harm; 1 fled". The score is the acting
// crew's: harm to enemies counts for it, to friends against. A result in
// which a crew spent a Ploy token says so ("Lucky Break spent"): the odds
// let each crew spend Lucky Break where it does best by the result (the
// engine's odds policy), and the players must see when the odds count on
// a token. The token itself is not scored.
func (r *Rules) Summarize(before, after *engine.State, a engine.Action) (string, int) {
	side := before.ActionSide(a)
	score := 0
	var key uint64
	var tf fate
	t := a.Target
	if t >= 0 && t < len(before.Models) && (a.ID == "fire" || a.ID == "brawl" || a.ID == "open-fire") {
		tf = fateOf(before, after, t)
		key = tf.key() | 1<<63
		if before.SideOf(t) == side {
			score -= tf.score()
		} else {
			score += tf.score()
		}
	} else {
		t = engine.NoModel
	}
	var out, fled, hurt int
	for m := range before.Models {
		if m == t || !before.Models[m].InPlay {
			continue
		}
		f := fateOf(before, after, m)
		if m == a.Actor {
			f.fatigue = 0 // paid for the action
		}
		sign := 1
		if before.SideOf(m) == side {
			sign = -1
		}
		switch {
		case f.out == 1:
			out++
		case f.out == 2:
			fled++
		case f.injuries > 0 || f.harm > 0 || f.fatigue > 0:
			hurt++
		default:
			continue
		}
		score += sign * f.score()
	}
	own, foe := ploysSpent(before, after, side)
	key |= uint64(min(out, 63))<<16 | uint64(min(fled, 63))<<22 | uint64(min(hurt, 63))<<28 | uint64(min(own, 3))<<34 | uint64(min(foe, 3))<<36
	labels.RLock()
	l, ok := labels.m[key]
	labels.RUnlock()
	if ok {
		return l, score
	}
	var p []string
	if t != engine.NoModel {
		p = append(p, tf.String())
	}
	if out > 0 {
		p = append(p, fmt.Sprintf("%d other incapacitated", out))
	}
	if fled > 0 {
		p = append(p, fmt.Sprintf("%d fled", fled))
	}
	if hurt > 0 {
		p = append(p, fmt.Sprintf("%d other hurt or fatigued", hurt))
	}
	if own > 0 {
		p = append(p, plural(own, "Ploy token", "Ploy tokens")+" spent on Lucky Break")
	}
	if foe > 0 {
		p = append(p, "the other crew spent "+plural(foe, "Ploy token", "Ploy tokens")+" on Lucky Break")
	}
	label := strings.Join(p, "; ")
	if label == "" {
		label = "no change"
	}
	labels.Lock()
	if labels.m == nil {
		labels.m = map[uint64]string{}
	}
	labels.m[key] = label
	labels.Unlock()
	return label, score
}

// ploysSpent counts the Ploy tokens the acting crew (side) and the other
// crew spent between two states: within an action, on Lucky Break (the
// odds never spend Teamwork, which changes no result).
func ploysSpent(before, after *engine.State, side int) (own, foe int) {
	for c := range before.Sides {
		n := int(before.Sides[c].Counters[sPloys] - after.Sides[c].Counters[sPloys])
		if n <= 0 {
			continue
		}
		if c == side {
			own += n
		} else {
			foe += n
		}
	}
	return own, foe
}
