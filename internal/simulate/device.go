package simulate

import (
	"context"
	"errors"
	"hash/fnv"
	"log/slog"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"vigia/internal/configuration"
	"vigia/internal/history"
	"vigia/internal/platform/api"
)

// player is one simulated device: it polls for its configuration, applies and reports it,
// and measures what the configuration asks for.
type player struct {
	serial string
	t      Transport
	o      *Options
	gen    *Generator
	// origin is when the run started: simulated time runs Speed times faster from it.
	origin time.Time
	log    *slog.Logger

	etag     string
	silent   bool
	machines map[int64]*machineRun
	reports  []*configuration.DeviceReport
	backlog  []*history.Batch
	dropped  int
}

// machineRun is a machine as the device measures it: the series of each condition of its
// criterion and its VCOs and sensors.
type machineRun struct {
	id    int64
	doc   *configuration.Document
	phase float64
	// conditions are the criterion's conditions in order; series their series.
	conditions []int64
	series     map[int64][]Series
}

func newPlayer(serial string, t Transport, o *Options, origin time.Time) *player {
	h := fnv.New64a()
	_, _ = h.Write([]byte(serial))
	gen := NewGenerator(o.Seed^int64(h.Sum64()), origin)
	gen.FaultRate = o.FaultRate
	return &player{serial: serial, t: t, o: o, gen: gen, origin: origin, machines: map[int64]*machineRun{},
		log: slog.With("device", serial)}
}

// sim is the simulated time at a real time.
func (p *player) sim(now time.Time) time.Time {
	return p.origin.Add(time.Duration(float64(now.Sub(p.origin)) * p.o.Speed))
}

// The shortest real waits, whatever the speed: the server takes 5 requests a second from a
// device (and bursts of 20), and a device that asked more often would be refused.
const (
	minPoll    = time.Second
	minMeasure = 250 * time.Millisecond
)

// real is how long a simulated duration lasts, at least least.
func (p *player) real(d, least time.Duration) time.Duration {
	return max(least, time.Duration(float64(d)/p.o.Speed))
}

func (p *player) run(ctx context.Context) {
	defer p.t.Close()
	poll, measure := time.Now(), time.Now().Add(p.real(p.o.Every, minMeasure))
	for {
		now := time.Now()
		if !p.silent && !poll.After(now) {
			poll = now.Add(p.poll(ctx))
		}
		if !measure.After(now) {
			p.measure(now)
			p.flush(ctx)
			// A run that fell behind (a slow server) measures again at once, not in a burst.
			if measure = measure.Add(p.real(p.o.Every, minMeasure)); measure.Before(now) {
				measure = now
			}
		}
		wake := measure
		if !p.silent && poll.Before(wake) {
			wake = poll
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Until(wake)):
		}
	}
}

// poll asks for the configuration; a new one is checked, applied and reported. It answers
// how long to wait before the next poll.
func (p *player) poll(ctx context.Context) time.Duration {
	wait := p.real(configuration.Poll, minPoll)
	c, etag, err := p.t.Config(ctx, p.etag)
	if err != nil {
		if ctx.Err() == nil {
			p.log.Warn("simulate: poll", "err", err)
		}
		return wait
	}
	if c != nil {
		p.etag = etag
		p.apply(c)
		if p.o.Silent && len(c.Configuraciones) > 0 {
			p.log.Info("simulate: silent from now on (--silent)")
			p.silent = true
		}
	}
	p.sendReports(ctx)
	if c != nil && c.IntervaloSondeo > 0 {
		wait = p.real(time.Duration(c.IntervaloSondeo)*time.Second, minPoll)
	}
	return wait
}

// apply takes each configuration received: the machines it names are measured as their
// documents say (unless the device failed every section), the others no more.
func (p *player) apply(c *configuration.DeviceConfig) {
	kept := map[int64]bool{}
	for _, s := range c.Configuraciones {
		kept[s.UsuMaquinaID] = true
		doc, report := Check(s, p.o.Faults)
		p.reports = append(p.reports, report)
		ok := slices.ContainsFunc(report.Secciones, func(sec api.Section) bool { return sec.OK })
		p.log.Info("simulate: configuration received", "machine", s.UsuMaquinaID, "version", s.Version, "mode", s.Modo, "applied", doc != nil && ok)
		if doc != nil && ok {
			p.machines[s.UsuMaquinaID] = p.newMachine(s.UsuMaquinaID, doc)
		}
	}
	for id := range p.machines {
		if !kept[id] {
			delete(p.machines, id)
		}
	}
}

func (p *player) sendReports(ctx context.Context) {
	p.reports = drain(ctx, p.log, p.reports, p.t.Report, "simulate: report refused", "simulate: report not sent, kept for the next poll")
}

// drain sends queue, oldest first, and returns what is left: an item the server refuses is
// dropped (it would be refused again) and logged as refused; the first other failure stops
// it, logged as unsent, and keeps the rest for the next try.
func drain[T any](ctx context.Context, log *slog.Logger, queue []T, send func(context.Context, T) error, refused, unsent string) []T {
	for len(queue) > 0 {
		err := send(ctx, queue[0])
		switch {
		case errors.Is(err, ErrRefused):
			log.Warn(refused, "err", err)
		case err != nil:
			if ctx.Err() == nil {
				log.Warn(unsent, "backlog", len(queue), "err", err)
			}
			return queue
		}
		queue = queue[1:]
	}
	return queue
}

// newMachine lists what the device measures of a machine: per condition, each reference
// row and direction that has a warning threshold.
func (p *player) newMachine(id int64, doc *configuration.Document) *machineRun {
	src := rand.New(rand.NewPCG(uint64(p.o.Seed), uint64(id)))
	m := &machineRun{id: id, doc: doc, phase: src.Float64() / 4, series: map[int64][]Series{}}
	if doc.Criterio != nil {
		for _, c := range doc.Criterio.Condiciones {
			m.conditions = append(m.conditions, c.UsuCondicionID)
		}
	}
	for _, pt := range doc.Puntos {
		for _, v := range pt.Valores {
			for _, r := range v.Referencias {
				dirs := [][3]*int64{r.VH1, r.HH2, r.A}
				if r.Temperatura != nil {
					dirs = append(dirs, *r.Temperatura)
				}
				for dir, limits := range dirs {
					if limits[0] == nil {
						continue
					}
					s := Series{VrId: r.VrId, Dir: int64(dir)}
					for i, l := range limits {
						if l != nil {
							s.Limits[i] = *l
						}
					}
					m.series[r.UsuCondicionId] = append(m.series[r.UsuCondicionId], s)
				}
			}
		}
	}
	return m
}

// condition is the condition the machine runs in under a load: the criterion's conditions
// in order split the load's range (the first the lightest).
func (m *machineRun) condition(load float64) int64 {
	if len(m.conditions) == 0 {
		return 0
	}
	return m.conditions[min(len(m.conditions)-1, int(load*float64(len(m.conditions))))]
}

// measure makes the batch of one measurement of every machine and keeps it to send; the
// oldest are dropped past the backlog's bound.
func (p *player) measure(now time.Time) {
	sim := p.sim(now)
	at := now.Add(p.o.Skew).UTC().Format(time.RFC3339)
	b := &history.Batch{}
	for _, m := range p.machines {
		load := Load(sim, m.phase)
		series := m.series[m.condition(load)]
		if len(m.conditions) == 0 {
			for _, list := range m.series {
				series = append(series, list...)
			}
		}
		for _, s := range series {
			b.Valores = append(b.Valores, history.Value{VrId: s.VrId, Dir: s.Dir, Fecha: at, Valor: p.gen.Value(s, sim, load)})
		}
		for _, v := range m.doc.Vcos {
			level := int64(math.Round(load * 1e6))
			b.Vcos = append(b.Vcos, history.VcoValue{UsuVco_vId: v.UsuVco_vId, UsuMaquinaId: m.id, Fecha: at, Inicio: level, Fin: level})
		}
		days := sim.Sub(p.origin).Hours() / 24
		for _, s := range m.doc.Sensores {
			battery := max(5_000, 100_000-int64(days*batteryDrain))
			health := int64(100_000)
			b.Sensores = append(b.Sensores, history.SensorValue{NumeroSerie: s.NumeroSerie, Fecha: at, Bateria: &battery, Salud: &health})
		}
	}
	if len(b.Valores)+len(b.Vcos)+len(b.Sensores) == 0 {
		return
	}
	p.backlog = append(p.backlog, b)
	if over := len(p.backlog) - p.o.Backlog; over > 0 {
		p.backlog = p.backlog[over:]
		p.dropped += over
		p.log.Warn("simulate: backlog full, the oldest batches dropped", "dropped", p.dropped)
	}
}

// batteryDrain is how much of a KOS Sensor's battery a simulated day takes (thousandths of
// a percent).
const batteryDrain = 200

// flush sends the backlog, oldest first, until the server cannot be reached; a batch the
// server refuses is dropped (it would be refused again).
func (p *player) flush(ctx context.Context) {
	send := func(ctx context.Context, b *history.Batch) error {
		err := p.t.Send(ctx, b)
		if err == nil {
			p.log.Debug("simulate: batch sent", "values", len(b.Valores))
		}
		return err
	}
	p.backlog = drain(ctx, p.log, p.backlog, send, "simulate: batch refused", "simulate: server unreachable, batches kept")
}
