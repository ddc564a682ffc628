// Package load drives a mixed workload against a running server (`vigia bench load`, issue
// 19): users reading the side-bar and lists, editing machines, saving reference values and
// precalculating; devices polling for their configuration and sending measurement batches.
// It reports throughput and latency percentiles per operation.
package load

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"vigia/internal/apiclient"
	"vigia/internal/assoc"
	"vigia/internal/history"
	"vigia/internal/simulate"
)

// Options are a run's settings.
type Options struct {
	// URL is the server; Login and Password the account every client signs in as. An ADMIN
	// also plays the factory's alert devices, which are given new tokens.
	URL, Login, Password string
	// Factory is the factory the clients work in, by name.
	Factory string
	// Clients is how many users call at once, each as soon as its previous call answered.
	Clients int
	// Duration is how long the run lasts.
	Duration time.Duration
}

// devicePace is how often a device calls: within its rate limit (5 a second), a poll and a
// batch by turns.
const devicePace = 250 * time.Millisecond

// workload is what the clients share: the plant, and what its writes save again.
type workload struct {
	plant *apiclient.Plant
	// edits are the machines as GET answers them, which an edit saves unchanged.
	edits []saved[json.RawMessage]
	// saves are the reference values of the machines that have some, which a save writes
	// unchanged.
	saves []saved[[]assoc.Level]
	// since is the first day a precalculation reads: the last 30 days.
	since, until string
}

// saved is what a write saves again of a machine.
type saved[T any] struct {
	machine int64
	body    T
}

// user is one signed-in client.
type user struct {
	s   *apiclient.Session
	w   *workload
	rng *rand.Rand
}

// userOp is something a user does, with how often.
type userOp struct {
	name   string
	weight int
	write  bool
	do     func(ctx context.Context, u *user) error
}

// userOps is the console's mix: mostly the side-bar and lists, some edits, saves and
// precalculations.
var userOps = []userOp{
	{"side-bar", 35, false, func(ctx context.Context, u *user) error {
		tipo, id := u.node()
		_, err := u.s.Children(ctx, u.w.plant.Factory, tipo, id)
		return err
	}},
	{"machine", 15, false, func(ctx context.Context, u *user) error {
		return u.get(ctx, fmt.Sprintf("/user/%d/machine/%d", u.w.plant.Factory, u.machine().ID))
	}},
	{"me", 10, false, func(ctx context.Context, u *user) error { return u.get(ctx, "/auth/me") }},
	{"alert list", 10, false, func(ctx context.Context, u *user) error {
		_, err := u.s.Alarms(ctx, u.w.plant.Factory, u.machine().ID)
		return err
	}},
	{"band list", 8, false, func(ctx context.Context, u *user) error {
		return u.get(ctx, fmt.Sprintf("/user/%d/band", u.w.plant.Factory))
	}},
	{"site alarms", 5, false, func(ctx context.Context, u *user) error {
		return u.get(ctx, fmt.Sprintf("/user/%d/site/%d/alarms", u.w.plant.Factory, pick(u.rng, u.w.plant.Sites)))
	}},
	{"precalculation", 2, false, func(ctx context.Context, u *user) error {
		body := map[string]any{"Componentes": "", "Fechas": []map[string]string{{"Inicio": u.w.since, "Fin": u.w.until}}}
		return u.s.Do(ctx, http.MethodPost, fmt.Sprintf("/user/%d/machine/%d/reference/calculate", u.w.plant.Factory, u.machine().ID), body, nil)
	}},
	{"machine edit", 10, true, func(ctx context.Context, u *user) error {
		e := pick(u.rng, u.w.edits)
		return u.s.Do(ctx, http.MethodPut, fmt.Sprintf("/user/%d/machine/%d", u.w.plant.Factory, e.machine), e.body, nil)
	}},
	{"reference save", 5, true, func(ctx context.Context, u *user) error {
		l := pick(u.rng, u.w.saves)
		return u.s.SaveLevels(ctx, u.w.plant.Factory, l.machine, l.body)
	}},
}

func (u *user) get(ctx context.Context, path string) error {
	return u.s.Do(ctx, http.MethodGet, path, nil, nil)
}

func (u *user) machine() *apiclient.Machine {
	return &u.w.plant.Machines[u.rng.IntN(len(u.w.plant.Machines))]
}

// node is a node of the side-bar whose children a user unfolds.
func (u *user) node() (string, int64) {
	p := u.w.plant
	switch u.rng.IntN(4) {
	case 0:
		return "factory", p.Factory
	case 1:
		return "site", pick(u.rng, p.Sites)
	case 2:
		return "area", pick(u.rng, p.Areas)
	}
	return "machine", u.machine().ID
}

func pick[T any](rng *rand.Rand, list []T) T { return list[rng.IntN(len(list))] }

// Run signs the clients in, plays the workload for the duration and reports it.
func Run(ctx context.Context, o Options) (*Report, error) {
	first, err := apiclient.SignIn(ctx, o.URL, o.Login, o.Password)
	if err != nil {
		return nil, err
	}
	w, err := prepare(ctx, first, o.Factory)
	if err != nil {
		return nil, err
	}
	users := []*user{{s: first, w: w}}
	for len(users) < o.Clients {
		s, err := apiclient.SignIn(ctx, o.URL, o.Login, o.Password)
		if err != nil {
			return nil, err
		}
		users = append(users, &user{s: s, w: w})
	}
	devices := make([]*simulate.HTTP, len(w.plant.Devices))
	for i, d := range w.plant.Devices {
		token, err := first.DeviceToken(ctx, d.ID)
		if err != nil {
			return nil, err
		}
		devices[i] = &simulate.HTTP{URL: o.URL, Serial: d.Serial, Token: token, Client: &http.Client{Timeout: time.Minute}}
	}

	run, stop := context.WithTimeout(ctx, o.Duration)
	defer stop()
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		all = recorder{}
	)
	play := func(seed int, fn func(ctx context.Context, rng *rand.Rand, rec recorder)) {
		wg.Go(func() {
			rec := recorder{}
			fn(run, rand.New(rand.NewPCG(uint64(seed), 19)), rec)
			mu.Lock()
			all.merge(rec)
			mu.Unlock()
		})
	}
	start := time.Now()
	for i, u := range users {
		play(i, func(ctx context.Context, rng *rand.Rand, rec recorder) { u.rng = rng; u.play(ctx, rec) })
	}
	for i, dev := range devices {
		rows := w.plant.Machine(w.plant.Devices[i].Machine).Rows
		play(len(users)+i, func(ctx context.Context, rng *rand.Rand, rec recorder) { device(ctx, rng, dev, rows, rec) })
	}
	wg.Wait()
	return all.report(time.Since(start)), nil
}

// prepare reads the plant and what the writes save again.
func prepare(ctx context.Context, s *apiclient.Session, factory string) (*workload, error) {
	plant, err := s.Discover(ctx, factory)
	if err != nil {
		return nil, err
	}
	if len(plant.Machines) == 0 {
		return nil, fmt.Errorf("the factory %s has no machine", factory)
	}
	now := time.Now().UTC()
	w := &workload{plant: plant, since: now.AddDate(0, 0, -30).Format(time.DateOnly), until: now.Format(time.DateOnly)}
	for _, m := range plant.Machines {
		var raw json.RawMessage
		if err := s.Do(ctx, http.MethodGet, fmt.Sprintf("/user/%d/machine/%d", plant.Factory, m.ID), nil, &raw); err != nil {
			return nil, err
		}
		var levels []assoc.Level
		for _, r := range m.Rows {
			if r.VrAviso != nil && r.VrAlarma != nil && r.VrPeligro != nil {
				levels = append(levels, assoc.Level{VrId: r.UsuValorReferenciaID, Dir: r.Direccion, Av: *r.VrAviso, Al: *r.VrAlarma, Pl: *r.VrPeligro})
			}
		}
		w.edits = append(w.edits, saved[json.RawMessage]{m.ID, raw})
		if len(levels) > 0 {
			w.saves = append(w.saves, saved[[]assoc.Level]{m.ID, levels})
		}
	}
	if len(w.saves) == 0 {
		return nil, fmt.Errorf("the factory %s has no reference value to save", factory)
	}
	return w, nil
}

// play calls the mix until ctx ends, each call as soon as the previous answered. A call
// under way when the run ends is let finish, so that it counts as what it is.
func (u *user) play(ctx context.Context, rec recorder) {
	total := 0
	for _, op := range userOps {
		total += op.weight
	}
	for ctx.Err() == nil {
		n := u.rng.IntN(total)
		for _, op := range userOps {
			if n -= op.weight; n < 0 {
				start := time.Now()
				err := op.do(context.WithoutCancel(ctx), u)
				rec.add(op.name, op.write, time.Since(start), err)
				break
			}
		}
	}
}

// device polls for its configuration and sends a measurement of its machine by turns.
func device(ctx context.Context, rng *rand.Rand, dev *simulate.HTTP, rows []assoc.Alarm, rec recorder) {
	etag := ""
	tick := time.NewTicker(devicePace)
	defer tick.Stop()
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		call := context.WithoutCancel(ctx)
		start := time.Now()
		if i%2 == 0 {
			var err error
			_, etag, err = dev.Config(call, etag)
			// A poll writes: when the device asked, and what it received.
			rec.add("device poll", true, time.Since(start), err)
			continue
		}
		err := errors.New("the machine has no reference row to measure")
		if len(rows) > 0 {
			err = dev.Send(call, measurement(rng, rows, start))
		}
		rec.add("measurements", true, time.Since(start), err)
	}
}

// measurement is a value of each series of the machine in one condition, at a time.
func measurement(rng *rand.Rand, rows []assoc.Alarm, at time.Time) *history.Batch {
	condition := pick(rng, rows).UsuCondicionId
	fecha := at.UTC().Format(time.RFC3339)
	b := &history.Batch{}
	for _, r := range rows {
		if r.UsuCondicionId == condition {
			b.Valores = append(b.Valores, history.Value{VrId: r.UsuValorReferenciaID, Dir: r.Direccion, Fecha: fecha, Valor: 500 + rng.Int64N(2500)})
		}
	}
	return b
}
