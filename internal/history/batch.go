package history

import (
	"errors"
	"strconv"

	"github.com/goccy/go-json"
	jsonv2 "github.com/goccy/go-json/v2"

	"vigia/internal/platform/api"
)

// ReadBatch reads a JSON batch (a device's, by HTTP or MQTT, or an import's); a body that
// is not one is invalid input (422), and so is one that leaves out a field its items require
// or names one they lack: decoded alone, a missing value would be stored as 0 (an alarm
// cleared) and a misspelt key stores nothing unnoticed. A batch is decoded once, into its
// wire form (wireBatch), by goccy/go-json: a device's batch of 10,000 values takes a few
// milliseconds, several times less than with encoding/json or with a second decoding to tell
// which fields it holds.
func ReadBatch(raw []byte) (*Batch, error) {
	var w wireBatch
	err := jsonv2.Unmarshal(raw, &w, batchOptions)
	var unknown *jsonv2.SemanticError
	if !errors.As(err, &unknown) || unknown.Err != jsonv2.ErrUnknownName {
		unknown = nil
	} else { // it stopped there: read the rest for the fields left out
		w = wireBatch{}
		err = json.Unmarshal(raw, &w)
	}
	if err != nil {
		return nil, api.Invalid("body", "invalid", nil)
	}
	errs := &api.Reasons{Max: maxErrors}
	b := w.batch(errs)
	if unknown != nil {
		errs.Add("body", "unknown_field", map[string]any{"name": strconv.Quote(unknown.JSONPointer.LastToken())})
	}
	return b, errs.Err()
}

// batchOptions read a batch as encoding/json reads JSON (names matched regardless of case,
// as devices were always read), but refuse a name that no field has, the error telling it
// (jsonv2.ErrUnknownName).
var batchOptions = jsonv2.JoinOptions(json.DefaultOptionsV1(), json.ReportErrorsWithLegacySemantics(false), jsonv2.RejectUnknownMembers(true))

// wireBatch is a Batch as it comes: each field an item requires (the fields without
// omitempty in Batch's types, required in the OpenAPI document too) is a pointer, so that one
// left out or null (nil) is told from a 0. Its types mirror Batch's field for field.
type wireBatch struct {
	Valores  []wireValue  `json:"Valores"`
	Vcos     []wireVco    `json:"Vcos"`
	Bias     []wireBias   `json:"Bias"`
	Sensores []wireSensor `json:"Sensores"`
}

type wireValue struct {
	VrId  *int64  `json:"VrId"`
	Dir   *int64  `json:"Dir"`
	Fecha *string `json:"Fecha"`
	Valor *int64  `json:"Valor"`
}

type wireVco struct {
	UsuVco_vId   *int64  `json:"UsuVco_vId"`
	UsuMaquinaId int64   `json:"UsuMaquinaId"`
	Fecha        *string `json:"Fecha"`
	Inicio       *int64  `json:"Inicio"`
	Fin          *int64  `json:"Fin"`
}

type wireBias struct {
	UsuMaquinaId int64   `json:"UsuMaquinaId"`
	Canal        *int64  `json:"Canal"`
	Fecha        *string `json:"Fecha"`
	Valor        *int64  `json:"Valor"`
}

type wireSensor struct {
	NumeroSerie *string     `json:"NumeroSerie"`
	Fecha       *string     `json:"Fecha"`
	Bateria     *int64      `json:"Bateria"`
	Angulos     *wireAngles `json:"Angulos"`
	Salud       *int64      `json:"Salud"`
}

type wireAngles struct {
	X *int64 `json:"X"`
	Y *int64 `json:"Y"`
	Z *int64 `json:"Z"`
}

// batch is the Batch w holds, each required field it leaves out named in errs
// ("Valores[3].Valor").
func (w *wireBatch) batch(errs *api.Reasons) *Batch {
	b := &Batch{Valores: make([]Value, len(w.Valores)), Vcos: make([]VcoValue, len(w.Vcos)),
		Bias: make([]BiasValue, len(w.Bias)), Sensores: make([]SensorValue, len(w.Sensores))}
	for i, v := range w.Valores {
		f := fields{errs, "Valores", i}
		b.Valores[i] = Value{VrId: need(f, "VrId", v.VrId), Dir: need(f, "Dir", v.Dir), Fecha: need(f, "Fecha", v.Fecha), Valor: need(f, "Valor", v.Valor)}
	}
	for i, v := range w.Vcos {
		f := fields{errs, "Vcos", i}
		b.Vcos[i] = VcoValue{UsuVco_vId: need(f, "UsuVco_vId", v.UsuVco_vId), UsuMaquinaId: v.UsuMaquinaId, Fecha: need(f, "Fecha", v.Fecha),
			Inicio: need(f, "Inicio", v.Inicio), Fin: need(f, "Fin", v.Fin)}
	}
	for i, v := range w.Bias {
		f := fields{errs, "Bias", i}
		b.Bias[i] = BiasValue{UsuMaquinaId: v.UsuMaquinaId, Canal: need(f, "Canal", v.Canal), Fecha: need(f, "Fecha", v.Fecha), Valor: need(f, "Valor", v.Valor)}
	}
	for i, v := range w.Sensores {
		f := fields{errs, "Sensores", i}
		b.Sensores[i] = SensorValue{NumeroSerie: need(f, "NumeroSerie", v.NumeroSerie), Fecha: need(f, "Fecha", v.Fecha), Bateria: v.Bateria, Salud: v.Salud}
		if a := v.Angulos; a != nil {
			b.Sensores[i].Angulos = &Angles{X: need(f, "Angulos.X", a.X), Y: need(f, "Angulos.Y", a.Y), Z: need(f, "Angulos.Z", a.Z)}
		}
	}
	return b
}

// fields is an item of a batch's list, whose required fields need checks.
type fields struct {
	errs *api.Reasons
	list string
	i    int
}

// need is the value of the item's required field, or its zero when it is left out or null
// (and the reason: required).
func need[T any](f fields, field string, v *T) T {
	if v != nil {
		return *v
	}
	f.errs.Add(batchName(f.list, f.i, field), "required", nil)
	var zero T
	return zero
}
