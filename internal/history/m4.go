package history

import "slices"

// M4 reduces the values of a range to what a chart can show (Jansen & Jugel, "M4: a
// visualization-oriented time series data aggregation", 2014): the range is cut into max/4
// columns and each keeps its first, lowest, highest and last value, so the line drawn is
// the same and no peak is lost (a peak is an alarm). A range of at most max values is
// answered as it is. Values are added in time order, chunk by chunk.
type M4 struct {
	from, span int64
	max, count int
	raw        []Point
	columns    []column
}

type column struct {
	first, low, high, last Point
	used                   bool
}

// NewM4 reduces the range from..to to at most max points (at least 4): up to max values
// are answered as they are, more in max/4 columns.
func NewM4(from, to int64, max int) *M4 { return newM4(from, to, max, 1) }

// newM4 reduces one of n series that share their times (a VCO's start and end, a sensor's
// three angles) so that the union of their reductions holds at most max times (at least
// 2+2n): a column keeps the same first and last time of each, and each series' lowest and
// highest, so there are max/(2+2n) columns.
func newM4(from, to int64, max, n int) *M4 {
	if max < 2+2*n {
		max = 2 + 2*n
	}
	return &M4{from: from, span: to - from + 1, max: max, columns: make([]column, max/(2+2*n))}
}

// Add takes the next values of the range, in time order.
func (m *M4) Add(points []Point) {
	if m.count+len(points) <= m.max {
		m.raw = append(m.raw, points...)
	} else {
		m.raw = nil
	}
	m.count += len(points)
	n := int64(len(m.columns))
	for _, p := range points {
		c := &m.columns[min(max((p.T-m.from)*n/m.span, 0), n-1)]
		if !c.used {
			*c = column{first: p, low: p, high: p, last: p, used: true}
			continue
		}
		c.last = p
		if p.V < c.low.V {
			c.low = p
		}
		if p.V > c.high.V {
			c.high = p
		}
	}
}

// Points returns the reduced values in time order.
func (m *M4) Points() []Point {
	if m.count <= m.max {
		return append([]Point{}, m.raw...)
	}
	out := make([]Point, 0, m.max)
	for _, c := range m.columns {
		if !c.used {
			continue
		}
		four := []Point{c.first, c.low, c.high, c.last}
		slices.SortFunc(four, func(a, b Point) int { return int(a.T - b.T) })
		out = append(out, slices.CompactFunc(four, func(a, b Point) bool { return a.T == b.T })...)
	}
	return out
}
