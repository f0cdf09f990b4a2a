package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/skirmish-engine/skirmish/server"
)

// skirmish serve on a new database file: it creates the file, serves a
// game to its end, stops cleanly on SIGINT (or SIGTERM), and the game's
// export passes `skirmish replay --verify` (issue 13).
func TestServeExportReplay(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	outR, outW := io.Pipe()
	var errb bytes.Buffer
	e := testEnv(strings.NewReader(""), outW, &errb)
	sig := make(chan os.Signal, 1)
	e.signals = func() (<-chan os.Signal, func()) { return sig, func() {} }
	done := make(chan int, 1)
	go func() {
		done <- run([]string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--log", "warn", "--conns-per-client", "8"}, e)
		outW.Close()
	}()
	lines := bufio.NewReader(outR)
	first, err := lines.ReadString('\n')
	if err != nil {
		t.Fatalf("serve printed %q (%v); stderr %s", first, err, errb.String())
	}
	f := strings.Fields(first)
	if len(f) < 4 || !strings.HasPrefix(f[3], "http://127.0.0.1:") {
		t.Fatalf("first line %q", first)
	}
	base := f[3]
	if _, err := os.Stat(db); err != nil {
		t.Errorf("the database file: %v", err)
	}
	req := func(method, path, token, body string, out any) int {
		t.Helper()
		return request(t, base, method, path, token, body, out)
	}
	if st := req("GET", "/healthz", "", "", nil); st != 200 {
		t.Errorf("healthz: %d", st)
	}
	var c struct {
		ID    string `json:"id"`
		Seats []struct {
			Token string `json:"token"`
		} `json:"seats"`
	}
	if st := req("POST", "/api/games", "", `{"scenario": "sump-crossing", "seed": 7}`, &c); st != 201 {
		t.Fatalf("create: %d", st)
	}
	var v struct {
		Legal []string `json:"legal"`
	}
	req("GET", "/api/games/"+c.ID, c.Seats[0].Token, "", &v)
	if st := req("POST", "/api/games/"+c.ID+"/actions", c.Seats[0].Token, `{"seq": 0, "action": "`+v.Legal[0]+`"}`, nil); st != 200 {
		t.Fatalf("action %q: %d", v.Legal[0], st)
	}
	if st := req("POST", "/api/games/"+c.ID+"/concede", c.Seats[1].Token, `{"seq": 1}`, nil); st != 200 {
		t.Fatalf("concede: %d", st)
	}
	var export json.RawMessage
	if st := req("GET", "/api/games/"+c.ID+"/export", c.Seats[0].Token, "", &export); st != 200 {
		t.Fatalf("export: %d", st)
	}
	// One client's idle connections are capped (--conns-per-client):
	// the one past the cap hears why, and closing them frees the place.
	var held []net.Conn
	refused := ""
	for range 10 {
		conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, conn)
		conn.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		if b, _ := io.ReadAll(conn); len(b) > 0 {
			refused = string(b)
			break
		}
	}
	if !strings.Contains(refused, "503") || !strings.Contains(refused, "at most 8 a client") {
		t.Errorf("the connection past the cap: %q", refused)
	}
	for _, conn := range held {
		conn.Close()
	}
	http.DefaultClient.CloseIdleConnections()
	time.Sleep(50 * time.Millisecond)
	if st := req("GET", "/healthz", "", "", nil); st != 200 {
		t.Errorf("healthz after the connections closed: %d", st)
	}
	sig <- os.Interrupt
	rest, _ := io.ReadAll(lines)
	select {
	case code := <-done:
		if code != 0 || !strings.Contains(string(rest), "skirmish stopped") {
			t.Errorf("serve exited %d, printed %q; stderr %s", code, rest, errb.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop on SIGINT")
	}

	file := filepath.Join(dir, "export.json")
	if err := os.WriteFile(file, export, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runIn(t, "", false, "replay", "--verify", file)
	if code != 0 || !strings.Contains(out, "verified: 3 entries") || !strings.Contains(out, "Cinderlane Breakers concedes") ||
		!strings.Contains(out, "the seed is the one committed to at the start") {
		t.Errorf("replay --verify of the export: %d\n%s\n%s", code, out, stderr)
	}
	// The seeds are sealed with a key made beside the database (issue 34).
	if fi, err := os.Stat(db + ".key"); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the seal key beside the database: %v %v", fi, err)
	}
	// Without its key, or with another, the server refuses to start
	// rather than fail every game it has.
	key, _ := os.ReadFile(db + ".key")
	os.Remove(db + ".key")
	code, _, stderr = runIn(t, "", false, "serve", "--addr", "127.0.0.1:0", "--db", db)
	if code == 0 || !strings.Contains(stderr, "is missing") || !strings.Contains(stderr, "restore the key file") {
		t.Errorf("serve without its key: %d %s", code, stderr)
	}
	if _, err := os.Stat(db + ".key"); err == nil {
		t.Error("serve made a new key for a database with sealed seeds")
	}
	key[0] ^= 1
	os.WriteFile(db+".key", key, 0o600)
	code, _, stderr = runIn(t, "", false, "serve", "--addr", "127.0.0.1:0", "--db", db)
	if code == 0 || !strings.Contains(stderr, "does not open the seeds") {
		t.Errorf("serve with another key: %d %s", code, stderr)
	}
}

// serve says where phones should open the companion (issue 32, 6): on
// every address, this machine's own addresses on the network; on the
// loopback, that phones cannot reach it and how to let them.
func TestPhoneHint(t *testing.T) {
	locals := []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("192.168.1.20"), net.ParseIP("fe80::1"), net.ParseIP("10.0.0.5")}
	for _, tc := range []struct {
		addr *net.TCPAddr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "phones on the same network open: http://192.168.1.20:8080/ http://10.0.0.5:8080/\n"},
		{&net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 8080}, "phones cannot reach this address; to play at a table, serve with --addr 0.0.0.0:8080 on a network you trust\n"},
		{&net.TCPAddr{IP: net.ParseIP("192.168.1.20"), Port: 9000}, ""},
	} {
		if got := phoneHint(tc.addr, locals); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.addr, got, tc.want)
		}
	}
}

// The default stream cap follows the file limit, keeping a quarter for
// everything else (issue 34, item 1).
func TestStreamsFor(t *testing.T) {
	for _, c := range []struct {
		limit int
		known bool
		want  int
	}{{1024, true, 768}, {1 << 20, true, 20000}, {8, true, 16}, {0, false, server.DefaultMaxStreams}} {
		if got := streamsFor(c.limit, c.known); got != c.want {
			t.Errorf("streamsFor(%d, %v) = %d, want %d", c.limit, c.known, got, c.want)
		}
	}
	if n, ok := fileLimit(); runtime.GOOS == "linux" && (!ok || n < 64) {
		t.Errorf("the file limit: %d %v", n, ok)
	}
}

// request sends one request to a server under test and decodes its JSON
// reply into out (if given); it returns the status.
func request(t *testing.T, base, method, path, token, body string, out any) int {
	t.Helper()
	r, _ := http.NewRequest(method, base+path, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %s", method, path, data)
		}
	}
	return resp.StatusCode
}
