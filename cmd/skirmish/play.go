package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/skirmish-engine/skirmish/bot"
	"github.com/skirmish-engine/skirmish/dice"
	"github.com/skirmish-engine/skirmish/engine"
	"github.com/skirmish-engine/skirmish/internal/userfile"
	"github.com/skirmish-engine/skirmish/roster"
	"github.com/skirmish-engine/skirmish/scenario"
	"github.com/spf13/cobra"
)

func newPlay(e *env) *cobra.Command {
	var (
		ruleset, scen, seed, bots, save, diceMode string
		table, strict                             bool
		options, rosters                          []string
		armoury                                   string
	)
	c := &cobra.Command{
		Use:   "play --scenario NAME|FILE [--ruleset R]",
		Short: "Play a game in the terminal, or let bots play it",
		Long: `play runs a game: it shows the state, numbers the legal actions, and
asks for dice, choices and measurements when the rules need them. Type a
number to take that action, or one of:

  odds N     the exact odds of action N; at a table, first what to
             assume for each measurement it needs (sight, range, ...)
  why        what the active model may not take now, and the rule that
             refuses it (too costly, taken already, a name clash, ...)
  why NAME   why the action NAME (shoot, stand up) is not on offer: its
             status, no target, or the economy
  undo       take back the last action (or cancel the one waiting);
             against a bot, back to your own last action; before any
             action, the opening rolls you typed, to type them again
  state      show the state again
  log        show the game so far
  save [F]   save the game (to F, or the --save file)
  quit       stop (saving to the --save file if given)

--bots all plays the whole game without input and prints it (all=greedy:
that bot on every side); --bots with
side names (or numbers) lets bots play those sides, random ones, or the bot
named after "=" (side=greedy), each side once; --bots greedy,mcts names one bot per side, in
side order (random, greedy, mcts, mcts:N iterations), as 'skirmish sim'
records each game's seats, so that a game of a batch replays here with its
seed. --table plays a board
scenario at a real table: measurements become questions to the players.
--dice physical asks the players to roll real dice and type the faces.

The ruleset is the scenario's own: --ruleset is needed only when sample
scenarios of several rulesets share the name. --option name=value sets a
rule option (see 'skirmish rules R' for each ruleset's options), over the
scenario's own.`,
		Example: `  skirmish play --scenario sump-crossing --bots all --seed 7
  skirmish play --scenario my-game.yaml --table --dice physical --option suppressed-removal=end`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if scen == "" {
				return usagef("--scenario: missing; give a sample name (see 'skirmish scenarios') or a YAML file")
			}
			if err := emptyFlags(cmd, "save", "bots"); err != nil {
				return err
			}
			sc, inputs, err := loadScenario(e, ruleset, scen)
			if err != nil {
				return err
			}
			if ruleset != "" && sc.File.Ruleset != ruleset {
				return usagef("--scenario %s is for %s, not --ruleset %s", scen, sc.File.Ruleset, ruleset)
			}
			ruleset = sc.File.Ruleset
			rs := sc.Ruleset
			if err := setOptions(rs.Info(), sc, options); err != nil {
				return err
			}
			// Every roster is read (and its side found by the scenario's
			// names) before any takes its side; the sides then give up
			// their own models, so that a roster is renamed only for
			// another roster.
			var placed []placement
			for _, spec := range rosters {
				p, err := readRosterSpec(e, cmd, sc, spec, armoury)
				if err != nil {
					return err
				}
				placed = append(placed, p)
			}
			for _, p := range placed {
				sc.Vacate(p.side, p.r.Roster.Name == "")
			}
			for _, p := range placed {
				if err := sc.UseRoster(p.side, p.file, p.r.Roster); err != nil {
					return err
				}
			}
			mode := ""
			if table {
				mode = "table"
			}
			su, err := sc.Setup(mode)
			if err != nil {
				return err
			}
			cfg := engine.Config{Strict: strict, Dice: engine.DiceMode(diceMode)}
			if cfg.Dice != engine.DigitalDice && cfg.Dice != engine.PhysicalDice {
				return usagef("--dice %q: not a dice mode; allowed digital or physical", diceMode)
			}
			if cfg.Players, err = parseBots(bots, su, rs); err != nil {
				return err
			}
			everyone := !slices.Contains(cfg.Players, nil)
			switch {
			case everyone && su.Mode == "table":
				return usagef("--bots %s: at a table the players measure, so a person must play; use a board, or leave a side to a person", bots)
			case everyone && cfg.Dice == engine.PhysicalDice:
				return usagef("--bots %s: with --dice physical a person must roll; use digital dice", bots)
			}
			for _, p := range cfg.Players {
				if _, random := p.(engine.RandomPolicy); p != nil && !random && (su.Mode == "table" || cfg.Dice == engine.PhysicalDice) {
					return usagef("--bots %s: greedy and mcts look ahead, which needs a board to measure on and digital dice; use random, or a board", bots)
				}
			}
			if cfg.Seed, err = seedFlag(cmd, seed); err != nil {
				return err
			}
			if save != "" {
				if err := e.checkSave("--save", save, inputs); err != nil {
					return err
				}
			}
			g, err := engine.New(rs, su, cfg)
			if err != nil {
				return err
			}
			want, got := lines(e.stdin)
			defer close(want)
			sig, stop := e.signals()
			defer stop()
			p := &session{e: e, cmd: cmd, g: g, save: save, inputs: inputs, want: want, got: got, sig: sig, quiet: everyone, menuAt: -1}
			fmt.Fprintf(cmd.OutOrStdout(), "%s (%s), %s mode, %s dice, seed %d (repeat with --seed %d)\n",
				su.Name, ruleset, su.Mode, cfg.Dice, cfg.Seed, cfg.Seed)
			return p.run()
		},
	}
	f := c.Flags()
	f.StringVar(&ruleset, "ruleset", "", "the ruleset, when sample scenarios of several share the name: "+rulesetList(e))
	f.StringVar(&scen, "scenario", "", "a sample scenario's name or a scenario file (required)")
	f.StringArrayVar(&options, "option", nil, "a rule option, name=value (repeatable)")
	f.StringArrayVar(&rosters, "roster", nil, "a side's own roster, SIDE=FILE (side number or name; any format 'skirmish roster' reads; repeatable)")
	f.StringVar(&armoury, "armoury", "", "an armoury file giving --roster files' gear its stats by name")
	f.StringVar(&seed, "seed", "", "seed of the dice and bots (default random, printed)")
	f.BoolVar(&table, "table", false, "play at a real table: the players answer measurements")
	f.StringVar(&bots, "bots", "", "sides bots play: all, side names or numbers (=random|greedy|mcts each), or one bot per side (greedy,random)")
	f.StringVar(&save, "save", "", "save the game to this file when it stops (checked before it starts; written atomically; also on end of input and on an interrupt)")
	f.StringVar(&diceMode, "dice", "digital", "digital (rolled for you) or physical (you type the faces)")
	f.BoolVar(&strict, "strict", false, "refuse to undo actions whose dice were rolled")
	return c
}

func rulesetList(e *env) string {
	if ids := e.rulesets.IDs(); len(ids) > 0 {
		return strings.Join(ids, ", ")
	}
	return "none built in yet"
}

// loadScenario finds a sample by name (of ruleset, if given; else of the
// one ruleset that has a sample of that name), or reads a file; it returns
// the files read (none for a sample).
func loadScenario(e *env, ruleset, name string) (*scenario.Scenario, []string, error) {
	if ruleset != "" {
		if _, err := lookupRuleset(e, ruleset, "play"); err != nil {
			return nil, nil, err
		}
	}
	var found []scenario.Sample
	for _, s := range e.samples.Sorted() {
		if s.Name == name && (ruleset == "" || s.Ruleset == ruleset) {
			found = append(found, s)
		}
	}
	switch len(found) {
	case 1:
		sc, err := found[0].Decode(e.rulesets)
		return sc, nil, err
	case 0:
	default:
		var ids []string
		for _, s := range found {
			ids = append(ids, s.Ruleset)
		}
		return nil, nil, usagef("--scenario %q: sample scenarios of %s have that name; say which with --ruleset", name, strings.Join(ids, " and "))
	}
	sc, inputs, err := readScenario(e, name)
	if fi, lerr := os.Lstat(name); errors.Is(err, os.ErrNotExist) && lerr == nil && fi.Mode()&os.ModeSymlink != 0 {
		to, _ := os.Readlink(name)
		return nil, nil, usagef("--scenario %q: a link to %s, which does not exist", name, to)
	}
	if errors.Is(err, os.ErrNotExist) {
		var names []string
		for _, s := range e.samples.Sorted() {
			if ruleset == "" || s.Ruleset == ruleset {
				names = append(names, s.Name)
			}
		}
		of := "sample scenario"
		if ruleset != "" {
			of += " of " + ruleset
		}
		return nil, nil, usagef("--scenario %q: no such %s or file; samples: %s", name, of, orNone(names))
	}
	var ue *userfile.Error
	if errors.As(err, &ue) {
		return nil, nil, usagef("--scenario %q: %s", name, ue.Problem)
	}
	return sc, inputs, err
}

// placement is a --roster read: the side it goes on, and the roster.
type placement struct {
	side int
	file string
	r    *roster.Result
}

// readRosterSpec reads --roster SIDE=FILE and finds its side, saying what
// the roster left out.
func readRosterSpec(e *env, cmd *cobra.Command, sc *scenario.Scenario, spec, armoury string) (placement, error) {
	who, file, ok := strings.Cut(spec, "=")
	who, file = strings.TrimSpace(who), strings.TrimSpace(file)
	if !ok || who == "" || file == "" {
		return placement{}, usagef("--roster %q: want SIDE=FILE, as 0=my-gang.rosz (the side by number from 0, or by name)", spec)
	}
	side := slices.IndexFunc(sc.File.Sides, func(s scenario.Side) bool { return strings.EqualFold(s.Name, who) })
	if n, err := strconv.Atoi(who); err == nil {
		side = n
	}
	if side < 0 || side >= len(sc.File.Sides) {
		var names []string
		for i, s := range sc.File.Sides {
			names = append(names, fmt.Sprintf("%d (%s)", i, s.Name))
		}
		return placement{}, usagef("--roster %q: no side %q; the sides are %s", spec, who, strings.Join(names, ", "))
	}
	data, err := e.readFile(file, roster.MaxSize)
	if err != nil {
		return placement{}, err
	}
	opt := roster.Options{Ruleset: sc.File.Ruleset, Rulesets: e.rulesets}
	if armoury != "" {
		ad, err := e.readFile(armoury, roster.MaxSize)
		if err != nil {
			return placement{}, err
		}
		if opt.Armoury, err = roster.DecodeArmoury(armoury, ad); err != nil {
			return placement{}, err
		}
	}
	r, err := roster.Read(filepath.Base(file), data, "", opt)
	if err != nil {
		return placement{}, err
	}
	if r.Ruleset != sc.File.Ruleset {
		return placement{}, usagef("--roster %q: a %s roster, and the scenario is for %s", spec, r.Ruleset, sc.File.Ruleset)
	}
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "side %d: %s, %d models from %s", side, r.Roster.Name, len(r.Roster.Models), file)
	if len(r.Unknown) == 0 {
		fmt.Fprintln(w, ", nothing left out")
	} else {
		fmt.Fprintf(w, "; left out (%d):\n", len(r.Unknown))
		for _, u := range r.Unknown {
			fmt.Fprintf(w, "  %s: %s (%s)\n", u.Where, u.What, u.Why)
		}
	}
	return placement{side: side, file: file, r: r}, nil
}

// setOptions applies --option name=value flags over the scenario's options,
// each checked against the ruleset's.
func setOptions(in *engine.Info, sc *scenario.Scenario, flags []string) error {
	given := map[string]string{}
	for _, f := range flags {
		name, value, ok := strings.Cut(f, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if prev, twice := given[name]; twice && ok {
			return usagef("--option %s: given twice (%s=%s, then %s=%s); give each option once", name, name, prev, name, value)
		}
		given[name] = value
		var names []string
		for _, o := range in.Options {
			names = append(names, o.Name)
		}
		if !ok || name == "" {
			return usagef("--option %q: want name=value; options of %s: %s", f, in.ID, orNone(names))
		}
		i := slices.IndexFunc(in.Options, func(o engine.OptionDef) bool { return o.Name == name })
		if i < 0 {
			return usagef("--option %q: %s has no option %q; allowed %s", f, in.ID, name, orNone(names))
		}
		if o := in.Options[i]; !slices.Contains(o.Choices, value) {
			return usagef("--option %q: %q is not a value of %s; allowed %s", f, value, name, strings.Join(o.Choices, ", "))
		}
		if sc.File.Options == nil {
			sc.File.Options = map[string]string{}
		}
		sc.File.Options[name] = value
	}
	return nil
}

func orNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

// parseBots reads --bots: all (random bots on every side), side names or
// indices (random bots on those sides), one bot kind per side in side order
// (greedy,random, as skirmish sim records a game's seats), or side=kind
// pairs (a person plays the sides not named).
func parseBots(spec string, su *engine.Setup, rs engine.Ruleset) ([]engine.Policy, error) {
	ps := make([]engine.Policy, len(su.Sides))
	if strings.TrimSpace(spec) == "" {
		return ps, nil
	}
	var names []string
	for _, s := range su.Sides {
		names = append(names, s.Name)
	}
	parts := strings.Split(spec, ",")
	side := func(part string) int {
		i := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, part) })
		if n, err := strconv.Atoi(part); err == nil && n >= 0 && n < len(names) {
			i = n
		}
		return i
	}
	// one bot per side: as many parts as sides, none a side or side=kind,
	// and one a bot at least
	kinds, anyBot := len(parts) == len(names), false
	for _, part := range parts {
		part = strings.TrimSpace(part)
		if side(part) >= 0 || strings.Contains(part, "=") || strings.EqualFold(part, "all") {
			kinds = false
		}
		if _, err := bot.Parse(part); err == nil {
			anyBot = true
		}
	}
	kinds = kinds && anyBot
	set := make([]bool, len(names))
	for k, part := range parts {
		part = strings.TrimSpace(part)
		if who, kind, _ := strings.Cut(part, "="); strings.EqualFold(strings.TrimSpace(who), "all") {
			// all, or all=KIND: that bot on every side, alone
			if len(parts) > 1 {
				return nil, usagef("--bots %q: all stands alone (a bot on every side); or name the sides, as 0=greedy,1=random", spec)
			}
			if kind = strings.TrimSpace(kind); kind == "" || !strings.Contains(part, "=") {
				return engine.Bots(len(su.Sides)), nil
			}
			parts, kinds = slices.Repeat([]string{kind}, len(names)), true
			return parseBots(strings.Join(parts, ","), su, rs)
		}
		i, kind := k, part
		if !kinds {
			var named bool
			part, kind, named = strings.Cut(part, "=")
			part = strings.TrimSpace(part)
			if !named {
				kind = "random"
			}
			if i = side(part); i < 0 {
				if _, err := bot.Parse(part); err == nil && !named {
					return nil, usagef("--bots %q: %d bots for %d sides; give one per side (as greedy,random), all, or side=bot (as 1=greedy)", spec, len(parts), len(names))
				}
				return nil, usagef("--bots %q: not a side; allowed all, %s, or 0 to %d", part, strings.Join(names, ", "), len(names)-1)
			}
		}
		if set[i] {
			return nil, usagef("--bots %q: side %d (%s) given twice", spec, i, names[i])
		}
		set[i] = true
		sp, err := bot.Parse(kind)
		if err != nil {
			var se *bot.SpecError
			if errors.As(err, &se) {
				return nil, usagef("--bots %q: %q: %s", spec, strings.TrimSpace(kind), se.Problem)
			}
			return nil, err
		}
		if ps[i], err = bot.New(sp, rs); err != nil {
			return nil, err
		}
	}
	return ps, nil
}

// session is an interactive game in the terminal.
type session struct {
	e       *env
	cmd     *cobra.Command
	g       *engine.Game
	save    string
	inputs  []string // the files the game was read from, never saved over
	want    chan<- struct{}
	got     <-chan lineResult
	sig     <-chan os.Signal
	quiet   bool // bots play every side: print the game once at the end
	printed int  // log entries shown
	// early is 1 + the index of the entry whose action was shown before it
	// was written, ahead of a question that follows the action (showProgress),
	// or 0: when it is written, only what followed is left to show.
	early int
	// menuAt is the decision whose menu was shown last (its log length),
	// or -1: a menu is shown once per decision, and again on "menu".
	menuAt int
}

func (p *session) out() io.Writer { return p.cmd.OutOrStdout() }

func (p *session) run() error {
	g := p.g
	if !p.quiet {
		fmt.Fprint(p.out(), stateText(g.State()))
	}
	for {
		if !p.quiet {
			if err := p.showLog(); err != nil {
				return err
			}
		}
		if g.Over() {
			break
		}
		select {
		case <-p.sig:
			return p.interrupted()
		default:
		}
		moved, err := g.Step()
		if err != nil {
			return err
		}
		if moved {
			continue
		}
		switch err := p.ask(); {
		case errors.Is(err, errQuit):
			fmt.Fprintln(p.out(), "stopped before the game ended")
			return p.stop()
		case errors.Is(err, io.EOF):
			fmt.Fprintln(p.out(), "input ended before the game did")
			return p.stop()
		case errors.Is(err, errInterrupted):
			return p.interrupted()
		case err != nil: // the input cannot be read
			fmt.Fprintln(p.out(), "input failed before the game ended")
			return errors.Join(err, p.stop())
		}
	}
	if p.quiet {
		if err := p.showLog(); err != nil {
			return err
		}
	}
	fmt.Fprintln(p.out(), resultText(g))
	return p.stop()
}

// resultText is the game's result, then the ruleset's post-battle report
// (N26: lasting injuries), if it has one.
func resultText(g *engine.Game) string {
	s := g.State()
	out := fmt.Sprintf("game over in round %d: a draw", s.Round)
	if s.Winner >= 0 {
		out = fmt.Sprintf("game over in round %d: %s wins", s.Round, sideName(s, s.Winner))
	}
	if r, ok := g.Ruleset().(engine.Reporter); ok {
		if lines := r.Report(s); len(lines) > 0 {
			out += "\nafter the battle:\n  " + strings.Join(lines, "\n  ")
		}
	}
	return out
}

func (p *session) stop() error {
	if p.save == "" {
		return nil
	}
	return p.saveTo(p.save)
}

// interrupted saves the game (with --save) and stops with an error.
func (p *session) interrupted() error {
	fmt.Fprintln(p.out(), "\ninterrupted before the game ended")
	return errors.Join(errInterrupted, p.stop())
}

// saveTo writes the game atomically: a failed write leaves an earlier save
// whole. A file other than --save is checked first, as --save was.
func (p *session) saveTo(name string) error {
	if name != p.save {
		if err := p.e.checkSave("save", name, p.inputs); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	if err := p.g.Save(&buf); err != nil {
		return err
	}
	if err := p.e.writeFile(name, buf.Bytes()); err != nil {
		return fmt.Errorf("save: %s: %s", name, userProblem(err))
	}
	fmt.Fprintf(p.out(), "saved to %s\n", name)
	return nil
}

func (p *session) showLog() error {
	entries := p.g.Log().Entries
	if p.printed >= len(entries) {
		return nil
	}
	an, err := p.g.Annotate()
	if err != nil {
		return err
	}
	s := p.g.State()
	for _, a := range an[p.printed:] {
		if a.Index+1 == p.early { // its action was shown already
			if t := thenText(engine.LogLines(s, []engine.Annotated{a})[0]); t != "" {
				fmt.Fprintln(p.out(), strings.TrimPrefix(t, "\n"))
			}
			continue
		}
		fmt.Fprintln(p.out(), entryText(s, a))
	}
	p.printed = len(entries)
	p.early = 0
	return nil
}

// showProgress shows, before question pr, what the action waiting for it
// has done so far. Once the action itself is resolved and the question
// comes of what follows it by itself (Teamwork at the end of a Turn, the
// next round's priority roll: engine.Prompt.Followed), that is the
// action's log line, shown once, as the log will show it; when the entry
// is written, only what followed is left to show. And before a choice
// with digital dice, the answers so far that the line does not show: what
// the dice did, which the players did not type.
func (p *session) showProgress(pr *engine.Prompt) {
	g := p.g
	digital := pr.Kind == engine.ChoiceQ && g.Config().Dice == engine.DigitalDice
	if !pr.Followed && (!digital || pr.Answer == 0) {
		return
	}
	pg := g.Progress()
	if pg == nil {
		return
	}
	answers := pg.Line.Answers
	if pr.Followed {
		if p.early != pr.Entry+1 {
			id := ""
			if pg.Line.Side < 0 {
				id = "start"
			}
			fmt.Fprintln(p.out(), ownText(g.State(), id, pg.Line))
			p.early = pr.Entry + 1
		}
		answers, _ = pg.Line.Followed()
	}
	if digital && len(answers) > 0 {
		fmt.Fprintf(p.out(), "so far: %s\n", strings.Join(answers, "; "))
	}
}

// errQuit stops a session at the player's request.
var errQuit = errors.New("quit")

// ask shows the decision and handles one line of input; it returns io.EOF
// at the end of input, errQuit when the player stops and errInterrupted on
// an interrupt.
func (p *session) ask() error {
	g := p.g
	s := g.State()
	w := p.out()
	legal := g.Legal()
	if pr := g.Pending(); pr != nil {
		p.showProgress(pr)
		fmt.Fprintln(w, promptText(s, pr))
	} else if n := len(g.Log().Entries); n != p.menuAt {
		p.menuAt = n
		fmt.Fprintf(w, "%s to decide%s:\n", sideName(s, g.Decider()), budgetText(s))
		fmt.Fprint(w, menuText(s, legal))
	}
	line, err := p.readLine("> ")
	switch {
	case errors.Is(err, errLineTooLong):
		fmt.Fprintln(w, "error:", err)
		return nil
	case err != nil:
		return err
	}
	pending := g.Pending()
	err = p.command(line, legal)
	if errors.Is(err, errQuit) || errors.Is(err, io.EOF) || errors.Is(err, errInterrupted) {
		return err
	}
	if err != nil {
		fmt.Fprintln(w, "error:", oneLine(playMessage(err, pending)))
	}
	return nil
}

// readLine prints prompt and reads one line of input, trimmed and echoed;
// it returns errLineTooLong for an overlong line (skipped), io.EOF at the
// end of input and errInterrupted on an interrupt.
func (p *session) readLine(prompt string) (string, error) {
	w := p.out()
	fmt.Fprint(w, prompt)
	var in lineResult
	p.want <- struct{}{}
	select {
	case in = <-p.got:
	case <-p.sig:
		return "", errInterrupted
	}
	if in.err != nil {
		fmt.Fprintln(w)
		return "", in.err
	}
	line := strings.TrimSpace(in.text)
	fmt.Fprintln(w, printable(line))
	return line, nil
}

// maxAssumed is the most measurements one odds command asks to assume
// before giving up (an action needs a handful).
const maxAssumed = 32

// odds prints the exact odds of action a. At a table the odds need what
// the board would measure (sight, distances): each measurement the action
// needs is asked as "assume ...?", answered as the real question would
// be, and the odds are for those assumptions (engine.OddsOptions.Assume).
// A blank answer stops without odds.
func (p *session) odds(a engine.Action) error {
	g := p.g
	var opt engine.OddsOptions
	var assumed []string
	for {
		o, err := g.Odds(a, opt)
		var nf *engine.NeedFactError
		if errors.As(err, &nf) {
			if len(opt.Assume) == maxAssumed {
				return fmt.Errorf("odds: the action needs more than %d measurements; not worked out", maxAssumed)
			}
			v, text, err := p.assume(nf)
			if err != nil {
				return err
			}
			opt.Assume = append(opt.Assume, engine.Assumed{Key: nf.Key, Fact: nf.Fact, Value: v})
			assumed = append(assumed, text)
			continue
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(p.out(), "odds of %s (%d dice paths):\n", actionText(g.State(), a), o.Paths)
		for _, x := range assumed {
			fmt.Fprintf(p.out(), "  assumed: %s\n", x)
		}
		fmt.Fprintf(p.out(), "  rolls: %s\n", rollsText(o.Dice))
		fmt.Fprintf(p.out(), "  in short: %s\n", o.Headline(g.State()))
		for _, r := range o.Rows {
			f, _ := r.P.Float64()
			fmt.Fprintf(p.out(), "  %-24s %12s %7.2f%%\n", r.Label, ratString(r.P), 100*f)
		}
		return nil
	}
}

// rollsText names the rolls an action's odds say it may ask for, or says
// it rolls none.
func rollsText(ds []engine.OddsDie) string {
	if len(ds) == 0 {
		return "none: no dice are rolled"
	}
	var ws []string
	for _, d := range ds {
		w := d.What
		if w == "" {
			w = d.Key
		}
		if !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	return strings.Join(ws, ", ")
}

// assume asks what to assume for one measurement the odds need, until the
// answer reads as one; it returns the value and the assumption in words.
func (p *session) assume(nf *engine.NeedFactError) (int, string, error) {
	how := "yes or no, y or n"
	if !nf.Fact.Boolean() {
		how = "inches"
	}
	for {
		line, err := p.readLine(fmt.Sprintf("for the odds, assume: %s (%s; blank to stop) ", nf.Question, how))
		switch {
		case errors.Is(err, errLineTooLong):
			fmt.Fprintln(p.out(), "error:", err)
			continue
		case err != nil:
			return 0, "", err
		case line == "":
			return 0, "", usagef("odds: stopped; nothing assumed, no odds")
		case strings.EqualFold(line, "quit") || strings.EqualFold(line, "exit"):
			return 0, "", errQuit
		}
		v, err := factValue(nf.Fact, line)
		if err != nil {
			fmt.Fprintln(p.out(), "error:", oneLine(message(err)))
			continue
		}
		text := nf.Question + " " + line
		if nf.Fact.Boolean() {
			text = nf.Question + " " + map[int]string{0: "no", 1: "yes"}[v]
		}
		return v, text, nil
	}
}

// playMessage is message for a line typed in play: faces typed at a
// prompt are not the --faces flag of roll; the prompt just above names the
// roll, so the message names only the face.
func playMessage(err error, pending *engine.Prompt) string {
	var (
		fe *dice.FacesError
		ae *engine.AnswerError
	)
	switch {
	case errors.As(err, &fe) && pending != nil:
		return fmt.Sprintf("face %d: %s", fe.Index+1, fe.Problem)
	case errors.As(err, &ae) && pending != nil && ae.Key == pending.Key:
		return ae.Problem
	}
	return message(err)
}

func (p *session) command(line string, legal []engine.Action) error {
	g := p.g
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch strings.ToLower(word) {
	case "":
		return nil
	case "help", "?":
		fmt.Fprintln(p.out(), "commands: a number, an action as the log writes it (turn kessa #137 or turn m0 #137), menu, odds N, why [NAME], undo, state, log, save [FILE], quit")
		return nil
	case "menu":
		p.menuAt = -1 // shown again
		return nil
	case "why":
		return p.why(rest, legal)
	case "quit", "exit":
		return errQuit
	case "undo":
		pr := g.Pending()
		if err := g.Undo(); err != nil {
			return err
		}
		p.menuAt = -1                           // the decision is back: show its menu
		if pr != nil && p.early == pr.Entry+1 { // its action was shown: say it is gone
			fmt.Fprintf(p.out(), "%4d  taken back before it was done: not in the log\n", pr.Entry)
			p.early = 0
		}
		// taking back the start empties the log: show it anew
		p.printed = min(p.printed, len(g.Log().Entries))
		return nil
	case "state":
		// While a question waits, the state as the action waiting has left
		// it so far (a model Incapacitated is out, the Engagement of those
		// it fought is over): the game's own state moves only once the
		// action is done.
		if pg := g.Progress(); pg != nil {
			fmt.Fprintln(p.out(), "while the question waits: the state so far (undo takes the action back)")
			fmt.Fprint(p.out(), stateText(pg.State))
			return nil
		}
		fmt.Fprint(p.out(), stateText(g.State()))
		return nil
	case "log":
		p.printed = 0
		return p.showLog()
	case "save":
		name := rest
		if name == "" {
			name = p.save
		}
		if name == "" {
			return usagef("save: give a file name (or start with --save)")
		}
		return p.saveTo(name)
	case "odds":
		if g.Pending() != nil {
			return usagef("odds: a question is waiting; answer it first (or undo)")
		}
		a, err := pick(rest, legal)
		if err != nil {
			return err
		}
		return p.odds(a)
	}
	if pr := g.Pending(); pr != nil {
		return p.answer(pr, line)
	}
	if _, err := menuNumber(line); err != nil && strings.ContainsAny(line, " ") {
		// An action in its stable form, as the API writes it ("turn m0
		// #137": a heading the menu does not list), models by number or,
		// as the log names them, by ID ("turn kessa #137"): the game
		// judges it, and says why when it is not legal.
		a, perr := engine.ParseAction(withModelNumbers(g.State(), line))
		switch {
		case perr == nil && g.Info().Action(a.ID) >= 0:
			if why := g.WhyNot(a); why != "" {
				return usagef("%q: %s", line, why)
			}
			return g.Apply(a)
		case perr != nil && g.Info().Action(strings.Fields(line)[0]) >= 0:
			// an action's name, then a part that does not read
			return usagef("%s", strings.TrimPrefix(perr.Error(), "engine: "))
		}
	}
	a, err := pick(line, legal)
	if err != nil {
		return err
	}
	return g.Apply(a)
}

// withModelNumbers rewrites the model IDs of a typed action as their
// numbers (kessa → m0, >voss → >m5), leaving every other word as it is.
// A model's ID wins over the number form, as the menu and the log write
// IDs: in a scenario whose model "m1" is model 0, "activate m1" is it.
func withModelNumbers(s *engine.State, line string) string {
	f := strings.Fields(line)
	for i := 1; i < len(f); i++ {
		w, pre := f[i], ""
		if strings.HasPrefix(w, ">") {
			w, pre = w[1:], ">m"
		} else {
			pre = "m"
		}
		for m := range s.Models {
			if strings.EqualFold(s.Static(m).ID, w) {
				f[i] = pre + strconv.Itoa(m)
				break
			}
		}
	}
	return strings.Join(f, " ")
}

// why lists what the active model may not take now for the action
// economy's sake, with the rule's reason (engine.Game.Barred); why NAME
// says why an action of that name is not on offer (its status, no target,
// the economy: engine.Game.Unavailable and Barred).
func (p *session) why(name string, legal []engine.Action) error {
	g := p.g
	if g.Pending() != nil {
		return usagef("why: a question is waiting; answer it first (or undo)")
	}
	if name != "" {
		return p.whyAction(name, legal)
	}
	bs := g.Barred()
	if len(bs) == 0 {
		fmt.Fprintln(p.out(), "nothing the active model could take is refused by the action economy now")
	} else {
		fmt.Fprintln(p.out(), "not now:")
		for _, b := range bs {
			fmt.Fprintf(p.out(), "  %s: %s\n", b.Text, b.Reason)
		}
	}
	if g.State().Turn.Model != engine.NoModel {
		fmt.Fprintln(p.out(), "(why NAME says why an action is not on offer, as in: why shoot)")
	}
	return nil
}

// whyAction explains each action definition called name (by name or ID,
// in any case): on offer, refused by the economy, or not on offer and the
// rules' condition for it.
func (p *session) whyAction(name string, legal []engine.Action) error {
	g := p.g
	s := g.State()
	if s.Turn.Model == engine.NoModel {
		return usagef("why %s: no model is active; activate one first", name)
	}
	var names []string
	found := false
	defs := s.Info().Actions
	for _, d := range defs {
		names = append(names, strings.ToLower(d.Name))
		if !strings.EqualFold(d.Name, name) && !strings.EqualFold(d.ID, name) {
			continue
		}
		found = true
		label := d.Name // two definitions may share a name (N23's Shoot and quick-draw's)
		if slices.ContainsFunc(defs, func(o engine.ActionDef) bool { return o.Name == d.Name && o.ID != d.ID }) {
			label += " (" + d.ID + ")"
		}
		var nums []string
		for i, a := range legal {
			if a.ID == d.ID {
				nums = append(nums, fmt.Sprint(i+1))
			}
		}
		said := false
		if len(nums) > 0 {
			fmt.Fprintf(p.out(), "  %s: on offer now (%s %s)\n", label, map[bool]string{true: "action", false: "actions"}[len(nums) == 1], strings.Join(nums, ", "))
			said = true
		}
		for _, r := range g.Barred() { // each option: its target matters
			if r.Action.ID == d.ID {
				fmt.Fprintf(p.out(), "  %s: %s\n", r.Text, r.Reason)
				said = true
			}
		}
		for _, r := range g.Unavailable() {
			if r.Action.ID == d.ID {
				fmt.Fprintf(p.out(), "  %s: %s\n", label, r.Reason)
				said = true
			}
		}
		if !said {
			fmt.Fprintf(p.out(), "  %s: not on offer now (%s)\n", label, d.When)
		}
	}
	if !found {
		slices.Sort(names)
		return usagef("why %s: no action of that name; the actions are %s", name, strings.Join(slices.Compact(names), ", "))
	}
	return nil
}

func ratString(r *big.Rat) string { return r.RatString() }

// menuNumber reads a menu number: plain digits, no sign, no leading zero,
// so that "+1" or "01" are not taken for 1.
func menuNumber(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" || s[0] == '0' || strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) >= 0 {
		return 0, fmt.Errorf("not a menu number")
	}
	return strconv.Atoi(s)
}

// prefixOf is the option that line begins, if exactly one does (case does
// not matter), else -1.
func prefixOf(options []string, line string) int {
	if ms := prefixes(options, line); len(ms) == 1 {
		return ms[0]
	}
	return -1
}

// prefixes are the options that line begins (case does not matter).
func prefixes(options []string, line string) []int {
	if line == "" {
		return nil
	}
	var ms []int
	for i, o := range options {
		if len(line) <= len(o) && strings.EqualFold(o[:len(line)], line) {
			ms = append(ms, i)
		}
	}
	return ms
}

// byName reports whether a menu of options goes by the options' names only:
// when any name is a whole number, menu positions would read as names.
func byName(options []string) bool {
	return slices.ContainsFunc(options, func(o string) bool { _, err := strconv.Atoi(o); return err == nil })
}

// How answers are typed (the README's "Playing a game" says the same).
// A yes-or-no question, a choice between yes and no or a yes-or-no
// measurement, takes yes, no, y or n in any case, and never a number:
// "1" would be yes in one menu and no in another (N26 asks "no" first),
// and a number at a measurement may be meant as inches. Any other choice
// takes its number in the menu (before any name it could start), its
// name, or the start of its name when only one option starts so, and a
// menu of "pass" and one other also takes yes (the other) and no (pass); where the options are numbers themselves
// (markers to spend) a number is the option's name, never a place in the
// menu. Each prompt's last line and each error say which forms it takes.

// yesNo reports whether a choice asks yes or no: its options are yes and
// no, in either order.
func yesNo(options []string) bool {
	return len(options) == 2 && slices.Contains(options, "yes") && slices.Contains(options, "no")
}

// yesNoForms is how a yes-or-no question is answered.
const yesNoForms = "yes or no (y or n)"

// yesNoAnswer reads a yes-or-no answer: yes or y (true), no or n (false),
// in any case; otherwise an error saying what works.
func yesNoAnswer(line string) (bool, error) {
	switch strings.ToLower(line) {
	case "yes", "y":
		return true, nil
	case "no", "n":
		return false, nil
	}
	if _, err := strconv.ParseFloat(line, 64); err == nil {
		return false, usagef("%q: a yes-or-no question; type %s, not a number", line, yesNoForms)
	}
	return false, usagef("%q: not yes or no; type %s", line, yesNoForms)
}

// menuForms says how a menu of n options is answered: "1 or 2, or a name
// (its start will do)".
func menuForms(n int) string {
	switch n {
	case 1:
		return "1, or the name (its start will do)"
	case 2:
		return "1 or 2, or a name (its start will do)"
	}
	return fmt.Sprintf("1 to %d, or a name (its start will do)", n)
}

// byNameForms says how a menu of numbers is answered.
func byNameForms(options []string) string {
	return "one of " + strings.Join(options, ", ") + " (the number is the option itself, not its place in the list)"
}

// choiceIndex reads the answer to a choice (see "How answers are typed"),
// or an error that says which forms work.
func choiceIndex(options []string, line string) (int, error) {
	if yesNo(options) {
		yes, err := yesNoAnswer(line)
		if err != nil {
			return 0, err
		}
		return slices.Index(options, map[bool]string{true: "yes", false: "no"}[yes]), nil
	}
	if i := slices.IndexFunc(options, func(o string) bool { return strings.EqualFold(o, line) }); i >= 0 {
		return i, nil
	}
	if byName(options) {
		return 0, usagef("%q: not an option; type %s", line, byNameForms(options))
	}
	// A menu number is a place in the menu before it is the start of a
	// name ("2" at a menu of headings is the second, not "270-degrees").
	if n, err := menuNumber(line); err == nil && n >= 1 && n <= len(options) {
		return n - 1, nil
	}
	if i := passOrNot(options, line); i >= 0 {
		return i, nil
	}
	switch ms := prefixes(options, line); len(ms) {
	case 1:
		return ms[0], nil
	case 0:
	default:
		var names []string
		for _, i := range ms {
			names = append(names, options[i])
		}
		return 0, usagef("%q: the start of %s; type more of the name, or %s", line, strings.Join(names, " and "), menuForms(len(options)))
	}
	if _, err := yesNoAnswer(line); err == nil {
		return 0, usagef("%q: not an option, and this choice is not yes or no; type %s", line, menuForms(len(options)))
	}
	return 0, usagef("%q: not an option; type %s", line, menuForms(len(options)))
}

// passOrNot reads yes or no at a menu of two whose one option is "pass"
// (a Ploy token to spend or not): no is the pass, yes the other; -1 for
// any other menu or line.
func passOrNot(options []string, line string) int {
	i := slices.Index(options, "pass")
	if len(options) != 2 || i < 0 {
		return -1
	}
	yes, err := yesNoAnswer(line)
	switch {
	case err != nil:
		return -1
	case yes:
		return 1 - i
	}
	return i
}

// pick reads an action number.
func pick(s string, legal []engine.Action) (engine.Action, error) {
	n, err := menuNumber(s)
	if err != nil || n < 1 || n > len(legal) {
		if len(legal) == 0 {
			return engine.Action{}, usagef("%q: no action to take now", s)
		}
		return engine.Action{}, usagef("%q: not an action number; allowed 1 to %d, or help", s, len(legal))
	}
	return legal[n-1], nil
}

func (p *session) answer(pr *engine.Prompt, line string) error {
	g := p.g
	switch pr.Kind {
	case engine.DiceQ:
		faces, err := dice.ParseFaces(line)
		if err != nil {
			return err
		}
		return g.Answer(engine.DiceQ, engine.Reply{Faces: faces})
	case engine.ChoiceQ:
		i, err := choiceIndex(pr.Options, line)
		if err != nil {
			return err
		}
		return g.Answer(engine.ChoiceQ, engine.Reply{Choice: i})
	default:
		v, err := factValue(pr.Fact, line)
		if err != nil {
			return err
		}
		return g.Answer(engine.FactQ, engine.Reply{Value: v})
	}
}

// factValue reads the answer to a measurement: yes or no (1 or 0) for a
// yes/no fact (yesNoAnswer), else inches (hundredths) within the fact's
// range.
func factValue(f engine.Fact, line string) (int, error) {
	if f.Boolean() {
		yes, err := yesNoAnswer(line)
		if yes {
			return 1, err
		}
		return 0, err
	}
	v, err := strconv.ParseFloat(strings.TrimSuffix(line, "\""), 64)
	lo, hi := f.Range() // hundredths; elevations may be negative
	if h := math.Round(v * 100); err != nil || math.IsNaN(v) || h < float64(lo) || h > float64(hi) {
		return 0, usagef("%q: not a measurement; allowed %g to %g inches", line, float64(lo)/100, float64(hi)/100)
	}
	return int(math.Round(v * 100)), nil
}
