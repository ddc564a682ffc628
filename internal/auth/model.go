// Package auth holds users, factories (the tenants), factory membership, sessions and the
// middleware that decides who may call what.
package auth

import "slices"

// User types with a meaning; any other type is read-only.
const (
	TypeAdmin  = "ADMIN"
	TypeEditor = "U_EDITOR"
)

// FactoryRef names a factory the user belongs to.
type FactoryRef struct {
	UsuFabricaID int64  `json:"UsuFabricaID"`
	Nombre       string `json:"Nombre"`
	Plantilla    bool   `json:"Plantilla"`
}

// Me is the signed-in user as the SPA sees it.
type Me struct {
	UsuarioID int64        `json:"UsuarioID"`
	Login     string       `json:"Login"`
	Nombre    string       `json:"Nombre"`
	Tipos     []string     `json:"Tipos"`
	Fabricas  []FactoryRef `json:"Fabricas"`
	Idioma    string       `json:"Idioma" enum:"es,en,fr"`
}

// IsAdmin reports whether the user has the ADMIN type.
func (m *Me) IsAdmin() bool { return slices.Contains(m.Tipos, TypeAdmin) }

// CanEdit reports whether the user may change factory data (ADMIN or U_EDITOR).
func (m *Me) CanEdit() bool { return m.IsAdmin() || slices.Contains(m.Tipos, TypeEditor) }

// IsMember reports whether the user belongs to the factory.
func (m *Me) IsMember(factoryID int64) bool {
	return slices.ContainsFunc(m.Fabricas, func(f FactoryRef) bool { return f.UsuFabricaID == factoryID })
}

// Factory is a tenant. The one factory with Plantilla set is the ADMIN's template
// workspace, whose machines and components every factory downloads.
type Factory struct {
	UsuFabricaID int64  `json:"UsuFabricaID"`
	Nombre       string `json:"Nombre"`
	Referencia   string `json:"Referencia"`
	Plantilla    bool   `json:"Plantilla"`
}

// FactoryInput is what an administrator may set on a factory.
type FactoryInput struct {
	Nombre     string `json:"Nombre"`
	Referencia string `json:"Referencia,omitempty"`
}

// User is an account as the administration screens see it.
type User struct {
	UsuarioID int64    `json:"UsuarioID"`
	Login     string   `json:"Login"`
	Nombre    string   `json:"Nombre"`
	Tipos     []string `json:"Tipos"`
	Fabricas  []int64  `json:"Fabricas"`
	Idioma    string   `json:"Idioma"`
	Activo    bool     `json:"Activo"`
}

// UserInput is what an administrator may set on an account. Password is required when
// creating; on update an empty Password leaves it unchanged and a new one resets it.
type UserInput struct {
	Login    string   `json:"Login"`
	Nombre   string   `json:"Nombre"`
	Password string   `json:"Password,omitempty"`
	Tipos    []string `json:"Tipos,omitempty"`
	Fabricas []int64  `json:"Fabricas,omitempty"`
	Idioma   string   `json:"Idioma,omitempty"`
	Activo   *bool    `json:"Activo,omitempty"`
}
