package tree

import (
	"testing"

	"vigia/internal/catalog"
)

// The component types name their subtypes by id (catalog.ComponentTypes); the tree's list names
// them (SubtipoComponente). Each subtype belongs to one type and every id resolves, or the
// digital VCV editor's tree would silently lose it.
func TestComponentTypesNameEverySubtypeOnce(t *testing.T) {
	owner := map[string]int64{}
	for _, ct := range catalog.ComponentTypes {
		for _, sub := range ct.Subtipos {
			id := itoa(sub)
			if prev, ok := owner[id]; ok {
				t.Errorf("subtype %s is in types %d and %d", id, prev, ct.GenTipoComponenteID)
			}
			owner[id] = ct.GenTipoComponenteID
		}
	}
	for _, o := range enums.SubtipoComponente {
		if _, ok := owner[o.ID]; !ok {
			t.Errorf("subtype %s (%s) is in no component type", o.ID, o.NameSPA)
		}
	}
	named := 0
	for _, ct := range ComponentTypes() {
		named += len(ct.Subtipos)
	}
	if named != len(owner) || named != len(enums.SubtipoComponente) {
		t.Errorf("the tree names %d subtypes, the types hold %d, the list has %d", named, len(owner), len(enums.SubtipoComponente))
	}
}
