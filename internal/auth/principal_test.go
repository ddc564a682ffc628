package auth

import (
	"context"
	"errors"
	"testing"

	"vigia/internal/platform/api"
)

// A scope is made only for a principal, only on a factory it may reach; a zero scope opens
// nothing; the templates are changed by administrators alone.
func TestScopesFailClosed(t *testing.T) {
	ctx := context.Background()
	editor := WithUser(ctx, &Me{Tipos: []string{TypeEditor}, Fabricas: []FactoryRef{{UsuFabricaID: 2}}})
	reader := WithUser(ctx, &Me{Tipos: []string{"U_LECTOR"}, Fabricas: []FactoryRef{{UsuFabricaID: 2}}})
	two := int64(2)
	device := WithDevice(ctx, &Device{ID: 9, Factory: &two})
	for _, c := range []struct {
		name        string
		ctx         context.Context
		factory     int64
		scope, edit error
		admin       bool
	}{
		{"no principal", ctx, 2, api.ErrUnauthorized, nil, false},
		{"an editor on its factory", editor, 2, nil, nil, false},
		{"an editor on another factory", editor, 3, api.ErrNotFound, nil, false},
		{"an editor on the templates", editor, 0, nil, api.ErrForbidden, false},
		{"a reader on its factory", reader, 2, nil, api.ErrForbidden, false},
		{"a device on its factory", device, 2, nil, api.ErrForbidden, false},
		{"a device on another factory", device, 3, api.ErrNotFound, nil, false},
		{"the system anywhere", WithSystem(ctx), 3, nil, nil, true},
	} {
		s, err := ScopeOf(c.ctx, c.factory)
		if !errors.Is(err, c.scope) || (c.scope == nil && err != nil) {
			t.Errorf("%s: scope %v, want %v", c.name, err, c.scope)
			continue
		}
		if err != nil {
			continue
		}
		if err := s.CheckEdit(); !errors.Is(err, c.edit) || (c.edit == nil && err != nil) {
			t.Errorf("%s: edit %v, want %v", c.name, err, c.edit)
		}
		if s.Admin() != c.admin {
			t.Errorf("%s: admin %v", c.name, s.Admin())
		}
	}
	var zero Scope
	if zero.Check() != api.ErrUnauthorized || zero.CheckEdit() != api.ErrUnauthorized || zero.Admin() {
		t.Error("a zero scope opens something")
	}
	if _, err := zero.In(2); err != api.ErrUnauthorized {
		t.Errorf("a zero scope moves to a factory: %v", err)
	}
}
