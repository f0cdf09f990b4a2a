// Package pgtest gives tests a fresh PostgreSQL database of their own, on
// the server SKIRMISH_POSTGRES names (a postgres:// URL whose user may
// create databases; .ci/postgres.sh starts a throwaway one). Without it a
// test is skipped on a developer's machine, and fails under CI=true, where
// .ci/run always starts one.
package pgtest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env is the variable that names the server.
const Env = "SKIRMISH_POSTGRES"

var count atomic.Int64

// URL makes a new, empty database for t, dropped when t ends, and returns
// its URL.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: .ci/run starts a PostgreSQL server for these tests (.ci/postgres.sh)", Env)
		}
		t.Skipf("no PostgreSQL server: set %s (source .ci/postgres.sh && pg_up starts one)", Env)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	defer admin.Close(context.Background())
	name := fmt.Sprintf("skirmish_test_%d_%d", os.Getpid(), count.Add(1))
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		admin, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("drop database %s: %v", name, err)
			return
		}
		defer admin.Close(context.Background())
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	u.Path = "/" + name
	return u.String()
}

// Cluster is a PostgreSQL server of a test's own, in a temporary
// directory, on a Unix socket: for tests that stop or restart the server,
// which must not disturb the other tests' databases.
type Cluster struct {
	dir  string
	bin  string
	as   []string // the command prefix that runs a program as the cluster's user
	t    testing.TB
	URL  string // the URL of its database "postgres"
	logf string
}

// NewCluster makes and starts a cluster, stopped and removed when t ends.
// It needs PostgreSQL's programs (Debian's postgresql package): without
// them the test is skipped, or fails under CI=true.
func NewCluster(t testing.TB) *Cluster {
	t.Helper()
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(bins) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatal("PostgreSQL's programs are not installed: .ci/run installs Debian's postgresql")
		}
		t.Skip("PostgreSQL's programs are not installed (Debian's postgresql package)")
	}
	c := &Cluster{bin: filepath.Dir(bins[len(bins)-1]), t: t}
	dir, err := os.MkdirTemp("", "skirmish-pgtest")
	if err != nil {
		t.Fatal(err)
	}
	c.dir, c.logf = dir, filepath.Join(dir, "log")
	if os.Geteuid() == 0 {
		// PostgreSQL will not run as root: its own user runs the cluster.
		if _, err := user.Lookup("postgres"); err != nil {
			t.Fatal("running as root, and there is no user postgres to run the cluster as")
		}
		c.as = []string{"runuser", "-u", "postgres", "--"}
		if out, err := exec.Command("chown", "postgres", dir).CombinedOutput(); err != nil {
			t.Fatalf("chown: %v %s", err, out)
		}
	}
	t.Cleanup(func() {
		c.run("pg_ctl", "-D", filepath.Join(dir, "data"), "-m", "immediate", "stop")
		os.RemoveAll(dir)
	})
	if out, err := c.run("initdb", "-D", filepath.Join(dir, "data"), "-U", "skirmish", "--auth=trust", "-E", "UTF8", "--no-sync"); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	c.Start()
	c.URL = "postgres://skirmish@/postgres?host=" + dir
	return c
}

func (c *Cluster) run(prog string, args ...string) ([]byte, error) {
	argv := append(append(append([]string{}, c.as...), filepath.Join(c.bin, prog)), args...)
	return exec.Command(argv[0], argv[1:]...).CombinedOutput()
}

// Start starts the cluster, and waits until it takes connections.
func (c *Cluster) Start() {
	c.t.Helper()
	if out, err := c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-l", c.logf, "-w", "-t", "60", "start",
		"-o", "-k "+c.dir+" -c listen_addresses='' -c max_connections=100"); err != nil {
		log, _ := os.ReadFile(c.logf)
		c.t.Fatalf("pg_ctl start: %v\n%s\n%s", err, out, log)
	}
}

// Stop stops the cluster at once, as a crash would (immediate mode: no
// checkpoint, the clients cut off).
func (c *Cluster) Stop() {
	c.t.Helper()
	if out, err := c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop"); err != nil {
		c.t.Fatalf("pg_ctl stop: %v\n%s", err, out)
	}
}
