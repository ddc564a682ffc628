package catalog

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/db"
)

// Catalog is the catalogue's kinds, declared once and shared by every feature that uses
// them (the wiring builds it and hands it on).
type Catalog struct {
	Sensors         *Sensors
	Band            *Kind[Band]
	DigitalBand     *Kind[DigitalBand]
	Spectrum        *Kind[Spectrum]
	DigitalSpectrum *Kind[DigitalSpectrum]
	Vcv             *Kind[Vcv]
	DigitalVcv      *Kind[DigitalVcv]
	Vcp             *Kind[Vcp]
}

// New declares the catalogue's kinds.
func New() *Catalog {
	c := &Catalog{Sensors: NewSensors()}
	c.Band, c.DigitalBand = NewBands()
	c.Spectrum, c.DigitalSpectrum = NewSpectra(c.Sensors, c.Band, c.DigitalBand)
	c.Vcv, c.DigitalVcv, c.Vcp = NewVcvs(c.Band, c.DigitalBand)
	return c
}

// Register serves every kind of the catalogue and the option lists of its editors.
func (c *Catalog) Register(a huma.API, d *db.DB) {
	c.Sensors.Register(a, d)
	Register(a, d, c.Band)
	Register(a, d, c.DigitalBand)
	RegisterSpectra(a, d, c.Spectrum, c.DigitalSpectrum)
	Register(a, d, c.Vcv)
	Register(a, d, c.DigitalVcv)
	Register(a, d, c.Vcp)
}

// fill sets on each item of list the item of kind of that key names (none when key is ""),
// loaded for the whole list in one read.
func fill[T, U any](ctx context.Context, q db.Querier, scope auth.Scope, of *Kind[U], list []*T, key func(*T) string, set func(*T, *U)) error {
	var keys []string
	for _, t := range list {
		if k := key(t); k != "" {
			keys = append(keys, k)
		}
	}
	found, err := of.GetMany(ctx, q, scope, keys)
	if err != nil {
		return err
	}
	for _, t := range list {
		if u := found[key(t)]; u != nil {
			set(t, u)
		}
	}
	return nil
}
