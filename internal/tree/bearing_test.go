package tree

import (
	"math"
	"testing"
)

// The defect frequencies of a 6205 (9 balls of 7.94 mm on a 38.5 mm pitch) match the
// published figures: BPFI 5.43, BPFO 3.57, FTF 0.397, BSF 2.32 orders.
func TestDefectFrequencies(t *testing.T) {
	bpfi, bpfo, ftf, bs := DefectFrequencies(Geometry{Balls: 9, BallDiameter: 7.94, PitchDiameter: 38.5})
	for name, got := range map[string][2]float64{"bpfi": {bpfi, 5.428}, "bpfo": {bpfo, 3.572}, "ftf": {ftf, 0.397}, "bs": {bs, 2.322}} {
		if math.Abs(got[0]-got[1]) > 0.002 {
			t.Errorf("%s = %.4f, want %.3f", name, got[0], got[1])
		}
	}
	// A contact angle shortens the ball's projection: BPFO rises, BPFI falls.
	i40, o40, _, _ := DefectFrequencies(Geometry{Balls: 9, BallDiameter: 7.94, PitchDiameter: 38.5, ContactAngle: 40})
	if !(i40 < bpfi && o40 > bpfo) || math.Abs(i40+o40-9) > 1e-9 {
		t.Errorf("with 40°: bpfi %.3f bpfo %.3f", i40, o40)
	}
}
