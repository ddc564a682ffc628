package devices

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Registry stores the devices. Its calls run in the caller's transaction; DB serves only
// the authentication of devices, which happens before any.
type Registry struct {
	DB *db.DB
	// Deliveries, when set, answers the delivery of the newest configuration of each machine
	// the devices configure, by device (the configuration feature's, injected).
	Deliveries func(ctx context.Context, q db.Querier, devices []int64) (map[int64][]Delivery, error)
}

// Delivery is the delivery of the newest configuration of a machine to its device.
type Delivery struct {
	UsuMaquinaID int64  `json:"UsuMaquinaID"`
	Maquina      string `json:"Maquina"`
	Version      int64  `json:"Version"`
	Estado       string `json:"Estado" enum:"pending,delivered,applied,partial,failed,superseded,out_of_sync,silent"`
}

// viewer is who is asking: an administrator (ADMIN, or the system) sees every device, a user
// those assigned to their factories, anyone else none.
type viewer struct {
	admin     bool
	factories []int64
}

// viewerOf is the viewer of ctx: api.ErrUnauthorized without a principal.
func viewerOf(ctx context.Context) (viewer, error) {
	p, err := auth.From(ctx)
	if err != nil {
		return viewer{}, err
	}
	if p.IsAdmin() {
		return viewer{admin: true}, nil
	}
	v := viewer{factories: []int64{}}
	if p.User != nil {
		for _, f := range p.User.Fabricas {
			v.factories = append(v.factories, f.UsuFabricaID)
		}
	}
	return v, nil
}

// administrator refuses a call that does not run as an administrator.
func administrator(ctx context.Context) error {
	v, err := viewerOf(ctx)
	if err == nil && !v.admin {
		err = api.ErrForbidden
	}
	return err
}

// editor refuses a call whose principal may not change factory data.
func editor(ctx context.Context) error {
	p, err := auth.From(ctx)
	if err == nil && !p.CanEdit() {
		err = api.ErrForbidden
	}
	return err
}

func (v viewer) member(factory *int64) bool {
	return v.admin || (factory != nil && slices.Contains(v.factories, *factory))
}

// where builds a WHERE clause; conditions are written with ? and numbered on the way.
type where struct {
	conds []string
	args  []any
}

func (w *where) add(cond string, args ...any) {
	for _, a := range args {
		w.args = append(w.args, a)
		cond = strings.Replace(cond, "?", fmt.Sprintf("$%d", len(w.args)), 1)
	}
	w.conds = append(w.conds, cond)
}

func (w *where) sql() string {
	if len(w.conds) == 0 {
		return "TRUE"
	}
	return strings.Join(w.conds, " AND ")
}

// visible limits w to what v may see.
func (w *where) visible(v viewer) {
	if v.admin {
		return
	}
	if len(v.factories) == 0 {
		w.add("FALSE")
		return
	}
	ph := make([]string, len(v.factories))
	for i := range ph {
		ph[i] = "?"
	}
	args := make([]any, len(v.factories))
	for i, f := range v.factories {
		args[i] = f
	}
	w.add("e.fabrica_id IN ("+strings.Join(ph, ", ")+")", args...)
}

// selectSQL reads devices with their node's name and where they are installed: an alert
// device on its machine, a sensor on its point (and that point's machine).
const selectSQL = `SELECT e.id, e.tipo, e.guid, e.numero_serie, e.alias, e.concentrador_id, e.numero_orden, e.modo_medicion,
	e.distribuidor_id, e.socio_id, e.fabrica_id, e.centro_id, COALESCE(c.nombre_es, f.nombre, s.nombre, d.nombre, ''), e.usuario_id,
	m.id, m.nombre_es, m.nombre_en, p.id, p.nombre_es, p.nombre_en
FROM equipos e
LEFT JOIN distribuidores d ON d.id = e.distribuidor_id
LEFT JOIN socios s ON s.id = e.socio_id
LEFT JOIN fabricas f ON f.id = e.fabrica_id
LEFT JOIN centros c ON c.id = e.centro_id
LEFT JOIN puntos p ON e.tipo = 'MEMS' AND (p.sensor_proteccion = e.guid OR p.sensor_prediccion = e.guid)
LEFT JOIN componentes pc ON pc.id = p.parent_id
LEFT JOIN maquinas m ON m.id = pc.parent_id OR (e.tipo IN ('ALERT10', 'ALERT10C') AND e.guid IN (m.equipo_alert10, m.equipo_alert10c))
WHERE `

func scanDevice(row db.Scanner) (*Equipment, error) {
	var e Equipment
	var guid string
	var mID, pID *int64
	var mEs, mEn, pEs, pEn *string
	a := &e.Asignacion
	if err := row.Scan(&e.ID, &e.Tipo, &guid, &e.NumeroSerie, &e.Alias, &e.ConcentradorId, &e.NumeroOrden, &e.ModoMedicion,
		&a.DistribuidorId, &a.SocioId, &a.UsuFabricaId, &a.UsuCentroId, &a.Nombre, &e.UsuarioId, &mID, &mEs, &mEn, &pID, &pEs, &pEn); err != nil {
		return nil, db.MapError(err)
	}
	e.setGUID(kindOf(e.Tipo), guid)
	if mID != nil {
		e.Maquina = &MachineRef{UsuMaquinaID: *mID, NombreEs: *mEs, NombreEn: *mEn}
	}
	if pID != nil {
		e.Punto = &PointRef{UsuPuntoVibracionID: *pID, NombreEs: *pEs, NombreEn: *pEn}
	}
	return &e, nil
}

func kindOf(tipo string) *Kind {
	for _, k := range Kinds {
		if k.Tipo == tipo {
			return k
		}
	}
	return Gateway
}

// find lists the devices of kind k matching w that the caller may see, by serial number;
// limit < 0 means all.
func (r *Registry) find(ctx context.Context, q db.Querier, k *Kind, w where, offset, limit int64) ([]*Equipment, error) {
	v, err := viewerOf(ctx)
	if err != nil {
		return nil, err
	}
	w.visible(v)
	if k != nil {
		w.add("e.tipo = ?", k.Tipo)
	}
	page := ""
	if limit >= 0 {
		page = fmt.Sprintf(" LIMIT %d OFFSET %d", limit, offset)
	}
	rows, err := q.QueryContext(ctx, selectSQL+w.sql()+" ORDER BY e.numero_serie, e.id"+page, w.args...)
	return db.Collect(rows, err, scanDevice)
}

// count counts the devices of kind k matching w that the caller may see.
func (r *Registry) count(ctx context.Context, q db.Querier, k *Kind, w where) (int64, error) {
	v, err := viewerOf(ctx)
	if err != nil {
		return 0, err
	}
	w.visible(v)
	w.add("e.tipo = ?", k.Tipo)
	var n int64
	err = q.QueryRowContext(ctx, "SELECT COUNT(*) FROM equipos e WHERE "+w.sql(), w.args...).Scan(&n)
	return n, err
}

// Get returns a device of kind k the caller may see, or db.ErrNotFound.
func (r *Registry) Get(ctx context.Context, q db.Querier, k *Kind, id int64) (*Equipment, error) {
	var w where
	w.add("e.id = ?", id)
	list, err := r.find(ctx, q, k, w, 0, 1)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, db.ErrNotFound
	}
	return list[0], nil
}

// editable returns a device of kind k that the caller sees and, as an editor, may change.
func (r *Registry) editable(ctx context.Context, q db.Querier, k *Kind, id int64) (*Equipment, error) {
	if err := editor(ctx); err != nil {
		return nil, err
	}
	return r.Get(ctx, q, k, id)
}

// EquipmentFilter is the query of filtered lists: parts of the serial number and alias, and the mode.
type EquipmentFilter struct {
	NumeroSerie  string `query:"NumeroSerie"`
	Alias        string `query:"Alias"`
	ModoMedicion string `query:"ModoMedicion" enum:"PROTECCION,PREDICCION,"`
}

func (f EquipmentFilter) where() where {
	var w where
	for _, c := range []struct{ col, v string }{{"e.numero_serie", f.NumeroSerie}, {"e.alias", f.Alias}} {
		if v := strings.TrimSpace(c.v); v != "" {
			w.add("LOWER("+c.col+") LIKE ?", "%"+strings.ToLower(v)+"%")
		}
	}
	if f.ModoMedicion != "" {
		w.add("e.modo_medicion = ?", f.ModoMedicion)
	}
	return w
}

// maxPage bounds a page so that one call cannot ask for the whole registry at once.
const maxPage = 1000

// Page returns rows from..to-1 of the filtered list.
func (r *Registry) Page(ctx context.Context, q db.Querier, k *Kind, f EquipmentFilter, from, to int64) ([]*Equipment, error) {
	// Each bound is told on its own field: a negative start is from's fault, whatever to is.
	if from < 0 {
		return nil, api.Invalid("from", "min_value", map[string]any{"min": 0})
	}
	if to < from || to-from > maxPage {
		return nil, api.Invalid("to", "range", map[string]any{"min": from, "max": from + maxPage})
	}
	list, err := r.find(ctx, q, k, f.where(), from, to-from)
	return r.listed(ctx, q, list, err)
}

// listed adds to the devices of a list the deliveries of the configurations they receive, in
// one read whatever their number.
func (r *Registry) listed(ctx context.Context, q db.Querier, list []*Equipment, err error) ([]*Equipment, error) {
	if err != nil || r.Deliveries == nil || len(list) == 0 {
		return list, err
	}
	ids := make([]int64, len(list))
	for i, e := range list {
		ids[i] = e.ID
	}
	byDevice, err := r.Deliveries(ctx, q, ids)
	for _, e := range list {
		e.Entregas = byDevice[e.ID]
	}
	return list, err
}

// check validates in for kind k; old is the stored device on an edit.
func (r *Registry) check(ctx context.Context, q db.Querier, k *Kind, in *EquipmentInput, old *Equipment) error {
	var errs api.FieldErrors
	errs.TrimText("NumeroSerie", &in.NumeroSerie, true)
	// A serial stored before this check is kept on an edit that leaves it as it is (an
	// editor, who may not change it, still edits the alias).
	if len(errs) == 0 && (old == nil || in.NumeroSerie != old.NumeroSerie) && !SerialFits(in.NumeroSerie) {
		errs.Add("NumeroSerie", "serial_topic", nil)
	}
	errs.TrimText("Alias", &in.Alias, false)
	if !k.Gateway {
		in.ConcentradorId = nil
	}
	if k.Tipo != TypeSensor {
		in.NumeroOrden, in.ModoMedicion = nil, nil
	}
	switch {
	case in.ConcentradorId != nil:
		var one int
		if err := q.QueryRowContext(ctx, `SELECT 1 FROM equipos WHERE id = $1 AND tipo = $2`, *in.ConcentradorId, TypeGateway).Scan(&one); err != nil {
			errs.Add("ConcentradorId", "unknown", nil)
		}
	case k.GatewayRequired:
		errs.Add("ConcentradorId", "required", nil)
	}
	if k.Tipo == TypeSensor {
		if in.ModoMedicion == nil {
			errs.Add("ModoMedicion", "required", nil)
		}
		if in.NumeroOrden != nil && (*in.NumeroOrden < 0 || *in.NumeroOrden > maxOrder) {
			errs.Add("NumeroOrden", "range", map[string]any{"min": 0, "max": maxOrder})
		}
	}
	if err := errs.Err(); err != nil {
		return err
	}
	if old != nil {
		v, err := viewerOf(ctx)
		if err != nil {
			return err
		}
		if !v.admin && (in.NumeroSerie != old.NumeroSerie || !sameID(in.ConcentradorId, old.ConcentradorId)) {
			return api.Invalid("NumeroSerie", "admin_only", nil)
		}
		// An installed device keeps its gateway and mode: its machine or point relies on them.
		if where := installedOn(old); where != "" && (!sameID(in.ConcentradorId, old.ConcentradorId) || !sameText(in.ModoMedicion, old.ModoMedicion)) {
			return api.Refused("in_use", map[string]any{"name": where})
		}
	}
	if k.Tipo == TypeSensor && in.NumeroOrden != nil && in.ConcentradorId != nil &&
		(old == nil || !sameID(in.NumeroOrden, old.NumeroOrden) || !sameID(in.ConcentradorId, old.ConcentradorId)) {
		return orderFree(ctx, q, *in.ConcentradorId, *in.NumeroOrden, old)
	}
	return nil
}

// orderFree refuses an order number another sensor has on the gateway: it is the sensor's
// position on the gateway's bus. The gateway's row is locked first, so that two saves of the
// same position wait for each other and the second sees the first.
func orderFree(ctx context.Context, q db.Querier, gateway, order int64, old *Equipment) error {
	if _, err := q.ExecContext(ctx, `UPDATE equipos SET id = id WHERE id = $1`, gateway); err != nil {
		return err
	}
	var self int64
	if old != nil {
		self = old.ID
	}
	var other string
	err := q.QueryRowContext(ctx, `SELECT numero_serie FROM equipos WHERE concentrador_id = $1 AND numero_orden = $2 AND tipo = $3 AND id <> $4
		ORDER BY numero_serie LIMIT 1`, gateway, order, TypeSensor, self).Scan(&other)
	switch {
	case err == nil:
		return api.Invalid("NumeroOrden", "order_taken", map[string]any{"order": order, "serial": other})
	case errors.Is(err, sql.ErrNoRows):
		return nil
	}
	return err
}

// ordersOnce refuses to move the sensors of a gateway to another where two of them share an
// order number (held before orderFree refused it), naming them: on the new gateway's bus
// they would clash. The new gateway holds no device: only the moved sensors can clash.
func ordersOnce(ctx context.Context, q db.Querier, gateway int64) error {
	rows, err := q.QueryContext(ctx, `SELECT numero_orden, numero_serie FROM equipos WHERE concentrador_id = $1 AND tipo = $2 AND numero_orden IS NOT NULL
		ORDER BY numero_orden, numero_serie`, gateway, TypeSensor)
	var orders []int64
	serials := map[int64][]string{}
	err = db.Pairs(rows, err, func(order int64, serial string) {
		if serials[order] == nil {
			orders = append(orders, order)
		}
		serials[order] = append(serials[order], serial)
	})
	if err != nil {
		return err
	}
	var errs api.FieldErrors
	for _, o := range orders {
		if len(serials[o]) > 1 {
			errs.Add("NumeroOrden", "order_twice", map[string]any{"order": o, "serials": strings.Join(serials[o], ", ")})
		}
	}
	return errs.Err()
}

// SerialFits reports whether a serial number can name its device in the MQTT topics
// ({prefix}/{serial}/config): a single topic level, so no level separator (/), no wildcard
// (+, #: the broker drops a client that publishes one) and no NUL.
func SerialFits(serial string) bool { return serial != "" && !strings.ContainsAny(serial, "/+#\x00") }

// maxOrder is the highest order number a sensor can have on its gateway.
const maxOrder = 999

func installedOn(e *Equipment) string {
	switch {
	case e.Punto != nil:
		return e.Punto.NombreEs
	case e.Maquina != nil:
		return e.Maquina.NombreEs
	}
	return ""
}

func sameID(a, b *int64) bool    { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
func sameText(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// Create registers a device of kind k and answers it with its token.
func (r *Registry) Create(ctx context.Context, q db.Querier, k *Kind, in EquipmentInput) (*Equipment, error) {
	if err := administrator(ctx); err != nil {
		return nil, err
	}
	if err := r.check(ctx, q, k, &in, nil); err != nil {
		return nil, err
	}
	token, hash := newToken()
	var id int64
	err := q.QueryRowContext(ctx, `INSERT INTO equipos (tipo, guid, numero_serie, alias, concentrador_id, numero_orden, modo_medicion, token_hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		k.Tipo, db.NewGUID(), in.NumeroSerie, in.Alias, in.ConcentradorId, in.NumeroOrden, in.ModoMedicion, hash).Scan(&id)
	if errors.Is(db.MapError(err), db.ErrDuplicate) {
		return nil, api.Invalid("NumeroSerie", "duplicate", nil)
	}
	if err != nil {
		return nil, err
	}
	if err := r.followGateway(ctx, q, id); err != nil {
		return nil, err
	}
	e, err := r.Get(ctx, q, k, id)
	if err == nil {
		e.Token = token
	}
	return e, err
}

// followGateway puts a device behind a gateway where the gateway is assigned.
func (r *Registry) followGateway(ctx context.Context, q db.Querier, id int64) error {
	_, err := q.ExecContext(ctx, `UPDATE equipos SET (distribuidor_id, socio_id, fabrica_id, centro_id) =
		(SELECT g.distribuidor_id, g.socio_id, g.fabrica_id, g.centro_id FROM equipos g WHERE g.id = equipos.concentrador_id)
		WHERE id = $1 AND concentrador_id IS NOT NULL`, id)
	return err
}

// Update edits a device of kind k (and puts it where a new gateway of it is).
func (r *Registry) Update(ctx context.Context, q db.Querier, k *Kind, id int64, in EquipmentInput) error {
	old, err := r.editable(ctx, q, k, id)
	if err != nil {
		return err
	}
	if err := r.check(ctx, q, k, &in, old); err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `UPDATE equipos SET numero_serie = $1, alias = $2, concentrador_id = $3, numero_orden = $4, modo_medicion = $5 WHERE id = $6`,
		in.NumeroSerie, in.Alias, in.ConcentradorId, in.NumeroOrden, in.ModoMedicion, id)
	if errors.Is(db.MapError(err), db.ErrDuplicate) {
		return api.Invalid("NumeroSerie", "duplicate", nil)
	}
	if err != nil || sameID(in.ConcentradorId, old.ConcentradorId) {
		return err
	}
	return r.followGateway(ctx, q, id)
}

// newToken makes a device secret and the hash that is kept of it.
func newToken() (token, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is how a device token is kept and looked up.
func HashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// NewToken replaces a device's token; the old one stops working.
func (r *Registry) NewToken(ctx context.Context, q db.Querier, id int64) (string, error) {
	if err := administrator(ctx); err != nil {
		return "", err
	}
	token, hash := newToken()
	res, err := q.ExecContext(ctx, `UPDATE equipos SET token_hash = $1 WHERE id = $2`, hash, id)
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return "", db.ErrNotFound
	}
	return token, nil
}

// AssignUser makes a user responsible for a device.
func (r *Registry) AssignUser(ctx context.Context, q db.Querier, id, user int64) error {
	if err := administrator(ctx); err != nil {
		return err
	}
	var one int
	if err := q.QueryRowContext(ctx, `SELECT 1 FROM usuarios WHERE id = $1`, user).Scan(&one); errors.Is(err, sql.ErrNoRows) {
		return api.Invalid("userId", "unknown", nil)
	} else if err != nil {
		return err
	}
	res, err := q.ExecContext(ctx, `UPDATE equipos SET usuario_id = $1 WHERE id = $2`, user, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return db.ErrNotFound
	}
	return nil
}

// path resolves the deepest node of a into the whole path above it.
func path(ctx context.Context, q db.Querier, a Assignment) (Assignment, error) {
	out := Assignment{UsuCentroId: a.UsuCentroId, UsuFabricaId: a.UsuFabricaId, SocioId: a.SocioId, DistribuidorId: a.DistribuidorId}
	steps := []struct {
		field    string
		from, to **int64
		sql      string
	}{
		{"UsuCentroId", &out.UsuCentroId, &out.UsuFabricaId, `SELECT fabrica_id FROM centros WHERE id = $1`},
		{"UsuFabricaId", &out.UsuFabricaId, &out.SocioId, `SELECT socio_id FROM fabricas WHERE id = $1 AND NOT plantilla`},
		{"SocioId", &out.SocioId, &out.DistribuidorId, `SELECT distribuidor_id FROM socios WHERE id = $1`},
	}
	for _, s := range steps {
		if *s.from == nil {
			continue
		}
		var up *int64
		if err := q.QueryRowContext(ctx, s.sql, **s.from).Scan(&up); err != nil {
			return out, api.Invalid(s.field, "unknown", nil)
		}
		// A node given with a parent that is not its own is not that parent's: unknown there,
		// as a node of another factory is, rather than moved under its own.
		if *s.to != nil && !sameID(*s.to, up) {
			return out, api.Invalid(s.field, "unknown", nil)
		}
		*s.to = up
	}
	if out.DistribuidorId != nil && out.SocioId == nil {
		var one int
		if err := q.QueryRowContext(ctx, `SELECT 1 FROM distribuidores WHERE id = $1`, *out.DistribuidorId).Scan(&one); err != nil {
			return out, api.Invalid("DistribuidorId", "unknown", nil)
		}
	}
	return out, nil
}

// Assign puts a device (and the devices behind it, when it is a gateway) at a node of the
// admin tree. Devices installed on a machine cannot leave its factory or site. A non-ADMIN
// moves a device only between the sites of its factories.
func (r *Registry) Assign(ctx context.Context, q db.Querier, k *Kind, id int64, a Assignment) error {
	e, err := r.editable(ctx, q, k, id)
	if err != nil {
		return err
	}
	to, err := path(ctx, q, a)
	if err != nil {
		return err
	}
	if v, err := viewerOf(ctx); err != nil || !v.member(to.UsuFabricaId) {
		return cmp.Or[error](err, api.ErrForbidden)
	}
	// A sensor reports through its gateway, so it stays in the gateway's factory (the sensor
	// check of EQP-042); a gateway moved takes its sensors along.
	if e.ConcentradorId != nil {
		var factory *int64
		if err := q.QueryRowContext(ctx, `SELECT fabrica_id FROM equipos WHERE id = $1`, *e.ConcentradorId).Scan(&factory); err != nil {
			return err
		}
		if !sameID(factory, to.UsuFabricaId) {
			return api.Refused("sensor_gateway", nil)
		}
	}
	var site any = -1
	if to.UsuCentroId != nil {
		site = *to.UsuCentroId
	}
	var factory any = -1
	if to.UsuFabricaId != nil {
		factory = *to.UsuFabricaId
	}
	var name string
	err = q.QueryRowContext(ctx, `SELECT m.nombre_es FROM equipos e
		JOIN maquinas m ON e.guid IN (m.equipo_concentrador, m.equipo_alert10, m.equipo_alert10c)
			OR m.id IN (SELECT c.parent_id FROM puntos p JOIN componentes c ON c.id = p.parent_id WHERE e.guid IN (p.sensor_proteccion, p.sensor_prediccion))
		JOIN areas ar ON ar.id = m.parent_id
		WHERE (e.id = $1 OR e.concentrador_id = $1) AND (m.fabrica_id <> $2 OR ($3 <> -1 AND ar.parent_id <> $3))
		ORDER BY m.nombre_es LIMIT 1`, e.ID, factory, site).Scan(&name)
	if err == nil {
		return api.Refused("in_use", map[string]any{"name": name})
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	_, err = q.ExecContext(ctx, `UPDATE equipos SET distribuidor_id = $1, socio_id = $2, fabrica_id = $3, centro_id = $4 WHERE id = $5 OR concentrador_id = $5`,
		to.DistribuidorId, to.SocioId, to.UsuFabricaId, to.UsuCentroId, e.ID)
	return err
}

// ChangeGateway puts the unused gateway other in the place of gateway id: its machines,
// the devices behind it, its assignment and user.
func (r *Registry) ChangeGateway(ctx context.Context, q db.Querier, id, other int64) error {
	if err := administrator(ctx); err != nil {
		return err
	}
	old, err := r.Get(ctx, q, Gateway, id)
	if err != nil {
		return err
	}
	next, err := r.Get(ctx, q, Gateway, other)
	if err != nil || next.ID == old.ID {
		return api.Invalid("otherId", "unknown", nil)
	}
	// Both gateways' rows are taken first, as orderFree takes one: a sensor saved behind
	// either meanwhile waits for the change, and then sees it.
	if _, err := q.ExecContext(ctx, `UPDATE equipos SET id = id WHERE id IN ($1, $2)`, old.ID, next.ID); err != nil {
		return err
	}
	var users int
	if err := q.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM maquinas WHERE equipo_concentrador = $1) + (SELECT COUNT(*) FROM equipos WHERE concentrador_id = $2)`,
		next.GUID(), next.ID).Scan(&users); err != nil {
		return err
	}
	if users > 0 {
		return api.Refused("in_use", map[string]any{"name": next.NumeroSerie})
	}
	if err := ordersOnce(ctx, q, old.ID); err != nil {
		return err
	}
	a := old.Asignacion
	for _, s := range []struct {
		sql  string
		args []any
	}{
		{`UPDATE maquinas SET equipo_concentrador = $1 WHERE equipo_concentrador = $2`, []any{next.GUID(), old.GUID()}},
		{`UPDATE equipos SET concentrador_id = $1 WHERE concentrador_id = $2`, []any{next.ID, old.ID}},
		{`UPDATE equipos SET distribuidor_id = $1, socio_id = $2, fabrica_id = $3, centro_id = $4, usuario_id = $5 WHERE id = $6`,
			[]any{a.DistribuidorId, a.SocioId, a.UsuFabricaId, a.UsuCentroId, old.UsuarioId, next.ID}},
		{`UPDATE equipos SET distribuidor_id = NULL, socio_id = NULL, fabrica_id = NULL, centro_id = NULL, usuario_id = NULL WHERE id = $1`, []any{old.ID}},
	} {
		if _, err := q.ExecContext(ctx, s.sql, s.args...); err != nil {
			return err
		}
	}
	return nil
}
