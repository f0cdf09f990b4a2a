package postgres

import "github.com/jackc/pgx/v5/pgxpool"

func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Migrations is how many steps the schema has.
var Migrations = len(migrations)
