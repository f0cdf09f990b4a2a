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
