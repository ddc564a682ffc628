// Package audit keeps the log of configuration changes: api.Register hands it every change
// an Edit or Admin operation makes (Record), in that change's transaction, and it serves the
// log to administrators and a machine's history to its factory's users.
package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Record writes one change: who made it, when, on what, and the JSON before and after.
// It is the API's api.Recorder.
func Record(ctx context.Context, q db.Querier, c api.Change) error {
	p, err := auth.From(ctx)
	if err != nil {
		return err
	}
	var userID *int64
	login := ""
	if p.User != nil {
		userID, login = &p.User.UsuarioID, p.User.Login
	}
	machine, err := machineOf(ctx, q, c)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO auditoria (fecha, usuario_id, usuario, fabrica_id, maquina_id, tipo, operacion, metodo, ruta, objeto_id, antes, despues)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
		time.Now().UnixMilli(), userID, login, idParam(c.Params, "factory"), machine, Kind(c.Operation.Path),
		c.Operation.OperationID, c.Operation.Method, c.Path, objectOf(c), text(c.Before), text(c.After))
	return err
}

// Kind is what a path changes: its first fixed segment after the factory or admin prefix
// ("/api/user/{factory}/vcv/{id}" is "vcv", "/api/admin/users/{id}" is "users",
// "/api/equipment/alert10" is "equipment").
func Kind(pattern string) string {
	rest := strings.TrimPrefix(pattern, "/api/")
	for _, prefix := range []string{"user/{factory}/", "admin/"} {
		rest = strings.TrimPrefix(rest, prefix)
	}
	kind, _, _ := strings.Cut(rest, "/")
	return kind
}

// machineOf is the machine a change is under (placeOf), a component's looked up, so that the
// machine's history and the home page's latest changes place a change to a point too.
func machineOf(ctx context.Context, q db.Querier, c api.Change) (*int64, error) {
	machine, component := placeOf(c)
	if machine != nil || component == nil {
		return machine, nil
	}
	var parent int64
	err := q.QueryRowContext(ctx, `SELECT parent_id FROM componentes WHERE id = $1 AND fabrica_id = $2`, *component, idParam(c.Params, "factory")).Scan(&parent)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return &parent, err
}

// placeOf is where a change is: its machine when it names one (the {machine} of its path, the
// {id} of a machine's own path, the machine its item names: a machine created, a component, a
// machine VCO's channel set through a path of its own), else the component it names (the {id}
// of a component's own path, a point's component).
func placeOf(c api.Change) (machine, component *int64) {
	if id := idParam(c.Params, "machine"); id != nil {
		return id, nil
	}
	if strings.HasPrefix(c.Operation.Path, "/api/user/{factory}/machine/{id}") {
		return idParam(c.Params, "id"), nil
	}
	for _, doc := range []json.RawMessage{c.After, c.Before} {
		var named struct {
			Machine       *int64 `json:"UsuMaquinaID"`
			MachineBody   *int64 `json:"UsuMaquinaId"`
			Component     *int64 `json:"UsuComponenteID"`
			ComponentBody *int64 `json:"UsuComponenteId"`
		}
		if json.Unmarshal(doc, &named) != nil {
			continue
		}
		for _, m := range []*int64{named.Machine, named.MachineBody} {
			if m != nil && *m > 0 {
				return m, nil
			}
		}
		for _, k := range []*int64{named.Component, named.ComponentBody} {
			if k != nil && *k > 0 && component == nil {
				component = k
			}
		}
	}
	if strings.HasPrefix(c.Operation.Path, "/api/user/{factory}/component/{id}") {
		return nil, idParam(c.Params, "id")
	}
	return nil, component
}

// objectOf is the id of what the change acts on: the last parameter of its path, if any.
func objectOf(c api.Change) *string {
	pattern := c.Operation.Path
	open := strings.LastIndex(pattern, "{")
	if open < 0 {
		return nil
	}
	name, _, _ := strings.Cut(pattern[open+1:], "}")
	if name == "factory" {
		return nil
	}
	v := c.Params[name]
	return &v
}

func idParam(params map[string]string, name string) *int64 {
	id, err := strconv.ParseInt(params[name], 10, 64)
	if err != nil {
		return nil
	}
	return &id
}

func text(b json.RawMessage) *string {
	if b == nil {
		return nil
	}
	s := string(b)
	return &s
}

// AuditEntry is one change of the log as the screens show it (named apart from the other
// features' entries in the OpenAPI document).
type AuditEntry struct {
	ID           int64           `json:"ID"`
	Fecha        time.Time       `json:"Fecha"`
	UsuarioID    *int64          `json:"UsuarioID"`
	Usuario      string          `json:"Usuario"`
	UsuFabricaID *int64          `json:"UsuFabricaID"`
	Fabrica      string          `json:"Fabrica"`
	MaquinaID    *int64          `json:"MaquinaID"`
	Tipo         string          `json:"Tipo"`
	Operacion    string          `json:"Operacion"`
	Metodo       string          `json:"Metodo"`
	Ruta         string          `json:"Ruta"`
	ObjetoID     *string         `json:"ObjetoID"`
	Nombre       string          `json:"Nombre" doc:"The name of the item changed in the caller's language, from its JSON after the change (before, for a deletion); empty when it has none"`
	Antes        json.RawMessage `json:"Antes" doc:"The JSON before the change (null: nothing, as for a creation)"`
	Despues      json.RawMessage `json:"Despues" doc:"The JSON after the change (null: nothing, as for a deletion)"`
}

// AuditPage is one page of the log, newest first, and how many changes match in all.
type AuditPage struct {
	Total int64        `json:"Total"`
	Filas []AuditEntry `json:"Filas"`
}

// Filter picks changes of the log (zero values: any) and the page of them to answer.
type Filter struct {
	Usuario int64    `query:"usuario" doc:"An account's id (0: any)"`
	Fabrica int64    `query:"fabrica" doc:"A factory's id (0: any)"`
	Tipo    []string `query:"tipo,explode" doc:"What changed, any of these: the first segment of the path after the factory (machine, vcv, mpv, band, users, ...)"`
	Desde   string   `query:"desde" doc:"From this day (UTC), inclusive" example:"2026-01-01"`
	Hasta   string   `query:"hasta" doc:"To this day (UTC), inclusive" example:"2026-01-31"`
	From    int64    `query:"from" minimum:"0" doc:"Changes to skip"`
	Size    int64    `query:"size" minimum:"1" maximum:"500" default:"50" doc:"Changes per page"`
	maquina int64
}

// List answers the page of the log that f asks for, newest first. A bad date is refused on
// its field.
func List(ctx context.Context, q db.Querier, f Filter) (*AuditPage, error) {
	from, err := day(f.Desde, "desde", 0)
	if err != nil {
		return nil, err
	}
	to, err := day(f.Hasta, "hasta", 1)
	if err != nil {
		return nil, err
	}
	if f.Hasta == "" {
		to = math.MaxInt64
	}
	where := ` FROM auditoria a LEFT JOIN fabricas f ON f.id = a.fabrica_id
		WHERE ($1 = 0 OR a.usuario_id = $1) AND ($2 = 0 OR a.fabrica_id = $2) AND ($3 = 0 OR a.maquina_id = $3)
		AND a.fecha >= $4 AND a.fecha < $5`
	args := []any{f.Usuario, f.Fabrica, f.maquina, from, to}
	if len(f.Tipo) > 0 {
		where += ` AND a.tipo IN (` + db.In(len(args)+1, len(f.Tipo)) + `)`
		args = append(args, db.Args(f.Tipo)...)
	}
	page := &AuditPage{}
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*)`+where, args...).Scan(&page.Total); err != nil {
		return nil, err
	}
	if f.Size == 0 {
		f.Size = 50
	}
	rows, err := q.QueryContext(ctx, `SELECT a.id, a.fecha, a.usuario_id, a.usuario, a.fabrica_id, COALESCE(f.nombre, ''), a.maquina_id,
		a.tipo, a.operacion, a.metodo, a.ruta, a.objeto_id, a.antes, a.despues`+where+`
		ORDER BY a.fecha DESC, a.id DESC LIMIT `+fmt.Sprintf("$%d OFFSET $%d", len(args)+1, len(args)+2), append(args, f.Size, f.From)...)
	page.Filas, err = db.Collect(rows, err, func(r db.Scanner) (e AuditEntry, err error) {
		var ms int64
		var before, after *string
		err = r.Scan(&e.ID, &ms, &e.UsuarioID, &e.Usuario, &e.UsuFabricaID, &e.Fabrica, &e.MaquinaID,
			&e.Tipo, &e.Operacion, &e.Metodo, &e.Ruta, &e.ObjetoID, &before, &after)
		e.Fecha, e.Antes, e.Despues, e.Nombre = time.UnixMilli(ms).UTC(), raw(before), raw(after), nameIn(api.Language(ctx), after, before)
		return e, err
	})
	return page, err
}

// day is the unix ms of a YYYY-MM-DD day's start, plus days ("" is 0).
func day(s, field string, days int) (int64, error) {
	if s == "" {
		return 0, nil
	}
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return 0, api.Invalid(field, "invalid", nil)
	}
	return t.AddDate(0, 0, days).UnixMilli(), nil
}

func raw(s *string) json.RawMessage {
	if s == nil {
		return json.RawMessage("null")
	}
	return json.RawMessage(*s)
}

// Machine answers the page of a machine's own changes (f's factory and machine are the
// call's): 404 for a machine of another factory.
func Machine(ctx context.Context, q db.Querier, scope auth.Scope, machine int64, f Filter) (*AuditPage, error) {
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return nil, err
	}
	f.Fabrica, f.maquina = scope.Factory, machine
	return List(ctx, q, f)
}

// Recent is a change as a factory's home page lists it: who, when, what (the operation, the
// kind of what it changed and that item's name, when its JSON has one) and under which
// machine, without the JSON itself.
type Recent struct {
	ID        int64     `json:"ID"`
	Fecha     time.Time `json:"Fecha"`
	Usuario   string    `json:"Usuario"`
	Tipo      string    `json:"Tipo"`
	Operacion string    `json:"Operacion"`
	Metodo    string    `json:"Metodo"`
	MaquinaID *int64    `json:"MaquinaID"`
	Nombre    string    `json:"Nombre" doc:"The name of the item changed in the caller's language, from its JSON after the change (before, for a deletion); empty when it has none"`
}

// Latest answers the scope's factory's n newest changes, in one read: a factory's members
// read them, never another factory's.
func Latest(ctx context.Context, q db.Querier, scope auth.Scope, n int) ([]Recent, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT id, fecha, usuario, tipo, operacion, metodo, maquina_id, antes, despues FROM auditoria
		WHERE fabrica_id = $1 ORDER BY fecha DESC, id DESC LIMIT $2`, scope.Factory, n)
	return db.Collect(rows, err, func(r db.Scanner) (e Recent, err error) {
		var ms int64
		var before, after *string
		err = r.Scan(&e.ID, &ms, &e.Usuario, &e.Tipo, &e.Operacion, &e.Metodo, &e.MaquinaID, &before, &after)
		e.Fecha, e.Nombre = time.UnixMilli(ms).UTC(), nameIn(scope.Lang, after, before)
		return e, err
	})
}

// nameIn is the name an item's JSON gives, in the language (English unless Spanish, as lists
// show names, else the other one), from the first of docs that has one.
func nameIn(lang string, docs ...*string) string {
	keys := []string{"NombreEn", "NombreEs", "Nombre"}
	if api.NameColumn(lang) == "nombre_es" {
		keys = []string{"NombreEs", "NombreEn", "Nombre"}
	}
	for _, doc := range docs {
		var item map[string]any
		if doc == nil || json.Unmarshal([]byte(*doc), &item) != nil {
			continue
		}
		for _, k := range keys {
			if s, ok := item[k].(string); ok && s != "" {
				return s
			}
		}
	}
	return ""
}
