package configuration

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/devices"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Poll is how often a device asks for its configuration; after a pause it waits PauseFor
// (S1 §9: the device does not look for new configuration for 6 hours). A device that has
// not asked for Silent times the interval it was last given is silent.
const (
	Poll     = time.Minute
	PauseFor = 6 * time.Hour
	Silent   = 3
)

// Delivery states of a version (ARCHITECTURE §7).
const (
	None       = "none"
	Pending    = "pending"
	Delivered  = "delivered"
	Applied    = "applied"
	Partial    = "partial"
	Failed     = "failed"
	Superseded = "superseded"
	OutOfSync  = "out_of_sync"
	Quiet      = "silent"
)

// Service generates, publishes and serves the machines' configurations.
type Service struct {
	Machines *assoc.Machines
	Devices  *devices.Registry
	// Now is the clock (tests set it).
	Now func() time.Time
	// Published, when set, is told of each version published (the MQTT transport sends it).
	Published func(ctx context.Context, serial string)
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Result is what generating a configuration answers: each section of its report and, when
// all are OK, the version published.
type Result struct {
	Publicada bool          `json:"Publicada"`
	Version   *int64        `json:"Version"`
	Hash      string        `json:"Hash,omitempty"`
	Secciones []api.Section `json:"Secciones" nullable:"false"`
}

// Generate builds the machine's configuration in mode, checks it and, when every section is
// OK, publishes it as the machine's next version. maxOrder is the highest order number of a
// KOS Sensor the console allows (0: MaxOrder).
func (s *Service) Generate(ctx context.Context, q db.Querier, scope auth.Scope, machine int64, mode int, maxOrder int64) (*Result, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, err
	}
	in, err := s.input(ctx, q, scope, machine, mode)
	if err != nil {
		return nil, err
	}
	if in.exempt, err = s.Machines.S.Operating.TimesExempt(ctx, q, scope, in.g.Machine.UsuAreaID); err != nil {
		return nil, err
	}
	if maxOrder > 0 {
		in.maxOrder = maxOrder
	}
	secs, doc, raw, hash, err := report(in, scope.Lang)
	if err != nil || doc == nil {
		return &Result{Secciones: secs}, err
	}
	var version int64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) + 1 FROM configuraciones WHERE maquina_id = $1`, machine).Scan(&version); err != nil {
		return nil, err
	}
	var user *int64
	if me := scope.Principal().User; me != nil {
		user = &me.UsuarioID
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO configuraciones (maquina_id, equipo_id, version, modo, hash, documento, publicada, usuario_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, machine, in.target.ID, version, mode, hash, string(raw), s.now().UnixMilli(), user); err != nil {
		return nil, err
	}
	if s.Published != nil {
		s.Published(ctx, in.target.NumeroSerie)
	}
	return &Result{Publicada: true, Version: &version, Hash: hash, Secciones: secs}, nil
}

// input reads what the checks and the document need: the machine's graph, its device and,
// for a KOS Sensor machine, the sensors on its points.
func (s *Service) input(ctx context.Context, q db.Querier, scope auth.Scope, machine int64, mode int) (*input, error) {
	g, err := s.Machines.Graph(ctx, q, scope, machine)
	if err != nil {
		return nil, err
	}
	in := &input{g: g, mode: mode, maxOrder: MaxOrder}
	m := g.Machine
	var guid *string
	switch {
	case m.EquipoAlert10 != nil:
		in.family, guid = devices.TypeAlert10, m.EquipoAlert10
	case m.EquipoAlert10C != nil:
		in.family, guid = devices.TypeAlert10C, m.EquipoAlert10C
	case m.KOSSensor:
		in.family, guid = devices.TypeSensor, m.EquipoConcentrador
	}
	if guid != nil {
		t := &target{}
		var gateway *string
		err := q.QueryRowContext(ctx, `SELECT e.id, e.tipo, e.numero_serie, e.alias, g.guid FROM equipos e LEFT JOIN equipos g ON g.id = e.concentrador_id
			WHERE e.guid = $1 AND e.fabrica_id = $2`, *guid, scope.Factory).Scan(&t.ID, &t.Tipo, &t.NumeroSerie, &t.Alias, &gateway)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			t.Missing = true
		case err != nil:
			return nil, err
		}
		t.behind = gateway != nil && m.EquipoConcentrador != nil && *gateway == *m.EquipoConcentrador
		in.target = t
	}
	if in.family == devices.TypeSensor {
		if in.sensors, err = s.Devices.Installation(ctx, q, []int64{scope.Factory}, true, "machine", machine, true); err != nil {
			return nil, err
		}
		if in.target != nil && !in.target.Missing {
			if in.orders, err = gatewayOrders(ctx, q, in.target.ID); err != nil {
				return nil, err
			}
		}
	}
	return in, nil
}

// gatewayOrders are the serial numbers of the sensors behind the gateway by order number.
func gatewayOrders(ctx context.Context, q db.Querier, gateway int64) (map[int64][]string, error) {
	out := map[int64][]string{}
	rows, err := q.QueryContext(ctx, `SELECT numero_orden, numero_serie FROM equipos WHERE concentrador_id = $1 AND tipo = $2 AND numero_orden IS NOT NULL
		ORDER BY numero_orden, numero_serie`, gateway, devices.TypeSensor)
	return out, db.Each(rows, err, func(r db.Scanner) error {
		var order int64
		var serial string
		if err := r.Scan(&order, &serial); err != nil {
			return err
		}
		out[order] = append(out[order], serial)
		return nil
	})
}

// version is a published configuration as stored.
type version struct {
	id, machine, device, number int64
	mode                        int
	hash, doc                   string
	published                   int64
	delivered, reported         *int64
	report, reportedHash        *string
}

const versionColumns = `c.id, c.maquina_id, c.equipo_id, c.version, c.modo, c.hash, c.documento, c.publicada, c.entregada, c.informada, c.informe, c.hash_informado`

// scanVersion reads versionColumns, then what extra points at (the columns a query adds).
func scanVersion(r db.Scanner, extra ...any) (v version, err error) {
	return v, r.Scan(append([]any{&v.id, &v.machine, &v.device, &v.number, &v.mode, &v.hash, &v.doc, &v.published, &v.delivered, &v.reported, &v.report, &v.reportedHash}, extra...)...)
}

func scanOne(r db.Scanner) (version, error) { return scanVersion(r) }

// configuresNow holds when the device e configures the machine m now, as input finds the
// machine's device: a version stays its device's to fetch, report on and be listed with
// only while it is (a device taken off the machine, or gone to another factory, is not).
const configuresNow = `e.fabrica_id = m.fabrica_id
	AND e.guid = COALESCE(m.equipo_alert10, m.equipo_alert10c, CASE WHEN m.kos_sensor THEN m.equipo_concentrador END)`

// Served is one machine's configuration as a device receives it.
type Served struct {
	UsuMaquinaID int64           `json:"UsuMaquinaID"`
	Version      int64           `json:"Version"`
	Modo         int             `json:"Modo"`
	Hash         string          `json:"Hash"`
	Documento    json.RawMessage `json:"Documento"`
}

// DeviceConfig is what a device polls: the whole current configuration of each machine it
// configures (never a delta), and how long to wait before it asks again.
type DeviceConfig struct {
	NumeroSerie     string   `json:"NumeroSerie"`
	IntervaloSondeo int64    `json:"IntervaloSondeo" doc:"Seconds until the device should ask again"`
	Configuraciones []Served `json:"Configuraciones" nullable:"false"`
	// Etag identifies the set of versions answered (the ETag header).
	Etag string `json:"-"`
}

// ForDevice answers the device's current configurations (Current) and records the poll: the
// time it asked and, for each version it receives for the first time, its delivery.
func (s *Service) ForDevice(ctx context.Context, q db.Querier, dev *auth.Device) (*DeviceConfig, error) {
	served, out, err := s.current(ctx, q, dev)
	if err != nil {
		return nil, err
	}
	now := s.now().UnixMilli()
	if err := deliver(ctx, q, served, now); err != nil {
		return nil, err
	}
	return out, asked(ctx, q, dev, now, out)
}

// asked records that the device asked at now and was answered out: the interval it keeps
// until it asks again, which its silence is judged by.
func asked(ctx context.Context, q db.Querier, dev *auth.Device, now int64, out *DeviceConfig) error {
	_, err := q.ExecContext(ctx, `UPDATE equipos SET sondeo = $1, intervalo_sondeo = $2 WHERE id = $3`, now, out.IntervaloSondeo, dev.ID)
	return err
}

// deliver records, at now, the delivery of each version of list that has none yet.
func deliver(ctx context.Context, q db.Querier, list []version, now int64) error {
	for _, v := range list {
		if v.delivered == nil {
			if _, err := q.ExecContext(ctx, `UPDATE configuraciones SET entregada = $1 WHERE id = $2`, now, v.id); err != nil {
				return err
			}
		}
	}
	return nil
}

// Current answers what the device receives now, recording nothing: the newest version of each
// machine it configures, except that a machine whose pause the device fetched less than
// PauseFor ago keeps the pause, whatever came after. A transport that pushes the
// configuration (MQTT) reads it with this.
func (s *Service) Current(ctx context.Context, q db.Querier, dev *auth.Device) (*DeviceConfig, error) {
	_, out, err := s.current(ctx, q, dev)
	return out, err
}

// current reads the versions the device receives now, and the answer they make.
func (s *Service) current(ctx context.Context, q db.Querier, dev *auth.Device) ([]version, *DeviceConfig, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+versionColumns+` FROM configuraciones c
		JOIN maquinas m ON m.id = c.maquina_id JOIN equipos e ON e.id = c.equipo_id
		WHERE c.equipo_id = $1 AND `+configuresNow+` AND (c.version = (SELECT MAX(version) FROM configuraciones WHERE maquina_id = c.maquina_id)
			OR (c.modo = $2 AND c.entregada > $3)) ORDER BY c.maquina_id, c.version`, dev.ID, Pause, s.now().Add(-PauseFor).UnixMilli())
	list, err := db.Collect(rows, err, scanOne)
	if err != nil {
		return nil, nil, err
	}
	out := &DeviceConfig{NumeroSerie: dev.NumeroSerie, IntervaloSondeo: int64(Poll / time.Second), Configuraciones: []Served{}}
	var served []version
	etag := sha256.New()
	for i, v := range list {
		// Rows come by machine and version: the first of a machine is a pause still holding
		// when a newer version follows it.
		if i > 0 && list[i-1].machine == v.machine {
			continue
		}
		if v.mode == Pause {
			out.IntervaloSondeo = int64(PauseFor / time.Second)
		}
		served = append(served, v)
		out.Configuraciones = append(out.Configuraciones, Served{UsuMaquinaID: v.machine, Version: v.number, Modo: v.mode, Hash: v.hash, Documento: json.RawMessage(v.doc)})
		// The version too: the same document published again is a new version to deliver.
		etag.Write([]byte(itoa(v.machine) + ":" + itoa(v.number) + ":" + v.hash + ";"))
	}
	out.Etag = `"` + hex.EncodeToString(etag.Sum(nil)) + `"`
	return served, out, nil
}

// DeviceReport is what a device reports having applied of a version, section by section.
type DeviceReport struct {
	// UsuMaquinaID names the machine when the device configures several (a gateway).
	UsuMaquinaID int64         `json:"UsuMaquinaID,omitempty" required:"false"`
	Version      int64         `json:"Version" required:"false"`
	Hash         string        `json:"Hash" required:"false"`
	Secciones    []api.Section `json:"Secciones" required:"false"`
}

// Report records a device's report on a version of a machine it configures now. A report on
// a version the device was never sent (not delivered: over MQTT, Heard delivers the version
// pushed first), or whose sections are not those of its family's report, each once, is
// refused (422) and nothing is recorded.
func (s *Service) Report(ctx context.Context, q db.Querier, dev *auth.Device, r *DeviceReport) error {
	var errs api.FieldErrors
	if r.Hash == "" {
		errs.Add("Hash", "required", nil)
	}
	if len(r.Secciones) == 0 {
		errs.Add("Secciones", "required", nil)
	}
	if err := errs.Err(); err != nil {
		return err
	}
	rows, err := q.QueryContext(ctx, `SELECT `+versionColumns+` FROM configuraciones c
		JOIN maquinas m ON m.id = c.maquina_id JOIN equipos e ON e.id = c.equipo_id
		WHERE c.equipo_id = $1 AND c.version = $2 AND ($3 = 0 OR c.maquina_id = $3) AND c.entregada IS NOT NULL AND `+configuresNow,
		dev.ID, r.Version, r.UsuMaquinaID)
	list, err := db.Collect(rows, err, scanOne)
	if err != nil {
		return err
	}
	if len(list) != 1 {
		return api.Invalid("Version", "unknown_version", map[string]any{"version": r.Version})
	}
	var doc Document
	if err := json.Unmarshal([]byte(list[0].doc), &doc); err != nil {
		return err
	}
	// Each section of the family once: a state reads applied only when every one is OK.
	names := SectionNames(doc.Familia)
	seen := map[string]bool{}
	for i, sec := range r.Secciones {
		field := "Secciones[" + itoa(int64(i)) + "].Nombre"
		switch {
		case !slices.Contains(names, sec.Nombre):
			errs.Add(field, "unknown_section", map[string]any{"names": strings.Join(names, ", ")})
		case seen[sec.Nombre]:
			errs.Add(field, "duplicate_section", map[string]any{"name": sec.Nombre})
		}
		seen[sec.Nombre] = true
	}
	for _, name := range names {
		if !seen[name] {
			errs.Add("Secciones", "missing_section", map[string]any{"name": name})
		}
	}
	if err := errs.Err(); err != nil {
		return err
	}
	raw, err := json.Marshal(r.Secciones)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `UPDATE configuraciones SET informada = $1, informe = $2, hash_informado = $3 WHERE id = $4`,
		s.now().UnixMilli(), string(raw), r.Hash, list[0].id)
	return err
}

// SectionNames are the sections of a family's report, FileCreation last.
func SectionNames(family string) []string {
	var names []string
	for _, c := range checks {
		name := c.alert
		if family == devices.TypeSensor {
			name = c.machine
		}
		if name != "" {
			names = append(names, name)
		}
	}
	return append(names, "FileCreation")
}

// DeviceState is the delivery of a machine's configuration to the device that receives it.
type DeviceState struct {
	NumeroSerie string `json:"NumeroSerie"`
	Alias       string `json:"Alias"`
	Tipo        string `json:"Tipo"`
	// Version is the newest version published for the machine (null: none yet).
	Version *int64 `json:"Version"`
	Estado  string `json:"Estado" enum:"none,pending,delivered,applied,partial,failed,superseded,out_of_sync,silent"`
	// Sondeo is when the device last asked for its configuration.
	Sondeo *time.Time `json:"Sondeo"`
}

// VersionState is one published version and its delivery.
type VersionState struct {
	Version   int64         `json:"Version"`
	Modo      int           `json:"Modo"`
	Hash      string        `json:"Hash"`
	Equipo    string        `json:"Equipo"`
	Estado    string        `json:"Estado" enum:"pending,delivered,applied,partial,failed,superseded,out_of_sync,silent"`
	Publicada time.Time     `json:"Publicada"`
	Entregada *time.Time    `json:"Entregada"`
	Informada *time.Time    `json:"Informada"`
	Secciones []api.Section `json:"Secciones" nullable:"false" doc:"What the device reported having applied"`
}

// State is the delivery of a machine's configuration: its device, and every version.
type State struct {
	Equipos     []DeviceState  `json:"Equipos" nullable:"false"`
	Versiones   []VersionState `json:"Versiones" nullable:"false" doc:"Newest first"`
	MaximoOrden int64          `json:"MaximoOrden" doc:"The highest KOS Sensor order number the server takes when the console sends none"`
}

// State answers the delivery state of the machine's configuration. The newest version is out
// of sync when the device reports another hash or the machine has changed since (its
// document would not be the same), and silent when its device stopped asking.
func (s *Service) State(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) (*State, error) {
	in, err := s.input(ctx, q, scope, machine, Monitor)
	if err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT `+versionColumns+`, e.numero_serie, e.sondeo, e.intervalo_sondeo FROM configuraciones c JOIN equipos e ON e.id = c.equipo_id
		WHERE c.maquina_id = $1 ORDER BY c.version DESC`, machine)
	type row struct {
		version
		serial string
		polled lastPoll
	}
	list, err := db.Collect(rows, err, func(r db.Scanner) (v row, err error) {
		v.version, err = scanVersion(r, &v.serial, &v.polled.at, &v.polled.interval)
		return v, err
	})
	if err != nil {
		return nil, err
	}
	out := &State{Equipos: []DeviceState{}, Versiones: []VersionState{}, MaximoOrden: MaxOrder}
	now := s.now()
	for i, v := range list {
		st := v.state(i == 0)
		if i == 0 {
			st = s.latest(in, &v.version, st, v.polled, now)
		}
		out.Versiones = append(out.Versiones, VersionState{Version: v.number, Modo: v.mode, Hash: v.hash, Equipo: v.serial, Estado: st,
			Publicada: time.UnixMilli(v.published).UTC(), Entregada: instant(v.delivered), Informada: instant(v.reported), Secciones: sections(v.report)})
	}
	if t := in.target; t != nil && !t.Missing {
		d := DeviceState{NumeroSerie: t.NumeroSerie, Alias: t.Alias, Tipo: t.Tipo, Estado: None}
		if err := q.QueryRowContext(ctx, `SELECT sondeo FROM equipos WHERE id = $1`, t.ID).Scan(&pollOf{&d.Sondeo}); err != nil {
			return nil, err
		}
		if len(list) > 0 && list[0].device == t.ID {
			d.Version, d.Estado = &list[0].number, out.Versiones[0].Estado
		}
		out.Equipos = append(out.Equipos, d)
	}
	return out, nil
}

// state is a version's delivery from what its device did with it.
func (v *version) state(newest bool) string {
	switch {
	case v.reported != nil && (v.reportedHash == nil || *v.reportedHash != v.hash):
		return OutOfSync
	case v.reported != nil:
		ok := 0
		secs := sections(v.report)
		for _, s := range secs {
			if s.OK {
				ok++
			}
		}
		switch ok {
		case len(secs):
			return Applied
		case 0:
			return Failed
		}
		return Partial
	case v.delivered != nil:
		return Delivered
	case !newest:
		return Superseded
	}
	return Pending
}

// latest refines the newest version's state: silent as heard tells, as the lists show it
// (a device that stopped asking cannot take a new document either), else out of sync once
// the machine's document has changed.
func (s *Service) latest(in *input, v *version, st string, polled lastPoll, now time.Time) string {
	st = heard(v, st, polled, now)
	if (st == Delivered || st == Applied) && in.target != nil && !in.target.Missing && in.target.ID == v.device {
		doc := build(in.g, v.mode, in.family, Target{NumeroSerie: in.target.NumeroSerie, Tipo: in.target.Tipo}, in.sensors)
		if hash, _, err := doc.Hash(); err == nil && hash != v.hash {
			return OutOfSync
		}
	}
	return st
}

// lastPoll is when a device last asked for its configuration (unix ms) and the interval it
// was given then (seconds), each nil when unknown: never asked, or asked before the interval
// was kept.
type lastPoll struct{ at, interval *int64 }

// heard answers silent when the device has not asked for Silent intervals since the version
// was published or it last asked, whichever came later; st otherwise. The interval is the one
// the device was given when it last asked, which it keeps whatever was published since (a
// pause's 6 hours, or a minute while a pause published since has not reached it); failing
// that, the version's mode's.
func heard(v *version, st string, polled lastPoll, now time.Time) string {
	wait := Poll
	if v.mode == Pause {
		wait = PauseFor
	}
	last := v.published
	if polled.at != nil {
		last = max(last, *polled.at)
		if polled.interval != nil {
			wait = time.Duration(*polled.interval) * time.Second
		}
	}
	if now.Sub(time.UnixMilli(last)) > Silent*wait {
		return Quiet
	}
	return st
}

// newest reads the newest version of each machine that cond (on c, configuraciones, and m,
// maquinas) selects, when its device configures the machine now (a machine whose device
// changed since has nothing delivered to the new one), with its machine's name and its
// device's last poll, and the state of each from what the device did (the editor's own call
// also compares the documents).
func (s *Service) newest(ctx context.Context, q db.Querier, cond string, args ...any) ([]devices.Delivery, []int64, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+versionColumns+`, m.nombre_es, e.sondeo, e.intervalo_sondeo FROM configuraciones c
		JOIN maquinas m ON m.id = c.maquina_id JOIN equipos e ON e.id = c.equipo_id
		WHERE `+cond+` AND `+configuresNow+` AND c.version = (SELECT MAX(version) FROM configuraciones x WHERE x.maquina_id = c.maquina_id)
		ORDER BY m.nombre_es, m.id`, args...)
	var out []devices.Delivery
	var owners []int64
	now := s.now()
	err = db.Each(rows, err, func(r db.Scanner) error {
		var name string
		var polled lastPoll
		v, err := scanVersion(r, &name, &polled.at, &polled.interval)
		if err != nil {
			return err
		}
		out = append(out, devices.Delivery{UsuMaquinaID: v.machine, Maquina: name, Version: v.number, Estado: heard(&v, v.state(true), polled, now)})
		owners = append(owners, v.device)
		return nil
	})
	return out, owners, err
}

// Deliveries answers, by device, the delivery of the newest configuration of each machine the
// devices receive (the equipment lists), in a fixed number of reads.
func (s *Service) Deliveries(ctx context.Context, q db.Querier, ids []int64) (map[int64][]devices.Delivery, error) {
	list, owners, err := s.newest(ctx, q, `c.equipo_id IN (`+db.In(1, len(ids))+`)`, db.Args(ids)...)
	out := map[int64][]devices.Delivery{}
	for i, e := range list {
		out[owners[i]] = append(out[owners[i]], e)
	}
	return out, err
}

// Count is how many machines are in one delivery state.
type Count struct {
	Estado string `json:"Estado" enum:"pending,delivered,applied,partial,failed,superseded,out_of_sync,silent"`
	N      int64  `json:"N"`
}

// Summary counts the factory's machines by the delivery of their newest configuration to the
// device that configures them now (the home page), and lists those that need a look: not
// applied.
type Summary struct {
	Estados  []Count            `json:"Estados" nullable:"false"`
	Atencion []devices.Delivery `json:"Atencion" nullable:"false" doc:"The machines whose newest configuration is not applied"`
}

// Summary answers the factory's delivery summary.
func (s *Service) Summary(ctx context.Context, q db.Querier, scope auth.Scope) (*Summary, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	list, _, err := s.newest(ctx, q, `m.fabrica_id = $1`, scope.Factory)
	if err != nil {
		return nil, err
	}
	out := &Summary{Estados: []Count{}, Atencion: []devices.Delivery{}}
	for _, e := range list {
		i := slices.IndexFunc(out.Estados, func(c Count) bool { return c.Estado == e.Estado })
		if i < 0 {
			i = len(out.Estados)
			out.Estados = append(out.Estados, Count{Estado: e.Estado})
		}
		out.Estados[i].N++
		if e.Estado != Applied {
			out.Atencion = append(out.Atencion, e)
		}
	}
	return out, nil
}

// Document answers one published version of the machine's configuration.
func (s *Service) Document(ctx context.Context, q db.Querier, scope auth.Scope, machine, number int64) (json.RawMessage, error) {
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return nil, err
	}
	var doc string
	err := q.QueryRowContext(ctx, `SELECT documento FROM configuraciones WHERE maquina_id = $1 AND version = $2`, machine, number).Scan(&doc)
	return json.RawMessage(doc), db.MapError(err)
}

func instant(ms *int64) *time.Time {
	if ms == nil {
		return nil
	}
	t := time.UnixMilli(*ms).UTC()
	return &t
}

// pollOf scans an optional unix-ms column into a time.
type pollOf struct{ t **time.Time }

func (p *pollOf) Scan(src any) error {
	var ms sql.NullInt64
	if err := ms.Scan(src); err != nil {
		return err
	}
	if ms.Valid {
		*p.t = instant(&ms.Int64)
	}
	return nil
}
