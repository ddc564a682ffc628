package load

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestPercentile(t *testing.T) {
	var hundred []time.Duration
	for i := 1; i <= 100; i++ {
		hundred = append(hundred, time.Duration(i)*time.Millisecond)
	}
	for _, c := range []struct {
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{nil, 50, 0},
		{[]time.Duration{7}, 0, 7},
		{[]time.Duration{7}, 99, 7},
		{hundred, 50, 50 * time.Millisecond},
		{hundred, 95, 95 * time.Millisecond},
		{hundred, 99, 99 * time.Millisecond},
		{hundred, 100, 100 * time.Millisecond},
		{hundred[:10], 95, 10 * time.Millisecond},
		{hundred[:10], 50, 5 * time.Millisecond},
	} {
		if got := Percentile(c.sorted, c.p); got != c.want {
			t.Errorf("Percentile(%d values, %v) = %v, want %v", len(c.sorted), c.p, got, c.want)
		}
	}
}

// The report sorts what clients recorded in any order, merges them per operation and adds
// the totals of reads, writes and all.
func TestReport(t *testing.T) {
	a, b := recorder{}, recorder{}
	for i := 10; i >= 1; i-- {
		a.add("side-bar", false, time.Duration(i)*time.Millisecond, nil)
	}
	b.add("side-bar", false, 100*time.Millisecond, nil)
	b.add("reference save", true, 3*time.Millisecond, errors.New("422"))
	b.add("reference save", true, 5*time.Millisecond, nil)
	a.merge(b)
	r := a.report(2 * time.Second)
	byName := map[string]Stats{}
	for _, s := range r.Ops {
		byName[s.Op] = s
	}
	side := byName["side-bar"]
	if side.Requests != 11 || side.P50 != 6*time.Millisecond || side.Max != 100*time.Millisecond || side.PerSecond != 5.5 {
		t.Errorf("side-bar: %+v", side)
	}
	if w := byName["all writes"]; w.Requests != 2 || w.Errors != 1 || w.Max != 5*time.Millisecond || !w.Write {
		t.Errorf("all writes: %+v", w)
	}
	if all := byName["all"]; all.Requests != 13 || all.Errors != 1 || all.Max != 100*time.Millisecond {
		t.Errorf("all: %+v", all)
	}
	var out strings.Builder
	if err := r.Print(&out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "first error of reference save: 422") {
		t.Errorf("the first error is not shown:\n%s", out.String())
	}
}
