package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"vigia/internal/apiclient"
	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/demo"
	"vigia/internal/history"
	"vigia/internal/platform/db"
	"vigia/internal/platform/dbtest"
	"vigia/internal/simulate"
)

// childEnv makes the test binary the server: the crash test runs this very main in a process
// of its own, so that it can kill it.
const childEnv = "VIGIA_CRASH_CHILD"

func TestMain(m *testing.M) {
	auth.LowerHashCostForTests()
	if os.Getenv(childEnv) != "" {
		main()
		return
	}
	os.Exit(m.Run())
}

const crashPassword = "crash-clave-1"

// TestCrash is issue 19's crash safety (ARCHITECTURE §8: nothing acknowledged is ever lost).
// On each engine it serves the demo, lets devices send measurement batches (sending again
// those left unanswered, and some answered ones), users paste a machine's subtree and save a
// machine's reference values, kills the server with SIGKILL at a random moment, and after
// each kill checks: SQLite's integrity check passes, every acknowledged value and save is
// there, no value is doubled, every pasted machine is whole or absent. CRASH_KILLS sets the
// number of kills per engine (3; make crash: 100).
func TestCrash(t *testing.T) {
	kills := 3
	if s := os.Getenv("CRASH_KILLS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("CRASH_KILLS=%q: not a number of kills", s)
		}
		kills = n
	}
	for _, e := range dbtest.Engines() {
		t.Run(string(e), func(t *testing.T) { crash(t, dbtest.URL(t, e), kills) })
	}
}

func crash(t *testing.T, dsn string, kills int) {
	ctx := context.Background()
	srv := newServer(t, dsn)
	srv.run("demo", "-password", crashPassword, "-history=false")
	srv.start()
	defer srv.kill()
	admin, err := apiclient.SignIn(ctx, srv.url, "admin", crashPassword)
	if err != nil {
		t.Fatal(err)
	}
	plant, err := admin.Discover(ctx, demo.Factory)
	if err != nil {
		t.Fatal(err)
	}
	writers := newWriters(ctx, t, srv.url, admin, plant)
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	t.Logf("%d writers, %d kills, seed %d", len(writers), kills, seed)
	for i := range kills {
		run, stop := context.WithCancel(ctx)
		var wg sync.WaitGroup
		for _, w := range writers {
			wg.Go(func() { w.run(run) })
		}
		after := time.Duration(200+rng.IntN(1300)) * time.Millisecond
		time.Sleep(after)
		srv.kill()
		stop()
		wg.Wait()
		if t.Failed() {
			return
		}
		if path, err := db.SQLitePath(dsn); err == nil {
			integrity(t, path)
		}
		srv.start()
		verifier, err := apiclient.SignIn(ctx, srv.url, "admin", crashPassword)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range writers {
			if err := w.check(ctx, verifier); err != nil {
				t.Fatalf("after kill %d: %v", i+1, err)
			}
		}
		t.Logf("kill %d after %s: checked", i+1, after)
	}
	for _, w := range writers {
		t.Log(w)
	}
}

// integrity opens the database the killed server left and runs SQLite's integrity check.
func integrity(t *testing.T, path string) {
	ctx := context.Background()
	d, err := db.Open(ctx, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if err := d.IntegrityCheck(ctx); err != nil {
		t.Fatal(err)
	}
}

// server is this command run as a process of its own on one database and address.
type server struct {
	t              *testing.T
	dsn, addr, url string
	log            string
	process        *os.Process
	exited         chan error
}

func newServer(t *testing.T, dsn string) *server {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return &server{t: t, dsn: dsn, addr: addr, url: "http://" + addr, log: filepath.Join(t.TempDir(), "server.log")}
}

// command is the test binary as vigia with args, its settings ours alone.
func (s *server) command(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "VIGIA_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, childEnv+"=1", "VIGIA_DB="+s.dsn, "VIGIA_ADDR="+s.addr,
		"VIGIA_ADMIN_PASSWORD="+crashPassword, "VIGIA_LOG_LEVEL=warn")
	out, err := os.OpenFile(s.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		s.t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = out, out
	return cmd
}

// run runs a command to its end.
func (s *server) run(args ...string) {
	if err := s.command(args...).Run(); err != nil {
		s.t.Fatalf("vigia %s: %v\n%s", strings.Join(args, " "), err, s.output())
	}
}

// start serves and waits until the server answers its health check.
func (s *server) start() {
	cmd := s.command("serve")
	if err := cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.process, s.exited = cmd.Process, make(chan error, 1)
	go func() { s.exited <- cmd.Wait() }()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		select {
		case err := <-s.exited:
			s.process = nil
			s.t.Fatalf("vigia serve ended: %v\n%s", err, s.output())
		default:
		}
		if res, err := http.Get(s.url + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
	}
	s.t.Fatalf("vigia serve did not answer in a minute\n%s", s.output())
}

// kill ends the server at once, as a crash would: what the operating system was handed
// stays in the files (synchronous FULL makes it reach the disk before an answer).
func (s *server) kill() {
	if s.process == nil {
		return
	}
	_ = s.process.Signal(syscall.SIGKILL)
	<-s.exited
	s.process = nil
	if strings.Contains(s.output(), "DATA RACE") {
		s.t.Errorf("the server found a data race:\n%s", s.output())
	}
}

func (s *server) output() string {
	out, _ := os.ReadFile(s.log)
	return string(out)
}

// writer is a client that writes while the server may die, and knows what the server
// acknowledged.
type writer interface {
	// run writes until ctx ends.
	run(ctx context.Context)
	// check proves that everything acknowledged is there, whole and once.
	check(ctx context.Context, s *apiclient.Session) error
	fmt.Stringer
}

// newWriters makes the writers: each device of the plant sends its machine's values; two
// users paste the first area into a site of their own; two users save reference values of a
// machine each that no device measures.
func newWriters(ctx context.Context, t *testing.T, url string, admin *apiclient.Session, plant *apiclient.Plant) []writer {
	if len(plant.Devices) == 0 || len(plant.Machines) < 2 {
		t.Fatal("the demo has no device or too few machines")
	}
	var ws []writer
	measured := map[int64]bool{}
	for i, d := range plant.Devices {
		token, err := admin.DeviceToken(ctx, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		measured[d.Machine] = true
		ws = append(ws, &deviceWriter{t: t, factory: plant.Factory, rows: plant.Machine(d.Machine).Rows,
			dev:  &simulate.HTTP{URL: url, Serial: d.Serial, Token: token, Client: &http.Client{Timeout: 30 * time.Second}},
			base: time.Now().UTC().Truncate(time.Second).Add(-12 * time.Hour), rng: rand.New(rand.NewPCG(uint64(i), 1)),
			acked: map[[2]int64]map[int64]int64{}})
	}
	var site struct{ UsuCentroID int64 }
	if err := admin.Do(ctx, http.MethodPost, fmt.Sprintf("/user/%d/site", plant.Factory), map[string]string{"NombreEs": "Pegadas", "Pais": "ES", "Ciudad": "Bilbao"}, &site); err != nil {
		t.Fatal(err)
	}
	source := plant.Areas[0]
	nodes, err := subtree(ctx, admin, plant.Factory, "area", source)
	if err != nil {
		t.Fatal(err)
	}
	pastes := &pasted{site: site.UsuCentroID, source: source, nodes: nodes, acked: map[int64]bool{}, whole: map[int64]bool{}}
	for range 2 {
		ws = append(ws, &pasteWriter{t: t, s: signIn(ctx, t, url), factory: plant.Factory, pasted: pastes})
	}
	for _, m := range plant.Machines {
		if len(ws) == len(plant.Devices)+4 {
			break
		}
		if measured[m.ID] || len(m.Rows) == 0 {
			continue
		}
		w := &levelWriter{t: t, s: signIn(ctx, t, url), factory: plant.Factory, machine: m.ID, rows: m.Rows, version: 1000}
		if err := w.save(ctx); err != nil {
			t.Fatal(err)
		}
		ws = append(ws, w)
	}
	return ws
}

func signIn(ctx context.Context, t *testing.T, url string) *apiclient.Session {
	s, err := apiclient.SignIn(ctx, url, "admin", crashPassword)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// pause waits a little, or until ctx ends.
func pause(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// deviceWriter is a device sending batches of its machine's values, each at a new second:
// a batch without an answer is kept and sent again first, and one in four answered batches
// is sent again too. Neither may double a value.
type deviceWriter struct {
	t       *testing.T
	factory int64
	dev     *simulate.HTTP
	rows    []assoc.Alarm
	base    time.Time
	rng     *rand.Rand
	next    int64          // seconds after base of the next batch
	pending *history.Batch // sent without an answer
	// acked holds the acknowledged values by series (VrId, Dir) and time (Unix seconds).
	acked          map[[2]int64]map[int64]int64
	batches, again int
}

func (w *deviceWriter) run(ctx context.Context) {
	for ctx.Err() == nil {
		if w.pending == nil {
			w.pending = w.batch()
		}
		err := w.dev.Send(ctx, w.pending)
		var answer *apiclient.Error
		switch {
		case err == nil:
			w.ack(w.pending)
			if w.rng.IntN(4) > 0 {
				w.pending = nil
			} else {
				w.again++
			}
		case errors.As(err, &answer) && answer.Status == http.StatusTooManyRequests:
			pause(ctx, 100*time.Millisecond)
		case errors.As(err, &answer):
			w.t.Errorf("device %s: %v", w.dev.Serial, err)
			return
		default:
			pause(ctx, 10*time.Millisecond)
		}
		// Five batches a second: the device's rate limit.
		pause(ctx, 200*time.Millisecond)
	}
}

// batch is a measurement of the machine in one condition: a value of each of its series.
func (w *deviceWriter) batch() *history.Batch {
	condition := w.rows[w.rng.IntN(len(w.rows))].UsuCondicionId
	at := w.base.Add(time.Duration(w.next) * time.Second).Format(time.RFC3339)
	w.next++
	b := &history.Batch{}
	for _, r := range w.rows {
		if r.UsuCondicionId == condition {
			b.Valores = append(b.Valores, history.Value{VrId: r.UsuValorReferenciaID, Dir: r.Direccion, Fecha: at, Valor: 1 + w.rng.Int64N(999_999)})
		}
	}
	return b
}

func (w *deviceWriter) ack(b *history.Batch) {
	w.batches++
	for _, v := range b.Valores {
		at, _ := time.Parse(time.RFC3339, v.Fecha)
		k := [2]int64{v.VrId, v.Dir}
		if w.acked[k] == nil {
			w.acked[k] = map[int64]int64{}
		}
		w.acked[k][at.Unix()] = v.Valor
	}
}

func (w *deviceWriter) check(ctx context.Context, s *apiclient.Session) error {
	period := map[string]string{"FechaInicio": w.base.Format(time.RFC3339), "FechaFin": w.base.Add(time.Duration(w.next) * time.Second).Format(time.RFC3339)}
	for _, r := range w.rows {
		values := w.acked[[2]int64{r.UsuValorReferenciaID, r.Direccion}]
		if values == nil {
			continue
		}
		var chart history.ConditionData
		path := fmt.Sprintf("/user/%d/visualizator/data/%s/%d/direction/%d/condition/%d?Puntos=20000", w.factory,
			strings.ToLower(r.Tipo), r.UsuMaqPuntoVcvId, r.Direccion, r.UsuCondicionId)
		if err := s.Do(ctx, http.MethodPost, path, period, &chart); err != nil {
			return err
		}
		stored := map[int64]int64{}
		for _, d := range chart.Datos {
			if _, ok := stored[d.Fecha.Unix()]; ok {
				return fmt.Errorf("device %s: series %d/%d holds %s twice", w.dev.Serial, r.UsuValorReferenciaID, r.Direccion, d.Fecha)
			}
			stored[d.Fecha.Unix()] = d.Valor
		}
		for at, v := range values {
			if got, ok := stored[at]; !ok || got != v {
				return fmt.Errorf("device %s: series %d/%d at %s: acknowledged %d, stored %d (%v)", w.dev.Serial,
					r.UsuValorReferenciaID, r.Direccion, time.Unix(at, 0).UTC(), v, got, ok)
			}
		}
	}
	return nil
}

func (w *deviceWriter) String() string {
	return fmt.Sprintf("device %s: %d batches acknowledged, %d of them sent again", w.dev.Serial, w.batches, w.again)
}

// pasted is what the paste writers share: the area they copy, its size, and the site the
// copies go to, which holds nothing else.
type pasted struct {
	site, source, nodes int64
	mu                  sync.Mutex
	acked               map[int64]bool // the copies the server answered
	whole               map[int64]bool // the copies found whole
}

// pasteWriter is a user pasting copies of an area into a site.
type pasteWriter struct {
	t       *testing.T
	s       *apiclient.Session
	factory int64
	*pasted
	unanswered int
}

func (w *pasteWriter) run(ctx context.Context) {
	for ctx.Err() == nil {
		var area struct{ UsuAreaID int64 }
		err := w.s.Do(ctx, http.MethodPost, fmt.Sprintf("/user/%d/site/%d/paste", w.factory, w.site), map[string]int64{"UsuAreaID": w.source}, &area)
		switch {
		case err == nil:
			w.mu.Lock()
			w.acked[area.UsuAreaID] = true
			w.mu.Unlock()
		case apiclient.Answered(err):
			w.t.Errorf("paste: %v", err)
			return
		default:
			w.unanswered++
			pause(ctx, 10*time.Millisecond)
		}
		pause(ctx, 20*time.Millisecond)
	}
}

// check finds every acknowledged copy in the site, and each copy not yet seen whole (an
// unanswered paste may have made one) as big as the source.
func (w *pasteWriter) check(ctx context.Context, s *apiclient.Session) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	areas, err := s.Children(ctx, w.factory, "site", w.site)
	if err != nil {
		return err
	}
	found := map[int64]bool{}
	for _, a := range areas {
		found[a.ID] = true
		if w.whole[a.ID] {
			continue
		}
		n, err := subtree(ctx, s, w.factory, a.Tipo, a.ID)
		if err != nil {
			return err
		}
		if n != w.nodes {
			return fmt.Errorf("pasted area %d holds %d nodes, its source %d", a.ID, n, w.nodes)
		}
		w.whole[a.ID] = true
	}
	for id := range w.acked {
		if !found[id] {
			return fmt.Errorf("pasted area %d was acknowledged and is missing", id)
		}
	}
	return nil
}

func (w *pasteWriter) String() string {
	return fmt.Sprintf("pastes: %d acknowledged, %d whole copies (both writers), %d unanswered (this one)", len(w.acked), len(w.whole), w.unanswered)
}

// subtree counts what a paste copies below a node of the side-bar: its nodes and, under a
// machine, the reference rows of its associations by direction.
func subtree(ctx context.Context, s *apiclient.Session, factory int64, tipo string, id int64) (int64, error) {
	children, err := s.Children(ctx, factory, tipo, id)
	n := int64(len(children))
	if err == nil && tipo == "machine" {
		var rows []assoc.Alarm
		rows, err = s.Alarms(ctx, factory, id)
		n += int64(len(rows))
	}
	for _, c := range children {
		if err != nil || !c.Hijos || c.Tipo == "point" {
			continue
		}
		var below int64
		below, err = subtree(ctx, s, factory, c.Tipo, c.ID)
		n += below
	}
	return n, err
}

// levelWriter is a user saving every reference value of a machine again and again, each save
// at a new level: after a kill the machine holds one save whole, the last acknowledged or
// the one left unanswered after it.
type levelWriter struct {
	t       *testing.T
	s       *apiclient.Session
	factory int64
	machine int64
	rows    []assoc.Alarm
	version int64
	// acked is the version of the last acknowledged save; unanswered the saves after it
	// that got no answer (any of them may have been written).
	acked      int64
	unanswered []int64
	saves      int
}

func (w *levelWriter) save(ctx context.Context) error {
	w.version++
	levels := make([]assoc.Level, len(w.rows))
	for i, r := range w.rows {
		levels[i] = assoc.Level{VrId: r.UsuValorReferenciaID, Dir: r.Direccion, Av: w.version, Al: w.version + 1, Pl: w.version + 2}
	}
	err := w.s.SaveLevels(ctx, w.factory, w.machine, levels)
	switch {
	case err == nil:
		w.acked, w.unanswered = w.version, nil
		w.saves++
	case !apiclient.Answered(err):
		w.unanswered = append(w.unanswered, w.version)
	}
	return err
}

func (w *levelWriter) run(ctx context.Context) {
	for ctx.Err() == nil {
		if err := w.save(ctx); apiclient.Answered(err) {
			w.t.Errorf("reference values: %v", err)
			return
		} else if err != nil {
			pause(ctx, 10*time.Millisecond)
		}
		pause(ctx, 10*time.Millisecond)
	}
}

func (w *levelWriter) check(ctx context.Context, s *apiclient.Session) error {
	rows, err := s.Alarms(ctx, w.factory, w.machine)
	if err != nil {
		return err
	}
	var version int64
	for _, r := range rows {
		if r.VrAviso == nil || r.VrAlarma == nil || r.VrPeligro == nil {
			return fmt.Errorf("machine %d: row %d/%d lost its values", w.machine, r.UsuValorReferenciaID, r.Direccion)
		}
		v := *r.VrAviso
		if version == 0 {
			version = v
		}
		if v != version || *r.VrAlarma != v+1 || *r.VrPeligro != v+2 {
			return fmt.Errorf("machine %d: half a save: row %d/%d holds %d/%d/%d, another row %d", w.machine,
				r.UsuValorReferenciaID, r.Direccion, v, *r.VrAlarma, *r.VrPeligro, version)
		}
	}
	if version != w.acked && !slices.Contains(w.unanswered, version) {
		return fmt.Errorf("machine %d holds the save %d; acknowledged %d, unanswered after it %v", w.machine, version, w.acked, w.unanswered)
	}
	return nil
}

func (w *levelWriter) String() string {
	return fmt.Sprintf("reference values of machine %d: %d saves acknowledged", w.machine, w.saves)
}
