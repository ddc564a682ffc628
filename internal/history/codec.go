// Package history keeps the measured values of the monitored machines: series of integer
// values in thousandths (a VCV's value on one direction in one condition, a machine VCO, a
// KOS Sensor's battery...), stored in chunks of one series and one stretch of time, each a
// compact binary array (codec.go); ingestion from the devices and imports, chart queries
// downsampled on the server, data cleaning and retention.
package history

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"slices"
)

// Point is one value of a series: its time (unix seconds, UTC) and its value in thousandths.
type Point struct {
	T int64
	V int64
}

// The codec, after the Gorilla paper (Pelkonen et al., 2015) but for integers:
//
//   - timestamps as the first one, the unit of time all the deltas are multiples of (an
//     hour for hourly values), the first delta, then delta-of-deltas, in units, each run of
//     equal delta-of-deltas written once with its length, all as varints: a regular series
//     costs a few bytes whatever its length, and one measured in the hours of one condition
//     a few bytes a day;
//
//   - values as the first one, then blocks of 128 bit-packed with the bit width of their
//     largest number: zig-zag deltas, or offsets from the block's lowest value when these
//     are narrower (noise around a level); a noisy value of ±0.1 mm/s costs about one byte,
//     and bit-packing decodes faster than varints.
//
//     version (1) | count | t0 | [unit | d1 | (dod, run)...] | v0 | [([0xff, low], width, packed)...]
//
// Arithmetic wraps, so any int64 comes back exactly.
const (
	codecVersion = 1
	blockLen     = 128
	// offsetBlock marks a block of offsets from its lowest value (written after the mark,
	// as a delta from the value before the block) instead of a block of deltas.
	offsetBlock = 0xff
	// maxPoints bounds what a chunk may claim to hold, so a corrupt one cannot make Decode
	// allocate without limit; the store's chunks hold far fewer (chunkLen).
	maxPoints = 1 << 20
)

// ErrCorrupt is the error of a chunk that does not decode.
var ErrCorrupt = errors.New("history: corrupt chunk")

// Encode writes points, sorted by time without repeats, as a chunk.
func Encode(points []Point) []byte {
	return AppendEncoded(make([]byte, 0, 16+len(points)+len(points)/2), points)
}

// AppendEncoded appends the chunk of points to b.
func AppendEncoded(b []byte, points []Point) []byte {
	b = append(b, codecVersion)
	b = binary.AppendUvarint(b, uint64(len(points)))
	if len(points) == 0 {
		return b
	}
	b = binary.AppendVarint(b, points[0].T)
	if len(points) > 1 {
		unit := timeUnit(points)
		b = binary.AppendUvarint(b, uint64(unit))
		delta := (points[1].T - points[0].T) / unit
		b = binary.AppendVarint(b, delta)
		run, dod := uint64(0), int64(0)
		for i := 2; i < len(points); i++ {
			d := (points[i].T - points[i-1].T) / unit
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
	var block [blockLen]uint64
	for start := 1; start < len(points); start += blockLen {
		values := points[start:min(start+blockLen, len(points))]
		var all uint64
		low, high := values[0].V, values[0].V
		for i, p := range values {
			d := p.V - points[start+i-1].V
			block[i] = uint64(d<<1) ^ uint64(d>>63)
			all |= block[i]
			low, high = min(low, p.V), max(high, p.V)
		}
		// Noise around a level packs tighter as offsets from the block's lowest value than as
		// deltas (whose spread is twice the noise's): the block takes whichever is narrower.
		if spread := bits.Len64(uint64(high - low)); spread < bits.Len64(all) {
			for i, p := range values {
				block[i] = uint64(p.V - low)
			}
			b = append(b, offsetBlock)
			b = binary.AppendVarint(b, low-points[start-1].V)
			b = pack(b, block[:len(values)], spread)
			continue
		}
		b = pack(b, block[:len(values)], bits.Len64(all))
	}
	return b
}

// timeUnit is the greatest common divisor of the deltas between times when all are positive
// (as a store's chunk's are), 1 otherwise, so that dividing by it is always exact.
func timeUnit(points []Point) int64 {
	var unit int64
	for i := 1; i < len(points); i++ {
		d := points[i].T - points[i-1].T
		if d <= 0 {
			return 1
		}
		for d != 0 {
			unit, d = d, unit%d
		}
		if unit == 1 {
			return 1
		}
	}
	return unit
}

// pack appends the width byte and values of width bits each, least significant first.
func pack(b []byte, values []uint64, width int) []byte {
	b = append(b, byte(width))
	if width == 0 {
		return b
	}
	var acc uint64
	have := 0
	for _, v := range values {
		acc |= v << have
		if have+width >= 64 {
			b = binary.LittleEndian.AppendUint64(b, acc)
			spilled := have + width - 64
			// The bits of v that did not fit (none when it ended exactly on the word).
			if spilled > 0 {
				acc = v >> (width - spilled)
			} else {
				acc = 0
			}
			have = spilled
		} else {
			have += width
		}
	}
	for ; have > 0; have -= 8 {
		b = append(b, byte(acc))
		acc >>= 8
	}
	return b
}

// Decode reads a chunk back; a chunk that is not one answers ErrCorrupt, never a panic.
func Decode(b []byte) ([]Point, error) { return DecodeAppend(nil, b) }

// DecodeAppend appends the points of a chunk to dst (a reused buffer saves its allocation).
func DecodeAppend(dst []Point, b []byte) ([]Point, error) {
	if len(b) == 0 || b[0] != codecVersion {
		return dst, ErrCorrupt
	}
	r := reader{b: b[1:]}
	count := r.uvarint()
	// Every block of values takes at least its width byte: a larger count is a lie.
	if r.err != nil || count > maxPoints || count > uint64(len(r.b))*blockLen+1 {
		return dst, ErrCorrupt
	}
	first := len(dst)
	dst = slices.Grow(dst, int(count))[:first+int(count)]
	points := dst[first:]
	if count == 0 {
		return dst, nil
	}
	points[0].T = r.varint()
	if count > 1 {
		unit := int64(r.uvarint())
		delta := r.varint()
		points[1].T = points[0].T + delta*unit
		for i := uint64(2); i < count && r.err == nil; {
			dod, run := r.varint(), r.uvarint()
			if run == 0 || run > count-i {
				return dst[:first], ErrCorrupt
			}
			for ; run > 0; run-- {
				delta += dod
				points[i].T = points[i-1].T + delta*unit
				i++
			}
		}
	}
	points[0].V = r.varint()
	for start := 1; start < len(points) && r.err == nil; start += blockLen {
		r.unpack(points[start:min(start+blockLen, len(points))], points[start-1].V)
	}
	if r.err != nil || len(r.b) != 0 {
		return dst[:first], ErrCorrupt
	}
	return dst, nil
}

// reader reads a chunk, remembering the first error.
type reader struct {
	b   []byte
	err error
}

// varint reads a signed varint: a zig-zag uvarint, as binary.AppendVarint writes it.
func (r *reader) varint() int64 {
	z := r.uvarint()
	return int64(z>>1) ^ -int64(z&1)
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

// unpack reads one block of values into points, following prev: zig-zag deltas, or offsets
// from the block's lowest value.
func (r *reader) unpack(points []Point, prev int64) {
	offsets := len(r.b) > 0 && r.b[0] == offsetBlock
	var low int64
	if offsets {
		r.b = r.b[1:]
		low = prev + r.varint()
	}
	if r.err != nil || len(r.b) == 0 || r.b[0] > 64 {
		r.err, r.b = ErrCorrupt, nil
		return
	}
	width := int(r.b[0])
	size := (len(points)*width + 7) / 8
	if len(r.b) < 1+size {
		r.err, r.b = ErrCorrupt, nil
		return
	}
	// The block, padded so that every value is read with one 8-byte load (a value of more
	// than 56 bits may also reach a ninth byte).
	var data [blockLen*8 + 16]byte
	copy(data[:], r.b[1:1+size])
	r.b = r.b[1+size:]
	mask := uint64(1)<<width - 1
	if width == 64 {
		mask = ^uint64(0)
	}
	pos := 0 // in bits
	for i := range points {
		at, shift := pos>>3, uint(pos&7)
		z := binary.LittleEndian.Uint64(data[at:]) >> shift
		if width > 56 {
			z |= uint64(data[at+8]) << (64 - shift)
		}
		z &= mask
		pos += width
		if offsets {
			points[i].V = low + int64(z)
			continue
		}
		prev += int64(z>>1) ^ -int64(z&1)
		points[i].V = prev
	}
}
