package api

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// An edit is made on a version. The GET of an item answers with the item's entity tag, a hash
// of its JSON (ETag); an edit that sends it back (If-Match) is refused with 412 when the item
// is no longer what it read: another user saved it meanwhile, and the edit would silently undo
// their change. An edit without If-Match (the spec's clients) overwrites as before.

// ErrChanged refuses an edit made on a version of the item that is no longer the current one.
var ErrChanged = &Problem{Status: http.StatusPreconditionFailed, Items: []Item{{Code: "changed"}}}

// versionKey keys the call's *version in its context.
type versionKey struct{}

// version is what a call knows of its item's versions: the If-Match it came with, and the tag
// of its item after the edit (for the edit's answer).
type version struct {
	ifMatch string
	after   string
}

// entityTag is the tag of a JSON answer.
func entityTag(raw []byte) string {
	sum := sha256.Sum256(raw)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
}

// matches reports whether the If-Match value header names tag, or any version ("*").
func matches(header, tag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == tag {
			return true
		}
	}
	return false
}

// versioned reports whether op is an edit whose item's versions are kept: a PUT or PATCH whose
// item has a GET (its own path's, or the one ReadsAt names).
func (a *API) versioned(op *huma.Operation) (string, bool) {
	if op.Method != http.MethodPut && op.Method != http.MethodPatch {
		return "", false
	}
	at, named := op.Metadata[readsKey].(string)
	if !named {
		at = op.Path
	}
	return at, a.reads[at] != nil
}

// ifMatchParam documents the If-Match of a versioned edit.
var ifMatchParam = &huma.Param{
	Name:        "If-Match",
	In:          "header",
	Description: "The ETag of the item as the caller read it: the edit is refused with 412 when the item has changed since",
	Schema:      &huma.Schema{Type: huma.TypeString},
}

// keepVersions reads the call's If-Match into its context, for the edit's check.
func keepVersions(ctx huma.Context, next func(huma.Context)) {
	next(huma.WithValue(ctx, versionKey{}, &version{ifMatch: ctx.Header("If-Match")}))
}

// tagAnswers gives an answer its item's tag: a versioned item's GET its own (asked for without a
// query: the tag is of what the GET of the path alone answers, which the edit compares), an
// edit's the one of its item after it. The GET's answer goes on as the JSON the tag is of, which
// huma writes as it is, rather than encoding the item a second time.
func (a *API) tagAnswers(ctx huma.Context, status string, v any) (any, error) {
	op := ctx.Operation()
	if status != "200" {
		return v, nil
	}
	switch {
	case op.Method == http.MethodGet && a.edited[op.Path] && ctx.URL().RawQuery == "":
		if raw := marshalled(v); raw != nil {
			ctx.SetHeader("ETag", entityTag(raw))
			return raw, nil
		}
	case op.Method != http.MethodGet:
		if ver, ok := ctx.Context().Value(versionKey{}).(*version); ok && ver.after != "" {
			ctx.SetHeader("ETag", ver.after)
		}
	}
	return v, nil
}
