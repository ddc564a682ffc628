package configuration

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
)

// listKeys are the fields that name the items of a document's lists, in order of preference:
// a list whose items all carry one, each a different value, is compared item by item by it,
// so that a point added in the middle reads as one point added, not as every later one changed.
var listKeys = []string{"Nombre", "NumeroSerie", "VrId", "UsuVco_vId", "UsuCondicionID", "UsuPuntoVibracionID"}

// Diff lists what changed from one document to another: every value that differs, by its
// path ("Puntos[Lado acoplamiento].Valores[Velocidad 1x].Referencias[VrId=12].V_H1"), with
// its JSON before and after.
func Diff(before, after json.RawMessage) ([]Change, error) {
	var a, b any
	for _, d := range []struct {
		raw json.RawMessage
		v   *any
	}{{before, &a}, {after, &b}} {
		dec := json.NewDecoder(bytes.NewReader(d.raw))
		dec.UseNumber()
		if err := dec.Decode(d.v); err != nil {
			return nil, err
		}
	}
	out := []Change{}
	walk("", a, b, &out)
	return out, nil
}

func walk(path string, a, b any, out *[]Change) {
	switch av := a.(type) {
	case map[string]any:
		if bv, ok := b.(map[string]any); ok {
			keys := slices.Sorted(maps.Keys(av))
			for _, k := range slices.Sorted(maps.Keys(bv)) {
				if _, ok := av[k]; !ok {
					keys = append(keys, k)
				}
			}
			for _, k := range keys {
				walk(join(path, k), av[k], bv[k], out)
			}
			return
		}
	case []any:
		if bv, ok := b.([]any); ok {
			walkList(path, av, bv, out)
			return
		}
	}
	if !reflect.DeepEqual(a, b) {
		*out = append(*out, Change{Ruta: path, Antes: text(a), Despues: text(b)})
	}
}

// walkList compares two lists by the key their items share, or by place.
func walkList(path string, a, b []any, out *[]Change) {
	for _, key := range listKeys {
		ka, kb := keyed(a, key), keyed(b, key)
		if ka == nil || kb == nil {
			continue
		}
		order := slices.Clone(ka.order)
		for _, k := range kb.order {
			if _, ok := ka.items[k]; !ok {
				order = append(order, k)
			}
		}
		for _, k := range order {
			walk(path+"["+k+"]", ka.items[k], kb.items[k], out)
		}
		return
	}
	for i := range max(len(a), len(b)) {
		var x, y any
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		walk(fmt.Sprintf("%s[%d]", path, i), x, y, out)
	}
}

type keyedList struct {
	order []string
	items map[string]any
}

// keyed indexes the list's items by key, or answers nil when an item lacks it or two share it.
func keyed(list []any, key string) *keyedList {
	k := &keyedList{items: map[string]any{}}
	for _, it := range list {
		m, ok := it.(map[string]any)
		if !ok || m[key] == nil {
			return nil
		}
		name := fmt.Sprint(m[key])
		if key != "Nombre" {
			name = key + "=" + name
		}
		if _, dup := k.items[name]; dup {
			return nil
		}
		k.order = append(k.order, name)
		k.items[name] = it
	}
	return k
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// text is a value's JSON, "" for one that is absent.
func text(v any) string {
	if v == nil {
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}
