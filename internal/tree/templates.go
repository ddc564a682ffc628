package tree

import (
	"context"
	"fmt"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// TemplateItem is a template machine or component offered for download, with the name of
// the node that groups it (the template area of a machine, the machine of a component).
type TemplateItem struct {
	ID     int64  `json:"ID"`
	Nombre string `json:"Nombre"`
	Grupo  string `json:"Grupo"`
}

// TemplateFactory returns the id of the template workspace (the factory ADMIN edits
// templates in).
func TemplateFactory(ctx context.Context, q db.Querier) (int64, error) {
	var id int64
	err := q.QueryRowContext(ctx, `SELECT id FROM fabricas WHERE plantilla`).Scan(&id)
	return id, db.MapError(err)
}

// Templates lists the template nodes of a level, by group and name in the scope's language.
func Templates(ctx context.Context, q db.Querier, l navigable, scope auth.Scope) ([]TemplateItem, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	templates, err := TemplateFactory(ctx, q)
	if err != nil {
		return nil, err
	}
	parent := map[string]string{"machine": "areas", "component": "maquinas"}[l.tipo()]
	name := scope.NameColumn()
	rows, err := q.QueryContext(ctx, fmt.Sprintf(`SELECT t.id, t.%s, p.%s FROM %s t JOIN %s p ON p.id = t.parent_id
		WHERE t.fabrica_id = $1 ORDER BY p.%s, t.%s, t.id`, name, name, l.tableName(), parent, name, name), templates)
	return db.Collect(rows, err, func(r db.Scanner) (it TemplateItem, err error) { return it, r.Scan(&it.ID, &it.Nombre, &it.Grupo) })
}
