package history

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Percentiles by linear interpolation between the closest ranks (ARCHITECTURE §6), as
// PostgreSQL's percentile_cont: hand-computed.
func TestPercentile(t *testing.T) {
	twenty := make([]int64, 20)
	for i := range twenty {
		twenty[i] = int64(i + 1)
	}
	for _, c := range []struct {
		sorted []int64
		p      float64
		want   float64
	}{
		{[]int64{1, 2, 3, 4}, 0.95, 3.85}, // h = 2.85
		{twenty, 0.95, 19.05},             // h = 18.05
		{[]int64{10}, 0.95, 10},
		{[]int64{10, 20}, 0.5, 15},
		{nil, 0.95, 0},
	} {
		if got := Percentile(c.sorted, c.p); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("P%v of %v = %v, want %v", c.p*100, c.sorted, got, c.want)
		}
	}
}

// The precalculation's proposals, hand-computed: the P95 formula with its change and
// to-change terms, rounding half away from zero, clamping, outliers, the other methods, the
// ISO cap, the minimum of values, and the exceedances and episodes of each level.
func TestPropose(t *testing.T) {
	ramp := make([]int64, 20) // 1000, 1100, ..., 2900: P95 = 2800 + 0.05·100 = 2805
	for i := range ramp {
		ramp[i] = 1000 + 100*int64(i)
	}
	constant := slices.Repeat([]int64{100}, 20)
	noisy := slices.Repeat([]int64{990, 1000, 1010}, 7) // P95 1010, median 1000, MAD 10
	spiky := append(slices.Clone(noisy), 50_000, 50_000, 50_000)
	with := func(f func(*Params)) Params {
		p := DefaultParams()
		f(&p)
		return p
	}
	group1rigid, _ := Zone{1, "RIGIDA"}.Boundaries()
	for _, c := range []struct {
		name   string
		values []int64
		params Params
		base   int64
		levels Levels
		few    bool
	}{
		// 2805 + max(0.3·2805, 100) = 3646.5 → 3647; + max(1402.5, 200) = 4207.5 → 4208; + max(2244, 300) = 5049.
		{"P95 with the change terms", ramp, DefaultParams(), 2805, Levels{3647, 4208, 5049}, false},
		// 100 + max(30, 100) = 200; 100 + max(50, 200) = 300; 100 + max(80, 300) = 400.
		{"P95 with the to-change terms", constant, DefaultParams(), 100, Levels{200, 300, 400}, false},
		{"clamped to 999.999, parted downward", []int64{990_000, 999_000}, DefaultParams(), 998_550, Levels{999_997, 999_998, 999_999}, true},
		{"zero values still propose 0.001 at least, parted upward", []int64{0, 0}, with(func(p *Params) { p.ToChange = [3]float64{} }), 0, Levels{1, 2, 3}, true},
		// Constant values have no spread: mean + 2σ, 3σ, 4σ are all the mean.
		{"mean and sigma of constant values, parted", constant, with(func(p *Params) { p.Method = MethodMeanSigma }), 100, Levels{100, 101, 102}, false},
		{"equal changes, parted", ramp, with(func(p *Params) { p.Change = [3]float64{0.3, 0.3, 0.3}; p.ToChange = [3]float64{100, 100, 100} }), 2805, Levels{3647, 3648, 3649}, false},
		// Three spikes of 50 mm/s: P95 of 24 values at h = 21.85 is a spike...
		{"outliers kept", spiky, DefaultParams(), 50_000, Levels{65_000, 75_000, 90_000}, false},
		// ...dropped as outliers (beyond 1000 ± 3·1.4826·10): P95 1010 → 1313, 1515, 1818,
		// from the 21 values left.
		{"outliers dropped", spiky, with(func(p *Params) { p.Outliers = true }), 1010, Levels{1313, 1515, 1818}, false},
		{"too few once the outliers are dropped", slices.Concat(noisy[:9], spiky[21:]), with(func(p *Params) { p.Outliers = true }), 1010, Levels{1313, 1515, 1818}, true},
		// Mean 2000, σ 1000 (population): 4000, 5000, 6000; the mean times 2.5, 5, 8.
		{"mean and sigma", []int64{1000, 3000}, with(func(p *Params) { p.Method = MethodMeanSigma }), 2000, Levels{4000, 5000, 6000}, true},
		{"multiple of the mean", []int64{1000, 3000}, with(func(p *Params) { p.Method = MethodMultiple }), 2000, Levels{5000, 10_000, 16_000}, true},
		{"ISO 20816-3 group 1 rigid cap", ramp, with(func(p *Params) { p.Cap = &group1rigid }), 2805, Levels{2300, 4208, 5049}, false},
		{"fewer values than asked", ramp[:9], DefaultParams(), 1760, Levels{2288, 2640, 3168}, true},
	} {
		got, ok := Propose(c.values, c.params)
		used := len(c.values)
		if c.params.Outliers {
			used = len(withoutOutliers(c.values))
		}
		if !ok || got.Base != c.base || got.Levels != c.levels || got.Few != c.few || got.Values != used {
			t.Errorf("%s: %+v, want base %d, levels %v, few %v", c.name, got, c.base, c.levels, c.few)
		}
	}
	if got, _ := Propose(spiky, with(func(p *Params) { p.Outliers = true })); got.Values != 21 {
		t.Errorf("the values without the three spikes: %d, want 21", got.Values)
	}
	if _, ok := Propose(nil, DefaultParams()); ok {
		t.Error("a proposal from no value")
	}
	// The zones of ISO 20816-3, A/B, B/C, C/D in thousandths of mm/s RMS.
	for z, want := range map[Zone]Levels{{1, "RIGIDA"}: {2300, 4500, 7100}, {1, "FLEXIBLE"}: {3500, 7100, 11_000}, {2, "RIGIDA"}: {1400, 2800, 4500}, {2, "FLEXIBLE"}: {2300, 4500, 7100}} {
		if got, ok := z.Boundaries(); !ok || got != want {
			t.Errorf("zone %v: %v", z, got)
		}
	}
	if _, ok := (Zone{3, "RIGIDA"}).Boundaries(); ok {
		t.Error("a group 3")
	}
}

// Values above each level, and episodes: runs of consecutive values above it.
func TestExceedances(t *testing.T) {
	above, episodes := Exceedances([]int64{1, 5, 5, 1, 5, 1, 1, 5, 5, 5, 7}, Levels{4, 5, 6})
	if above != (Levels{7, 1, 1}) || episodes != (Levels{3, 1, 1}) {
		t.Errorf("above %v, episodes %v", above, episodes)
	}
}

// Selection gives the same quantiles as sorting, for any values.
func TestQuantileBySelection(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 200 {
		values := make([]int64, n)
		for i := range values {
			values[i] = rng.Int64N(50) - 10 // many repeats
		}
		for _, p := range []float64{0, 0.5, 0.95, 1} {
			if got, want := quantile(values, p), Percentile(slices.Sorted(slices.Values(values)), p); got != want {
				t.Fatalf("n %d, p %v: %v, want %v", n, p, got, want)
			}
		}
	}
}

// A level beyond int64 (a huge "change" value, as the API accepts) is the highest a
// reference value may be, not the lowest: found by FuzzPrecalculate.
func TestProposeClampsHugeLevels(t *testing.T) {
	p := DefaultParams()
	p.Change[2] = 1e308
	if pr, _ := Propose([]int64{10_000}, p); pr.Levels != (Levels{13_000, 15_000, 999_999}) {
		t.Errorf("levels %v, want [13000 15000 999999]", pr.Levels)
	}
	if pr, _ := Propose([]int64{6_370_649_761_797_089_439}, DefaultParams()); pr.Levels != (Levels{999_997, 999_998, 999_999}) {
		t.Errorf("values near the limits of int64: levels %v", pr.Levels)
	}
}
