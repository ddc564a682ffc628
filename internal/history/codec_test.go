package history

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The codec gives back what it was given, for every shape of series, and stays small on
// regular ones.
func TestCodecRoundTrip(t *testing.T) {
	hourly := func(n int, value func(i int) int64) []Point {
		out := make([]Point, n)
		for i := range out {
			out[i] = Point{T: 1_700_000_000 + int64(i)*3600, V: value(i)}
		}
		return out
	}
	rng := rand.New(rand.NewPCG(1, 2))
	irregular := make([]Point, 500)
	for i := range irregular {
		irregular[i] = Point{T: int64(i*i + rng.IntN(50)), V: rng.Int64N(1_000_000) - 500_000}
	}
	slices.SortFunc(irregular, func(a, b Point) int { return int(a.T - b.T) })
	irregular = slices.CompactFunc(irregular, func(a, b Point) bool { return a.T == b.T })
	for _, c := range []struct {
		name     string
		points   []Point
		maxBytes int
	}{
		{"empty", nil, 2},
		{"one point", []Point{{T: 42, V: -7}}, 4},
		{"two points", []Point{{T: 1, V: 1}, {T: 10, V: -1}}, 8},
		{"a constant hourly year", hourly(8760, func(int) int64 { return 2800 }), 8760 + 20},
		{"a noisy hourly year", hourly(8760, func(i int) int64 { return 2800 + int64(rng.IntN(200)) - 100 }), 2*8760 + 20},
		{"irregular times and large values", irregular, 0},
		{"the extremes", []Point{{T: math.MinInt64 / 4, V: math.MinInt64 / 4}, {T: 0, V: math.MaxInt64 / 4}, {T: math.MaxInt64 / 4, V: 0}}, 0},
	} {
		b := Encode(c.points)
		got, err := Decode(b)
		if err != nil || !slices.Equal(got, append([]Point{}, c.points...)) {
			t.Errorf("%s: decoded %d points, %v", c.name, len(got), err)
		}
		if c.maxBytes > 0 && len(b) > c.maxBytes {
			t.Errorf("%s: %d bytes, want at most %d", c.name, len(b), c.maxBytes)
		}
	}
}

// A chunk that is not one is refused with ErrCorrupt.
func TestCodecRefusesCorruptChunks(t *testing.T) {
	good := Encode([]Point{{T: 1, V: 1}, {T: 2, V: 2}, {T: 4, V: 3}})
	for _, c := range []struct {
		name string
		b    []byte
	}{
		{"nothing", nil},
		{"another version", append([]byte{9}, good[1:]...)},
		{"cut short", good[:len(good)-1]},
		{"trailing bytes", append(slices.Clone(good), 0)},
		{"a count larger than the chunk", binary.AppendUvarint([]byte{codecVersion}, 1<<40)},
	} {
		if _, err := Decode(c.b); err != ErrCorrupt {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// FuzzCodec: any sorted series survives a round trip, and no input makes Decode panic.
func FuzzCodec(f *testing.F) {
	f.Add(Encode([]Point{{T: 1, V: 1}, {T: 2, V: 5}, {T: 3, V: -5}}))
	f.Add([]byte{codecVersion, 3, 2, 2, 0, 1, 2, 2, 2})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		points, err := Decode(b)
		if err != nil {
			return
		}
		again, err := Decode(Encode(points))
		if err != nil || !slices.Equal(points, again) {
			t.Fatalf("round trip of %v: %v %v", points, again, err)
		}
	})
}
