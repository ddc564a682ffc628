package simulate

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"vigia/internal/apiclient"
	"vigia/internal/configuration"
	"vigia/internal/history"
	"vigia/internal/mqtt"
)

// ErrRefused is the server refusing what a device sent (4xx but 429): sending it again
// would not help, so the device drops it. Any other failure is one to try again later. An
// answer's status is in the *apiclient.Error the error holds.
var ErrRefused = errors.New("refused by the server")

// Transport is how a device talks to the server: over HTTP with its token, or over MQTT.
type Transport interface {
	// Config answers the device's configuration when it is not the one held (etag; ""
	// holds none), or nil when it is.
	Config(ctx context.Context, etag string) (c *configuration.DeviceConfig, newEtag string, err error)
	Report(ctx context.Context, r *configuration.DeviceReport) error
	Send(ctx context.Context, b *history.Batch) error
	Close()
}

// HTTP is a device calling the server's device API with its token.
type HTTP struct {
	URL, Serial, Token string
	Client             *http.Client
}

func (h *HTTP) do(ctx context.Context, method, path string, body any, header http.Header) (*http.Response, []byte, error) {
	var r io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return nil, nil, err
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, h.URL+"/api/device/"+h.Serial+path, r)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Authorization", "Bearer "+h.Token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := h.Client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	switch {
	case err != nil:
		return nil, nil, err
	case res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500:
		// Too many requests (a backlog sent at once) or a server in trouble: try later.
		return res, out, &apiclient.Error{Method: method, Path: path, Status: res.StatusCode, Body: string(out)}
	case res.StatusCode >= 400:
		return res, out, fmt.Errorf("%w: %w", ErrRefused, &apiclient.Error{Method: method, Path: path, Status: res.StatusCode, Body: string(out)})
	}
	return res, out, nil
}

// Config polls GET /api/device/{serial}/config with If-None-Match.
func (h *HTTP) Config(ctx context.Context, etag string) (*configuration.DeviceConfig, string, error) {
	header := http.Header{}
	if etag != "" {
		header.Set("If-None-Match", etag)
	}
	res, body, err := h.do(ctx, http.MethodGet, "/config", nil, header)
	if err != nil || res.StatusCode == http.StatusNotModified {
		return nil, etag, err
	}
	c := &configuration.DeviceConfig{}
	if err := json.Unmarshal(body, c); err != nil {
		return nil, etag, err
	}
	return c, res.Header.Get("ETag"), nil
}

// Report posts POST /api/device/{serial}/report.
func (h *HTTP) Report(ctx context.Context, r *configuration.DeviceReport) error {
	_, _, err := h.do(ctx, http.MethodPost, "/report", r, nil)
	return err
}

// Send posts a batch to POST /api/device/{serial}/measurements.
func (h *HTTP) Send(ctx context.Context, b *history.Batch) error {
	_, _, err := h.do(ctx, http.MethodPost, "/measurements", b, nil)
	return err
}

// Close does nothing: HTTP keeps no connection of the device's own.
func (h *HTTP) Close() {}

// MQTT is a device on the broker: its configuration arrives retained on its topic, its
// reports and batches go out with QoS 1. The server answers nothing there, so a refused
// batch is only in the server's log.
type MQTT struct {
	serial, prefix string
	client         paho.Client

	mu     sync.Mutex
	latest *configuration.DeviceConfig
}

// DialMQTT connects a device to the broker (in the background while it is unreachable).
// Its session is clean, so that runs leave none behind on the broker: what could not be
// published stays in the device's backlog, and the retained configuration comes again at
// each connection.
func DialMQTT(url, prefix, serial string) *MQTT {
	m := &MQTT{serial: serial, prefix: prefix}
	opts := mqtt.ClientOptions(url, fmt.Sprintf("vigia-sim-%s-%x", serial, rand.Uint32())).SetCleanSession(true).SetAutoAckDisabled(false).
		SetOnConnectHandler(func(c paho.Client) {
			c.Subscribe(m.topic(mqtt.TopicConfig), mqtt.QoS, m.received)
		})
	m.client = paho.NewClient(opts)
	m.client.Connect()
	return m
}

func (m *MQTT) topic(kind string) string { return m.prefix + "/" + m.serial + "/" + kind }

func (m *MQTT) received(_ paho.Client, msg paho.Message) {
	c := &configuration.DeviceConfig{}
	if err := json.Unmarshal(msg.Payload(), c); err != nil {
		return
	}
	m.mu.Lock()
	m.latest = c
	m.mu.Unlock()
}

// Config answers the last configuration the broker gave when it is not the one held; its
// ETag is the set of versions it holds, as the server's is.
func (m *MQTT) Config(_ context.Context, etag string) (*configuration.DeviceConfig, string, error) {
	m.mu.Lock()
	c := m.latest
	m.mu.Unlock()
	if c == nil {
		return nil, etag, nil
	}
	h := sha256.New()
	for _, s := range c.Configuraciones {
		fmt.Fprintf(h, "%d:%s;", s.UsuMaquinaID, s.Hash)
	}
	tag := `"` + hex.EncodeToString(h.Sum(nil)) + `"`
	if tag == etag {
		return nil, etag, nil
	}
	return c, tag, nil
}

func (m *MQTT) publish(kind string, v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return err
	}
	t := m.client.Publish(m.topic(kind), mqtt.QoS, false, raw)
	if !t.WaitTimeout(10 * time.Second) {
		return errors.New("the broker did not acknowledge in 10 s")
	}
	return t.Error()
}

// Report publishes on {prefix}/{serial}/report.
func (m *MQTT) Report(_ context.Context, r *configuration.DeviceReport) error {
	return m.publish(mqtt.TopicReport, r)
}

// Send publishes on {prefix}/{serial}/measurements.
func (m *MQTT) Send(_ context.Context, b *history.Batch) error {
	return m.publish(mqtt.TopicMeasurements, b)
}

// Close disconnects from the broker.
func (m *MQTT) Close() { m.client.Disconnect(250) }
