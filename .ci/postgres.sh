# A throwaway PostgreSQL cluster for the tests of store/postgres and the
# server's several-instances tests: sourced by .ci/run (or by hand:
# `source .ci/postgres.sh && pg_up`, then `pg_down`). pg_up installs
# Debian's postgresql if it is missing, makes a cluster in a temporary
# directory owned by an unprivileged user (postgres, which the package
# makes, when run as root), starts it on a Unix socket only (no TCP port),
# and exports SKIRMISH_POSTGRES, the URL the tests connect to. pg_down
# stops it and removes the directory.

pg_bin() {
	local d
	for d in /usr/lib/postgresql/*/bin; do
		if [ -x "$d/initdb" ]; then echo "$d"; return 0; fi
	done
	return 1
}

pg_up() {
	if ! pg_bin >/dev/null; then
		local sudo=""
		if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
		$sudo apt-get update -qq
		DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends postgresql >/dev/null
	fi
	local bin
	bin=$(pg_bin)
	PG_DIR=$(mktemp -d /tmp/skirmish-pg.XXXXXX)
	chmod 755 "$PG_DIR"
	local as=()
	if [ "$(id -u)" = 0 ]; then
		# PostgreSQL refuses to run as root: its own user runs the cluster.
		id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
		chown postgres "$PG_DIR"
		as=(runuser -u postgres --)
	fi
	"${as[@]}" "$bin/initdb" -D "$PG_DIR/data" -U skirmish --auth=trust -E UTF8 --no-sync >"$PG_DIR/initdb.log" 2>&1 ||
		{ cat "$PG_DIR/initdb.log"; return 1; }
	# fsync stays on: the durability tests and the measured writes/s are
	# about a real commit. Up to 200 connections: two servers' pools and
	# the tests' own.
	"${as[@]}" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w -t 60 start \
		-o "-k $PG_DIR -c listen_addresses='' -c max_connections=200 -c shared_buffers=64MB" >/dev/null ||
		{ cat "$PG_DIR/log"; return 1; }
	PG_CTL=("${as[@]}" "$bin/pg_ctl" -D "$PG_DIR/data")
	export SKIRMISH_POSTGRES="postgres://skirmish@/postgres?host=$PG_DIR"
	export SKIRMISH_PG_CTL="${as[*]} $bin/pg_ctl -D $PG_DIR/data"
	echo "postgres: $("$bin/postgres" --version) at $SKIRMISH_POSTGRES"
}

pg_down() {
	if [ -n "${PG_DIR:-}" ] && [ -d "$PG_DIR" ]; then
		"${PG_CTL[@]}" -m immediate stop >/dev/null 2>&1 || true
		rm -rf "$PG_DIR"
	fi
}
