package simulate

import (
	"hash/fnv"
	"math"
	"math/rand/v2"
	"sync"
	"time"
)

// Series is one value a device measures: a reference row (VrId) in one direction, with the
// row's thresholds in thousandths (warning, alarm, danger; 0 where there is none).
type Series struct {
	VrId, Dir int64
	Limits    [3]int64
}

// The shape of the values, as fractions of the series' warning threshold.
const (
	// baseLow..baseHigh bound a series' baseline: a healthy machine runs well below warning.
	baseLow, baseHigh = 0.30, 0.55
	// loadSwing is how much the daily load cycle moves the level (±).
	loadSwing = 0.15
	// noise is the standard deviation of a value around its level, relative to the level.
	noise = 0.03
	// maxDrift is the fastest degradation: the level grows by up to 1% a simulated day.
	maxDrift = 0.01
)

// Fault durations, in simulated time.
const (
	faultMin = time.Hour
	faultMax = 6 * time.Hour
)

// Day is the load cycle's period: the machine's load follows the day.
const Day = 24 * time.Hour

// Generator makes plausible vibration values: a baseline per series below its warning
// threshold, moved by the machine's load over the day, gaussian noise, slow degradation and
// occasional faults that cross a threshold. Every series draws from a random source of its
// own seeded by the seed and the series, so a run with the same seed and the same sample
// times gives the same values whatever order the series are asked in.
type Generator struct {
	seed  uint64
	start time.Time
	// FaultRate is how many faults a series starts per simulated day, on average.
	FaultRate float64

	mu     sync.Mutex
	series map[[2]int64]*state
}

// state is what a series remembers between samples.
type state struct {
	rng   *rand.Rand
	base  float64 // fraction of the warning threshold
	drift float64 // growth of the level per simulated day
	last  time.Time
	fault *fault
}

// fault raises a series above one of its thresholds until its end.
type fault struct {
	until time.Time
	level float64 // in thousandths
}

// NewGenerator makes a generator whose degradation starts at start (simulated time).
func NewGenerator(seed int64, start time.Time) *Generator {
	return &Generator{seed: uint64(seed), start: start, series: map[[2]int64]*state{}}
}

func (g *Generator) state(s Series) *state {
	k := [2]int64{s.VrId, s.Dir}
	st := g.series[k]
	if st == nil {
		h := fnv.New64a()
		_, _ = h.Write([]byte{byte(s.Dir)})
		src := rand.New(rand.NewPCG(g.seed, uint64(s.VrId)<<8^h.Sum64()))
		st = &state{rng: src, base: baseLow + (baseHigh-baseLow)*src.Float64(), drift: maxDrift * src.Float64()}
		g.series[k] = st
	}
	return st
}

// Load is the machine's load at a simulated time: 0 to 1 over the day (lowest at 03:00,
// highest at 15:00), shifted per machine by phase (0..1 of a day).
func Load(at time.Time, phase float64) float64 {
	day := float64(at.Sub(at.Truncate(Day))) / float64(Day)
	return 0.5 + 0.5*math.Sin(2*math.Pi*(day+phase-0.375))
}

// Value is the series' value at a simulated time under a load (0..1), in thousandths. A
// series without a warning threshold reads as if its warning were 1.000.
func (g *Generator) Value(s Series, at time.Time, load float64) int64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	st := g.state(s)
	warning := float64(s.Limits[0])
	if warning <= 0 {
		warning = 1000
	}
	days := max(0, at.Sub(g.start).Hours()/24)
	level := warning * st.base * (1 + loadSwing*(2*load-1)) * (1 + st.drift*days)
	v := level * (1 + noise*st.rng.NormFloat64())
	if st.fault == nil && !st.last.IsZero() && g.FaultRate > 0 {
		elapsed := at.Sub(st.last).Hours() / 24
		if st.rng.Float64() < 1-math.Exp(-g.FaultRate*elapsed) {
			st.fault = g.newFault(st, s, warning, at)
		}
	}
	st.last = at
	if f := st.fault; f != nil {
		if at.Before(f.until) {
			v = math.Max(v, f.level*(1+noise*st.rng.NormFloat64()/3))
		} else {
			st.fault = nil
		}
	}
	return int64(math.Round(math.Max(0, v)))
}

// newFault picks a fault's severity (warning 60%, alarm 30%, danger 10%), its level 5 to 30%
// above that threshold and its length.
func (g *Generator) newFault(st *state, s Series, warning float64, at time.Time) *fault {
	severity := 0
	switch r := st.rng.Float64(); {
	case r > 0.9:
		severity = 2
	case r > 0.6:
		severity = 1
	}
	limit := float64(s.Limits[severity])
	if limit <= 0 {
		limit = warning * (1 + 0.5*float64(severity))
	}
	length := faultMin + time.Duration(st.rng.Int64N(int64(faultMax-faultMin)))
	return &fault{until: at.Add(length), level: limit * (1.05 + 0.25*st.rng.Float64())}
}

// Fault starts a fault on the series now (simulated time): its values stay above the
// threshold of severity (0 warning, 1 alarm, 2 danger) for length.
func (g *Generator) Fault(s Series, at time.Time, severity int, length time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	st := g.state(s)
	limit := float64(s.Limits[severity])
	if limit <= 0 {
		limit = 1000 * (1 + 0.5*float64(severity))
	}
	st.fault = &fault{until: at.Add(length), level: limit * 1.1}
}
