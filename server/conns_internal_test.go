package server

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
)

// pipeListener hands out one end of pipes, from the addresses the test
// dials from.
type pipeListener struct{ conns chan net.Conn }

func (l *pipeListener) Accept() (net.Conn, error) {
	c, ok := <-l.conns
	if !ok {
		return nil, net.ErrClosed
	}
	return c, nil
}
func (l *pipeListener) Close() error   { return nil }
func (l *pipeListener) Addr() net.Addr { return &net.TCPAddr{} }

type fromConn struct {
	net.Conn
	from net.Addr
}

func (c fromConn) RemoteAddr() net.Addr { return c.from }

// dial gives the listener a connection from addr and returns the client's
// end, and whether the listener accepted it (else the client's end reads
// the refusal).
func dial(t *testing.T, got <-chan net.Conn, pl *pipeListener, addr string) (client net.Conn, accepted net.Conn) {
	t.Helper()
	a, s := net.Pipe()
	pl.conns <- fromConn{s, net.TCPAddrFromAddrPort(netip.MustParseAddrPort(addr))}
	// A refused connection is answered before Accept goes on: read it.
	refused := make(chan string, 1)
	go func() {
		resp, err := http.ReadResponse(bufio.NewReader(a), nil)
		if err != nil {
			refused <- ""
			return
		}
		var b strings.Builder
		b.WriteString(resp.Status)
		buf := make([]byte, 512)
		n, _ := resp.Body.Read(buf)
		b.Write(buf[:n])
		refused <- b.String()
	}()
	select {
	case c := <-got:
		a.Close() // ends the reader
		<-refused
		return nil, c
	case r := <-refused:
		t.Logf("refused: %s", r)
		if !strings.Contains(r, "503") {
			t.Errorf("a connection from %s: neither accepted nor refused with 503: %q", addr, r)
		}
		return a, nil
	}
}

// Issue 34 (re-probe): one client's idle connections are capped, so
// another client still connects (the probe's /healthz timing out); a
// trusted proxy is capped only by the total; closing gives the place back.
func TestLimitConns(t *testing.T) {
	pl := &pipeListener{conns: make(chan net.Conn)}
	l := LimitConns(pl, 3, 6, []netip.Prefix{netip.MustParsePrefix("10.0.0.1/32")})
	got := make(chan net.Conn)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			got <- c
		}
	}()
	defer close(pl.conns)
	var held []net.Conn
	for range 3 {
		_, c := dial(t, got, pl, "203.0.113.1:1000")
		if c == nil {
			t.Fatal("a client's first connections refused")
		}
		held = append(held, c)
	}
	if _, c := dial(t, got, pl, "203.0.113.1:1001"); c != nil {
		t.Fatal("a fourth connection of one client accepted")
	}
	_, other := dial(t, got, pl, "198.51.100.2:1000")
	if other == nil {
		t.Fatal("another client refused while one is at its cap")
	}
	held[0].Close()
	if _, c := dial(t, got, pl, "203.0.113.1:1002"); c == nil {
		t.Fatal("a closed connection's place not given back")
	} else {
		held[0] = c
	}
	// The proxy is not capped as a client, but the total holds.
	_, p1 := dial(t, got, pl, "10.0.0.1:1")
	_, p2 := dial(t, got, pl, "10.0.0.1:2")
	if p1 == nil || p2 == nil {
		t.Fatal("the trusted proxy refused below the total")
	}
	if _, c := dial(t, got, pl, "10.0.0.1:3"); c != nil {
		t.Fatal("past the total, accepted")
	}
	if n := l.(*connLimiter).Conns(); n != 6 {
		t.Errorf("%d connections counted, want 6", n)
	}
}

// Behind a trusted proxy, each client it forwards is counted alone; from
// any other peer X-Forwarded-For is ignored (a client could write it).
func TestForwardedFor(t *testing.T) {
	trusted, err := ParseTrusted("127.0.0.1, 10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	var got string
	h := forwarded(trusted, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = clientKey(r) }))
	for _, c := range []struct {
		peer, xff, want string
	}{
		{"127.0.0.1:5", "203.0.113.5", "203.0.113.5"},
		{"127.0.0.1:5", "203.0.113.6", "203.0.113.6"},
		{"127.0.0.1:5", "198.51.100.1, 203.0.113.7, 10.1.2.3", "203.0.113.7"}, // the proxies' own hops skipped
		{"127.0.0.1:5", "", "loopback"},
		{"127.0.0.1:5", "garbage", "loopback"},
		{"127.0.0.1:5", "[2001:db8::1]", "loopback"}, // not a bare address: refused
		{"127.0.0.1:5", "2001:db8:5:6::1", "2001:db8:5:6::/64"},
		{"198.51.100.9:5", "203.0.113.5", "198.51.100.9"}, // not a proxy: ignored
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.peer
		if c.xff != "" {
			r.Header.Set("X-Forwarded-For", c.xff)
		}
		h.ServeHTTP(httptest.NewRecorder(), r)
		if got != c.want {
			t.Errorf("%s forwarding %q: client %q, want %q", c.peer, c.xff, got, c.want)
		}
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.example", "1.2.3"} {
		if _, err := ParseTrusted(bad); err == nil {
			t.Errorf("ParseTrusted(%q) took it", bad)
		}
	}
}
