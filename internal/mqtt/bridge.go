// Package mqtt carries the device calls over an MQTT broker beside HTTP (ARCHITECTURE §7,
// docs/DEVICES.md): each device's configuration is published retained on
// {prefix}/{serial}/config, and what devices publish on {prefix}/{serial}/report and
// {prefix}/{serial}/measurements is recorded as the HTTP calls record it. QoS 1 everywhere.
//
// On MQTT the broker authenticates the devices: the serial in the topic is taken as the
// device, so the broker's ACL must let each device publish only under its own serial.
package mqtt

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"vigia/internal/auth"
	"vigia/internal/configuration"
	"vigia/internal/devices"
	"vigia/internal/history"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Topics under the prefix, after the device's serial.
const (
	TopicConfig       = "config"
	TopicReport       = "report"
	TopicMeasurements = "measurements"
)

// QoS is the quality of service of every message: at least once. A re-sent report or batch
// changes nothing (the history replaces a value sent twice).
const QoS = 1

// Options are where the bridge connects and under which topics.
type Options struct {
	// URL is the broker: tcp://host:1883, ssl://host:8883, with user:password when the
	// broker asks for them.
	URL string
	// ClientID is the server's session on the broker. It must be fixed: the session (clean
	// session off) keeps the subscriptions and the messages queued while the server is away.
	ClientID string
	// Prefix is the root of the topics ("vigia" when empty).
	Prefix string
	// Resync is how often every device's configuration is compared with the one last
	// published, to publish what changed without a publication (a pause that ran out) or
	// whose publication failed (configuration.Poll when zero).
	Resync time.Duration
}

// Bridge is the server's MQTT client.
type Bridge struct {
	opts    Options
	db      *db.DB
	config  *configuration.Service
	history *history.Service
	client  paho.Client

	ctx    context.Context
	cancel context.CancelFunc
	// handlers counts the messages being recorded, so that Close waits for them; once
	// closed is set no other starts (paho may still hand one over as it disconnects).
	handlers sync.WaitGroup
	hmu      sync.Mutex
	closed   bool
	// devices holds a lock per serial (devices.SerialKey, so every spelling of it shares
	// one): a device's messages are recorded one at a time, as its values go to the same
	// chunks (two batches written at once into one chunk make one of them fail on
	// PostgreSQL); different devices are recorded side by side.
	devices sync.Map
	worker  sync.WaitGroup

	mu sync.Mutex
	// pending are the serials whose configuration is to be published; wake tells the worker.
	pending map[string]bool
	wake    chan struct{}
	// connected tells the worker that a connection came up: everything is published again.
	connected chan struct{}
	// sent is the ETag last published per topic serial (the worker's alone).
	sent map[string]string
	// spellings are, per device id, the spellings of its serial number other than the
	// stored one that its topics were heard under (a device is found in any case, and
	// reads its configuration under its own spelling, as the broker's ACL names it).
	spellings map[int64]map[string]bool
	// ready is closed at the first subscription.
	ready     chan struct{}
	readyOnce sync.Once
}

// New makes a bridge for the server's services; Start connects it.
func New(o Options, d *db.DB, config *configuration.Service, h *history.Service) *Bridge {
	if o.Prefix == "" {
		o.Prefix = "vigia"
	}
	if o.Resync <= 0 {
		o.Resync = configuration.Poll
	}
	b := &Bridge{opts: o, db: d, config: config, history: h, pending: map[string]bool{},
		wake: make(chan struct{}, 1), connected: make(chan struct{}, 1), sent: map[string]string{},
		spellings: map[int64]map[string]bool{}, ready: make(chan struct{})}
	b.ctx, b.cancel = context.WithCancel(context.Background())
	return b
}

// ClientOptions are the options every client of the project's takes: automatic reconnection
// with back-off (1 s doubling to 30 s), a first connection retried until it succeeds,
// clean session off so that the broker keeps the session's subscriptions and queued QoS 1
// messages across a restart of either side, and acknowledgements left to the handler.
func ClientOptions(url, clientID string) *paho.ClientOptions {
	return paho.NewClientOptions().AddBroker(url).SetClientID(clientID).
		SetCleanSession(false).SetAutoReconnect(true).SetMaxReconnectInterval(30 * time.Second).
		SetConnectRetry(true).SetConnectRetryInterval(5 * time.Second).
		SetKeepAlive(30 * time.Second).SetOrderMatters(false).SetAutoAckDisabled(true)
}

// Start connects to the broker (in the background while it cannot be reached) and publishes
// the configurations until ctx ends or Close is called.
func (b *Bridge) Start(ctx context.Context) {
	opts := ClientOptions(b.opts.URL, b.opts.ClientID).
		// Messages the broker queued for the session arrive before the subscriptions are
		// renewed: the default handler takes them as the subscriptions' would.
		SetDefaultPublishHandler(b.receive).
		SetOnConnectHandler(b.onConnect).
		SetConnectionLostHandler(func(_ paho.Client, err error) { slog.Warn("mqtt: connection lost", "err", err) })
	b.client = paho.NewClient(opts)
	b.client.Connect()
	go func() {
		select {
		case <-ctx.Done():
			b.cancel()
		case <-b.ctx.Done():
		}
	}()
	b.worker.Add(1)
	go b.publishLoop()
}

// Close stops the bridge: it disconnects and waits for the messages being recorded to give
// up (those not recorded stay unacknowledged, and the broker gives them again at the next
// connection).
func (b *Bridge) Close() {
	b.cancel()
	b.client.Disconnect(250)
	b.hmu.Lock()
	b.closed = true
	b.hmu.Unlock()
	b.handlers.Wait()
	b.worker.Wait()
}

func (b *Bridge) onConnect(c paho.Client) {
	slog.Info("mqtt: connected", "broker", b.opts.URL, "client", b.opts.ClientID)
	t := c.SubscribeMultiple(map[string]byte{b.topic("+", TopicReport): QoS, b.topic("+", TopicMeasurements): QoS}, nil)
	if t.Wait(); t.Error() != nil {
		slog.Error("mqtt: subscribe", "err", t.Error())
	} else {
		b.readyOnce.Do(func() { close(b.ready) })
	}
	select {
	case b.connected <- struct{}{}:
	default:
	}
}

// Ready is closed once the bridge has subscribed for the first time. Until then nothing
// devices publish reaches the server: the broker keeps messages only for a session that
// has subscribed (afterwards it keeps them while the server is away).
func (b *Bridge) Ready() <-chan struct{} { return b.ready }

func (b *Bridge) topic(serial, kind string) string { return b.opts.Prefix + "/" + serial + "/" + kind }

// Published is configuration.Service's hook: the device's configuration is published once
// the publishing transaction has ended. The hook runs inside it, so the serial waits for
// the end of the request's context, which comes after the commit; a context that never
// ends leaves it to the next resync.
func (b *Bridge) Published(ctx context.Context, serial string) {
	done := ctx.Done()
	if done == nil {
		return
	}
	go func() {
		select {
		case <-done:
			b.queue(serial)
		case <-b.ctx.Done():
		}
	}()
}

func (b *Bridge) queue(serial string) {
	b.mu.Lock()
	b.pending[serial] = true
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// publishLoop publishes the configurations: those queued, all of them at each connection
// (the broker may have lost its retained messages) and at each resync those that changed.
func (b *Bridge) publishLoop() {
	defer b.worker.Done()
	tick := time.NewTicker(b.opts.Resync)
	defer tick.Stop()
	for {
		select {
		case <-b.ctx.Done():
			return
		case <-b.wake:
			b.mu.Lock()
			serials := slices.Sorted(maps.Keys(b.pending))
			clear(b.pending)
			b.mu.Unlock()
			b.publish(serials, false)
		case <-b.connected:
			b.publishAll(true)
		case <-tick.C:
			b.publishAll(false)
		}
	}
}

// publishAll publishes the configuration of every device that was ever sent one (a device
// whose machine went to another receives its empty list).
func (b *Bridge) publishAll(force bool) {
	rows, err := b.db.QueryContext(b.ctx, `SELECT DISTINCT e.numero_serie FROM equipos e JOIN configuraciones c ON c.equipo_id = e.id ORDER BY e.numero_serie`)
	serials, err := db.Collect(rows, err, func(s db.Scanner) (serial string, err error) { return serial, s.Scan(&serial) })
	if err != nil {
		if b.ctx.Err() == nil {
			slog.Error("mqtt: list the devices to publish", "err", err)
		}
		return
	}
	b.publish(serials, force)
}

// publish sends each device's current configuration, retained, unless it is the one last
// sent (force: whatever was sent). Nothing is sent while the connection is down, so that
// nothing piles up in the client's store: the next connection publishes everything.
func (b *Bridge) publish(serials []string, force bool) {
	for _, serial := range serials {
		if b.ctx.Err() != nil || !b.client.IsConnectionOpen() {
			return
		}
		if err := b.publishOne(serial, force); err != nil && b.ctx.Err() == nil {
			slog.Warn("mqtt: publish a configuration", "serial", serial, "err", err)
		}
	}
}

// errSerial is a device whose serial number cannot be a topic level (devices.SerialFits).
var errSerial = errors.New("the serial number cannot be a topic level: not published")

func (b *Bridge) publishOne(serial string, force bool) error {
	// Published, such a topic makes the broker drop the connection, and the session sends
	// it again at each reconnection: no other device would get its configuration.
	if !devices.SerialFits(serial) {
		return errSerial
	}
	var dev *auth.Device
	var c *configuration.DeviceConfig
	err := b.db.ReadTx(b.ctx, func(tx *sql.Tx) (err error) {
		if dev, err = devices.Find(b.ctx, tx, serial); err != nil {
			return err
		}
		c, err = b.config.Current(b.ctx, tx, dev)
		return err
	})
	if err != nil {
		return err
	}
	payload, err := json.Marshal(c)
	if err != nil {
		return err
	}
	for _, spelling := range b.spellingsOf(dev) {
		if !force && b.sent[spelling] == c.Etag {
			continue
		}
		t := b.client.Publish(b.topic(spelling, TopicConfig), QoS, true, payload)
		select {
		case <-t.Done():
			err = t.Error()
		case <-time.After(30 * time.Second):
			err = errors.New("no acknowledgement in 30 s")
		case <-b.ctx.Done():
			err = b.ctx.Err()
		}
		if err != nil {
			return err
		}
		b.sent[spelling] = c.Etag
		slog.Debug("mqtt: configuration published", "serial", spelling, "etag", c.Etag)
	}
	return nil
}

// spellingsOf are the serials a device's configuration is published under: the stored one,
// then those its topics were heard under that still spell it.
func (b *Bridge) spellingsOf(dev *auth.Device) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := []string{dev.NumeroSerie}
	for _, s := range slices.Sorted(maps.Keys(b.spellings[dev.ID])) {
		if devices.SameSerial(s, dev.NumeroSerie) {
			out = append(out, s)
		}
	}
	return out
}

// heard notes the spelling of its serial number a device's topic used; a new one gets the
// device's configuration published under it.
func (b *Bridge) heard(dev *auth.Device, serial string) {
	if serial == dev.NumeroSerie {
		return
	}
	b.mu.Lock()
	known := b.spellings[dev.ID][serial]
	if !known {
		if b.spellings[dev.ID] == nil {
			b.spellings[dev.ID] = map[string]bool{}
		}
		b.spellings[dev.ID][serial] = true
	}
	b.mu.Unlock()
	if !known {
		b.queue(dev.NumeroSerie)
	}
}

// receive records a report or a batch a device published and acknowledges it once recorded
// (committed), or when it can never be (malformed, unknown device, refused: logged). A
// failure that may pass (the database) is retried; a message still unrecorded when the
// bridge stops stays unacknowledged, and the broker gives it again.
func (b *Bridge) receive(_ paho.Client, m paho.Message) {
	b.hmu.Lock()
	if b.closed {
		b.hmu.Unlock()
		return
	}
	b.handlers.Add(1)
	b.hmu.Unlock()
	defer b.handlers.Done()
	serial, kind, ok := b.parse(m.Topic())
	if !ok {
		slog.Warn("mqtt: a message on a topic the bridge does not serve", "topic", m.Topic())
		m.Ack()
		return
	}
	lock, _ := b.devices.LoadOrStore(devices.SerialKey(serial), &sync.Mutex{})
	lock.(*sync.Mutex).Lock()
	defer lock.(*sync.Mutex).Unlock()
	wait := 100 * time.Millisecond
	for {
		dev, err := b.record(serial, kind, m.Payload())
		switch {
		case err == nil:
			m.Ack()
			b.heard(dev, serial)
			return
		case final(err):
			slog.Warn("mqtt: message refused", "topic", m.Topic(), "err", err)
			m.Ack()
			return
		case b.ctx.Err() != nil:
			return
		}
		slog.Warn("mqtt: message not recorded, retrying", "topic", m.Topic(), "err", err, "in", wait)
		select {
		case <-time.After(wait/2 + rand.N(wait)):
		case <-b.ctx.Done():
			return
		}
		wait = min(2*wait, 30*time.Second)
	}
}

// parse splits {prefix}/{serial}/{kind} of the topics the bridge serves.
func (b *Bridge) parse(topic string) (serial, kind string, ok bool) {
	rest, found := strings.CutPrefix(topic, b.opts.Prefix+"/")
	serial, kind, _ = strings.Cut(rest, "/")
	return serial, kind, found && serial != "" && !strings.Contains(kind, "/") && (kind == TopicReport || kind == TopicMeasurements)
}

// record runs the device's call in one write transaction, as the HTTP handler does, and
// answers the device of the serial.
func (b *Bridge) record(serial, kind string, payload []byte) (*auth.Device, error) {
	var dev *auth.Device
	err := b.db.Tx(b.ctx, func(tx *sql.Tx) (err error) {
		if dev, err = devices.Find(b.ctx, tx, serial); err != nil {
			return err
		}
		ctx := auth.WithDevice(b.ctx, dev)
		if kind == TopicReport {
			report, err := b.config.DecodeReport(payload)
			if err != nil {
				return err
			}
			// The report is the only sign that the pushed version arrived: Heard delivers
			// it, then Report takes it as a version sent (a refusal undoes both).
			if err := b.config.Heard(ctx, tx, dev, report); err != nil {
				return err
			}
			return b.config.Report(ctx, tx, dev, report)
		}
		batch, err := history.ReadBatch(payload)
		if err != nil {
			return err
		}
		if _, err := b.history.Ingest(ctx, tx, dev, batch); err != nil {
			return err
		}
		return b.config.Heard(ctx, tx, dev, nil)
	})
	return dev, err
}

// final tells the errors a message will always meet: the answers HTTP gives as 4xx
// (refused, malformed) and a device that is not registered.
func final(err error) bool {
	var p *api.Problem
	return errors.As(err, &p) || errors.Is(err, db.ErrNotFound)
}
