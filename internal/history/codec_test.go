package history

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// hourly is n values an hour apart from a fixed start.
func hourly(n int, value func(i int) int64) []Point {
	out := make([]Point, n)
	for i := range out {
		out[i] = Point{T: 1_700_000_000 + int64(i)*3600, V: value(i)}
	}
	return out
}

// The codec gives back what it was given, for every shape of series, and stays small on
// the series plants measure.
func TestCodecRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	irregular := make([]Point, 500)
	for i := range irregular {
		irregular[i] = Point{T: int64(i*i + rng.IntN(50)), V: rng.Int64N(1_000_000) - 500_000}
	}
	slices.SortFunc(irregular, func(a, b Point) int { return int(a.T - b.T) })
	irregular = slices.CompactFunc(irregular, func(a, b Point) bool { return a.T == b.T })
	random := make([]Point, 300)
	for i := range random {
		random[i] = Point{T: int64(i), V: int64(rng.Uint64())}
	}
	cases := []struct {
		name     string
		points   []Point
		maxBytes int
	}{
		{"empty", nil, 2},
		{"one point", []Point{{T: 42, V: -7}}, 4},
		{"two points", []Point{{T: 1, V: 1}, {T: 10, V: -1}}, 10},
		{"a constant hourly year", hourly(8760, func(int) int64 { return 2800 }), 100},
		// ±0.1 mm/s of noise: deltas within ±200 thousandths, 9 bits a value.
		{"a noisy hourly year", hourly(8760, func(int) int64 { return 2800 + int64(rng.IntN(200)) - 100 }), 8760*9/8 + 120},
		{"irregular times and large values", irregular, 0},
		{"random 64-bit values (full-width blocks)", random, 0},
		{"the extremes", []Point{{T: math.MinInt64, V: math.MinInt64}, {T: 0, V: math.MaxInt64}, {T: math.MaxInt64, V: 0}, {T: math.MaxInt64, V: math.MinInt64}}, 0},
	}
	// Block edges: one block short, full, one over, and several blocks.
	for _, n := range []int{127, 128, 129, 130, 256, 257, 1000} {
		cases = append(cases, struct {
			name     string
			points   []Point
			maxBytes int
		}{"edge", hourly(n, func(i int) int64 { return int64(i%7) * 1000 }), 0})
	}
	for _, c := range cases {
		b := Encode(c.points)
		got, err := Decode(b)
		if err != nil || !slices.Equal(got, append([]Point{}, c.points...)) {
			t.Errorf("%s (%d points): decoded %d points, %v", c.name, len(c.points), len(got), err)
		}
		if c.maxBytes > 0 && len(b) > c.maxBytes {
			t.Errorf("%s: %d bytes, want at most %d", c.name, len(b), c.maxBytes)
		}
		// Decoding after earlier points keeps them.
		prefix := []Point{{T: -1, V: -1}}
		if got, err := DecodeAppend(prefix, b); err != nil || len(got) != 1+len(c.points) || got[0] != prefix[0] {
			t.Errorf("%s: DecodeAppend lost the earlier points: %v", c.name, err)
		}
	}
}

// A chunk that is not one is refused with ErrCorrupt.
func TestCodecRefusesCorruptChunks(t *testing.T) {
	good := Encode(hourly(200, func(i int) int64 { return int64(i * i) }))
	for _, c := range []struct {
		name string
		b    []byte
	}{
		{"nothing", nil},
		{"another version", append([]byte{9}, good[1:]...)},
		{"cut short", good[:len(good)-1]},
		{"trailing bytes", append(slices.Clone(good), 0)},
		{"a count larger than the chunk", binary.AppendUvarint([]byte{codecVersion}, 1<<40)},
		{"a count beyond any chunk", append(binary.AppendUvarint([]byte{codecVersion}, maxPoints+1), make([]byte, maxPoints)...)},
		{"a width above 64", []byte{codecVersion, 2, 0, 1, 2, 0, 65, 0}},
		{"a run longer than the points", []byte{codecVersion, 3, 0, 1, 2, 0, 5}},
	} {
		if _, err := Decode(c.b); err != ErrCorrupt {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// FuzzCodec: the input, read as points, survives a round trip; and read as a chunk, it
// decodes or is refused, never a panic, and what decodes encodes back to the same points.
func FuzzCodec(f *testing.F) {
	f.Add(Encode([]Point{{T: 1, V: 1}, {T: 2, V: 5}, {T: 3, V: -5}}))
	f.Add(Encode(hourly(300, func(i int) int64 { return int64(i) << 40 })))
	f.Add([]byte{codecVersion, 3, 2, 2, 0, 1, 2, 2, 2})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		var points []Point
		for i := 0; i+16 <= len(b); i += 16 {
			points = append(points, Point{T: int64(binary.LittleEndian.Uint64(b[i:])), V: int64(binary.LittleEndian.Uint64(b[i+8:]))})
		}
		if got, err := Decode(Encode(points)); err != nil || !slices.Equal(got, append([]Point{}, points...)) {
			t.Fatalf("round trip of %v: %v %v", points, got, err)
		}
		decoded, err := Decode(b)
		if err != nil {
			return
		}
		again, err := Decode(Encode(decoded))
		if err != nil || !slices.Equal(decoded, again) {
			t.Fatalf("re-encoding %v: %v %v", decoded, again, err)
		}
	})
}
