package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/internal/pgtest"
)

// skirmish serve --db postgres://… (issue 36): --seal-key is required;
// two servers on one database with one key file serve one game, a seat's
// write through one seen through the other; a server given no key file
// for a database with sealed seeds refuses to start.
func TestServePostgres(t *testing.T) {
	url := pgtest.URL(t)
	dir := t.TempDir()
	key := filepath.Join(dir, "seal.key")
	code, _, stderr := runIn(t, "", false, "serve", "--addr", "127.0.0.1:0", "--db", url)
	if code != 2 || !strings.Contains(stderr, "--seal-key") || !strings.Contains(stderr, "same file on every server") {
		t.Errorf("serve on PostgreSQL without --seal-key: %d %s", code, stderr)
	}
	type served struct {
		base string
		sig  chan os.Signal
		done chan int
		rest *bufio.Reader
	}
	var startOn func(db, key string) served
	start := func() served { return startOn(url, key) }
	startOn = func(url, key string) served {
		t.Helper()
		outR, outW := io.Pipe()
		var errb bytes.Buffer
		e := testEnv(strings.NewReader(""), outW, &errb)
		s := served{sig: make(chan os.Signal, 1), done: make(chan int, 1)}
		e.signals = func() (<-chan os.Signal, func()) { return s.sig, func() {} }
		go func() {
			s.done <- run([]string{"serve", "--addr", "127.0.0.1:0", "--db", url, "--seal-key", key, "--log", "warn"}, e)
			outW.Close()
		}()
		s.rest = bufio.NewReader(outR)
		first, err := s.rest.ReadString('\n')
		f := strings.Fields(first)
		if err != nil || len(f) < 6 || !strings.HasPrefix(f[3], "http://127.0.0.1:") || !strings.HasPrefix(f[5], "postgres://skirmish@") {
			t.Fatalf("serve printed %q (%v); stderr %s", first, err, errb.String())
		}
		s.base = f[3]
		go io.Copy(io.Discard, s.rest)
		return s
	}
	stop := func(s served) {
		t.Helper()
		s.sig <- os.Interrupt
		select {
		case code := <-s.done:
			if code != 0 {
				t.Errorf("serve exited %d", code)
			}
		case <-time.After(20 * time.Second):
			t.Fatal("serve did not stop on SIGINT")
		}
	}
	req := func(base, method, path, token, body string, out any) int {
		t.Helper()
		return request(t, base, method, path, token, body, out)
	}
	a := start() // makes the key
	b := start()
	var c struct {
		ID    string `json:"id"`
		Seats []struct {
			Token string `json:"token"`
		} `json:"seats"`
	}
	if st := req(a.base, "POST", "/api/games", "", `{"scenario": "sump-crossing", "seed": 7}`, &c); st != 201 {
		t.Fatalf("create: %d", st)
	}
	var v struct {
		Seq   int      `json:"seq"`
		Legal []string `json:"legal"`
	}
	req(b.base, "GET", "/api/games/"+c.ID, c.Seats[0].Token, "", &v)
	if st := req(b.base, "POST", "/api/games/"+c.ID+"/actions", c.Seats[0].Token, `{"seq": 0, "action": "`+v.Legal[0]+`"}`, nil); st != 200 {
		t.Fatalf("action %q through the second server: %d", v.Legal[0], st)
	}
	if st := req(a.base, "GET", "/api/games/"+c.ID, c.Seats[1].Token, "", &v); st != 200 || v.Seq != 1 {
		t.Errorf("the first server after the second's write: %d, seq %d", st, v.Seq)
	}
	stop(a)
	stop(b)
	if fi, err := os.Stat(key); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the seal key: %v %v", fi, err)
	}
	other := filepath.Join(dir, "other.key")
	code, _, stderr = runIn(t, "", false, "serve", "--addr", "127.0.0.1:0", "--db", url, "--seal-key", other)
	if code == 0 || !strings.Contains(stderr, "no such file") || !strings.Contains(stderr, "copy the key file from a server of this database") {
		t.Errorf("serve with no key file for a database with sealed seeds: %d %s", code, stderr)
	}
	if _, err := os.Stat(other); err == nil {
		t.Error("serve made a key file for a database sealed with another")
	}
	// Another key file, on a new database first sealed by one server: the
	// second refuses to start, and keeps no key of its own.
	fresh := pgtest.URL(t)
	a = startOn(fresh, key)
	code, _, stderr = runIn(t, "", false, "serve", "--addr", "127.0.0.1:0", "--db", fresh, "--seal-key", other)
	if code == 0 || !strings.Contains(stderr, "no such file") {
		t.Errorf("a second server with its own new key: %d %s", code, stderr)
	}
	stop(a)
}
