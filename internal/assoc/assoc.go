package assoc

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"vigia/internal/auth"
	"vigia/internal/catalog"
	"vigia/internal/operating"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// Item is what an association shows of its associated item: the key that names it in paths,
// its names, and the facts the side-bar and the alert lists show (its band's range, a digital
// VCV's VCO type, a VCP's type, which sets the unit of its values).
type Item struct {
	Key     string
	Name    catalog.Name
	Rango   string
	TipoVco string
	TipoVcp string
}

// items is what an association needs of the associated kind, whatever its type.
type items interface {
	Row(ctx context.Context, q db.Querier, scope auth.Scope, key string) (int64, error)
	// Items returns the items stored in rows, by row, in a fixed number of reads.
	Items(ctx context.Context, q db.Querier, scope auth.Scope, rows []int64) (map[int64]Item, error)
	UsedBy(u catalog.Usage)
}

// itemsOf adapts a catalogue kind to items; facts fills an item's facts.
type itemsOf[T any] struct {
	*catalog.Kind[T]
	facts func(*T, *Item)
}

func (i itemsOf[T]) Items(ctx context.Context, q db.Querier, scope auth.Scope, rows []int64) (map[int64]Item, error) {
	found, err := i.ByRows(ctx, q, scope, rows)
	out := make(map[int64]Item, len(found))
	for row, t := range found {
		it := Item{Key: i.KeyOf(scope, t), Name: i.NameOf(t)}
		i.facts(t, &it)
		out[row] = it
	}
	return out, err
}

// Kind is one kind of association: analog VCVs (mpv), digital VCVs (mpvd) or VCPs (mpvp).
type Kind struct {
	Segment string // path segment of the calls: mpv, mpvd, mpvp
	ItemSeg string // path segment naming the item: vcv, digitalvcv, vcp
	Tipo    string // stored type
	Items   items
	// ids points at the reference's id fields of the kind: its own and its association's.
	ids func(r *Reference) (ref, association **int64)
	// Temperature tells VCP references, which also carry temperature thresholds (REF-008).
	Temperature bool
	// DeleteAnswersTrue: the spec's dissociate call of the kind answers true, not 204.
	DeleteAnswersTrue bool
}

// Kinds are the three kinds of association.
type Kinds struct{ Vcv, DigitalVcv, Vcp *Kind }

// All lists the kinds in the order lists show them.
func (k Kinds) All() []*Kind { return []*Kind{k.Vcv, k.DigitalVcv, k.Vcp} }

// Of returns the kind stored as tipo.
func (k Kinds) Of(tipo string) *Kind {
	for _, kind := range k.All() {
		if kind.Tipo == tipo {
			return kind
		}
	}
	return nil
}

// NewKinds declares the three kinds of association over the catalogue kinds they associate;
// an associated item is not deleted while a point holds it.
func NewKinds(cat *catalog.Catalog) Kinds {
	k := Kinds{
		Vcv: &Kind{Segment: "mpv", ItemSeg: "vcv", Tipo: "MPV",
			Items: itemsOf[catalog.Vcv]{cat.Vcv, func(v *catalog.Vcv, it *Item) {
				if v.Banda != nil {
					it.Rango = v.Banda.Rango
				}
			}},
			ids: func(r *Reference) (**int64, **int64) { return &r.UsuValorReferenciaID, &r.UsuMPVId }},
		DigitalVcv: &Kind{Segment: "mpvd", ItemSeg: "digitalvcv", Tipo: "MPVD", DeleteAnswersTrue: true,
			Items: itemsOf[catalog.DigitalVcv]{cat.DigitalVcv, func(v *catalog.DigitalVcv, it *Item) {
				if v.BandaDigital != nil {
					it.Rango = v.BandaDigital.Rango
				}
				if v.Tipo != nil {
					it.TipoVco = v.Tipo.EnumTipoVcoID
				}
			}},
			ids: func(r *Reference) (**int64, **int64) { return &r.UsuValorReferenciaMPVdID, &r.UsuMPVdId }},
		Vcp: &Kind{Segment: "mpvp", ItemSeg: "vcp", Tipo: "MPVP", Temperature: true,
			Items: itemsOf[catalog.Vcp]{cat.Vcp, func(v *catalog.Vcp, it *Item) { it.TipoVcp = v.Tipo }},
			ids:   func(r *Reference) (**int64, **int64) { return &r.UsuValorReferenciaMPVpID, &r.UsuMPVpId }},
	}
	for _, kind := range k.All() {
		kind.Items.UsedBy(associatedPoints)
	}
	return k
}

// associatedPoints finds the points an item is associated to, as "machine › point".
var associatedPoints = tree.Usage(tree.PointNames + ` JOIN asociaciones a ON a.punto_id = p.id WHERE a.item_id = $1`)

// Service keeps the associations and their reference values. Its calls run in the caller's
// transaction.
type Service struct {
	Operating *operating.Operating
	Kinds     Kinds
	// ThresholdsChanged, when set, is told of the reference rows whose thresholds a call
	// wrote, in its transaction (the history keeps its series' states by it).
	ThresholdsChanged func(ctx context.Context, q db.Querier, rows []int64) error
	// ConditionsChanged, when set, is told of the conditions of machines' criteria when they
	// may have changed (Ensure), in its transaction (the history unlists the series of the
	// conditions gone by it).
	ConditionsChanged func(ctx context.Context, q db.Querier, conditions map[int64][]operating.CriterionCondition) error
}

// pair is an item (by row) to associate to a point.
type pair struct{ point, item int64 }

// associate associates items to points of the machine, skipping those already associated,
// and gives the new associations their reference rows: a fixed number of statements
// whatever the number of pairs. It answers how many associations it made.
func (s *Service) associate(ctx context.Context, q db.Querier, scope auth.Scope, k *Kind, machine int64, pairs []pair) (int, error) {
	if len(pairs) == 0 {
		return 0, nil
	}
	args := []any{k.Tipo, scope.Factory, machine}
	values := make([]string, len(pairs))
	for i, p := range pairs {
		values[i] = fmt.Sprintf("($1, $2, $3, $%d, $%d)", len(args)+1, len(args)+2)
		args = append(args, p.point, p.item)
	}
	rows, err := q.QueryContext(ctx, `INSERT INTO asociaciones (tipo, fabrica_id, maquina_id, punto_id, item_id) VALUES `+strings.Join(values, ", ")+`
		ON CONFLICT DO NOTHING RETURNING id`, args...)
	made, err := db.Collect(rows, err, func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) })
	if err != nil {
		return 0, err
	}
	return len(made), s.Ensure(ctx, q, scope, []int64{machine})
}

// Associate associates the factory item named key to a point of the machine.
func (s *Service) Associate(ctx context.Context, q db.Querier, scope auth.Scope, k *Kind, machine, at int64, key string) error {
	if err := scope.CheckEdit(); err != nil {
		return err
	}
	if err := tree.PointOf(ctx, q, scope, machine, at); err != nil {
		return err
	}
	if err := chosen(key); err != nil {
		return err
	}
	item, err := k.Items.Row(ctx, q, scope, key)
	if errors.Is(err, db.ErrNotFound) {
		return api.Refused("unknown", nil)
	}
	if err != nil {
		return err
	}
	made, err := s.associate(ctx, q, scope, k, machine, []pair{{at, item}})
	if err == nil && made == 0 {
		return api.ErrAlreadyLinked
	}
	return err
}

// chosen refuses an association that names no item: no key, or the id 0 ('Se ha de
// seleccionar un vcv.', S2 §5.3).
func chosen(key string) error {
	if key == "" || key == "0" {
		return api.Refused("choose_vcv", nil)
	}
	return nil
}

// association finds the association of the item named key to the point of the machine.
func (s *Service) association(ctx context.Context, q db.Querier, scope auth.Scope, k *Kind, machine, at int64, key string) (int64, error) {
	if err := tree.PointOf(ctx, q, scope, machine, at); err != nil {
		return 0, err
	}
	item, err := k.Items.Row(ctx, q, scope, key)
	if err != nil {
		return 0, err
	}
	var id int64
	err = q.QueryRowContext(ctx, `SELECT id FROM asociaciones WHERE tipo = $1 AND punto_id = $2 AND item_id = $3`, k.Tipo, at, item).Scan(&id)
	return id, db.MapError(err)
}

// Dissociate removes the kind's associations of the machine: of one item on a point (key
// set), of a point (point set) or all of them. Their reference rows and history go with them.
func (s *Service) Dissociate(ctx context.Context, q db.Querier, scope auth.Scope, k *Kind, machine, at int64, key string) error {
	if err := scope.CheckEdit(); err != nil {
		return err
	}
	if err := db.Owned(ctx, q, "maquinas", machine, scope.Factory); err != nil {
		return err
	}
	switch {
	case key != "":
		id, err := s.association(ctx, q, scope, k, machine, at, key)
		if errors.Is(err, db.ErrNotFound) {
			return api.ErrNotLinked
		}
		if err != nil {
			return err
		}
		_, err = q.ExecContext(ctx, `DELETE FROM asociaciones WHERE id = $1`, id)
		return err
	case at != 0:
		if err := tree.PointOf(ctx, q, scope, machine, at); err != nil {
			return err
		}
		_, err := q.ExecContext(ctx, `DELETE FROM asociaciones WHERE tipo = $1 AND punto_id = $2`, k.Tipo, at)
		return err
	}
	_, err := q.ExecContext(ctx, `DELETE FROM asociaciones WHERE tipo = $1 AND maquina_id = $2`, k.Tipo, machine)
	return err
}
