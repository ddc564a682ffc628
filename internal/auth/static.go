package auth

import (
	"context"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/platform/api"
)

// Static serves a fixed answer (an editor's option lists) to any principal.
func Static[T any](a huma.API, op huma.Operation, v T) {
	huma.Register(a, op, func(ctx context.Context, _ *struct{}) (*api.Body[T], error) {
		if _, err := From(ctx); err != nil {
			return nil, err
		}
		return &api.Body[T]{Body: v}, nil
	})
}
