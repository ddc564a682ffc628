package auth

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"

	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Store reads and writes accounts, factories and memberships.
type Store struct{ DB *db.DB }

// ListFactories returns every factory, by name.
func (s *Store) ListFactories(ctx context.Context) ([]Factory, error) {
	rows, err := s.DB.QueryContext(ctx, `SELECT id, nombre, referencia, plantilla FROM fabricas ORDER BY plantilla, nombre, id`)
	return db.Collect(rows, err, func(r db.Scanner) (f Factory, err error) {
		return f, r.Scan(&f.UsuFabricaID, &f.Nombre, &f.Referencia, &f.Plantilla)
	})
}

// GetFactory returns one factory or db.ErrNotFound.
func (s *Store) GetFactory(ctx context.Context, q db.Querier, id int64) (Factory, error) {
	f := Factory{UsuFabricaID: id}
	err := q.QueryRowContext(ctx, `SELECT nombre, referencia, plantilla FROM fabricas WHERE id = $1`, id).Scan(&f.Nombre, &f.Referencia, &f.Plantilla)
	return f, db.MapError(err)
}

// SaveFactory creates (id 0) or updates a factory. A name already used answers 422 on Nombre.
func (s *Store) SaveFactory(ctx context.Context, q db.Querier, id int64, in FactoryInput) (Factory, error) {
	if err := normalizeFactory(&in); err != nil {
		return Factory{}, err
	}
	var err error
	if id == 0 {
		err = q.QueryRowContext(ctx, `INSERT INTO fabricas (nombre, referencia) VALUES ($1, $2) RETURNING id`,
			in.Nombre, in.Referencia).Scan(&id)
	} else {
		var res sql.Result
		res, err = q.ExecContext(ctx, `UPDATE fabricas SET nombre = $1, referencia = $2 WHERE id = $3`, in.Nombre, in.Referencia, id)
		err = affected(res, err)
	}
	if err = db.MapError(err); errors.Is(err, db.ErrDuplicate) {
		return Factory{}, api.Invalid("Nombre", "duplicate", nil)
	} else if err != nil {
		return Factory{}, err
	}
	return Factory{UsuFabricaID: id, Nombre: in.Nombre, Referencia: in.Referencia}, nil
}

// ListUsers returns every account with its types and factories, by login.
func (s *Store) ListUsers(ctx context.Context, q db.Querier) ([]User, error) {
	return s.users(ctx, q, 0)
}

// GetUser returns one account or db.ErrNotFound.
func (s *Store) GetUser(ctx context.Context, q db.Querier, id int64) (User, error) {
	users, err := s.users(ctx, q, id)
	if err != nil {
		return User{}, err
	}
	if len(users) == 0 {
		return User{}, db.ErrNotFound
	}
	return users[0], nil
}

// users loads one account (id > 0) or all, with types and factories in two more queries.
func (s *Store) users(ctx context.Context, q db.Querier, id int64) ([]User, error) {
	const where = ` WHERE $1 = 0 OR id = $1`
	rows, err := q.QueryContext(ctx, `SELECT id, login, nombre, idioma, activo FROM usuarios`+where+` ORDER BY login`, id)
	out, err := db.Collect(rows, err, func(r db.Scanner) (User, error) {
		u := User{Tipos: []string{}, Fabricas: []int64{}}
		return u, r.Scan(&u.UsuarioID, &u.Login, &u.Nombre, &u.Idioma, &u.Activo)
	})
	if err != nil {
		return nil, err
	}
	index := map[int64]int{}
	for i, u := range out {
		index[u.UsuarioID] = i
	}
	err = eachPair(ctx, q, `SELECT usuario_id, tipo FROM usuario_tipos WHERE $1 = 0 OR usuario_id = $1 ORDER BY tipo`, id,
		func(uid int64, v string) {
			if i, ok := index[uid]; ok {
				out[i].Tipos = append(out[i].Tipos, v)
			}
		})
	if err != nil {
		return nil, err
	}
	err = eachPair(ctx, q, `SELECT usuario_id, fabrica_id FROM usuario_fabricas WHERE $1 = 0 OR usuario_id = $1 ORDER BY fabrica_id`, id,
		func(uid int64, fid int64) {
			if i, ok := index[uid]; ok {
				out[i].Fabricas = append(out[i].Fabricas, fid)
			}
		})
	return out, err
}

// eachPair runs a query of (user id, value) rows and hands each row to fn.
func eachPair[T any](ctx context.Context, q db.Querier, query string, id int64, fn func(int64, T)) error {
	rows, err := q.QueryContext(ctx, query, id)
	return db.Pairs(rows, err, fn)
}

// CreateUser creates an account in its own transaction: the command line's, the demo's and
// the first start's way (the API's is SaveUser, in the call's transaction).
func (s *Store) CreateUser(ctx context.Context, in UserInput) (u User, err error) {
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		u, err = s.SaveUser(ctx, tx, 0, in)
		return err
	})
	return u, err
}

// SaveUser creates (id 0) or updates an account with its types and factories; run it in a
// transaction, so that they change together. Disabling an account or resetting its password
// ends its sessions.
func (s *Store) SaveUser(ctx context.Context, q db.Querier, id int64, in UserInput) (User, error) {
	if err := normalizeUser(&in, id == 0); err != nil {
		return User{}, err
	}
	var hash string
	if in.Password != "" {
		var err error
		if hash, err = HashPassword(in.Password); err != nil {
			return User{}, err
		}
	}
	if taken, err := lookAlike(ctx, q, id, in.Login); err != nil {
		return User{}, err
	} else if taken {
		return User{}, api.Invalid("Login", "duplicate", nil)
	}
	if id != 0 {
		if err := keepAnAdmin(ctx, q, id, in); err != nil {
			return User{}, err
		}
	}
	var err error
	if id == 0 {
		err = q.QueryRowContext(ctx, `INSERT INTO usuarios (login, nombre, password_hash, idioma, activo) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
			in.Login, in.Nombre, hash, in.Idioma, *in.Activo).Scan(&id)
	} else {
		var res sql.Result
		res, err = q.ExecContext(ctx, `UPDATE usuarios SET login = $1, nombre = $2, idioma = $3, activo = $4,
			password_hash = CASE WHEN $5 = '' THEN password_hash ELSE $5 END WHERE id = $6`,
			in.Login, in.Nombre, in.Idioma, *in.Activo, hash, id)
		err = affected(res, err)
	}
	if err = db.MapError(err); errors.Is(err, db.ErrDuplicate) {
		return User{}, api.Invalid("Login", "duplicate", nil)
	} else if err != nil {
		return User{}, err
	}
	if err := replaceMemberships(ctx, q, id, in); err != nil {
		return User{}, err
	}
	if !*in.Activo || hash != "" {
		if _, err := q.ExecContext(ctx, `DELETE FROM sesiones WHERE usuario_id = $1`, id); err != nil {
			return User{}, err
		}
	}
	return s.GetUser(ctx, q, id)
}

// keepAnAdmin refuses an edit that would take the ADMIN type from, or disable, the last
// active ADMIN: nobody would be left to administer the console.
func keepAnAdmin(ctx context.Context, q db.Querier, id int64, in UserInput) error {
	field := ""
	switch {
	case !slices.Contains(in.Tipos, TypeAdmin):
		field = "Tipos"
	case !*in.Activo:
		field = "Activo"
	default:
		return nil
	}
	// The ADMINs' rows are taken first, so that two ADMINs demoting or disabling each other
	// at once cannot both count the other and pass: on PostgreSQL the second waits here and
	// counts after the first has committed (SQLite's one writer already serializes them).
	if _, err := q.ExecContext(ctx, `UPDATE usuarios SET id = id WHERE id IN (SELECT usuario_id FROM usuario_tipos WHERE tipo = $1)`, TypeAdmin); err != nil {
		return err
	}
	var others, was int
	err := q.QueryRowContext(ctx, `SELECT
		COUNT(*) FILTER (WHERE u.id <> $2), COUNT(*) FILTER (WHERE u.id = $2)
		FROM usuario_tipos t JOIN usuarios u ON u.id = t.usuario_id WHERE t.tipo = $1 AND u.activo`, TypeAdmin, id).Scan(&others, &was)
	if err != nil {
		return err
	}
	if was > 0 && others == 0 {
		return api.Invalid(field, "last_admin", nil)
	}
	return nil
}

// lookAlike reports whether another account's login differs from login by case alone
// (EDITOR beside editor): two such accounts read as one person's. Sign-in matches a login
// exactly, so they would stay apart, each with its own rights. Checked here rather than by a
// unique index on lower(login): SQLite's lower() folds ASCII only, and a database may
// already hold such a pair, over which no index could be built. An account that keeps its
// login is not checked, so that one of such a pair can still be edited or disabled.
func lookAlike(ctx context.Context, q db.Querier, id int64, login string) (bool, error) {
	found, kept := false, false
	rows, err := q.QueryContext(ctx, `SELECT id, login FROM usuarios`)
	err = db.Pairs(rows, err, func(other int64, l string) {
		switch {
		case other == id:
			kept = l == login
		case strings.EqualFold(l, login):
			found = true
		}
	})
	return found && !kept, err
}

func replaceMemberships(ctx context.Context, tx db.Querier, id int64, in UserInput) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM usuario_tipos WHERE usuario_id = $1`, id); err != nil {
		return err
	}
	for _, t := range in.Tipos {
		if _, err := tx.ExecContext(ctx, `INSERT INTO usuario_tipos (usuario_id, tipo) VALUES ($1, $2)`, id, t); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM usuario_fabricas WHERE usuario_id = $1`, id); err != nil {
		return err
	}
	for _, f := range in.Fabricas {
		// The template workspace is reached through the ADMIN type, never by membership.
		_, err := tx.ExecContext(ctx, `INSERT INTO usuario_fabricas (usuario_id, fabrica_id)
			SELECT $1, id FROM fabricas WHERE id = $2 AND NOT plantilla ON CONFLICT DO NOTHING`, id, f)
		if err == nil {
			var n int
			err = tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM usuario_fabricas WHERE usuario_id = $1 AND fabrica_id = $2`, id, f).Scan(&n)
			if err == nil && n == 0 {
				err = db.ErrReferenced
			}
		}
		if err = db.MapError(err); errors.Is(err, db.ErrReferenced) {
			return api.Invalid("Fabricas", "unknown_factory", nil)
		} else if err != nil {
			return err
		}
	}
	return nil
}

// SetPassword replaces the password of the account with that login and ends its sessions.
func (s *Store) SetPassword(ctx context.Context, login, password string) error {
	if code, params := passwordProblem(password); code != "" {
		return api.Invalid("Password", code, params)
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var id int64
		if err := tx.QueryRowContext(ctx, `UPDATE usuarios SET password_hash = $1 WHERE login = $2 RETURNING id`, hash, login).Scan(&id); err != nil {
			return db.MapError(err)
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM sesiones WHERE usuario_id = $1`, id)
		return err
	})
}

// EndSessions signs the account out everywhere.
func (s *Store) EndSessions(ctx context.Context, q db.Querier, userID int64) error {
	if _, err := s.GetUser(ctx, q, userID); err != nil {
		return err
	}
	_, err := q.ExecContext(ctx, `DELETE FROM sesiones WHERE usuario_id = $1`, userID)
	return err
}

// credentials returns the id, password hash and state of the account with that login.
func (s *Store) credentials(ctx context.Context, login string) (id int64, hash string, active bool, err error) {
	err = s.DB.QueryRowContext(ctx, `SELECT id, password_hash, activo FROM usuarios WHERE login = $1`, login).Scan(&id, &hash, &active)
	return id, hash, active, db.MapError(err)
}

// Me loads the signed-in view of an active account; inactive or missing accounts are
// db.ErrNotFound.
func (s *Store) Me(ctx context.Context, id int64) (*Me, error) {
	m := &Me{UsuarioID: id, Tipos: []string{}, Fabricas: []FactoryRef{}}
	var active bool
	err := s.DB.QueryRowContext(ctx, `SELECT login, nombre, idioma, activo FROM usuarios WHERE id = $1`, id).
		Scan(&m.Login, &m.Nombre, &m.Idioma, &active)
	if err != nil {
		return nil, db.MapError(err)
	}
	if !active {
		return nil, db.ErrNotFound
	}
	err = eachPair(ctx, s.DB, `SELECT usuario_id, tipo FROM usuario_tipos WHERE usuario_id = $1 ORDER BY tipo`, id,
		func(_ int64, t string) { m.Tipos = append(m.Tipos, t) })
	if err != nil {
		return nil, err
	}
	// ADMIN reaches every factory, so its list is all of them.
	rows, err := s.DB.QueryContext(ctx, `SELECT f.id, f.nombre, f.plantilla FROM fabricas f
		WHERE $2 OR EXISTS (SELECT 1 FROM usuario_fabricas uf WHERE uf.fabrica_id = f.id AND uf.usuario_id = $1)
		ORDER BY f.plantilla, f.nombre, f.id`, id, m.IsAdmin())
	m.Fabricas, err = db.Collect(rows, err, func(r db.Scanner) (f FactoryRef, err error) {
		return f, r.Scan(&f.UsuFabricaID, &f.Nombre, &f.Plantilla)
	})
	return m, err
}

// SetLanguage stores the account's interface language.
func (s *Store) SetLanguage(ctx context.Context, id int64, lang string) error {
	if !api.IsLanguage(lang) {
		return api.Invalid("Idioma", "unknown_language", nil)
	}
	_, err := s.DB.ExecContext(ctx, `UPDATE usuarios SET idioma = $1 WHERE id = $2`, lang, id)
	return err
}

// CountAdmins counts the accounts of type ADMIN (the first start creates one).
func (s *Store) CountAdmins(ctx context.Context) (int, error) {
	var n int
	err := s.DB.QueryRowContext(ctx, `SELECT COUNT(*) FROM usuario_tipos WHERE tipo = $1`, TypeAdmin).Scan(&n)
	return n, err
}

// FactoryByName returns the id of the factory with that name or db.ErrNotFound.
func (s *Store) FactoryByName(ctx context.Context, name string) (int64, error) {
	var id int64
	err := s.DB.QueryRowContext(ctx, `SELECT id FROM fabricas WHERE nombre = $1`, api.TrimInvisible(name)).Scan(&id)
	return id, db.MapError(err)
}

// affected turns "no row updated" into db.ErrNotFound.
func affected(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return db.ErrNotFound
	}
	return nil
}
