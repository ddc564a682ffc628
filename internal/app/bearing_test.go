package app_test

import (
	"context"
	"fmt"
	"testing"

	"vigia/internal/tree"
)

// Bearings (API-030, API-031): brands of both lists, factory bearings of a brand, the template list paged by
// 20 without the models the factory has, download once, and the point's four slots.
func TestBearings(t *testing.T) {
	t.Parallel()
	each(t, newWorld, func(t *testing.T, w *world) {
		ctx := context.Background()
		for i := range 25 {
			if err := tree.AddTemplateBearing(ctx, w.d, "SKF", fmt.Sprintf("62%02d", i), tree.Geometry{Balls: 9, BallDiameter: 7.94, PitchDiameter: 38.5}); err != nil {
				t.Fatal(err)
			}
		}
		if err := tree.AddTemplateBearing(ctx, w.d, "FAG", "6205", tree.Geometry{Balls: 9, BallDiameter: 7.94, PitchDiameter: 38.5}); err != nil {
			t.Fatal(err)
		}
		c := w.treeAs("editor", w.a)
		_, body := c.do("GET", c.url("/bearing/brands"), nil)
		if b := decode[tree.Brands](t, body); len(b.Fabrica) != 0 || len(b.Comun) != 2 || b.Comun[0] != "FAG" {
			t.Errorf("brands: %s", body)
		}

		// TREE-117: pages of 20, the second with the rest.
		_, body = c.do("GET", c.url("/bearing/template?Marca=SKF&Pagina=0"), nil)
		page := decode[tree.BearingPage](t, body)
		if page.Total != 25 || len(page.Rodamientos) != 20 || page.Rodamientos[0].Modelo != "6200" || page.Rodamientos[0].Bpfi < 5.4 {
			t.Fatalf("first page: %s", body)
		}
		_, body = c.do("GET", c.url("/bearing/template?Marca=SKF&Pagina=1"), nil)
		if p := decode[tree.BearingPage](t, body); len(p.Rodamientos) != 5 {
			t.Errorf("second page: %s", body)
		}
		_, body = c.do("GET", c.url("/bearing/template?Marca=SKF&Buscar=6205"), nil)
		if p := decode[tree.BearingPage](t, body); p.Total != 1 {
			t.Errorf("search: %s", body)
		}

		// TREE-118: a template bearing is downloaded into the factory (once) before use.
		guid := page.Rodamientos[5].GenRodamientoGUID
		st, body := c.do("POST", c.url("/bearing/download"), map[string]string{"GenRodamientoGUID": guid})
		got := decode[tree.Bearing](t, body)
		if st != 200 || got.Modelo != "6205" || got.GenRodamientoID == page.Rodamientos[5].GenRodamientoID {
			t.Fatalf("download: %d %s", st, body)
		}
		if _, again := c.do("POST", c.url("/bearing/download"), map[string]string{"GenRodamientoGUID": guid}); decode[tree.Bearing](t, again).GenRodamientoID != got.GenRodamientoID {
			t.Errorf("a second download made another copy: %s", again)
		}
		if st, _ := c.do("POST", c.url("/bearing/download"), map[string]string{"GenRodamientoGUID": "no-such-guid"}); st != 404 {
			t.Errorf("download of an unknown bearing: %d", st)
		}
		// TREE-114, TREE-115: the factory list has it; the download list leaves it out.
		_, body = c.do("GET", c.url("/bearing?Marca=SKF"), nil)
		if list := decode[[]tree.Bearing](t, body); len(list) != 1 || list[0].GenRodamientoID != got.GenRodamientoID {
			t.Errorf("factory bearings: %s", body)
		}
		_, body = c.do("GET", c.url("/bearing/template?Marca=SKF"), nil)
		if p := decode[tree.BearingPage](t, body); p.Total != 24 {
			t.Errorf("the download list still offers the downloaded model: %s", body)
		}
		_, body = c.do("GET", c.url("/bearing/brands"), nil)
		if b := decode[tree.Brands](t, body); len(b.Fabrica) != 1 || b.Fabrica[0] != "SKF" {
			t.Errorf("factory brands: %s", body)
		}

		// TREE-119: a repeated bearing is saved once; the slot details come back.
		_, _, _, _, point := c.plant()
		ref := map[string]any{"GenRodamientoID": got.GenRodamientoID}
		st, body = c.do("PUT", c.url("/point/%d", point), map[string]any{"NombreEs": "LOA", "Posicion": 1, "MontajeId": 1, "Rodamiento1": ref, "Rodamiento3": ref})
		p := decode[tree.Point](t, body)
		if st != 200 || p.Rodamiento1 == nil || p.Rodamiento1.Modelo != "6205" || p.Rodamiento1.Bpfo < 3.5 || p.Rodamiento3 != nil {
			t.Errorf("point bearings: %d %s", st, body)
		}
		// A bearing of another factory is refused.
		other := w.treeAs("editorb", w.b)
		_, body = other.do("POST", other.url("/bearing/download"), map[string]string{"GenRodamientoGUID": page.Rodamientos[6].GenRodamientoGUID})
		foreign := decode[tree.Bearing](t, body)
		st, body = c.do("PUT", c.url("/point/%d", point), map[string]any{"NombreEs": "LOA", "Posicion": 1, "Rodamiento2": map[string]any{"GenRodamientoID": foreign.GenRodamientoID}})
		if st != 422 || errorsOf(t, body)[0]["field"] != "Rodamiento2" {
			t.Errorf("another factory's bearing: %d %s", st, body)
		}
	})
}
