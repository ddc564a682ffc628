package app_test

import (
	"fmt"
	"testing"

	"vigia/internal/tree"
)

// ADMIN builds template machines in the template workspace with the same calls; editors
// cannot reach it, but download its machines and components into their factory with the
// ' (descarga)' / ' (download)' suffix.
func TestTemplateWorkspaceAndDownload(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		admin := w.treeAs("admin", w.templates)
		_, _, machine, component, _ := admin.plant()

		editor := w.treeAs("editor", w.a)
		if st, _ := editor.do("GET", fmt.Sprintf("/api/user/%d/machine/%d", w.templates, machine), nil); st != 404 {
			t.Errorf("an editor reads the template workspace: %d", st)
		}
		_, body := editor.do("GET", editor.url("/template/machine"), nil)
		if list := decode[[]tree.TemplateItem](t, body); len(list) != 1 || list[0].ID != machine || list[0].Grupo != "Bombeo" {
			t.Errorf("template machines: %s", body)
		}
		_, body = editor.do("GET", editor.url("/template/component"), nil)
		if list := decode[[]tree.TemplateItem](t, body); len(list) != 1 || list[0].ID != component || list[0].Grupo != "Bomba P-1" {
			t.Errorf("template components: %s", body)
		}

		_, area, own, _, _ := editor.plant()
		st, body := editor.do("POST", editor.url("/area/%d/download", area), map[string]any{"UsuMaquinaID": machine})
		m := decode[tree.Machine](t, body)
		if st != 201 || m.NombreEs != "Bomba P-1 (descarga)" || m.NombreEn != "Bomba P-1 (download)" || m.UsuAreaID != area {
			t.Fatalf("download machine: %d %s", st, body)
		}
		_, body = editor.do("GET", editor.url("/tree/children?Tipo=machine&ID=%d", m.UsuMaquinaID), nil)
		if nodes := decode[[]tree.Node](t, body); len(nodes) != 1 || nodes[0].Nombre != "Motor" || !nodes[0].Hijos {
			t.Errorf("the downloaded machine's components (names unchanged below the top): %s", body)
		}
		st, body = editor.do("POST", editor.url("/machine/%d/download", own), map[string]any{"UsuComponenteID": component})
		if c := decode[tree.Component](t, body); st != 201 || c.NombreEs != "Motor (descarga)" || c.TotalPuntos != 1 {
			t.Errorf("download component: %d %s", st, body)
		}
		// Only template nodes download: a node of another factory is not found.
		other := w.treeAs("editorb", w.b)
		if st, _ := other.do("POST", other.url("/area/%d/download", area), map[string]any{"UsuMaquinaID": own}); st != 404 {
			t.Errorf("download into another factory's area: %d", st)
		}
		if st, _ := editor.do("POST", editor.url("/area/%d/download", area), map[string]any{"UsuMaquinaID": own}); st != 404 {
			t.Errorf("download of a factory machine: %d", st)
		}
		// Read-only users may not download.
		if st, _ := w.treeAs("lector", w.a).do("POST", editor.url("/area/%d/download", area), map[string]any{"UsuMaquinaID": machine}); st != 403 {
			t.Errorf("read-only download: %d", st)
		}
	})
}
