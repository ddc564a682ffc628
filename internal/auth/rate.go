package auth

import (
	"sync"

	"golang.org/x/time/rate"
)

// Rates limits the requests of each device: a device polls every few seconds and sends
// batches of measurements, so anything far above that is a fault or an attack, refused
// before it reaches the database.
type Rates struct {
	mu     sync.Mutex
	every  rate.Limit
	burst  int
	byUnit map[int64]*rate.Limiter
}

// Device request rate: 5 per second on average, bursts of 20 (a backlog sent at once).
const (
	deviceRate  = 5
	deviceBurst = 20
)

// DeviceRates returns the limits a server puts on its devices.
func DeviceRates() *Rates { return NewRates(deviceRate, deviceBurst) }

// NewRates returns limits of perSecond requests with bursts of burst, per device.
func NewRates(perSecond float64, burst int) *Rates {
	return &Rates{every: rate.Limit(perSecond), burst: burst, byUnit: map[int64]*rate.Limiter{}}
}

// Allow tells whether device id may make a request now.
func (r *Rates) Allow(id int64) bool {
	r.mu.Lock()
	l := r.byUnit[id]
	if l == nil {
		l = rate.NewLimiter(r.every, r.burst)
		r.byUnit[id] = l
	}
	r.mu.Unlock()
	return l.Allow()
}
