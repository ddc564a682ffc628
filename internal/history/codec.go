// Package history keeps the measured values of the monitored machines: series of integer
// values in thousandths (a VCV's value on one direction in one condition, a machine VCO, a
// KOS Sensor's battery...), stored in chunks of one series and one time window, each a compact
// binary array (codec.go); ingestion from the devices and imports, chart queries downsampled on
// the server, data cleaning and retention.
package history

import (
	"encoding/binary"
	"errors"
)

// Point is one value of a series: its time (unix seconds, UTC) and its value in thousandths.
type Point struct {
	T int64
	V int64
}

// The codec, after the Gorilla paper (Pelkonen et al., 2015) but for integers: timestamps as
// the first one, the first delta and then delta-of-deltas, each run of equal delta-of-deltas
// written once with its length (a regular series costs a few bytes whatever its length);
// values as the first one and then zig-zag deltas; all as varints.
//
//	version byte (1) | count | t0 | [d1 | runs of (dod, length)...] | v0 | deltas...
const codecVersion = 1

// ErrCorrupt is the error of a chunk that does not decode.
var ErrCorrupt = errors.New("history: corrupt chunk")

// Encode writes points, sorted by time without repeats, as a chunk.
func Encode(points []Point) []byte {
	b := make([]byte, 0, 16+2*len(points))
	b = append(b, codecVersion)
	b = binary.AppendUvarint(b, uint64(len(points)))
	if len(points) == 0 {
		return b
	}
	b = binary.AppendVarint(b, points[0].T)
	if len(points) > 1 {
		delta := points[1].T - points[0].T
		b = binary.AppendVarint(b, delta)
		run, dod := uint64(0), int64(0)
		for i := 2; i < len(points); i++ {
			d := points[i].T - points[i-1].T
			if next := d - delta; run > 0 && next != dod {
				b = binary.AppendUvarint(binary.AppendVarint(b, dod), run)
				run = 0
			}
			dod, delta = d-delta, d
			run++
		}
		if run > 0 {
			b = binary.AppendUvarint(binary.AppendVarint(b, dod), run)
		}
	}
	b = binary.AppendVarint(b, points[0].V)
	for i := 1; i < len(points); i++ {
		b = binary.AppendVarint(b, points[i].V-points[i-1].V)
	}
	return b
}

// reader reads varints off a chunk, remembering the first error.
type reader struct {
	b   []byte
	err error
}

func (r *reader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.err, r.b = ErrCorrupt, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.err, r.b = ErrCorrupt, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

// Decode reads a chunk back; a chunk that is not one answers ErrCorrupt, never a panic.
func Decode(b []byte) ([]Point, error) {
	if len(b) == 0 || b[0] != codecVersion {
		return nil, ErrCorrupt
	}
	r := &reader{b: b[1:]}
	count := r.uvarint()
	// Every point takes at least one byte of values: a larger count is a lie.
	if r.err != nil || count > uint64(len(r.b)) {
		return nil, ErrCorrupt
	}
	points := make([]Point, count)
	if count == 0 {
		return points, nil
	}
	points[0].T = r.varint()
	if count > 1 {
		delta := r.varint()
		points[1].T = points[0].T + delta
		for i := uint64(2); i < count && r.err == nil; {
			dod, run := r.varint(), r.uvarint()
			if run == 0 || run > count-i {
				return nil, ErrCorrupt
			}
			for ; run > 0; run-- {
				delta += dod
				points[i].T = points[i-1].T + delta
				i++
			}
		}
	}
	points[0].V = r.varint()
	for i := uint64(1); i < count && r.err == nil; i++ {
		points[i].V = points[i-1].V + r.varint()
	}
	if r.err != nil || len(r.b) != 0 {
		return nil, ErrCorrupt
	}
	return points, nil
}
