package apiclient

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"

	"vigia/internal/assoc"
	"vigia/internal/auth"
	"vigia/internal/devices"
	"vigia/internal/tree"
)

// Plant is a factory as its users see it through the API: sites, areas, machines with
// their reference rows, and the devices that send those machines' values.
type Plant struct {
	Factory  int64
	Sites    []int64
	Areas    []int64
	Machines []Machine
	Devices  []Device
}

// Machine is a machine of the plant and its alert list: one row per reference row and
// direction, what a device sends values of and a precalculation saves.
type Machine struct {
	ID, Area int64
	Rows     []assoc.Alarm
}

// Device is an alert device (or one behind a gateway) installed on a machine of the plant.
type Device struct {
	ID      int64
	Serial  string
	Machine int64
}

// Discover finds the factory of that name among the session's and reads its plant: the
// side-bar tree down to the machines, their alert lists, and (for an ADMIN, who sees the
// equipment registry) the alert devices installed on them.
func (s *Session) Discover(ctx context.Context, name string) (*Plant, error) {
	var me auth.Me
	if err := s.Do(ctx, http.MethodGet, "/auth/me", nil, &me); err != nil {
		return nil, err
	}
	i := slices.IndexFunc(me.Fabricas, func(f auth.FactoryRef) bool { return f.Nombre == name })
	if i < 0 {
		return nil, fmt.Errorf("%s is not a factory of %s", name, me.Login)
	}
	p := &Plant{Factory: me.Fabricas[i].UsuFabricaID}
	sites, err := s.Children(ctx, p.Factory, "factory", p.Factory)
	if err != nil {
		return nil, err
	}
	for _, site := range sites {
		p.Sites = append(p.Sites, site.ID)
		areas, err := s.Children(ctx, p.Factory, site.Tipo, site.ID)
		if err != nil {
			return nil, err
		}
		for _, area := range areas {
			p.Areas = append(p.Areas, area.ID)
			machines, err := s.Children(ctx, p.Factory, area.Tipo, area.ID)
			if err != nil {
				return nil, err
			}
			for _, m := range machines {
				rows, err := s.Alarms(ctx, p.Factory, m.ID)
				if err != nil {
					return nil, err
				}
				p.Machines = append(p.Machines, Machine{ID: m.ID, Area: area.ID, Rows: rows})
			}
		}
	}
	if !me.IsAdmin() {
		return p, nil
	}
	for _, kind := range []string{"alert10", "alert10c"} {
		var list []devices.Equipment
		if err := s.Do(ctx, http.MethodGet, "/equipment/"+kind, nil, &list); err != nil {
			return nil, err
		}
		for _, e := range list {
			if e.Maquina != nil && e.Asignacion.UsuFabricaId != nil && *e.Asignacion.UsuFabricaId == p.Factory {
				p.Devices = append(p.Devices, Device{ID: e.ID, Serial: e.NumeroSerie, Machine: e.Maquina.UsuMaquinaID})
			}
		}
	}
	return p, nil
}

// Machine returns the plant's machine of that id (nil: none).
func (p *Plant) Machine(id int64) *Machine {
	i := slices.IndexFunc(p.Machines, func(m Machine) bool { return m.ID == id })
	if i < 0 {
		return nil
	}
	return &p.Machines[i]
}

// Children reads a node's children in the side-bar (tipo: factory, site, area, machine,
// component).
func (s *Session) Children(ctx context.Context, factory int64, tipo string, id int64) ([]tree.Node, error) {
	var nodes []tree.Node
	err := s.Do(ctx, http.MethodGet, fmt.Sprintf("/user/%d/tree/children?Tipo=%s&ID=%d", factory, tipo, id), nil, &nodes)
	return nodes, err
}

// Alarms reads a machine's alert list.
func (s *Session) Alarms(ctx context.Context, factory, machine int64) ([]assoc.Alarm, error) {
	var rows []assoc.Alarm
	err := s.Do(ctx, http.MethodGet, fmt.Sprintf("/user/%d/machine/%d/alarm", factory, machine), nil, &rows)
	return rows, err
}

// SaveLevels saves reference values of a machine as a precalculation does, all or none.
func (s *Session) SaveLevels(ctx context.Context, factory, machine int64, levels []assoc.Level) error {
	raw, err := json.Marshal(levels)
	if err != nil {
		return err
	}
	return s.Do(ctx, http.MethodPut, fmt.Sprintf("/user/%d/machine/%d/reference", factory, machine),
		map[string]string{"ValoresCalculados": string(raw)}, nil)
}

// DeviceToken gives a device a new token (ADMIN): its previous token stops working.
func (s *Session) DeviceToken(ctx context.Context, device int64) (string, error) {
	var out struct{ Token string }
	err := s.Do(ctx, http.MethodPost, fmt.Sprintf("/equipment/%d/token", device), nil, &out)
	return out.Token, err
}
