package server

import (
	"net/http/httptest"
	"testing"
)

// Clients as the limits count them (issue 34, item 7): IPv4 by address,
// IPv6 by /64, every loopback address as one.
func TestClientKey(t *testing.T) {
	for addr, want := range map[string]string{
		"203.0.113.9:5000":                   "203.0.113.9",
		"127.0.0.1:1":                        "loopback",
		"127.0.0.2:1":                        "loopback",
		"[::1]:1":                            "loopback",
		"[2001:db8:1:2:aaaa::1]:443":         "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff:ffff:ffff:1]:80": "2001:db8:1:2::/64",
		"[2001:db8:1:3::1]:80":               "2001:db8:1:3::/64",
		"[::ffff:198.51.100.7]:80":           "198.51.100.7",
		"not an address":                     "?",
		"[fe80::1%eth0]:80":                  "fe80::/64",
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = addr
		if got := clientKey(r); got != want {
			t.Errorf("%s: %q, want %q", addr, got, want)
		}
	}
}

// The per-address cap of streams counts a /64 as one client.
func TestStreamsPerAddress(t *testing.T) {
	c := &streamCaps{max: 100, perAddr: 2, perKey: 10, byAddr: map[string]int{}, bySeat: map[seatKey]int{}}
	r1, err := c.acquire("2001:db8:1:2::/64", "g1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.acquire("2001:db8:1:2::/64", "g2", 0); err != nil {
		t.Fatal(err)
	}
	if _, err := c.acquire("2001:db8:1:2::/64", "g3", 0); err == nil {
		t.Error("a third stream from one /64 with a cap of 2")
	}
	if _, err := c.acquire("198.51.100.7", "g3", 0); err != nil {
		t.Errorf("another client: %v", err)
	}
	r1()
	if _, err := c.acquire("2001:db8:1:2::/64", "g3", 0); err != nil {
		t.Errorf("after one closed: %v", err)
	}
	if c.total != 3 {
		t.Errorf("%d open, want 3", c.total)
	}
}

// One client holds at most MaxOddsPerClient odds requests at once (issue
// 34, item 9); another client is not held back by it.
func TestOddsPerClient(t *testing.T) {
	var o oddsClients
	var rel []func()
	for range MaxOddsPerClient {
		r, err := o.acquire("a")
		if err != nil {
			t.Fatal(err)
		}
		rel = append(rel, r)
	}
	if _, err := o.acquire("a"); err == nil {
		t.Errorf("a client's request past %d", MaxOddsPerClient)
	} else if e, ok := err.(*apiError); !ok || e.Status != 429 || e.RetryAfter == 0 {
		t.Errorf("refusal %v", err)
	}
	if _, err := o.acquire("b"); err != nil {
		t.Errorf("another client: %v", err)
	}
	rel[0]()
	if _, err := o.acquire("a"); err != nil {
		t.Errorf("after one finished: %v", err)
	}
}
