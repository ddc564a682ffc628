package app_test

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"vigia/internal/configuration"
	"vigia/internal/mqtt"
)

// machineBroker is the machine's Mosquitto. CI requires it (.ci/run checks it first), so
// there a broker that cannot be reached fails the test; elsewhere it skips it.
func machineBroker(t *testing.T) string {
	t.Helper()
	const addr = "127.0.0.1:1883"
	c, err := net.DialTimeout("tcp", addr, 2*time.Second)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the MQTT broker at %s is required in CI: %v", addr, err)
		}
		t.Skipf("no MQTT broker at %s: %v", addr, err)
	}
	c.Close()
	return "tcp://" + addr
}

// unique names a topic prefix or client id of one test run, so that runs sharing the
// machine's broker never see each other's messages or sessions.
func unique(base string) string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return base + "-" + hex.EncodeToString(b)
}

// startBridge connects the plant's server to the broker under prefix, as serve does.
func startBridge(t *testing.T, p *plant, url, prefix string) *mqtt.Bridge {
	t.Helper()
	id := unique("vigia-test")
	b := mqtt.New(mqtt.Options{URL: url, ClientID: id, Prefix: prefix}, p.d, p.app.Features.Config, p.app.Features.History)
	p.app.Features.Config.Published = b.Published
	b.Start(t.Context())
	t.Cleanup(func() {
		b.Close()
		forget(url, id)
	})
	select {
	case <-b.Ready():
	case <-time.After(15 * time.Second):
		t.Fatalf("the bridge did not subscribe at %s", url)
	}
	return b
}

// forget ends the broker's session of a client id (a clean connection drops it).
func forget(url, id string) {
	c := paho.NewClient(paho.NewClientOptions().AddBroker(url).SetClientID(id).SetCleanSession(true))
	if t := c.Connect(); t.WaitTimeout(5*time.Second) && t.Error() == nil {
		c.Disconnect(100)
	}
}

// deviceClient is a device's connection to the broker: its own session, QoS 1.
func deviceClient(t *testing.T, url string) paho.Client {
	t.Helper()
	id := unique("vigia-device")
	c := paho.NewClient(mqtt.ClientOptions(url, id).SetAutoAckDisabled(false))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("connect a device to %s: %v", url, tok.Error())
	}
	t.Cleanup(func() {
		c.Disconnect(100)
		forget(url, id)
	})
	return c
}

// publishAs publishes a payload as a device does and waits for the broker's acknowledgement.
func publishAs(t *testing.T, c paho.Client, topic string, payload any) {
	t.Helper()
	raw, ok := payload.([]byte)
	if !ok {
		raw, _ = json.Marshal(payload)
	}
	if tok := c.Publish(topic, mqtt.QoS, false, raw); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("publish on %s: %v", topic, tok.Error())
	}
}

// retained reads the retained configuration of a topic with a fresh subscriber, waiting
// until want accepts it.
func retained(t *testing.T, url, topic string, want func(configuration.DeviceConfig) bool) configuration.DeviceConfig {
	t.Helper()
	got := make(chan configuration.DeviceConfig, 16)
	c := paho.NewClient(paho.NewClientOptions().AddBroker(url).SetClientID(unique("vigia-reader")))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("connect a reader: %v", tok.Error())
	}
	defer c.Disconnect(100)
	c.Subscribe(topic, mqtt.QoS, func(_ paho.Client, m paho.Message) {
		var dc configuration.DeviceConfig
		if err := json.Unmarshal(m.Payload(), &dc); err != nil {
			t.Errorf("a configuration that is not one on %s: %s", topic, m.Payload())
		}
		got <- dc
	}).WaitTimeout(10 * time.Second)
	var last configuration.DeviceConfig
	deadline := time.After(15 * time.Second)
	for {
		select {
		case last = <-got:
			if want(last) {
				return last
			}
		case <-deadline:
			t.Fatalf("no wanted configuration on %s; last %+v", topic, last)
		}
	}
}

// eventually retries check until it passes or 30 s have gone by.
func eventually(t *testing.T, what string, check func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !check(); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 30 s", what)
		}
	}
}

// pumpSeries is the demo pump's alert device and one series of its VCVs (a reference row
// in one condition, direction 0), with a reference row of another machine.
type pumpSeries struct {
	serial          string
	vr, assoc, cond int64
	foreign         int64
}

func newPumpSeries(t *testing.T, p *plant) *pumpSeries {
	t.Helper()
	s := &pumpSeries{}
	for _, q := range []struct {
		dest  []any
		query string
	}{
		{[]any{&s.serial}, `SELECT e.numero_serie FROM equipos e JOIN maquinas m ON m.equipo_alert10 = e.guid WHERE m.id = $1`},
		{[]any{&s.vr, &s.assoc, &s.cond}, `SELECT r.id, r.asociacion_id, r.condicion_id FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id
			WHERE a.maquina_id = $1 AND a.tipo = 'MPV' ORDER BY r.id LIMIT 1`},
		{[]any{&s.foreign}, `SELECT r.id FROM valores_referencia r JOIN asociaciones a ON a.id = r.asociacion_id WHERE a.maquina_id <> $1 ORDER BY r.id LIMIT 1`},
	} {
		if err := p.d.QueryRow(q.query, p.machine).Scan(q.dest...); err != nil {
			t.Fatalf("%s: %v", q.query, err)
		}
	}
	return s
}

// values reads the series' values of the last two days, by value.
func (s *pumpSeries) values(t *testing.T, p *plant) map[float64]bool {
	t.Helper()
	now := time.Now().UTC()
	period := map[string]string{"FechaInicio": now.Add(-48 * time.Hour).Format(time.DateOnly), "FechaFin": now.Format(time.DateOnly)}
	st, body := p.signedIn.do("POST", p.url("/visualizator/data/mpv/%d/direction/0/condition/%d", s.assoc, s.cond), period)
	if st != 200 {
		t.Fatalf("chart: %d %s", st, body)
	}
	out := map[float64]bool{}
	for _, d := range decode[struct{ Datos []struct{ Valor float64 } }](t, body).Datos {
		out[d.Valor] = true
	}
	return out
}

// machineState is the delivery of the pump's configuration (the console's call).
func machineState(t *testing.T, p *plant) (estado string, entregada any) {
	t.Helper()
	st, body := p.signedIn.do("GET", p.url("/machine/%d/configuration", p.machine), nil)
	if st != 200 {
		t.Fatalf("state: %d %s", st, body)
	}
	s := decode[struct {
		Equipos   []struct{ Estado string }
		Versiones []struct{ Entregada any }
	}](t, body)
	if len(s.Equipos) != 1 || len(s.Versiones) == 0 {
		t.Fatalf("state: %s", body)
	}
	return s.Equipos[0].Estado, s.Versiones[0].Entregada
}

// publishConfiguration generates and publishes the pump's configuration.
func publishConfiguration(t *testing.T, p *plant) generated {
	t.Helper()
	st, body := p.signedIn.do("POST", p.url("/machine/%d/configuration", p.machine), map[string]any{"Modo": 0})
	g := decode[generated](t, body)
	if st != 200 || !g.Publicada {
		t.Fatalf("publish: %d %v", st, failures(g.Secciones))
	}
	return g
}

// Over MQTT (ARCHITECTURE §7): a published configuration is retained on the device's topic,
// the same JSON as GET /api/device/{serial}/config, and reading it delivers nothing; a
// report and a batch the device publishes are recorded as the HTTP calls record them;
// a malformed message is passed over without stopping those after it.
func TestMQTTDevice(t *testing.T) {
	t.Parallel()
	url := machineBroker(t)
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newPumpSeries(t, p)
		prefix := unique("vigia-test")
		startBridge(t, p, url, prefix)
		topic := func(kind string) string { return prefix + "/" + h.serial + "/" + kind }
		t.Cleanup(func() { clearRetained(url, topic(mqtt.TopicConfig)) })

		g := publishConfiguration(t, p)
		c := retained(t, url, topic(mqtt.TopicConfig), func(c configuration.DeviceConfig) bool { return len(c.Configuraciones) == 1 })
		if s := c.Configuraciones[0]; c.NumeroSerie != h.serial || s.UsuMaquinaID != p.machine || s.Version != *g.Version || s.Hash != g.Hash || c.IntervaloSondeo != 60 {
			t.Errorf("the retained configuration: %+v, want version %d hash %s", c, *g.Version, g.Hash)
		}
		if estado, entregada := machineState(t, p); estado != configuration.Pending || entregada != nil {
			t.Errorf("published over MQTT: %s delivered %v, want pending (the broker's copy is no delivery)", estado, entregada)
		}

		dev := deviceClient(t, url)
		publishAs(t, dev, topic(mqtt.TopicReport), []byte("{not json"))
		publishAs(t, dev, topic(mqtt.TopicMeasurements), map[string]any{"Valores": []map[string]any{{"VrId": h.foreign, "Dir": 0, "Fecha": time.Now().UTC().Format(time.RFC3339), "Valor": 1}}})
		var secs []map[string]any
		for _, s := range g.Secciones {
			secs = append(secs, map[string]any{"Nombre": s.Nombre, "OK": true, "Errores": []any{}})
		}
		publishAs(t, dev, topic(mqtt.TopicReport), map[string]any{"Version": *g.Version, "Hash": g.Hash, "Secciones": secs})
		eventually(t, "the report applied", func() bool {
			estado, entregada := machineState(t, p)
			return estado == configuration.Applied && entregada != nil
		})

		// A report the HTTP call refuses (its sections without OK nor Errores) is not recorded.
		var bare []map[string]any
		for _, s := range g.Secciones {
			bare = append(bare, map[string]any{"Nombre": s.Nombre})
		}
		publishAs(t, dev, topic(mqtt.TopicReport), map[string]any{"Version": *g.Version, "Hash": g.Hash, "Secciones": bare})

		at := func(ago time.Duration) string { return time.Now().UTC().Add(-ago).Format(time.RFC3339) }
		values := []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": at(2 * time.Hour), "Valor": 2100}, {"VrId": h.vr, "Dir": 0, "Fecha": at(time.Hour), "Valor": 2300}}
		publishAs(t, dev, topic(mqtt.TopicMeasurements), map[string]any{"Valores": values})
		eventually(t, "the batch stored", func() bool { got := h.values(t, p); return got[2100] && got[2300] })
		if estado, _ := machineState(t, p); estado != configuration.Applied {
			t.Errorf("after a report without OK nor Errores: %s, want applied still (the report refused)", estado)
		}

		// A new version replaces the retained one.
		if st, body := p.signedIn.do("POST", p.url("/machine/%d/configuration", p.machine), map[string]any{"Modo": configuration.Learn}); st != 200 {
			t.Fatalf("a learning run: %d %s", st, body)
		}
		retained(t, url, topic(mqtt.TopicConfig), func(c configuration.DeviceConfig) bool {
			return len(c.Configuraciones) == 1 && c.Configuraciones[0].Version == *g.Version+1
		})
	})
}

// A device whose topics spell its serial number in another case than the registry's (its
// user name on the broker) is that device, as over HTTP: what it publishes is recorded, and
// its configuration is published under its spelling too, new versions included.
func TestMQTTSerialInAnotherCase(t *testing.T) {
	t.Parallel()
	url := machineBroker(t)
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newPumpSeries(t, p)
		prefix := unique("vigia-test")
		startBridge(t, p, url, prefix)
		spelled := strings.ToLower(h.serial)
		topic := func(kind string) string { return prefix + "/" + spelled + "/" + kind }
		t.Cleanup(func() {
			clearRetained(url, topic(mqtt.TopicConfig))
			clearRetained(url, prefix+"/"+h.serial+"/"+mqtt.TopicConfig)
		})
		g := publishConfiguration(t, p)
		at := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
		publishAs(t, deviceClient(t, url), topic(mqtt.TopicMeasurements), map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": at, "Valor": 2700}}})
		eventually(t, "the batch stored", func() bool { return h.values(t, p)[2700] })
		retained(t, url, topic(mqtt.TopicConfig), func(c configuration.DeviceConfig) bool {
			return len(c.Configuraciones) == 1 && c.Configuraciones[0].Version == *g.Version
		})
		if st, body := p.signedIn.do("POST", p.url("/machine/%d/configuration", p.machine), map[string]any{"Modo": configuration.Learn}); st != 200 {
			t.Fatalf("a learning run: %d %s", st, body)
		}
		retained(t, url, topic(mqtt.TopicConfig), func(c configuration.DeviceConfig) bool {
			return len(c.Configuraciones) == 1 && c.Configuraciones[0].Version == *g.Version+1
		})
	})
}

// A device whose serial number cannot be a topic level (stored before registration refused
// such serials) is passed over: the other devices still get their configuration.
func TestMQTTSerialUnfitForATopic(t *testing.T) {
	t.Parallel()
	url := machineBroker(t)
	each(t, newPlant, func(t *testing.T, p *plant) {
		var bad int64
		if err := p.d.QueryRow(`INSERT INTO equipos (tipo, guid, numero_serie, token_hash) VALUES ('ALERT10', $1, 'A+#', 'x') RETURNING id`, unique("guid")).Scan(&bad); err != nil {
			t.Fatal(err)
		}
		if _, err := p.d.Exec(`INSERT INTO configuraciones (maquina_id, equipo_id, version, modo, hash, documento, publicada)
			SELECT id, $1, 1, 0, 'x', '{}', 0 FROM maquinas WHERE id <> $2 ORDER BY id LIMIT 1`, bad, p.machine); err != nil {
			t.Fatal(err)
		}
		g := publishConfiguration(t, p)
		// Published at the connection, after the bad serial (serials go in order).
		prefix := unique("vigia-test")
		topic := prefix + "/" + newPumpSeries(t, p).serial + "/" + mqtt.TopicConfig
		t.Cleanup(func() { clearRetained(url, topic) })
		startBridge(t, p, url, prefix)
		retained(t, url, topic, func(c configuration.DeviceConfig) bool {
			return len(c.Configuraciones) == 1 && c.Configuraciones[0].Hash == g.Hash
		})
	})
}

// clearRetained removes a topic's retained message from the broker (an empty one does).
func clearRetained(url, topic string) {
	c := paho.NewClient(paho.NewClientOptions().AddBroker(url).SetClientID(unique("vigia-cleaner")))
	if t := c.Connect(); t.WaitTimeout(5*time.Second) && t.Error() == nil {
		c.Publish(topic, mqtt.QoS, true, []byte{}).WaitTimeout(5 * time.Second)
		c.Disconnect(100)
	}
}

// broker is a Mosquitto of the test's own, on a free port, keeping its state in a folder.
type broker struct {
	t    *testing.T
	conf string
	url  string
	addr string
	cmd  *exec.Cmd
}

func newBroker(t *testing.T) *broker {
	t.Helper()
	const bin = "/usr/sbin/mosquitto"
	if _, err := os.Stat(bin); err != nil {
		t.Skipf("no %s: %v", bin, err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	dir := t.TempDir()
	b := &broker{t: t, conf: filepath.Join(dir, "mosquitto.conf"), addr: fmt.Sprintf("127.0.0.1:%d", port)}
	b.url = "tcp://" + b.addr
	conf := fmt.Sprintf("listener %d 127.0.0.1\nallow_anonymous true\npersistence true\npersistence_location %s/\nautosave_interval 1\n", port, dir)
	if os.Geteuid() == 0 {
		// As root Mosquitto would become the user mosquitto, who may not write the folder.
		conf += "user root\n"
	}
	if err := os.WriteFile(b.conf, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	b.start()
	t.Cleanup(b.stop)
	return b
}

// start runs the broker and waits until it takes connections.
func (b *broker) start() {
	b.t.Helper()
	b.cmd = exec.Command("/usr/sbin/mosquitto", "-c", b.conf)
	if err := b.cmd.Start(); err != nil {
		b.t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if c, err := net.Dial("tcp", b.addr); err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("mosquitto did not listen on %s", b.addr)
		}
	}
}

// stop ends the broker as a restart does (SIGTERM: it saves its state) and waits for it.
func (b *broker) stop() {
	if b.cmd == nil {
		return
	}
	_ = b.cmd.Process.Signal(syscall.SIGTERM)
	_ = b.cmd.Wait()
	b.cmd = nil
}

// A broker restart loses nothing: every batch a device published with QoS 1 and the broker
// acknowledged is stored, those published while the broker was down included (the device's
// client keeps them until it reconnects), and those the bridge had received but not yet
// acknowledged come again and are stored once.
func TestMQTTBrokerRestart(t *testing.T) {
	t.Parallel()
	each(t, newPlant, func(t *testing.T, p *plant) {
		h := newPumpSeries(t, p)
		b := newBroker(t)
		startBridge(t, p, b.url, "vigia")
		dev := deviceClient(t, b.url)
		topic := "vigia/" + h.serial + "/" + mqtt.TopicMeasurements

		const n = 60
		start := time.Now().UTC().Add(-2 * time.Hour).Truncate(time.Minute)
		tokens := make([]paho.Token, n)
		for i := range n {
			switch i {
			case n / 3:
				b.stop()
			case n / 2:
				b.start()
			}
			raw, _ := json.Marshal(map[string]any{"Valores": []map[string]any{{"VrId": h.vr, "Dir": 0, "Fecha": start.Add(time.Duration(i) * time.Minute).Format(time.RFC3339), "Valor": 1000 + i}}})
			tokens[i] = dev.Publish(topic, mqtt.QoS, false, raw)
			time.Sleep(40 * time.Millisecond)
		}
		acked := map[float64]bool{}
		for i, tok := range tokens {
			if tok.WaitTimeout(60*time.Second) && tok.Error() == nil {
				acked[float64(1000+i)] = true
			}
		}
		if len(acked) < n/2 {
			t.Fatalf("the broker acknowledged %d of %d batches", len(acked), n)
		}
		var stored map[float64]bool
		eventually(t, "every acknowledged batch stored", func() bool {
			stored = h.values(t, p)
			for v := range acked {
				if !stored[v] {
					return false
				}
			}
			return true
		})
		t.Logf("%d of %d batches acknowledged by the broker, %d stored", len(acked), n, len(stored))
	})
}
