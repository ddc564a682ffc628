package tree

import (
	"vigia/internal/catalog"
	"vigia/internal/platform/db"
)

// Option is an entry of a fixed list, named in both languages (I18N-005).
type Option struct {
	ID      string `json:"id"`
	NameSPA string `json:"nameSPA"`
	NameENG string `json:"nameENG"`
	Montaje int    `json:"Montaje,omitempty"` // Orientacion: the component mounting it belongs to
	Motor   int    `json:"Motor,omitempty"`   // SubtipoComponente: 1 AC, 2 wound rotor, 3 DC
}

// Enums are the option lists of the tree editors.
type Enums struct {
	Actualizacion     []Option `json:"Actualizacion"`
	Anclaje           []Option `json:"Anclaje"`
	Montaje           []Option `json:"Montaje"`
	Orientacion       []Option `json:"Orientacion"`
	SubtipoComponente []Option `json:"SubtipoComponente"`
	Paises            []Option `json:"Paises"`
}

// Update modes of a machine (Actualizacion.EnumActualizacionID).
const (
	UpdateVCOV    = "VCOV"
	UpdateOff     = "OFF"
	UpdateNominal = "VELOCIDADNOMINAL"
	Update1X      = "1XESPECTRO"
	UpdateUnknown = "DESCONOCIDO"
)

// Component mountings (GenOrientacionID).
const (
	Horizontal = 1
	Vertical   = 2
)

var enums = Enums{
	Actualizacion: []Option{
		{ID: UpdateVCOV, NameSPA: "VCOV (velocidad medida)", NameENG: "VCOV (measured speed)"},
		{ID: UpdateOff, NameSPA: "Sin actualización", NameENG: "No update"},
		{ID: UpdateNominal, NameSPA: "Velocidad nominal", NameENG: "Nominal speed"},
		{ID: Update1X, NameSPA: "1x del espectro", NameENG: "1x from the spectrum"},
		{ID: UpdateUnknown, NameSPA: "Desconocido", NameENG: "Unknown"},
	},
	Anclaje: []Option{
		{ID: "1", NameSPA: "Rígido", NameENG: "Rigid"},
		{ID: "2", NameSPA: "Flexible", NameENG: "Flexible"},
		{ID: "3", NameSPA: "Sobre amortiguadores", NameENG: "On dampers"},
	},
	Montaje: []Option{
		{ID: "1", NameSPA: "Horizontal", NameENG: "Horizontal"},
		{ID: "2", NameSPA: "Vertical", NameENG: "Vertical"},
	},
	Orientacion: []Option{
		{ID: "1", NameSPA: "VHA", NameENG: "VHA", Montaje: Horizontal},
		{ID: "3", NameSPA: "VAH", NameENG: "VAH", Montaje: Horizontal},
		{ID: "4", NameSPA: "HVA", NameENG: "HVA", Montaje: Horizontal},
		{ID: "5", NameSPA: "HAV", NameENG: "HAV", Montaje: Horizontal},
		{ID: "6", NameSPA: "AVH", NameENG: "AVH", Montaje: Horizontal},
		{ID: "7", NameSPA: "AHV", NameENG: "AHV", Montaje: Horizontal},
		{ID: "8", NameSPA: "H1H2A", NameENG: "H1H2A", Montaje: Vertical},
		{ID: "9", NameSPA: "H2H1A", NameENG: "H2H1A", Montaje: Vertical},
		{ID: "10", NameSPA: "AH1H2", NameENG: "AH1H2", Montaje: Vertical},
		{ID: "11", NameSPA: "AH2H1", NameENG: "AH2H1", Montaje: Vertical},
	},
	SubtipoComponente: []Option{
		{ID: "1", NameSPA: "Motor de inducción (jaula de ardilla)", NameENG: "Induction motor (squirrel cage)", Motor: 1},
		{ID: "2", NameSPA: "Motor de rotor bobinado", NameENG: "Wound-rotor motor", Motor: 2},
		{ID: "3", NameSPA: "Motor de corriente continua", NameENG: "DC motor", Motor: 3},
		{ID: "4", NameSPA: "Bomba centrífuga", NameENG: "Centrifugal pump"},
		{ID: "5", NameSPA: "Bomba de desplazamiento positivo", NameENG: "Positive displacement pump"},
		{ID: "6", NameSPA: "Ventilador centrífugo", NameENG: "Centrifugal fan"},
		{ID: "7", NameSPA: "Ventilador axial", NameENG: "Axial fan"},
		{ID: "8", NameSPA: "Compresor de tornillo", NameENG: "Screw compressor"},
		{ID: "9", NameSPA: "Compresor alternativo", NameENG: "Reciprocating compressor"},
		{ID: "10", NameSPA: "Reductor de engranajes", NameENG: "Gearbox"},
		{ID: "11", NameSPA: "Otro", NameENG: "Other"},
	},
	Paises: []Option{
		{ID: "ES", NameSPA: "España", NameENG: "Spain"},
		{ID: "PT", NameSPA: "Portugal", NameENG: "Portugal"},
		{ID: "FR", NameSPA: "Francia", NameENG: "France"},
		{ID: "DE", NameSPA: "Alemania", NameENG: "Germany"},
		{ID: "IT", NameSPA: "Italia", NameENG: "Italy"},
		{ID: "GB", NameSPA: "Reino Unido", NameENG: "United Kingdom"},
		{ID: "MA", NameSPA: "Marruecos", NameENG: "Morocco"},
		{ID: "MX", NameSPA: "México", NameENG: "Mexico"},
		{ID: "AR", NameSPA: "Argentina", NameENG: "Argentina"},
		{ID: "CL", NameSPA: "Chile", NameENG: "Chile"},
		{ID: "CO", NameSPA: "Colombia", NameENG: "Colombia"},
		{ID: "PE", NameSPA: "Perú", NameENG: "Peru"},
		{ID: "BR", NameSPA: "Brasil", NameENG: "Brazil"},
		{ID: "US", NameSPA: "Estados Unidos", NameENG: "United States"},
	},
}

// ComponentType is a component type with its subtypes: a node of the component types and
// subtypes tree the digital VCV editor chooses from (S2 §7.4).
type ComponentType struct {
	GenTipoComponenteID int64    `json:"GenTipoComponenteID"`
	NameSPA             string   `json:"nameSPA"`
	NameENG             string   `json:"nameENG"`
	Subtipos            []Option `json:"Subtipos"`
}

// ComponentTypes is the component types and subtypes tree: each type with its subtypes, as
// the tree editors' SubtipoComponente list names them.
func ComponentTypes() []ComponentType {
	out := make([]ComponentType, len(catalog.ComponentTypes))
	for i, ct := range catalog.ComponentTypes {
		out[i] = ComponentType{GenTipoComponenteID: ct.GenTipoComponenteID, NameSPA: ct.NameSPA, NameENG: ct.NameENG, Subtipos: []Option{}}
		for _, sub := range ct.Subtipos {
			for _, o := range enums.SubtipoComponente {
				if o.ID == itoa(sub) {
					out[i].Subtipos = append(out[i].Subtipos, o)
				}
			}
		}
	}
	return out
}

// ComponentTypeOf is one component type with its subtypes, or db.ErrNotFound.
func ComponentTypeOf(id int64) (ComponentType, error) {
	for _, ct := range ComponentTypes() {
		if ct.GenTipoComponenteID == id {
			return ct, nil
		}
	}
	return ComponentType{}, db.ErrNotFound
}

// has reports whether id is one of the options.
func has(options []Option, id string) bool {
	for _, o := range options {
		if o.ID == id {
			return true
		}
	}
	return false
}

// motorOf returns the motor kind of a component subtype (0: not a motor).
func motorOf(subtype *int64) int {
	if subtype == nil {
		return 0
	}
	for _, o := range enums.SubtipoComponente {
		if o.ID == itoa(*subtype) {
			return o.Motor
		}
	}
	return 0
}

// orientationFits reports whether a point orientation belongs to a component mounting.
func orientationFits(orientation int64, mounting int64) bool {
	for _, o := range enums.Orientacion {
		if o.ID == itoa(orientation) {
			return int64(o.Montaje) == mounting
		}
	}
	return false
}
