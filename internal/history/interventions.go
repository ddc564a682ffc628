package history

import (
	"context"
	"time"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Intervention is a dated note a user adds to a machine — a bearing changed, an alignment, a
// balancing — shown over the machine's history (S2 §2.8).
type Intervention struct {
	UsuIntervencionID int64     `json:"UsuIntervencionID"`
	UsuMaquinaId      int64     `json:"UsuMaquinaId"`
	Fecha             time.Time `json:"Fecha"`
	Texto             string    `json:"Texto"`
	// Autor is who wrote it (kept when the account goes).
	Autor string `json:"Autor"`
}

// InterventionInput is what a user writes of an intervention.
type InterventionInput struct {
	Fecha string `json:"Fecha" example:"2026-11-20T08:30:00Z"`
	Texto string `json:"Texto" maxLength:"1000"`
}

// maxNote bounds an intervention's text.
const maxNote = 1000

// check validates an intervention: a date up to now, a text of 1 to 1,000 characters.
func (in *InterventionInput) check(now time.Time) (int64, error) {
	var errs api.FieldErrors
	in.Texto = api.TrimInvisible(in.Texto)
	errs.TextMax("Texto", in.Texto, true, maxNote)
	t, err := ParseTime(in.Fecha)
	switch {
	case err != nil || t.Unix() < earliest:
		errs.Add("Fecha", "bad_date", nil)
	case t.After(now.Add(clockSkew)):
		errs.Add("Fecha", "future_date", nil)
	}
	return t.Unix(), errs.Err()
}

// Interventions lists a machine's interventions, newest first.
func (s *Service) Interventions(ctx context.Context, q db.Querier, scope auth.Scope, machine int64) ([]Intervention, error) {
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, `SELECT id, maquina_id, fecha, texto, autor FROM intervenciones WHERE maquina_id = $1 ORDER BY fecha DESC, id DESC`, machine)
	return db.Collect(rows, err, scanIntervention)
}

func scanIntervention(r db.Scanner) (i Intervention, err error) {
	var at int64
	err = r.Scan(&i.UsuIntervencionID, &i.UsuMaquinaId, &at, &i.Texto, &i.Autor)
	i.Fecha = time.Unix(at, 0).UTC()
	return i, err
}

// SaveIntervention adds an intervention to a machine (id 0) or changes one of its own.
func (s *Service) SaveIntervention(ctx context.Context, q db.Querier, scope auth.Scope, machine, id int64, in InterventionInput) (*Intervention, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, err
	}
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return nil, err
	}
	at, err := in.check(s.now())
	if err != nil {
		return nil, err
	}
	var row db.Scanner
	if id == 0 {
		who := scope.Principal().User
		author, user := "Vigía", (*int64)(nil)
		if who != nil {
			author, user = who.Nombre, &who.UsuarioID
		}
		row = q.QueryRowContext(ctx, `INSERT INTO intervenciones (maquina_id, fecha, texto, usuario_id, autor) VALUES ($1, $2, $3, $4, $5)
			RETURNING id, maquina_id, fecha, texto, autor`, machine, at, in.Texto, user, author)
	} else {
		row = q.QueryRowContext(ctx, `UPDATE intervenciones SET fecha = $1, texto = $2 WHERE id = $3 AND maquina_id = $4
			RETURNING id, maquina_id, fecha, texto, autor`, at, in.Texto, id, machine)
	}
	i, err := scanIntervention(row)
	if err != nil {
		return nil, db.MapError(err)
	}
	return &i, nil
}

// DeleteIntervention deletes one of a machine's interventions.
func (s *Service) DeleteIntervention(ctx context.Context, q db.Querier, scope auth.Scope, machine, id int64) error {
	if err := scope.CheckEdit(); err != nil {
		return err
	}
	if err := scope.Owned(ctx, q, "maquinas", machine); err != nil {
		return err
	}
	res, err := q.ExecContext(ctx, `DELETE FROM intervenciones WHERE id = $1 AND maquina_id = $2`, id, machine)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return db.ErrNotFound
	}
	return nil
}
