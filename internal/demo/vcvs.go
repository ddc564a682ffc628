package demo

import (
	"context"
	"errors"
	"strings"

	"vigia/internal/app"
	"vigia/internal/assoc"
	"vigia/internal/catalog"
	"vigia/internal/operating"
	"vigia/internal/platform/db"
)

// loadVcvs fills the template VCVs and VCPs once (on the template bands), downloads them
// into the demo factory with its alert-device spectra marked as defaults, gives every demo
// machine its default spectra and VCVs through the assign actions, and sets the reference
// values of each condition: ISO 10816 class II velocity limits (2.8, 4.5, 7.1 mm/s) on
// velocity values, gentler ones elsewhere.
func loadVcvs(ctx context.Context, q db.Querier, feats *app.Features, factory int64) error {
	// The magnetometer ones stay templates: downloading them would bring the magnetometer
	// band, which the catalogue's screens download.
	const magnetic = "MAG"
	c := feats.Catalog
	band, digitalBand, spectrum, vcv, digitalVcv, vcp := c.Band, c.DigitalBand, c.Spectrum, c.Vcv, c.DigitalVcv, c.Vcp
	admin := scope(ctx, 0)
	if list, err := vcv.List(ctx, q, admin); err != nil || len(list) > 0 {
		return err
	}
	bands, err := band.List(ctx, q, admin)
	if err != nil {
		return err
	}
	digitalBands, err := digitalBand.List(ctx, q, admin)
	if err != nil {
		return err
	}
	bandNamed := func(name string) int64 {
		for _, b := range bands {
			if b.NombreEs == name {
				return b.AdminBandaID
			}
		}
		return 0
	}
	digitalNamed := func(name string) string {
		for _, b := range digitalBands {
			if b.Nombre == name {
				return b.AdminBandaDigitalGUID
			}
		}
		return ""
	}
	plant := scope(ctx, factory)
	for _, v := range []struct{ es, en, sigla, band string }{
		{"Velocidad 1x", "1x velocity", "1X", "1x"},
		{"Velocidad 2x", "2x velocity", "2X", "2x"},
		{"Velocidad global 600-6000 CPM", "Overall velocity 600-6000 CPM", "GLOB", "Baja frecuencia 600-6000 CPM"},
		{"Aceleración alta frecuencia", "High-frequency acceleration", "HF", "Alta frecuencia 60-300 kCPM"},
		{"Envolvente global", "Overall envelope", "ENV", "Envolvente 0-60 kCPM"},
		{"Rodamientos (envolvente)", "Bearings (envelope)", "ROD", "Rodamientos (envolvente)"},
	} {
		made, err := vcv.Create(ctx, q, admin, &catalog.Vcv{NombreEs: v.es, NombreEn: v.en, SiglaEs: v.sigla, SiglaEn: v.sigla, BandaId: bandNamed(v.band)})
		if err != nil {
			return err
		}
		got, err := vcv.Download(ctx, q, plant, itoa(made.AdminVcvID))
		if err != nil {
			return err
		}
		if v.sigla == "1X" || v.sigla == "GLOB" || v.sigla == "ENV" {
			got.PorDefecto = true
			if _, err := vcv.Update(ctx, q, plant, itoa(got.UsuVcvID), got); err != nil {
				return err
			}
		}
	}
	for _, v := range []struct{ name, sigla, band string }{
		{"Velocidad global", "GLOB", "Baja frecuencia 600-6000 CPM"},
		{"Aceleración alta frecuencia", "HF", "Alta frecuencia 60-300 kCPM"},
		{"Envolvente global", "ENV", "Envolvente 600-60000 CPM"},
		{"Campo magnético", "MAG", "Campo magnético 600-4500 CPM"},
	} {
		made, err := digitalVcv.Create(ctx, q, admin, &catalog.DigitalVcv{Nombre: v.name, Siglas: v.sigla, UsuBandaDigitalGUID: digitalNamed(v.band),
			Tipo: &catalog.VcvType{EnumTipoVcoID: operating.TypeVCO}})
		if err != nil {
			return err
		}
		if v.sigla == magnetic {
			continue
		}
		got, err := digitalVcv.Download(ctx, q, plant, made.AdminVCVDigitalGUID)
		if err != nil {
			return err
		}
		got.PorDefecto = true
		if _, err := digitalVcv.Update(ctx, q, plant, got.UsuVCVDigitalGUID, got); err != nil {
			return err
		}
	}
	for _, v := range []struct{ name, sigla, tipo, band string }{
		{"Velocidad RMS", "VEL", "VEL", "Baja frecuencia 600-6000 CPM"},
		{"Aceleración pico", "ACE", "ACE", "Alta frecuencia 60-300 kCPM"},
		{"Factor de cresta", "CRE", "CRE", ""},
		{"Envolvente", "DEM", "DEM", "Envolvente 600-60000 CPM"},
		{"Campo magnético", "MAG", "MAG", "Campo magnético 600-4500 CPM"},
		{"Temperatura", "TEM", "TEM", ""},
		{"Posición", "POS", "POS", ""},
	} {
		made, err := vcp.Create(ctx, q, admin, &catalog.Vcp{Nombre: v.name, Siglas: v.sigla, Tipo: v.tipo, UsuBandaDigitalGUID: digitalNamed(v.band)})
		if err != nil {
			return err
		}
		if v.sigla == magnetic {
			continue
		}
		if _, err := vcp.Download(ctx, q, plant, itoa(made.AdminVCPID)); err != nil {
			return err
		}
	}
	// The factory's spectra of each range become its defaults.
	factorySpectra, err := spectrum.List(ctx, q, plant)
	if err != nil {
		return err
	}
	for _, s := range factorySpectra {
		s.PorDefecto = true
		if _, err := spectrum.Update(ctx, q, plant, itoa(s.UsuEspectroID), s); err != nil {
			return err
		}
	}
	assigner := feats.Machines
	rows, err := q.QueryContext(ctx, `SELECT id FROM maquinas WHERE fabrica_id = $1 ORDER BY id`, factory)
	machines, err := db.Collect(rows, err, func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) })
	if err != nil {
		return err
	}
	for _, m := range machines {
		// The digital spectra stay templates (the catalogue's screens download them), so KOS
		// Sensor machines find no default spectra.
		if _, err := assigner.AssignSpectra(ctx, q, plant, m); err != nil && !errors.Is(err, assoc.ErrNoDefaultSpectra) {
			return err
		}
		if _, err := assigner.AssignDefaultVcvs(ctx, q, plant, m); err != nil {
			return err
		}
	}
	// Thresholds in thousandths, one statement each: every value gets the gentler ones, then
	// the velocity VCVs (analog and digital) ISO 10816's.
	var velocity []any
	vcvs, err := vcv.List(ctx, q, plant)
	if err != nil {
		return err
	}
	for _, v := range vcvs {
		if strings.HasPrefix(v.NombreEs, "Velocidad") {
			velocity = append(velocity, v.UsuVcvID) // an analog VCV's id is its row
		}
	}
	digitals, err := digitalVcv.List(ctx, q, plant)
	if err != nil {
		return err
	}
	var keys []string
	for _, v := range digitals {
		if strings.HasPrefix(v.Nombre, "Velocidad") {
			keys = append(keys, v.UsuVCVDigitalGUID)
		}
	}
	found, err := digitalVcv.Rows(ctx, q, plant, keys)
	if err != nil {
		return err
	}
	for _, row := range found {
		velocity = append(velocity, row)
	}
	set := `UPDATE valores_referencia SET v_h1_aviso = $1, v_h1_alarma = $2, v_h1_peligro = $3, h_h2_aviso = $1, h_h2_alarma = $2, h_h2_peligro = $3,
		a_aviso = $1, a_alarma = $2, a_peligro = $3 WHERE asociacion_id IN (SELECT id FROM asociaciones WHERE fabrica_id = $4`
	if _, err := q.ExecContext(ctx, set+")", 3000, 6000, 9000, factory); err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, set+" AND item_id IN ("+db.In(5, len(velocity))+"))", append([]any{2800, 4500, 7100, factory}, velocity...)...)
	return err
}
