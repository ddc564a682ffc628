package app_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
)

// Two users edit one item from what each read: the second save, made on the version both read,
// is refused with 412 and changes nothing, where it silently undid the first. A save on the
// current version passes and answers the tag of the next one; a call without If-Match (the
// spec's clients) or with '*' overwrites as before. For every tree level and catalogue kind.
func TestEditsAreMadeOnTheVersionRead(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		site, area, machine, component, point := c.plant()
		type edited struct{ url, name string }
		items := []edited{
			{c.url("/site/%d", site), "NombreEs"},
			{c.url("/area/%d", area), "NombreEs"},
			{c.url("/machine/%d", machine), "NombreEs"},
			{c.url("/component/%d", component), "NombreEs"},
			{c.url("/point/%d", point), "NombreEs"},
		}
		for _, k := range catalogKinds() {
			valid := k.valid
			if k.refs != nil {
				valid = with(valid, k.refs(t, c.client, c.url("")))
			}
			item := created(t, c.client, c.url("/%s", k.path), valid)
			id := fmt.Sprint(item[k.id])
			if n, ok := item[k.id].(float64); ok {
				id = fmt.Sprint(int64(n))
			}
			items = append(items, edited{c.url("/%s/%s", k.path, id), k.name})
		}
		for _, it := range items {
			read := func() (map[string]any, string) {
				t.Helper()
				res, body := c.call("GET", it.url, nil, nil)
				if res.StatusCode != 200 || res.Header.Get("ETag") == "" {
					t.Fatalf("GET %s: %d, ETag %q", it.url, res.StatusCode, res.Header.Get("ETag"))
				}
				return decode[map[string]any](t, body), res.Header.Get("ETag")
			}
			save := func(name, ifMatch string) (*http.Response, []byte) {
				t.Helper()
				item, _ := read()
				var h http.Header
				if ifMatch != "" {
					h = http.Header{"If-Match": {ifMatch}}
				}
				return c.call("PUT", it.url, with(item, map[string]any{it.name: name}), h)
			}
			_, first := read()
			res, body := save("Primero", first)
			if res.StatusCode != 200 {
				t.Fatalf("%s: a save on the version read: %d %s", it.url, res.StatusCode, body)
			}
			if _, next := read(); res.Header.Get("ETag") != next || next == first {
				t.Errorf("%s: the save answers tag %q, the item's is %q (was %q)", it.url, res.Header.Get("ETag"), next, first)
			}
			res, body = save("Segundo", first)
			if res.StatusCode != 412 || errorsOf(t, body)[0]["code"] != "changed" ||
				errorsOf(t, body)[0]["message"] != "Otro usuario lo ha cambiado mientras usted lo editaba: no se ha guardado, para no deshacer su cambio. Cargue los valores actuales y vuelva a aplicar los suyos." {
				t.Errorf("%s: a save on a former version: %d %s, want 412 changed", it.url, res.StatusCode, body)
			}
			if now, _ := read(); now[it.name] != "Primero" {
				t.Errorf("%s: the refused save changed the item: %v", it.url, now[it.name])
			}
			for _, ifMatch := range []string{"", "*"} {
				if res, body := save("Tercero"+ifMatch, ifMatch); res.StatusCode != 200 {
					t.Errorf("%s: a save with If-Match %q: %d %s", it.url, ifMatch, res.StatusCode, body)
				}
			}
		}
	})
}

// Edits of one item sent at once on one version: one is saved and the others are refused, on
// PostgreSQL too, whose transactions run side by side.
func TestEditsOnOneVersionAtOnce(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		c := w.treeAs("editor", w.a)
		_, area, _, _, _ := c.plant()
		url := c.url("/area/%d", area)
		res, body := c.call("GET", url, nil, nil)
		read, tag := decode[map[string]any](t, body), http.Header{"If-Match": {res.Header.Get("ETag")}}
		const n = 6
		statuses := make(chan int, n)
		var wg sync.WaitGroup
		for i := range n {
			// Each its own user's session, as two users would be.
			editor := w.as("editor")
			wg.Go(func() {
				res, _ := editor.call("PUT", url, with(read, map[string]any{"NombreEs": fmt.Sprint("Área ", i)}), tag)
				statuses <- res.StatusCode
			})
		}
		wg.Wait()
		close(statuses)
		count := map[int]int{}
		for st := range statuses {
			count[st]++
		}
		if count[200] != 1 || count[412] != n-1 {
			t.Errorf("%d edits on one version at once: %v, want one 200 and the others 412", n, count)
		}
	})
}

// The OpenAPI document says which edits take an If-Match.
func TestVersionedEditsAreDocumented(t *testing.T) {
	t.Parallel()
	w := newWorld(t, "sqlite")
	for _, op := range operations(w.app.API) {
		if op.OperationID != "edit-machine" && op.OperationID != "update-band" {
			continue
		}
		found := false
		for _, p := range op.Parameters {
			found = found || (p.Name == "If-Match" && p.In == "header")
		}
		if !found {
			t.Errorf("%s does not document its If-Match", op.OperationID)
		}
	}
}
