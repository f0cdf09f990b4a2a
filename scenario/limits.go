package scenario

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"

	"github.com/skirmish-engine/skirmish/engine"
)

// Limits on a scenario or roster file. A file over any of them is refused
// with its line and column before it costs more than a few tens of
// megabytes, whatever it holds: goccy/go-yaml v1.19.2 has no decoder options
// for alias expansion or depth (its issue #803 asks for one), its scanner
// and parser spend a few hundred bytes per token, and its scanner up to 90
// bytes per byte of one long scalar (a block of text), so the size is kept
// to 256 KiB (a scenario of 64 models in full needs about 40 KiB) and the
// file is measured in four cheap steps before it is decoded:
//
//  1. marks: every word, YAML symbol and line is counted over the raw bytes
//     (no allocation); this bounds the number of tokens the scanner can make,
//     whatever the file's quoting;
//  2. tokens: the scanner's tokens (comments aside) are counted, with the
//     nesting depth (flow brackets, and block indentation) and the aliases;
//  3. nodes: the parsed tree is walked once, each alias counted as the
//     size of what it stands for (memoized per anchor), so an alias bomb
//     is refused from its size, not by expanding it;
//  4. models: the sides' inline models are counted before decoding.
//
// A legitimate scenario of 64 models with full profiles and gear uses
// about a tenth of each limit.
const (
	MaxSize    = 256 << 10 // bytes
	MaxMarks   = 100_000   // words, symbols and lines
	MaxTokens  = 40_000    // YAML tokens, comments aside
	MaxDepth   = 64        // nesting of collections
	MaxAliases = 1_000     // *alias references
	MaxNodes   = 40_000    // values, with aliases expanded
)

var bom = []byte("\xEF\xBB\xBF")

// readYAML checks data against the limits and parses it into one document's
// body (nil for an empty file). A leading UTF-8 byte-order mark is dropped.
func readYAML(name string, data []byte) (ast.Node, error) {
	if len(data) > MaxSize {
		return nil, &Error{File: name, Problem: fmt.Sprintf("%d bytes; allowed at most %d", len(data), MaxSize)}
	}
	data = bytes.TrimPrefix(data, bom)
	if err := countMarks(name, data); err != nil {
		return nil, err
	}
	var tokens token.Tokens
	err := guard(name, func() error {
		tokens = lexer.Tokenize(string(data))
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := checkTokens(name, tokens); err != nil {
		if te := tabIndent(name, data); te != nil {
			return nil, te
		}
		return nil, err
	}
	var f *ast.File
	if err := guard(name, func() (err error) { f, err = parser.Parse(tokens, 0); return err }); err != nil {
		if te := tabIndent(name, data); te != nil {
			return nil, te // what the parser's own message would not say
		}
		return nil, yamlError(name, err)
	}
	var body ast.Node
	for i, doc := range f.Docs {
		if doc == nil || doc.Body == nil {
			continue
		}
		if body != nil {
			e := &Error{File: name, Problem: fmt.Sprintf("more than one YAML document (document %d); a file holds one", i+1)}
			e.Line, e.Column = at(doc.Body.GetToken())
			return nil, e
		}
		body = doc.Body
	}
	if body == nil {
		return nil, nil
	}
	w := walker{name: name, anchors: map[string]int{}}
	if _, err := w.size(body); err != nil {
		return nil, err
	}
	return body, nil
}

// decodeNode decodes a checked body strictly into v. A value of the wrong
// type is reported with its field path and what was wanted.
func decodeNode(name string, body ast.Node, v any) error {
	if body == nil {
		return nil
	}
	err := guard(name, func() error { return yaml.NodeToValue(body, v, yaml.Strict()) })
	if err == nil {
		return nil
	}
	var ye yaml.Error
	if errors.As(err, &ye) && ye.GetToken() != nil {
		if m := wrongType.FindStringSubmatch(ye.GetMessage()); m != nil {
			tk := ye.GetToken()
			problem := fmt.Sprintf("%s (%s) where %s is wanted", article(m[1]), tk.Value, wanted(m[2]))
			if tooBig.MatchString(tk.Value) && strings.Contains(wanted(m[2]), "number") {
				// a number the library could not hold reads as a string
				problem = fmt.Sprintf("%s is out of range: too large a number", clipped(tk.Value))
			}
			e := &Error{File: name, Path: pathOf(body, tk), Problem: problem}
			e.Line, e.Column = at(tk)
			return e
		}
	}
	return yamlError(name, err)
}

// wholeField matches the path of a value that decodes as a whole number.
var wholeField = regexp.MustCompile(`(\.(profile|stats|counters)\.[^.\[]+|^\$\.rounds|\.level|\.below)$`)

// wholeNumber matches a whole number written out in decimal.
var wholeNumber = regexp.MustCompile(`^[+-]?\d[\d_]*$`)

// tooBig matches a number written out that YAML read as a string because
// no number type holds it (1e999, thirty digits).
var tooBig = regexp.MustCompile(`^[+-]?(\d[\d_]*)(\.\d*)?([eE][+-]?\d+)?$`)

// clipped shortens a long value for a message.
func clipped(v string) string {
	if len(v) > 24 {
		return v[:20] + "…"
	}
	return v
}

// wrongType matches the library's type errors.
var wrongType = regexp.MustCompile(`^cannot unmarshal (\S+) into Go (?:struct field \S+ of type|value of type) (\S+)`)

func article(yamlType string) string {
	switch yamlType {
	case "[]interface", "[]interface{}", "sequence":
		return "a list"
	case "map[string]interface", "map[string]interface{}", "mapping":
		return "a mapping"
	case "int64", "uint64":
		return "a whole number"
	case "float64":
		return "a number"
	case "bool":
		return "true or false"
	case "[]uint8", "[]byte":
		return "binary data (!!binary)"
	case "string":
		return "a string"
	}
	return "a value of another kind"
}

func wanted(goType string) string {
	switch {
	case strings.HasPrefix(goType, "[]"):
		return "a list"
	case strings.HasPrefix(goType, "map["), strings.HasPrefix(goType, "scenario."):
		return "a mapping"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "a whole number"
	case goType == "string":
		return "text"
	case goType == "bool":
		return "true or false"
	}
	return "another kind of value"
}

// pathOf is the field path of the node holding tk, or "".
func pathOf(body ast.Node, tk *token.Token) string {
	var found ast.Node
	ast.Walk(finder{tk: tk, found: &found}, body)
	if found == nil {
		return ""
	}
	return yamlPath(found.GetPath())
}

type finder struct {
	tk    *token.Token
	found *ast.Node
}

func (f finder) Visit(n ast.Node) ast.Visitor {
	if *f.found != nil {
		return nil
	}
	if n.GetToken() == f.tk {
		*f.found = n
		return nil
	}
	return f
}

// countMarks bounds the scanner's work from the raw bytes: words, YAML
// symbols and lines, counted without regard to quoting, so no content can
// hide from it.
func countMarks(name string, data []byte) error {
	marks, line, col := 0, 1, 0
	inWord := false
	for _, c := range data {
		if c&0xC0 != 0x80 { // a new character, not a UTF-8 continuation byte
			col++
		}
		switch c {
		case '\n':
			marks++
			line, col, inWord = line+1, 0, false
		case ' ', '\t', '\r':
			inWord = false
		default:
			if !inWord {
				marks++
				inWord = true
			}
			if strings.IndexByte("[]{},:-?*&!|>'\"%@#", c) >= 0 {
				marks++
			}
		}
		if marks > MaxMarks {
			return &Error{File: name, Line: line, Column: max(col, 1), Problem: fmt.Sprintf("more than %d words, symbols and lines; allowed at most %d (a scenario or roster needs far fewer)", MaxMarks, MaxMarks)}
		}
	}
	return nil
}

// checkTokens counts tokens, aliases and the nesting depth: flow
// brackets, plus one level per deeper block indentation (and per compact
// "- " or "? " on a line).
func checkTokens(name string, tokens token.Tokens) error {
	if tk := tokens.InvalidToken(); tk != nil {
		e := &Error{File: name, Problem: tk.Error}
		e.Line, e.Column = at(tk)
		return e
	}
	var cols []int // block indentation columns, innermost last
	n, aliases, flow, line := 0, 0, 0, -1
	var prev *token.Token
	for _, tk := range tokens {
		if tk.Type == token.CommentType {
			continue
		}
		bad := func(format string, a ...any) error {
			e := &Error{File: name, Problem: fmt.Sprintf(format, a...)}
			e.Line, e.Column = at(tk)
			return e
		}
		if n++; n > MaxTokens {
			return bad("more than %d YAML tokens; allowed at most %d (a scenario or roster needs far fewer)", MaxTokens, MaxTokens)
		}
		if tk.Type == token.AliasType {
			if aliases++; aliases > MaxAliases {
				return bad("more than %d aliases (*name); allowed at most %d", MaxAliases, MaxAliases)
			}
		}
		if flow == 0 && tk.Position != nil {
			col := tk.Position.Column
			switch {
			case tk.Position.Line != line:
				for len(cols) > 0 && cols[len(cols)-1] > col {
					cols = cols[:len(cols)-1]
				}
				if len(cols) == 0 || cols[len(cols)-1] < col {
					cols = append(cols, col)
				}
			case prev != nil && (prev.Type == token.SequenceEntryType || prev.Type == token.MappingKeyType):
				if len(cols) == 0 || cols[len(cols)-1] < col {
					cols = append(cols, col)
				}
			}
		}
		if tk.Position != nil {
			line = tk.Position.Line
		}
		switch tk.Type {
		case token.SequenceStartType, token.MappingStartType:
			flow++
		case token.SequenceEndType, token.MappingEndType:
			flow = max(flow-1, 0)
		}
		if d := len(cols) + flow; d > MaxDepth {
			return bad("nested deeper than %d levels; allowed at most %d", MaxDepth, MaxDepth)
		}
		prev = tk
	}
	return nil
}

// walker measures a parsed tree: its size with every alias expanded (each
// anchor's size is computed once), and non-finite numbers.
type walker struct {
	name    string
	anchors map[string]int // anchor name → its expanded size
}

// size is the number of values under n, aliases expanded, saturating just
// above MaxNodes; over the limit it is an error at the node that crossed it.
func (w *walker) size(n ast.Node) (int, error) {
	if n == nil {
		return 0, nil
	}
	total := 1
	add := func(k ast.Node) error {
		s, err := w.size(k)
		total = min(total+s, MaxNodes+1)
		return err
	}
	var err error
	switch n := n.(type) {
	case *ast.MappingNode:
		for _, v := range n.Values {
			if err = add(v); err != nil {
				break
			}
		}
	case *ast.MappingValueNode:
		if err = add(n.Key); err == nil {
			err = add(n.Value)
		}
		total-- // the pair itself is not a value
	case *ast.MappingKeyNode:
		err = add(n.Value)
		total--
	case *ast.SequenceNode:
		for _, v := range n.Values {
			if err = add(v); err != nil {
				break
			}
		}
	case *ast.TagNode:
		err = add(n.Value)
		total--
	case *ast.AnchorNode:
		err = add(n.Value)
		total--
		if n.Name != nil {
			w.anchors[n.Name.GetToken().Value] = total
		}
	case *ast.AliasNode:
		if n.Value != nil {
			total = w.anchors[n.Value.GetToken().Value]
		}
	case *ast.NanNode, *ast.InfinityNode:
		return 0, w.nonFinite(n)
	case *ast.FloatNode:
		// A whole-number field (a characteristic, a stat, a counter, the
		// rounds, a level) would take 6.5 as 6 without a word.
		if tk := n.GetToken(); tk != nil && wholeField.MatchString(n.GetPath()) && n.Value != math.Trunc(n.Value) {
			e := &Error{File: w.name, Path: yamlPath(n.GetPath()), Problem: fmt.Sprintf("%s is not a whole number; allowed whole numbers here", clipped(tk.Value))}
			e.Line, e.Column = at(tk)
			return 0, e
		}
	case *ast.StringNode:
		// A whole number written out past what an unsigned 64-bit integer
		// holds is read as a string, which a whole-number field takes
		// through a float, wrapped (2^64+1 as a negative number): unquoted,
		// it is too large a number wherever it stands (issue 34).
		if tk := n.GetToken(); tk != nil && tk.Type == token.StringType && wholeNumber.MatchString(tk.Value) {
			e := &Error{File: w.name, Path: yamlPath(n.GetPath()), Problem: fmt.Sprintf("%s is out of range: too large a number", clipped(tk.Value))}
			e.Line, e.Column = at(tk)
			return 0, e
		}
	}
	if err != nil {
		return 0, err
	}
	if total > MaxNodes {
		e := &Error{File: w.name, Problem: fmt.Sprintf("more than %d values with its aliases expanded; allowed at most %d", MaxNodes, MaxNodes)}
		e.Line, e.Column = at(n.GetToken())
		return 0, e
	}
	return total, nil
}

func (w *walker) nonFinite(n ast.Node) error {
	tk := n.GetToken()
	e := &Error{File: w.name, Path: yamlPath(n.GetPath()), Problem: fmt.Sprintf("%s is not a finite number; allowed finite numbers (quote it if it is a name)", tk.Value)}
	e.Line, e.Column = at(tk)
	return e
}

// yamlPath turns the library's "$.sides[0].models[1].base" into our
// "sides[0].models[1].base".
func yamlPath(p string) string {
	p = strings.TrimPrefix(p, "$")
	p = strings.TrimPrefix(p, ".")
	return strings.ReplaceAll(p, "'", "")
}

func at(tk *token.Token) (int, int) {
	if tk == nil || tk.Position == nil {
		return 0, 0
	}
	return tk.Position.Line, tk.Position.Column
}

// yamlError turns the library's error into an *Error with the line and
// column it knows.
func yamlError(name string, err error) error {
	var se *Error
	if errors.As(err, &se) {
		return se
	}
	var ye yaml.Error
	if errors.As(err, &ye) {
		e := &Error{File: name, Problem: ye.GetMessage()}
		e.Line, e.Column = at(ye.GetToken())
		return e
	}
	return &Error{File: name, Problem: err.Error()}
}

// countModels refuses, before decoding, a file with more inline models than
// a game can hold: the sides' models (a scenario) or the top-level models
// (a roster).
func countModels(name string, body ast.Node, roster bool) error {
	too := func(path string, seq *ast.SequenceNode, n int) error {
		e := &Error{File: name, Path: path, Problem: fmt.Sprintf("%d models; allowed at most %d in a game", n, engine.MaxModels)}
		e.Line, e.Column = at(seq.GetToken())
		return e
	}
	if roster {
		if seq, ok := field(body, "models").(*ast.SequenceNode); ok && len(seq.Values) > engine.MaxModels {
			return too("models", seq, len(seq.Values))
		}
		return nil
	}
	sides, ok := field(body, "sides").(*ast.SequenceNode)
	if !ok {
		return nil
	}
	total := 0
	for i, sd := range sides.Values {
		if seq, ok := field(sd, "models").(*ast.SequenceNode); ok {
			if total += len(seq.Values); total > engine.MaxModels {
				return too(fmt.Sprintf("sides[%d].models", i), seq, total)
			}
		}
	}
	return nil
}

// field is the value of key in a mapping node, or nil.
func field(n ast.Node, key string) ast.Node {
	var pairs []*ast.MappingValueNode
	switch n := n.(type) {
	case *ast.MappingNode:
		pairs = n.Values
	case *ast.MappingValueNode:
		pairs = []*ast.MappingValueNode{n}
	}
	for _, p := range pairs {
		if p.Key != nil && p.Key.GetToken() != nil && p.Key.GetToken().Value == key {
			return p.Value
		}
	}
	return nil
}

// tabIndent finds, in a file the parser refused, a line indented with a
// tab, which YAML does not allow (the parser's own message names a "?"
// character): a file it parsed is never refused for one (tabs may
// separate a comment or a flow list's items).
func tabIndent(name string, data []byte) error {
	for i, line := range bytes.Split(data, []byte("\n")) {
		// a line that starts with a tab (one in a block of text starts
		// with the block's spaces, and may hold tabs after them)
		if len(line) > 0 && line[0] == '\t' && len(bytes.TrimSpace(line)) > 0 && bytes.TrimSpace(line)[0] != '#' {
			return &Error{File: name, Line: i + 1, Column: 1, Problem: "a tab in the indentation; YAML indents with spaces"}
		}
	}
	return nil
}
