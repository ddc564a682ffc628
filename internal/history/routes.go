package history

import (
	"context"
	"mime"
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/devices"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// maxImport bounds an import file: some years of hourly values of a plant.
const maxImport = 64 << 20

// Points is how many points a chart may receive at most (its width in pixels, say): a
// longer range is reduced by M4 on the server. A chart of several series sharing their times
// gets at most that many rows, each with every series' value: the chart draws them on one
// time axis. At least 8: a column of three series keeps up to 8 times.
type Points struct {
	Puntos int `query:"Puntos" minimum:"8" maximum:"20000" default:"2000" doc:"The most points to answer (rows, for a chart of several series: a VCO's start and end, a sensor's angles); more values are reduced (M4)."`
}

// LastDays is the period of a history call that reads the last days, and its points.
type LastDays struct {
	Days int64 `path:"days" minimum:"1" maximum:"3660"`
	Points
}

// Accepted is the answer to a device's batch: how many values are now stored.
type Accepted struct {
	Aceptados int `json:"Aceptados"`
}

// Register serves the measured history: the device's measurements, imports, the charts at
// the spec's paths (S1 §7, S2 §7.3, §7.8, S3 §7.4, §7.6) and data cleaning.
func (s *Service) Register(a huma.API, d *db.DB) {
	op := api.Ops("history")
	measurements := devices.DeviceOp("device-measurements", http.MethodPost, "/api/device/{serial}/measurements",
		"A device sends measured values; they are acknowledged once stored, or refused whole")
	api.Register(a, d, measurements, func(ctx context.Context, q db.Querier, in *struct {
		Serial  string `path:"serial"`
		RawBody []byte
	}) (*api.Body[Accepted], error) {
		dev, err := devices.Device(ctx, in.Serial)
		if err != nil {
			return nil, err
		}
		b, err := ReadBatch(in.RawBody)
		if err != nil {
			return nil, err
		}
		n, err := s.Ingest(ctx, q, dev, b)
		return &api.Body[Accepted]{Body: Accepted{Aceptados: n}}, err
	})
	batch := &huma.MediaType{Schema: a.OpenAPI().Components.Schemas.Schema(reflect.TypeFor[Batch](), true, "Batch")}
	document(a, measurements, map[string]*huma.MediaType{"application/json": batch})

	imp := op(api.Edit, "history-import", http.MethodPost, "/api/user/{factory}/history/import",
		"Import measured history: a device batch as JSON, or CSV with the header VrId,Dir,Fecha,Valor (values in thousandths)", 0)
	imp.MaxBodyBytes = maxImport
	api.Register(a, d, imp, func(ctx context.Context, q db.Querier, in *struct {
		Factory     int64  `path:"factory"`
		ContentType string `header:"Content-Type"`
		RawBody     []byte
	}) (*api.Body[*Imported], error) {
		return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*Imported, error) {
			if kind, _, _ := mime.ParseMediaType(in.ContentType); kind == "text/csv" {
				b, lines, unread := parseCSV(in.RawBody)
				return s.Import(ctx, q, sc, b, lines, unread)
			}
			b, err := ReadBatch(in.RawBody)
			if err != nil {
				return nil, err
			}
			return s.Import(ctx, q, sc, b, nil, new(api.Reasons))
		})
	})
	document(a, imp, map[string]*huma.MediaType{"application/json": batch, "text/csv": {Schema: &huma.Schema{Type: "string",
		Description: "VrId,Dir,Fecha,Valor on the first line, then one value a line (thousandths; Fecha in ISO 8601, UTC without a zone)"}}})

	// ConditionChart is the chart of an item's values in one condition.
	type ConditionChart struct {
		Factory   int64 `path:"factory"`
		ID        int64 `path:"id"`
		Condition int64 `path:"condition"`
		Points
	}
	for _, k := range s.Assoc.Kinds.All() {
		api.Register(a, d, op(api.Read, "chart-"+k.Segment, http.MethodPost, "/api/user/{factory}/visualizator/data/"+k.Segment+"/{id}/direction/{dir}/condition/{condition}",
			"The values of an associated item in one direction and condition over a period (the alarm chart)", 0),
			func(ctx context.Context, q db.Querier, in *struct {
				Factory   int64 `path:"factory"`
				ID        int64 `path:"id"`
				Dir       int64 `path:"dir" minimum:"0" maximum:"3"`
				Condition int64 `path:"condition"`
				Points
				Body Period
			}) (*api.Body[*ConditionData], error) {
				return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*ConditionData, error) {
					return s.Chart(ctx, q, sc, k, in.ID, in.Condition, in.Dir, in.Body, in.Puntos)
				})
			})
	}
	api.Register(a, d, op(api.Read, "chart-vcp", http.MethodPost, "/api/user/{factory}/visualizator/data/mpvp/{id}/condition/{condition}",
		"A VCP's values in one condition over a period, by direction (Data_V_H1...)", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			ConditionChart
			Body Period
		}) (*api.Body[*VcpData], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*VcpData, error) {
				return s.Vcp(ctx, q, sc, s.Assoc.Kinds.Vcp, in.ID, in.Condition, in.Body, in.Puntos)
			})
		})
	api.Register(a, d, op(api.Read, "chart-vco", http.MethodPost, "/api/user/{factory}/visualizator/data/machine/{machine}/vco/{vco}",
		"A machine VCO's values over a period (the VCO alarm chart)", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			assoc.MachinePath
			Vco int64 `path:"vco"`
			Points
			Body Period
		}) (*api.Body[[]VcoDated], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) ([]VcoDated, error) {
				return s.Vco(ctx, q, sc, in.Machine, in.Vco, in.Body, in.Puntos)
			})
		})
	api.Register(a, d, op(api.Read, "rul", http.MethodGet, "/api/user/{factory}/visualizator/data/mpv/{id}/condition/{condition}/rul",
		"The trend of a VCV's values in one condition and when it will reach its danger value (remaining useful life)", 0),
		func(ctx context.Context, q db.Querier, in *ConditionChart) (*api.Body[[]Rul], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) ([]Rul, error) {
				return s.Rul(ctx, q, sc, s.Assoc.Kinds.Vcv, in.ID, in.Condition, in.Puntos)
			})
		})
	api.Register(a, d, op(api.Read, "point-wakeups", http.MethodGet, "/api/user/{factory}/visualizator/wakeup/machine/{machine}/point/{point}/{kind}/days/{days}",
		"When a point's protection or prediction sensor woke up in the last days", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			assoc.MachinePath
			Point int64  `path:"point"`
			Kind  string `path:"kind" enum:"protection,prediction"`
			Days  int64  `path:"days" minimum:"1" maximum:"366"`
		}) (*api.Body[[]Wakeup], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) ([]Wakeup, error) {
				return s.Wakeups(ctx, q, sc, in.Machine, in.Point, map[string]string{"protection": devices.ModeProtection, "prediction": devices.ModePrediction}[in.Kind], in.Days)
			})
		})
	api.Register(a, d, op(api.Read, "channel-bias", http.MethodGet, "/api/user/{user}/visualizator/data/bias/machine/{machine}/channel/{channel}/days/{days}",
		"The bias of a machine's channel over the last days", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			User    int64 `path:"user"`
			Machine int64 `path:"machine"`
			Channel int64 `path:"channel" minimum:"1" maximum:"11"`
			LastDays
		}) (*api.Body[[]Dated], error) {
			out, err := s.Bias(ctx, q, in.User, in.Machine, in.Channel, in.Days, in.Puntos)
			return &api.Body[[]Dated]{Body: out}, err
		})
	for _, m := range []struct{ segment, magnitude, summary string }{
		{"battery", Battery, "A KOS Sensor's battery over the last days"},
		{"health", Health, "A KOS Sensor's health over the last days"},
	} {
		api.Register(a, d, op(api.Read, "sensor-"+m.segment, http.MethodGet, "/api/mems/{id}/historical/"+m.segment+"/days/{days}", m.summary, 0),
			func(ctx context.Context, q db.Querier, in *struct {
				ID int64 `path:"id"`
				LastDays
			}) (*api.Body[[]Dated], error) {
				out, err := s.SensorReading(ctx, q, in.ID, m.magnitude, in.Days, in.Puntos)
				return &api.Body[[]Dated]{Body: out}, err
			})
	}
	api.Register(a, d, op(api.Read, "sensor-angles", http.MethodGet, "/api/mems/{id}/historical/angles/days/{days}", "A KOS Sensor's angles over the last days", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			ID int64 `path:"id"`
			LastDays
		}) (*api.Body[[]AngleDated], error) {
			out, err := s.SensorAngles(ctx, q, in.ID, in.Days, in.Puntos)
			return &api.Body[[]AngleDated]{Body: out}, err
		})

	api.Register(a, d, op(api.Read, "precalculation-lists", http.MethodGet, "/api/user/{factory}/machine/{machine}/precalculation",
		"What a machine's precalculation chooses from: its components with their calculation template, its criterion's conditions and its points", 0),
		func(ctx context.Context, q db.Querier, in *assoc.MachinePath) (*api.Body[*PrecalcLists], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*PrecalcLists, error) { return s.Lists(ctx, q, sc, in.Machine) })
		})
	api.Register(a, d, op(api.Read, "reference-calculate", http.MethodPost, "/api/user/{factory}/machine/{machine}/reference/calculate",
		"Precalculate the machine's reference values from the measured values of periods (ARCHITECTURE §6)", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			assoc.MachinePath
			Body Precalculate
		}) (*api.Body[*Precalculation], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*Precalculation, error) { return s.Calculate(ctx, q, sc, in.Machine, &in.Body) })
		})
	api.Register(a, d, op(api.Edit, "reference-save", http.MethodPut, "/api/user/{factory}/machine/{machine}/reference",
		"Save precalculated reference values: the JSON of [{VrId, Dir, Av, Al, Pl}] in thousandths, all or none", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			assoc.MachinePath
			Body struct {
				ValoresCalculados string `json:"ValoresCalculados"`
			}
		}) (*api.Body[bool], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (bool, error) {
				err := s.Save(ctx, q, sc, in.Machine, in.Body.ValoresCalculados)
				return err == nil, err
			})
		})
	api.Register(a, d, op(api.Read, "reference-calculate-one", http.MethodPost, "/api/user/{factory}/machine/{machine}/reference/calculate/vcv/{vcv}",
		"Recalculate one direction of a reference row ({vcv}: its VrId) over the last 30 days by the defaults (the alarm modal's Reset)", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			assoc.MachinePath
			Vcv  int64 `path:"vcv"`
			Body struct {
				Punto        int64   `json:"Punto"`
				Direccion    int64   `json:"Direccion" minimum:"0" maximum:"3"`
				Notificacion *string `json:"Notificacion" required:"false" nullable:"true"`
			}
		}) (*api.Body[Proposed], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (Proposed, error) {
				l, err := s.One(ctx, q, sc, in.Machine, in.Vcv, in.Body.Punto, in.Body.Direccion)
				return Proposed{VrAviso: l[0], VrAlarma: l[1], VrPeligro: l[2]}, err
			})
		})

	api.Register(a, d, op(api.Read, "site-alarms", http.MethodGet, "/api/user/{factory}/site/{site}/alarms",
		"The current state of every reference series of a site (its 'alarms' tab): counts per state and a page, worst first", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			Factory int64 `path:"factory"`
			Site    int64 `path:"site"`
			SiteQuery
		}) (*api.Body[*SiteAlarms], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*SiteAlarms, error) { return s.Alarms(ctx, q, sc, in.Site, in.SiteQuery) })
		})
	interventions := "/api/user/{factory}/machine/{machine}/intervention"
	type InterventionPath struct {
		assoc.MachinePath
		ID int64 `path:"id"`
	}
	api.Register(a, d, op(api.Read, "interventions", http.MethodGet, interventions, "A machine's interventions, newest first", 0),
		func(ctx context.Context, q db.Querier, in *assoc.MachinePath) (*api.Body[[]Intervention], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) ([]Intervention, error) { return s.Interventions(ctx, q, sc, in.Machine) })
		})
	created := op(api.Edit, "intervention-create", http.MethodPost, interventions, "Add an intervention to a machine", 0)
	created.DefaultStatus = http.StatusCreated
	api.Register(a, d, created, func(ctx context.Context, q db.Querier, in *struct {
		assoc.MachinePath
		Body InterventionInput
	}) (*api.Body[*Intervention], error) {
		return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*Intervention, error) {
			return s.SaveIntervention(ctx, q, sc, in.Machine, 0, in.Body)
		})
	})
	api.Register(a, d, op(api.Edit, "intervention-update", http.MethodPut, interventions+"/{id}", "Change an intervention", 0),
		func(ctx context.Context, q db.Querier, in *struct {
			InterventionPath
			Body InterventionInput
		}) (*api.Body[*Intervention], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*Intervention, error) {
				return s.SaveIntervention(ctx, q, sc, in.Machine, in.ID, in.Body)
			})
		})
	deleted := op(api.Edit, "intervention-delete", http.MethodDelete, interventions+"/{id}", "Delete an intervention", 0)
	deleted.DefaultStatus = http.StatusNoContent
	api.Register(a, d, deleted, func(ctx context.Context, q db.Querier, in *InterventionPath) (*struct{}, error) {
		_, err := auth.Within(ctx, in.Factory, func(sc auth.Scope) (struct{}, error) {
			return struct{}{}, s.DeleteIntervention(ctx, q, sc, in.Machine, in.ID)
		})
		return nil, err
	})

	for _, level := range []string{"site", "area", "machine"} {
		type cleaning struct {
			Factory int64 `path:"factory"`
			ID      int64 `path:"id"`
			Cleaning
		}
		path := "/api/user/{factory}/" + level + "/{id}/history"
		api.Register(a, d, op(api.Read, "history-count-"+level, http.MethodGet, path, "How many measured values a data cleaning would delete", 0),
			func(ctx context.Context, q db.Querier, in *cleaning) (*api.Body[Counted], error) {
				return auth.Within(ctx, in.Factory, func(sc auth.Scope) (Counted, error) {
					n, err := s.Clean(ctx, q, sc, level, in.ID, in.Cleaning, true)
					return Counted{Valores: n}, err
				})
			})
		api.Register(a, d, op(api.Edit, "history-clean-"+level, http.MethodDelete, path, "Delete measured values (data cleaning), in one transaction", 0),
			func(ctx context.Context, q db.Querier, in *cleaning) (*api.Body[Counted], error) {
				return auth.Within(ctx, in.Factory, func(sc auth.Scope) (Counted, error) {
					n, err := s.Clean(ctx, q, sc, level, in.ID, in.Cleaning, false)
					return Counted{Valores: n}, err
				})
			})
	}
}

// document describes in the OpenAPI document the bodies an operation reads raw (huma would
// parse and validate a body described before registration: a device's batch is checked by
// its own rules, a CSV is no JSON).
func document(a huma.API, op huma.Operation, content map[string]*huma.MediaType) {
	a.OpenAPI().Paths[op.Path].Post.RequestBody = &huma.RequestBody{Required: true, Content: content}
}

// Proposed are one line's warning, alarm and danger values, in thousandths.
type Proposed struct {
	VrAviso   int64 `json:"VrAviso"`
	VrAlarma  int64 `json:"VrAlarma"`
	VrPeligro int64 `json:"VrPeligro"`
}

// Counted is how many values a data cleaning chooses (or deleted).
type Counted struct {
	Valores int64 `json:"Valores"`
}
