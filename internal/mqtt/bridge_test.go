package mqtt

import (
	"errors"
	"fmt"
	"testing"

	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// The bridge serves {prefix}/{serial}/report and {prefix}/{serial}/measurements only: any
// other topic is acknowledged and dropped, never taken for a device's.
func TestParseTakesOnlyTheTopicsTheBridgeServes(t *testing.T) {
	b := &Bridge{opts: Options{Prefix: "vigia/devices"}}
	for topic, want := range map[string]string{
		"vigia/devices/KA10-0001/report":       "KA10-0001 report",
		"vigia/devices/KS-0003/measurements":   "KS-0003 measurements",
		"vigia/devices/KA10-0001/config":       "",
		"vigia/devices/KA10-0001/report/extra": "",
		"vigia/devices//report":                "",
		"vigia/devices/KA10-0001":              "",
		"other/KA10-0001/report":               "",
		"vigia/devicesX/KA10-0001/report":      "",
	} {
		serial, kind, ok := b.parse(topic)
		got := ""
		if ok {
			got = serial + " " + kind
		}
		if got != want {
			t.Errorf("parse(%q) = %q, want %q", topic, got, want)
		}
	}
}

// A message that can never be recorded (refused, malformed, from an unknown device) is
// acknowledged; any other failure (the database) is retried.
func TestFinalTellsTheErrorsARetryCannotMend(t *testing.T) {
	for _, c := range []struct {
		err   error
		final bool
	}{
		{api.Invalid("body", "invalid", nil), true},
		{fmt.Errorf("recording: %w", api.ErrInUse), true},
		{db.ErrNotFound, true},
		{fmt.Errorf("device: %w", db.ErrNotFound), true},
		{errors.New("connection reset by peer"), false},
	} {
		if got := final(c.err); got != c.final {
			t.Errorf("final(%v) = %v, want %v", c.err, got, c.final)
		}
	}
}
