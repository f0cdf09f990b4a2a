package server

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// Connections are bounded too (issue 34): an idle keep-alive connection
// holds a file descriptor as a stream does, so one client opening
// thousands of them could leave none for anyone else. LimitConns caps the
// connections of one client (as clientKey counts clients) and in all; a
// connection beyond a cap is answered at once with a short HTTP error and
// closed, so the client hears why.

// Defaults of LimitConns's caps (skirmish serve's --conns-per-client; the
// total follows the file limit).
const (
	DefaultConnsPerClient = 128
	DefaultMaxConns       = 4096
)

// LimitConns wraps ln so that it holds at most perClient connections from
// one client and total in all. A peer in trusted (a reverse proxy in front
// of the server, which carries many clients' requests) is counted in the
// total only. perClient or total ≤ 0 means no such cap.
func LimitConns(ln net.Listener, perClient, total int, trusted []netip.Prefix) net.Listener {
	return &connLimiter{Listener: ln, perClient: perClient, total: total, trusted: trusted, by: map[string]int{},
		refusing: make(chan struct{}, 64)}
}

type connLimiter struct {
	net.Listener
	perClient, total int
	trusted          []netip.Prefix

	mu sync.Mutex
	n  int
	by map[string]int
	// refusing bounds the connections being answered "too many" at once:
	// past it a refused connection is closed without a word.
	refusing chan struct{}
}

// Accept returns the next connection within the caps, answering and
// closing those beyond them.
func (l *connLimiter) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := peerAddr(c.RemoteAddr().String())
		key, proxy := addrKey(addr), isTrusted(addr, l.trusted)
		l.mu.Lock()
		var why string
		switch {
		case l.total > 0 && l.n >= l.total:
			why = fmt.Sprintf("the server holds %d connections, its most; retry in 5 s", l.n)
		case !proxy && l.perClient > 0 && l.by[key] >= l.perClient:
			why = fmt.Sprintf("this address already holds %d connections to the server (at most %d a client): close some; retry in 5 s", l.by[key], l.perClient)
		default:
			l.n++
			if !proxy {
				l.by[key]++
			}
		}
		l.mu.Unlock()
		if why != "" {
			l.refuse(c, why)
			continue
		}
		return &limitedConn{Conn: c, l: l, key: key, counted: !proxy}, nil
	}
}

// refuse answers a connection beyond a cap with 503 and closes it.
func (l *connLimiter) refuse(c net.Conn, why string) {
	select {
	case l.refusing <- struct{}{}:
	default:
		c.Close()
		return
	}
	go func() {
		defer func() { <-l.refusing }()
		defer c.Close()
		body := fmt.Sprintf("{\"error\":%q}\n", "too many connections: "+why)
		c.SetDeadline(time.Now().Add(time.Second))
		fmt.Fprintf(c, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	}()
}

// Conns is how many connections the listener holds now.
func (l *connLimiter) Conns() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n
}

// limitedConn gives its place back when closed (once).
type limitedConn struct {
	net.Conn
	l       *connLimiter
	key     string
	counted bool
	once    sync.Once
}

func (c *limitedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		defer c.l.mu.Unlock()
		c.l.n--
		if c.counted {
			if c.l.by[c.key]--; c.l.by[c.key] <= 0 {
				delete(c.l.by, c.key)
			}
		}
	})
	return c.Conn.Close()
}

// peerAddr is the address of a host:port (or a bare host); invalid when
// it is not an IP address.
func peerAddr(hostport string) netip.Addr {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap()
}

// addrKey is the client an address is, as the limits count clients: an
// IPv4 address; an IPv6 address's /64 (one home or phone network gets a
// /64 and may use any address in it); every loopback address as one
// (127.0.0.2 is the same machine as 127.0.0.1).
func addrKey(a netip.Addr) string {
	a = a.WithZone("") // fe80::1%eth0 is fe80::1's network
	switch {
	case !a.IsValid():
		return "?"
	case a.IsLoopback():
		return "loopback"
	case a.Is6():
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// isTrusted reports whether a is in one of the trusted prefixes.
func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	if !a.IsValid() {
		return false
	}
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientKey is the client a request comes from, as the limits count
// clients (addrKey of its address; RemoteAddr is the client's own behind
// a trusted proxy: forwarded).
func clientKey(r *http.Request) string {
	return addrKey(peerAddr(r.RemoteAddr))
}

// forwarded makes a request that came through a trusted reverse proxy
// look as if it came from the client the proxy names: the rightmost
// address of X-Forwarded-For not itself a trusted proxy. Without trusted
// proxies, or from any other peer, the header is ignored: a client could
// write anything there.
func forwarded(trusted []netip.Prefix, h http.Handler) http.Handler {
	if len(trusted) == 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isTrusted(peerAddr(r.RemoteAddr), trusted) {
			if a, ok := forwardedFor(r.Header.Values("X-Forwarded-For"), trusted); ok {
				r2 := *r
				r2.RemoteAddr = netip.AddrPortFrom(a, 0).String()
				r = &r2
			}
		}
		h.ServeHTTP(w, r)
	})
}

// forwardedFor is the client an X-Forwarded-For chain names: walking from
// the right (the proxy nearest the server), the first address that is not
// a trusted proxy. A malformed entry ends the walk: what is left of it
// cannot be trusted.
func forwardedFor(values []string, trusted []netip.Prefix) (netip.Addr, bool) {
	const most = 32 // hops read; a hostile header may list thousands
	var hops []string
	for _, v := range values {
		hops = append(hops, strings.Split(v, ",")...)
	}
	for i, n := len(hops)-1, 0; i >= 0 && n < most; i, n = i-1, n+1 {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			return netip.Addr{}, false
		}
		if a = a.Unmap(); !isTrusted(a, trusted) {
			return a, true
		}
	}
	return netip.Addr{}, false
}

// ParseTrusted reads a comma-separated list of addresses and CIDR
// prefixes (skirmish serve --trusted-proxy).
func ParseTrusted(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for f := range strings.SplitSeq(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a CIDR prefix (as 127.0.0.1 or 10.0.0.0/8)", f)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}
