package devices

import (
	"context"
	"strings"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// A serial number names one device whatever its case (migration 00021 holds them unique on
// LOWER(numero_serie)). Every lookup by serial number goes through this file, so that HTTP,
// MQTT, the measurements and the simulator find the same device; in SQL the database's own
// LOWER compares, as its unique index does (SQLite folds ASCII letters only, PostgreSQL all).

// sameSerialSQL is the SQL condition that two expressions hold the same serial number.
func sameSerialSQL(a, b string) string { return "LOWER(" + a + ") = LOWER(" + b + ")" }

// SameSerial reports whether two serial numbers name the same device, where no query is at
// hand (the serial a device presents against the one it was found by).
func SameSerial(a, b string) bool { return strings.EqualFold(a, b) }

// SerialKey is the form of a serial number that every spelling of it shares, to key maps
// (a spelling of another device sharing it costs only a shared key, never a wrong device).
func SerialKey(serial string) string { return strings.ToLower(serial) }

// Find returns the registered device of a serial number, whatever its case
// (db.ErrNotFound for none).
func Find(ctx context.Context, q db.Querier, serial string) (*auth.Device, error) {
	d := &auth.Device{}
	err := q.QueryRowContext(ctx, `SELECT id, numero_serie, tipo, fabrica_id FROM equipos WHERE `+sameSerialSQL("numero_serie", "$1"), serial).
		Scan(&d.ID, &d.NumeroSerie, &d.Tipo, &d.Factory)
	return d, db.MapError(err)
}
