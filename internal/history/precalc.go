package history

import (
	"math"
	"slices"
	"sync"
)

// The methods of the precalculation: how the baseline and the three levels come from the
// values of the chosen periods.
const (
	// MethodP95 is ARCHITECTURE §6: baseline B the 95th percentile; level = B + max(L·B, A).
	MethodP95 = "P95"
	// MethodMeanSigma is the statistician's rule: the mean plus 2, 3 and 4 standard deviations.
	MethodMeanSigma = "MEDIA_SIGMA"
	// MethodMultiple is the practitioners' rule: the mean times 2.5, 5 and 8.
	MethodMultiple = "MULTIPLO"
)

// Levels are the warning, alarm and danger values, in that order.
type Levels [3]int64

// Zone is an ISO 20816-3 machine group and foundation: its zone boundaries A/B, B/C and C/D
// in thousandths of mm/s RMS cap the levels of velocities when the user asks.
type Zone struct {
	Grupo       int    `json:"Grupo" enum:"1,2"`
	Cimentacion string `json:"Cimentacion" enum:"RIGIDA,FLEXIBLE"`
}

// Boundaries returns the zone boundaries of z, and false for a group or foundation that is none.
func (z Zone) Boundaries() (Levels, bool) {
	b, ok := map[Zone]Levels{
		{1, "RIGIDA"}: {2300, 4500, 7100}, {1, "FLEXIBLE"}: {3500, 7100, 11000},
		{2, "RIGIDA"}: {1400, 2800, 4500}, {2, "FLEXIBLE"}: {2300, 4500, 7100},
	}[z]
	return b, ok
}

// Params are the options of a precalculation. Change and ToChange are the spec's "change"
// (a fraction of B) and "to-change" (thousandths) values of the P95 method.
type Params struct {
	Method   string
	Change   [3]float64
	ToChange [3]float64
	// Outliers drops values outside the median ± 3·1.4826·MAD before the baseline is taken.
	Outliers bool
	// MinValues is how many values a line needs to be proposed checked.
	MinValues int
	// Cap, when set, keeps each level at or below its zone boundary (velocities only).
	Cap *Levels
}

// DefaultParams are the spec's defaults (S1 §9): change 0.3/0.5/0.8, to-change 0.1/0.2/0.3
// mm/s, at least 10 values.
func DefaultParams() Params {
	return Params{Method: MethodP95, Change: [3]float64{0.3, 0.5, 0.8}, ToChange: [3]float64{100, 200, 300}, MinValues: 10}
}

// Proposal is what the precalculation proposes for one series: the levels and what they
// rest on — how many values, the baseline, and how many values and episodes (runs of
// consecutive values) of the chosen periods lie above each level.
type Proposal struct {
	// Values is how many values the levels rest on: without the outliers when they are dropped.
	Values   int
	Base     int64
	Levels   Levels
	Above    Levels
	Episodes Levels
	// Few tells a proposal from fewer values than Params.MinValues.
	Few bool
}

// Propose computes the proposal for the values of one series in the chosen periods, in
// time order; ok is false when there is none.
func Propose(values []int64, p Params) (Proposal, bool) {
	if len(values) == 0 {
		return Proposal{}, false
	}
	used := values
	if p.Outliers {
		used = withoutOutliers(values)
	}
	var base float64
	var levels [3]float64
	switch p.Method {
	case MethodMeanSigma:
		mean, sigma := meanSigma(used)
		base, levels = mean, [3]float64{mean + 2*sigma, mean + 3*sigma, mean + 4*sigma}
	case MethodMultiple:
		mean, _ := meanSigma(used)
		base, levels = mean, [3]float64{2.5 * mean, 5 * mean, 8 * mean}
	default:
		base = quantile(used, 0.95)
		for i := range levels {
			levels[i] = base + math.Max(p.Change[i]*base, p.ToChange[i])
		}
	}
	out := Proposal{Values: len(used), Base: int64(math.Round(base)), Few: len(used) < p.MinValues}
	for i, l := range levels {
		out.Levels[i] = clamp(l)
		if p.Cap != nil {
			out.Levels[i] = min(out.Levels[i], p.Cap[i])
		}
	}
	out.Levels = parted(out.Levels)
	out.Above, out.Episodes = Exceedances(values, out.Levels)
	return out, true
}

// Percentile is the p-quantile of sorted values by linear interpolation between the
// closest ranks, as PostgreSQL's percentile_cont and numpy's default.
func Percentile(sorted []int64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	h := p * float64(len(sorted)-1)
	lo := int(math.Floor(h))
	if lo+1 >= len(sorted) {
		return float64(sorted[len(sorted)-1])
	}
	return float64(sorted[lo]) + (h-float64(lo))*float64(sorted[lo+1]-sorted[lo])
}

// scratch holds the copies that selection reorders, reused across the series of a plant.
var scratch = sync.Pool{New: func() any { return new([]int64) }}

// quantile is Percentile of unsorted values, by selection on a copy: linear time, where a
// sort of a year of hours per series made a plant's precalculation ten times slower.
func quantile(values []int64, p float64) float64 {
	if len(values) == 0 {
		return 0
	}
	buf := scratch.Get().(*[]int64)
	defer scratch.Put(buf)
	*buf = append((*buf)[:0], values...)
	v := *buf
	h := p * float64(len(v)-1)
	lo := int(math.Floor(h))
	low := nth(v, lo)
	if lo+1 >= len(v) || h == float64(lo) {
		return float64(low)
	}
	// The next rank is the smallest value above position lo, which selection left after it.
	next := slices.Min(v[lo+1:])
	return float64(low) + (h-float64(lo))*float64(next-low)
}

// nth reorders v so that v[k] is the value of rank k, smaller ones before it and larger ones
// after it (Hoare's selection, median-of-three pivots), and returns it.
func nth(v []int64, k int) int64 {
	lo, hi := 0, len(v)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		// Median of three as the pivot, against sorted and constant runs.
		if v[mid] < v[lo] {
			v[mid], v[lo] = v[lo], v[mid]
		}
		if v[hi] < v[lo] {
			v[hi], v[lo] = v[lo], v[hi]
		}
		if v[hi] < v[mid] {
			v[hi], v[mid] = v[mid], v[hi]
		}
		pivot := v[mid]
		i, j := lo, hi
		for i <= j {
			for v[i] < pivot {
				i++
			}
			for v[j] > pivot {
				j--
			}
			if i <= j {
				v[i], v[j] = v[j], v[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return v[k]
		}
	}
	return v[k]
}

// parted keeps warning < alarm < danger, as the results table and the alarm modal ask
// (ALRM-076..078): levels that the statistics make equal (constant values, the 0.001 floor,
// the 999.999 ceiling, equal changes) are parted by a thousandth, upward, and downward from
// the ceiling. A zone cap stays kept: its boundaries are further apart than that.
func parted(l Levels) Levels {
	for i := 1; i < len(l); i++ {
		l[i] = max(l[i], l[i-1]+1)
	}
	l[2] = min(l[2], 999_999)
	for i := len(l) - 2; i >= 0; i-- {
		l[i] = min(l[i], l[i+1]-1)
	}
	return l
}

// clamp rounds half away from zero to whole thousandths within a reference value's bounds
// (0.001 to 999.999). It compares before converting: a level beyond int64 (a huge "change"
// value, or values near its limits) would convert to nonsense, even a negative number.
func clamp(v float64) int64 {
	switch r := math.Round(v); {
	case r >= 999_999:
		return 999_999
	case r >= 1:
		return int64(r)
	}
	return 1 // below the bounds, or NaN
}

func meanSigma(values []int64) (mean, sigma float64) {
	for _, v := range values {
		mean += float64(v)
	}
	mean /= float64(len(values))
	for _, v := range values {
		d := float64(v) - mean
		sigma += d * d
	}
	return mean, math.Sqrt(sigma / float64(len(values)))
}

// withoutOutliers drops the values outside the median ± 3 scaled median absolute
// deviations (1.4826·MAD estimates σ for normal noise); a series whose MAD is 0 keeps all.
func withoutOutliers(values []int64) []int64 {
	sorted := slices.Sorted(slices.Values(values))
	median := Percentile(sorted, 0.5)
	deviations := make([]int64, len(sorted))
	for i, v := range sorted {
		deviations[i] = int64(math.Abs(float64(v) - median))
	}
	slices.Sort(deviations)
	limit := 3 * 1.4826 * Percentile(deviations, 0.5)
	if limit == 0 {
		return values
	}
	out := make([]int64, 0, len(values))
	for _, v := range values {
		if math.Abs(float64(v)-median) <= limit {
			out = append(out, v)
		}
	}
	return out
}

// Exceedances counts, for each level, the values above it and the episodes: runs of
// consecutive values above it (values in time order).
func Exceedances(values []int64, levels Levels) (above, episodes Levels) {
	var in [3]bool
	for _, v := range values {
		for i, l := range levels {
			if v > l {
				above[i]++
				if !in[i] {
					episodes[i]++
				}
			}
			in[i] = v > l
		}
	}
	return above, episodes
}
