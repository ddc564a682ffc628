package demo

import (
	"context"

	"vigia/internal/app"
	"vigia/internal/catalog"
	"vigia/internal/platform/db"
)

// loadSpectra fills the template bands and spectra of both families once, downloads the
// alert-device spectra (with their bands and accelerometer) into the demo factory, copies one,
// and gives every demo point its low-range, high-range and envelope spectra.
func loadSpectra(ctx context.Context, q db.Querier, feats *app.Features, factory int64) error {
	sensors := feats.Catalog.Sensors
	band, digitalBand := catalog.NewBands()
	spectrum, digitalSpectrum := catalog.NewSpectra(sensors, band, digitalBand)
	admin := scope(ctx, 0)
	if list, err := spectrum.List(ctx, q, admin); err != nil || len(list) > 0 {
		return err
	}
	accelerometers, err := sensors.Dynamic.List(ctx, q, admin)
	if err != nil {
		return err
	}
	mems, err := sensors.DigitalDynamic.List(ctx, q, admin)
	if err != nil {
		return err
	}
	str := func(v string) *string { return &v }
	i64 := func(v int64) *int64 { return &v }

	// Order bands (1x, 2x, 3x) and CPM bands per range; bearing bands for the envelope.
	// Digital bands lie between 600 CPM and the range's maximum.
	type bandDef struct {
		es, en, freq, rango, ini, fin string
		sum                           int64
	}
	analog := []bandDef{
		{"1x", "1x", catalog.Orders, "BR", "0.8", "1.2", 0},
		{"2x", "2x", catalog.Orders, "BR", "1.8", "2.2", 0},
		{"3x", "3x", catalog.Orders, "BR", "2.8", "3.2", 0},
		{"Armónicos 1x-5x", "Harmonics 1x-5x", catalog.Orders, "BR", "", "", catalog.SumAutomatic},
		{"Baja frecuencia 600-6000 CPM", "Low frequency 600-6000 CPM", catalog.CPMs, "BR", "600", "6000", 0},
		{"Alta frecuencia 60-300 kCPM", "High frequency 60-300 kCPM", catalog.CPMs, "AR", "60000", "300000", 0},
		{"Engrane 1x GMF", "Gear mesh 1x GMF", catalog.Orders, "AR", "", "", catalog.SumGear},
		{"Envolvente 0-60 kCPM", "Envelope 0-60 kCPM", catalog.CPMs, "DM", "0", "60000", 0},
		{"Rodamientos (envolvente)", "Bearings (envelope)", catalog.Bearings, "DM", "", "", catalog.SumBearing},
	}
	digital := []bandDef{
		{"Armónicos 1x-5x", "", catalog.Orders, "BR", "", "", catalog.SumAutomatic},
		{"Baja frecuencia 600-6000 CPM", "", catalog.CPMs, "BR", "600", "6000", 0},
		{"Alta frecuencia 60-300 kCPM", "", catalog.CPMs, "AR", "60000", "300000", 0},
		{"Envolvente 600-60000 CPM", "", catalog.CPMs, "DM", "600", "60000", 0},
		{"Rodamientos (envolvente)", "", catalog.Bearings, "DM", "", "", catalog.SumBearing},
		{"Campo magnético 600-4500 CPM", "", catalog.CPMs, "MG", "600", "4500", 0},
	}
	fields := func(b bandDef) catalog.BandFields {
		f := catalog.BandFields{Frecuencia: b.freq, Rango: b.rango, Sumatorio: b.sum}
		if b.ini != "" {
			f.FrecuOrdenesInicial, f.FrecuOrdenesFinal = str(b.ini), str(b.fin)
		}
		if b.sum == catalog.SumAutomatic {
			f.NumBandasIzquierda, f.NumBandasDerecha = i64(1), i64(1)
		}
		return f
	}
	bands, digitalBands := map[string][]int64{}, map[string][]string{}
	for _, b := range analog {
		made, err := band.Create(ctx, q, admin, &catalog.Band{NombreEs: b.es, NombreEn: b.en, BandFields: fields(b)})
		if err != nil {
			return err
		}
		bands[b.rango] = append(bands[b.rango], made.AdminBandaID)
	}
	for _, b := range digital {
		made, err := digitalBand.Create(ctx, q, admin, &catalog.DigitalBand{Nombre: b.es, BandFields: fields(b)})
		if err != nil {
			return err
		}
		digitalBands[b.rango] = append(digitalBands[b.rango], made.AdminBandaDigitalGUID)
	}

	type spectrumDef struct {
		es, en, rango, unit string
		lines, width, avg   int64
	}
	var downloads []string
	for _, s := range []spectrumDef{
		{"Velocidad BR 800 líneas", "Velocity LR 800 lines", "BR", "MMSEG", 1, 60000, 4},
		{"Aceleración AR 3200 líneas", "Acceleration HR 3200 lines", "AR", "G", 3, 600000, 8},
		{"Envolvente DM 1600 líneas", "Envelope DM 1600 lines", "DM", "G", 2, 120000, 4},
	} {
		f := catalog.SpectrumFields{Rango: s.rango, Lineas: i64(s.lines), NumPromedios: i64(s.avg), Filtro: "2_HZ", Ventana: "HANN",
			Solapamiento: i64(0), FrecuenciaMuestreo: i64(s.width), Unidad: s.unit, TipoUnidad: i64(3)}
		if s.rango == "DM" {
			f.Filtro, f.FiltroDemodulacion = "500_HZ", 2
		}
		made, err := spectrum.Create(ctx, q, admin, &catalog.Spectrum{NombreEs: s.es, NombreEn: s.en, SpectrumFields: f, SensorDinamicoId: accelerometers[0].AdminSensorDinamicoID})
		if err != nil {
			return err
		}
		key := itoa(made.AdminEspectroID)
		for _, b := range bands[s.rango] {
			if err := spectrum.Link(ctx, q, admin, key, spectrum.Links[0], itoa(b)); err != nil {
				return err
			}
		}
		downloads = append(downloads, key)
	}
	for _, s := range []spectrumDef{
		{"MEMS velocidad BR", "", "BR", "MMSEG", 1, 20000, 4},
		{"MEMS aceleración AR", "", "AR", "G", 3, 312500, 1},
		{"MEMS envolvente DM", "", "DM", "G", 2, 125000, 2},
		{"MEMS magnetómetro MG", "", "MG", "TESLA", 1, 2340, 4},
	} {
		f := catalog.SpectrumFields{Rango: s.rango, Lineas: i64(s.lines), NumPromedios: i64(s.avg), Ventana: "HANN",
			Solapamiento: i64(0), FrecuenciaMuestreo: i64(s.width), Unidad: s.unit}
		made, err := digitalSpectrum.Create(ctx, q, admin, &catalog.DigitalSpectrum{Nombre: s.es, SpectrumFields: f,
			UsuSensorDinamicoDigitalId: mems[0].AdminSensorDinamicoDigitalID, FiltroHPF: 1})
		if err != nil {
			return err
		}
		for _, b := range digitalBands[s.rango] {
			if err := digitalSpectrum.Link(ctx, q, admin, itoa(made.AdminEspectroDigitalID), digitalSpectrum.Links[0], b); err != nil {
				return err
			}
		}
	}

	plant := scope(ctx, factory)
	var ids []int64
	for _, key := range downloads {
		s, err := spectrum.Download(ctx, q, plant, key)
		if err != nil {
			return err
		}
		ids = append(ids, s.UsuEspectroID)
	}
	if _, err := spectrum.Copy(ctx, q, plant, itoa(ids[0])); err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `UPDATE puntos SET espectro_br = $1, espectro_ar = $2, espectro_dm = $3 WHERE fabrica_id = $4`, ids[0], ids[1], ids[2], factory)
	return err
}
