package audit

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"vigia/internal/auth"
	"vigia/internal/platform/api"
	"vigia/internal/platform/db"
)

// Register serves the log: the whole of it to administrators, a machine's history to the
// users of its factory.
func Register(a huma.API, d *db.DB) {
	tags := []string{"audit"}
	api.Register(a, d, api.Op(api.Admin, huma.Operation{OperationID: "audit", Method: http.MethodGet, Path: "/api/admin/audit",
		Summary: "The log of configuration changes, newest first", Tags: tags}),
		func(ctx context.Context, q db.Querier, in *Filter) (*api.Body[*AuditPage], error) {
			return auth.Within(ctx, 0, func(sc auth.Scope) (*AuditPage, error) {
				if !sc.Admin() {
					return nil, api.ErrForbidden
				}
				return List(ctx, q, *in)
			})
		})
	api.Register(a, d, api.Op(api.Read, huma.Operation{OperationID: "machine-audit", Method: http.MethodGet, Path: "/api/user/{factory}/machine/{machine}/audit",
		Summary: "The changes made under a machine, newest first", Tags: tags}),
		func(ctx context.Context, q db.Querier, in *struct {
			Factory int64 `path:"factory"`
			Machine int64 `path:"machine"`
			Filter
		}) (*api.Body[*AuditPage], error) {
			return auth.Within(ctx, in.Factory, func(sc auth.Scope) (*AuditPage, error) { return Machine(ctx, q, sc, in.Machine, in.Filter) })
		})
}
