package history

import (
	"reflect"
	"strings"
	"testing"
)

// The wire form of a batch mirrors Batch field for field, by the same JSON names, each field
// an item requires (no omitempty) a pointer there: a field added to one and not to the other
// would be refused as unknown, or read as 0 when left out.
func TestWireMirrorsBatch(t *testing.T) {
	var mirror func(batch, wire reflect.Type)
	mirror = func(batch, wire reflect.Type) {
		if batch.NumField() != wire.NumField() {
			t.Errorf("%v has %d fields, %v %d", batch, batch.NumField(), wire, wire.NumField())
			return
		}
		for i := range batch.NumField() {
			b, w := batch.Field(i), wire.Field(i)
			name, opts, _ := strings.Cut(b.Tag.Get("json"), ",")
			required := opts != "omitempty"
			bt, wt := b.Type, w.Type
			if required {
				if wt.Kind() != reflect.Pointer {
					t.Errorf("%v.%s is required: a pointer in %v", batch, b.Name, wire)
					continue
				}
				wt = wt.Elem()
			}
			for bt.Kind() == reflect.Slice || bt.Kind() == reflect.Pointer {
				if wt.Kind() != bt.Kind() {
					t.Errorf("%v.%s: %v in %v", batch, b.Name, w.Type, wire)
					break
				}
				bt, wt = bt.Elem(), wt.Elem()
			}
			switch {
			case w.Name != b.Name || w.Tag.Get("json") != name:
				t.Errorf("%v.%s (%q) is %s (%q) in %v", batch, b.Name, name, w.Name, w.Tag.Get("json"), wire)
			case bt.Kind() == reflect.Struct:
				mirror(bt, wt)
			case bt != wt:
				t.Errorf("%v.%s: %v in %v", batch, b.Name, w.Type, wire)
			}
		}
	}
	mirror(reflect.TypeFor[Batch](), reflect.TypeFor[wireBatch]())
}
