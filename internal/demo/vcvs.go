package demo

import (
	"context"
	"errors"

	"vigia/internal/assoc"
	"vigia/internal/catalog"
	"vigia/internal/operating"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
	"vigia/internal/tree"
)

// loadVcvs fills the template VCVs and VCPs once (on the template bands), downloads them
// into the demo factory with its alert-device spectra marked as defaults, gives every demo
// machine its default spectra and VCVs through the assign actions, and sets the reference
// values of each condition: ISO 10816 class II velocity limits (2.8, 4.5, 7.1 mm/s) on
// velocity values, gentler ones elsewhere.
func loadVcvs(ctx context.Context, d *db.DB, factory int64) error {
	// The magnetometer ones stay templates: downloading them would bring the magnetometer
	// band, which the catalogue's screens download.
	const magnetic = "MAG"
	sensors := catalog.NewSensors()
	band, digitalBand := catalog.NewBands()
	spectrum, digitalSpectrum := catalog.NewSpectra(sensors, band, digitalBand)
	vcv, digitalVcv, vcp := catalog.NewVcvs(band, digitalBand)
	admin := catalog.Scope{Admin: true}
	if list, err := vcv.List(ctx, d, admin); err != nil || len(list) > 0 {
		return err
	}
	bands, err := band.List(ctx, d, admin)
	if err != nil {
		return err
	}
	digitalBands, err := digitalBand.List(ctx, d, admin)
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
	plant := catalog.Scope{Factory: factory, Lang: "es", Admin: true}
	for _, v := range []struct{ es, en, sigla, band string }{
		{"Velocidad 1x", "1x velocity", "1X", "1x"},
		{"Velocidad 2x", "2x velocity", "2X", "2x"},
		{"Velocidad global 600-6000 CPM", "Overall velocity 600-6000 CPM", "GLOB", "Baja frecuencia 600-6000 CPM"},
		{"Aceleración alta frecuencia", "High-frequency acceleration", "HF", "Alta frecuencia 60-300 kCPM"},
		{"Envolvente global", "Overall envelope", "ENV", "Envolvente 0-60 kCPM"},
		{"Rodamientos (envolvente)", "Bearings (envelope)", "ROD", "Rodamientos (envolvente)"},
	} {
		made, err := vcv.Create(ctx, d, admin, &catalog.Vcv{NombreEs: v.es, NombreEn: v.en, SiglaEs: v.sigla, SiglaEn: v.sigla, BandaId: bandNamed(v.band)})
		if err != nil {
			return err
		}
		got, err := vcv.Download(ctx, d, plant, itoa(made.AdminVcvID))
		if err != nil {
			return err
		}
		if v.sigla == "1X" || v.sigla == "GLOB" || v.sigla == "ENV" {
			got.PorDefecto = true
			if _, err := vcv.Update(ctx, d, plant, itoa(got.UsuVcvID), got); err != nil {
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
		made, err := digitalVcv.Create(ctx, d, admin, &catalog.DigitalVcv{Nombre: v.name, Siglas: v.sigla, UsuBandaDigitalGUID: digitalNamed(v.band),
			Tipo: &catalog.VcvType{EnumTipoVcoID: operating.TypeVCO}})
		if err != nil {
			return err
		}
		if v.sigla == magnetic {
			continue
		}
		got, err := digitalVcv.Download(ctx, d, plant, made.AdminVCVDigitalGUID)
		if err != nil {
			return err
		}
		got.PorDefecto = true
		if _, err := digitalVcv.Update(ctx, d, plant, got.UsuVCVDigitalGUID, got); err != nil {
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
		made, err := vcp.Create(ctx, d, admin, &catalog.Vcp{Nombre: v.name, Siglas: v.sigla, Tipo: v.tipo, UsuBandaDigitalGUID: digitalNamed(v.band)})
		if err != nil {
			return err
		}
		if v.sigla == magnetic {
			continue
		}
		if _, err := vcp.Download(ctx, d, plant, itoa(made.AdminVCPID)); err != nil {
			return err
		}
	}
	// The factory's spectra of each range become its defaults.
	factorySpectra, err := spectrum.List(ctx, d, plant)
	if err != nil {
		return err
	}
	for _, s := range factorySpectra {
		s.PorDefecto = true
		if _, err := spectrum.Update(ctx, d, plant, itoa(s.UsuEspectroID), s); err != nil {
			return err
		}
	}
	criteria := operating.NewCriteria(operating.NewVcos(sensors))
	service := &assoc.Service{DB: d, Criteria: criteria}
	kinds := assoc.Kinds(vcv, digitalVcv, vcp)
	assigner := &assoc.Assigner{S: service, Tree: tree.New(), Spectra: spectrum, DigitalSpectra: digitalSpectrum, Vcvs: vcv, DigitalVcvs: digitalVcv, Bands: band, DigitalBands: digitalBand,
		Analog: kinds[0], Digital: kinds[1]}
	rows, err := d.QueryContext(ctx, `SELECT id FROM maquinas WHERE fabrica_id = $1 ORDER BY id`, factory)
	if err != nil {
		return err
	}
	var machines []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		machines = append(machines, id)
	}
	rows.Close()
	for _, m := range machines {
		// The digital spectra stay templates (the catalogue's screens download them), so KOS
		// Sensor machines find no default spectra.
		if _, err := assigner.AssignSpectra(ctx, plant, m); err != nil && !errors.Is(err, api.Refused("no_default_spectra", nil)) {
			return err
		}
		if _, err := assigner.AssignDefaultVcvs(ctx, plant, m); err != nil {
			return err
		}
	}
	// Thresholds in thousandths, one statement each: velocity values, then the others.
	set := `UPDATE valores_referencia SET v_h1_aviso = $1, v_h1_alarma = $2, v_h1_peligro = $3, h_h2_aviso = $1, h_h2_alarma = $2, h_h2_peligro = $3,
		a_aviso = $1, a_alarma = $2, a_peligro = $3 WHERE asociacion_id IN (SELECT a.id FROM asociaciones a JOIN catalogo i ON i.id = a.item_id
		WHERE a.fabrica_id = $4 AND (i.nombre_es LIKE 'Velocidad%') = $5)`
	for _, v := range []struct {
		warning, alarm, danger int64
		velocity               bool
	}{{2800, 4500, 7100, true}, {3000, 6000, 9000, false}} {
		if _, err := d.ExecContext(ctx, set, v.warning, v.alarm, v.danger, factory, v.velocity); err != nil {
			return err
		}
	}
	return nil
}
