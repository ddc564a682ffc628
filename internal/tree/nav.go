package tree

import (
	"context"
	"fmt"
	"strings"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Node is an entry of the side-bar tree.
type Node struct {
	Tipo        string `json:"Tipo" enum:"site,area,machine,component,point"`
	ID          int64  `json:"ID"`
	Nombre      string `json:"Nombre"`
	Hijos       bool   `json:"Hijos"`
	Orientacion *int64 `json:"Orientacion,omitempty"`
}

// Crumb is a step of a search result's path.
type Crumb struct {
	Tipo   string `json:"Tipo"`
	ID     int64  `json:"ID"`
	Nombre string `json:"Nombre"`
}

// Found is a search result with its path from the site (itself last).
type Found struct {
	Tipo   string  `json:"Tipo"`
	ID     int64   `json:"ID"`
	Nombre string  `json:"Nombre"`
	Ruta   []Crumb `json:"Ruta"`
}

// SearchLimit is the most results a search returns.
const SearchLimit = 50

// childLevel returns the position of the level whose parent level is parentTipo
// ("factory" → 0, the sites).
func (t *Tree) childLevel(parentTipo string) (int, bool) {
	if parentTipo == "factory" {
		return 0, true
	}
	for i, l := range t.nav {
		if l.tipo() == parentTipo && i+1 < len(t.nav) {
			return i + 1, true
		}
	}
	return 0, false
}

// Children lists the children of a node of the factory, by name; db.ErrNotFound when the
// node is not the factory's.
func (t *Tree) Children(ctx context.Context, q db.Querier, scope auth.Scope, parentTipo string, parent int64) ([]Node, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	factory := scope.Factory
	i, ok := t.childLevel(parentTipo)
	if !ok {
		return nil, db.ErrNotFound
	}
	if i == 0 && parent != factory {
		return nil, db.ErrNotFound
	}
	if i > 0 {
		if err := db.Owned(ctx, q, t.nav[i-1].tableName(), parent, factory); err != nil {
			return nil, err
		}
	}
	l := t.nav[i]
	hasChildren := "FALSE"
	if i+1 < len(t.nav) {
		hasChildren = "EXISTS (SELECT 1 FROM " + t.nav[i+1].tableName() + " c WHERE c.parent_id = t.id)"
	}
	orientation := "NULL"
	if l.tipo() == "component" {
		orientation = "t.montaje"
	}
	name := scope.NameColumn()
	rows, err := q.QueryContext(ctx, fmt.Sprintf(`SELECT t.id, t.%s, %s, %s FROM %s t WHERE t.%s = $1 AND t.fabrica_id = $2 ORDER BY t.%s, t.id`,
		name, hasChildren, orientation, l.tableName(), l.parentColumn(), name), parent, factory)
	return db.Collect(rows, err, func(r db.Scanner) (Node, error) {
		n := Node{Tipo: l.tipo()}
		return n, r.Scan(&n.ID, &n.Nombre, &n.Hijos, &n.Orientacion)
	})
}

// Search finds up to SearchLimit nodes of the factory whose Spanish or English name contains
// text (ignoring case and accents), sites first, each with its path.
func (t *Tree) Search(ctx context.Context, q db.Querier, scope auth.Scope, text string) ([]Found, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	factory := scope.Factory
	text = strings.TrimSpace(text)
	out := []Found{}
	if text == "" {
		return out, nil
	}
	pattern := "%" + likeEscape(SearchKey(text)) + "%"
	name := scope.NameColumn()
	for i, l := range t.nav {
		// t0 is the match; t1..ti its ancestors up to the site.
		cols := []string{}
		from := l.tableName() + " t0"
		for k := 0; k <= i; k++ {
			cols = append(cols, fmt.Sprintf("t%d.id, t%d.%s", k, k, name))
			if k > 0 {
				from += fmt.Sprintf(" JOIN %s t%d ON t%d.id = t%d.parent_id", t.nav[i-k].tableName(), k, k, k-1)
			}
		}
		query := fmt.Sprintf(`SELECT %s FROM %s WHERE t0.fabrica_id = $1 AND t0.busqueda LIKE $2 ESCAPE '\' ORDER BY t0.%s, t0.id LIMIT %d`,
			strings.Join(cols, ", "), from, name, SearchLimit-len(out))
		rows, err := q.QueryContext(ctx, query, factory, pattern)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			ids := make([]int64, i+1)
			names := make([]string, i+1)
			targets := make([]any, 0, 2*(i+1))
			for k := range ids {
				targets = append(targets, &ids[k], &names[k])
			}
			if err := rows.Scan(targets...); err != nil {
				rows.Close()
				return nil, err
			}
			f := Found{Tipo: l.tipo(), ID: ids[0], Nombre: names[0], Ruta: make([]Crumb, i+1)}
			for k := 0; k <= i; k++ {
				f.Ruta[i-k] = Crumb{Tipo: t.nav[i-k].tipo(), ID: ids[k], Nombre: names[k]}
			}
			out = append(out, f)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		if len(out) >= SearchLimit {
			break
		}
	}
	return out, nil
}
