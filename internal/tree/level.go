package tree

import (
	"context"
	"fmt"
	"strings"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// level declares one level of the tree for the generic store: its table, its editable
// columns and how they map to the API type T with editable part F. Adding a level is a new
// declaration, not new SQL or handlers.
type level[T, F any] struct {
	Tipo        string // the side-bar's name of the level: site, area, machine, component, point
	Parent      string // Tipo of the parent level ("factory" for sites)
	table       string
	parentTable string // "" for sites, whose parent is the factory
	columns     []string
	// fields returns pointers (or column adapters) to F's values, in the order of columns;
	// the first two are the Spanish and English names, from which the search key is made.
	fields func(*F) []any
	// read adds read-only expressions (over alias t) to what get and list return.
	read       []string
	readFields func(*T) []any
	// ids returns T's own id, its parent id and its editable part.
	ids func(*T) (id, parent *int64, f *F)
	// validate checks and normalizes F before a write of node id (0: a new one) under parent.
	validate func(ctx context.Context, q db.Querier, scope auth.Scope, parent, id int64, f *F) error
	// placed, when set, checks the root of a paste under its new parent, where a rule of the
	// parent may not suit it (a point's mounting, which its component gives); validate's other
	// rules held when the source was saved, and hold for the copy (its criterion was chosen
	// then, not now).
	placed func(ctx context.Context, q db.Querier, scope auth.Scope, parent, id int64, f *F) error
	// insert adds columns and values that only creation sets (a site's GUID).
	insert func() ([]string, []any)
	// load completes nodes read from their rows (details of referenced rows), for the whole
	// list at once.
	load func(ctx context.Context, q db.Querier, list []*T) error
	// foreign clears references that do not travel to another factory on paste.
	foreign func(f *F)
	// own clears what belongs to the node alone and never travels with a copy (its devices).
	own func(f *F)
	// save writes, after the node's row, what lives in tables of its own (0 ... n rows) and
	// what follows from the node in other features (a machine's reference rows); old is what
	// was stored before (nil for a new node).
	save func(ctx context.Context, q db.Querier, scope auth.Scope, id int64, f, old *F) error
	// keep, when set, puts back into f what the caller may not change of old (nil old: a
	// new node).
	keep func(scope auth.Scope, f, old *F)
	// pasted runs once node from was copied, with all below it, as node to of the dst scope
	// (a machine's associations follow it).
	pasted func(ctx context.Context, q db.Querier, src, dst auth.Scope, from, to int64, moved copies) error
	// child is the next level down, for deep copies.
	child copier
}

// copies records what a deep copy made: by table, the copy of each source row.
type copies map[string]map[int64]int64

// copier is what a deep copy needs of a level, whatever its types.
type copier interface {
	copyInto(ctx context.Context, q db.Querier, src, dst auth.Scope, srcID, dstParent int64, suffix *api.Suffix, root bool, moved copies) (int64, error)
	childIDs(ctx context.Context, q db.Querier, parent int64) ([]int64, error)
}

func (l *level[T, F]) parentCol() string {
	if l.parentTable == "" {
		return "fabrica_id"
	}
	return "parent_id"
}

// selectSQL reads id, parent, editable and read-only columns of rows of the level.
func (l *level[T, F]) selectSQL(where string) string {
	cols := append([]string{"t.id", "t." + l.parentCol()}, prefixed("t.", l.columns)...)
	cols = append(cols, l.read...)
	return fmt.Sprintf("SELECT %s FROM %s t WHERE %s", strings.Join(cols, ", "), l.table, where)
}

// searchKey is the search text of f, from its two names.
func (l *level[T, F]) searchKey(f *F) string {
	v := l.fields(f)
	return SearchKey(*v[0].(*string), *v[1].(*string))
}

func (l *level[T, F]) scan(row db.Scanner) (*T, error) {
	t := new(T)
	id, parent, f := l.ids(t)
	targets := append([]any{id, parent}, l.fields(f)...)
	if l.readFields != nil {
		targets = append(targets, l.readFields(t)...)
	}
	if err := row.Scan(targets...); err != nil {
		return nil, db.MapError(err)
	}
	return t, nil
}

// Get returns the node of the scope's factory or db.ErrNotFound (also for another
// factory's node).
func (l *level[T, F]) Get(ctx context.Context, q db.Querier, scope auth.Scope, id int64) (*T, error) {
	list, err := l.find(ctx, q, scope, "t.id = $1 AND t.fabrica_id = $2", id, scope.Factory)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, db.ErrNotFound
	}
	return list[0], nil
}

// List returns the children of parent, by name in the scope's language, completed.
func (l *level[T, F]) List(ctx context.Context, q db.Querier, scope auth.Scope, parent int64) ([]*T, error) {
	return l.find(ctx, q, scope, "t."+l.parentCol()+" = $1 AND t.fabrica_id = $2 ORDER BY t."+scope.NameColumn()+", t.id", parent, scope.Factory)
}

// find returns the nodes matching where, completed by load in one go.
func (l *level[T, F]) find(ctx context.Context, q db.Querier, scope auth.Scope, where string, args ...any) ([]*T, error) {
	if err := scope.Check(); err != nil {
		return nil, err
	}
	rows, err := q.QueryContext(ctx, l.selectSQL(where), args...)
	list, err := db.Collect(rows, err, l.scan)
	if err == nil && l.load != nil && len(list) > 0 {
		err = l.load(ctx, q, list)
	}
	return list, err
}

// checkParent answers db.ErrNotFound unless parent is a node of the factory.
func (l *level[T, F]) checkParent(ctx context.Context, q db.Querier, factory, parent int64) error {
	if l.parentTable == "" {
		if parent != factory {
			return db.ErrNotFound
		}
		return nil
	}
	return db.Owned(ctx, q, l.parentTable, parent, factory)
}

// Create validates f and adds it under parent.
func (l *level[T, F]) Create(ctx context.Context, q db.Querier, scope auth.Scope, parent int64, f *F) (*T, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, err
	}
	if err := l.checkParent(ctx, q, scope.Factory, parent); err != nil {
		return nil, err
	}
	if l.keep != nil {
		l.keep(scope, f, nil)
	}
	if err := l.validate(ctx, q, scope, parent, 0, f); err != nil {
		return nil, err
	}
	id, err := l.insertRow(ctx, q, scope.Factory, parent, f)
	if err != nil {
		return nil, err
	}
	if err := l.saveOwn(ctx, q, scope, id, f, nil); err != nil {
		return nil, err
	}
	return l.Get(ctx, q, scope, id)
}

func (l *level[T, F]) insertRow(ctx context.Context, q db.Querier, factory, parent int64, f *F) (int64, error) {
	cols := append([]string{"fabrica_id", "busqueda"}, l.columns...)
	args := append([]any{factory, l.searchKey(f)}, l.fields(f)...)
	if l.parentTable != "" {
		cols = append(cols, "parent_id")
		args = append(args, parent)
	}
	if l.insert != nil {
		c, a := l.insert()
		cols, args = append(cols, c...), append(args, a...)
	}
	var id int64
	err := q.QueryRowContext(ctx, fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s) RETURNING id",
		l.table, strings.Join(cols, ", "), placeholders(1, len(cols))), args...).Scan(&id)
	return id, db.MapError(err)
}

// Update validates f and writes it over the node's editable columns.
func (l *level[T, F]) Update(ctx context.Context, q db.Querier, scope auth.Scope, id int64, f *F) (*T, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, err
	}
	current, err := l.Get(ctx, q, scope, id)
	if err != nil {
		return nil, err
	}
	_, parent, old := l.ids(current)
	if l.keep != nil {
		l.keep(scope, f, old)
	}
	if err := l.validate(ctx, q, scope, *parent, id, f); err != nil {
		return nil, err
	}
	sets := make([]string, len(l.columns))
	for i, c := range l.columns {
		sets[i] = fmt.Sprintf("%s = $%d", c, i+1)
	}
	n := len(l.columns)
	args := append(l.fields(f), l.searchKey(f), id, scope.Factory)
	_, err = q.ExecContext(ctx, fmt.Sprintf("UPDATE %s SET %s, busqueda = $%d WHERE id = $%d AND fabrica_id = $%d",
		l.table, strings.Join(sets, ", "), n+1, n+2, n+3), args...)
	if err != nil {
		return nil, db.MapError(err)
	}
	if err := l.saveOwn(ctx, q, scope, id, f, old); err != nil {
		return nil, err
	}
	return l.Get(ctx, q, scope, id)
}

func (l *level[T, F]) saveOwn(ctx context.Context, q db.Querier, scope auth.Scope, id int64, f, old *F) error {
	if l.save == nil {
		return nil
	}
	return l.save(ctx, q, scope, id, f, old)
}

// Delete removes the node and its whole subtree (foreign keys cascade, in one statement).
func (l *level[T, F]) Delete(ctx context.Context, q db.Querier, scope auth.Scope, id int64) error {
	if err := scope.CheckEdit(); err != nil {
		return err
	}
	res, err := q.ExecContext(ctx, "DELETE FROM "+l.table+" WHERE id = $1 AND fabrica_id = $2", id, scope.Factory)
	if err != nil {
		return db.MapError(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return db.ErrNotFound
	}
	return nil
}

// copyInto copies the node srcID of the src scope's factory, and everything below it, under
// dstParent of the dst scope's factory, appending suffix (when not nil) to the copy's names.
// It returns the new id and records it in moved. The root of a copy (a node pasted under a
// new parent) is checked against that parent (placed); below it, each copy keeps the parent
// (a copy of its own) and the fields it was valid with.
func (l *level[T, F]) copyInto(ctx context.Context, q db.Querier, src, dst auth.Scope, srcID, dstParent int64, suffix *api.Suffix, root bool, moved copies) (int64, error) {
	node, err := l.Get(ctx, q, src, srcID)
	if err != nil {
		return 0, err
	}
	_, _, f := l.ids(node)
	if src.Factory != dst.Factory && l.foreign != nil {
		l.foreign(f)
	}
	if l.own != nil {
		l.own(f)
	}
	if suffix != nil {
		v := l.fields(f)
		es, en := v[0].(*string), v[1].(*string)
		*es, *en = suffix.Append(*es, "es"), suffix.Append(*en, "en")
	}
	if root && l.placed != nil {
		if err := l.placed(ctx, q, dst, dstParent, 0, f); err != nil {
			return 0, err
		}
	}
	id, err := l.insertRow(ctx, q, dst.Factory, dstParent, f)
	if err != nil {
		return 0, err
	}
	if moved[l.table] == nil {
		moved[l.table] = map[int64]int64{}
	}
	moved[l.table][srcID] = id
	if l.child != nil {
		children, err := l.child.childIDs(ctx, q, srcID)
		if err != nil {
			return 0, err
		}
		for _, c := range children {
			if _, err := l.child.copyInto(ctx, q, src, dst, c, id, nil, false, moved); err != nil {
				return 0, err
			}
		}
	}
	if l.pasted != nil {
		err = l.pasted(ctx, q, src, dst, srcID, id, moved)
	}
	return id, err
}

func (l *level[T, F]) childIDs(ctx context.Context, q db.Querier, parent int64) ([]int64, error) {
	rows, err := q.QueryContext(ctx, "SELECT id FROM "+l.table+" WHERE "+l.parentCol()+" = $1 ORDER BY id", parent)
	return db.Collect(rows, err, func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) })
}

// Paste deep-copies node srcID of the src scope under parent of the scope, in the caller's
// transaction: whole or not at all.
func (l *level[T, F]) Paste(ctx context.Context, q db.Querier, src, scope auth.Scope, srcID, parent int64, suffix *api.Suffix) (*T, error) {
	if err := scope.CheckEdit(); err != nil {
		return nil, err
	}
	if err := src.Check(); err != nil {
		return nil, err
	}
	if err := l.checkParent(ctx, q, scope.Factory, parent); err != nil {
		return nil, err
	}
	id, err := l.copyInto(ctx, q, src, scope, srcID, parent, suffix, true, copies{})
	if err != nil {
		return nil, err
	}
	return l.Get(ctx, q, scope, id)
}

func prefixed(prefix string, cols []string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = prefix + c
	}
	return out
}

func placeholders(from, n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = fmt.Sprintf("$%d", from+i)
	}
	return strings.Join(ps, ", ")
}

// navigable is what the side-bar needs of a level.
type navigable interface {
	tipo() string
	tableName() string
	parentColumn() string
}

func (l *level[T, F]) tipo() string         { return l.Tipo }
func (l *level[T, F]) tableName() string    { return l.table }
func (l *level[T, F]) parentColumn() string { return l.parentCol() }
