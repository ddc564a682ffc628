package app

import (
	"net/http"
	"net/url"
	"strings"
)

// contentPolicy is the Content-Security-Policy of every answer: scripts, styles, fonts and
// calls from the server itself only (antd and Leaflet set styles inline), images from it, data
// URLs and the map's tile server, and no framing, plugins or foreign form targets.
func contentPolicy(tileURL string) string {
	img := "'self' data: blob:"
	if u, err := url.Parse(strings.ReplaceAll(tileURL, "{s}", "tile-subdomain")); err == nil && u.Host != "" {
		img += " " + u.Scheme + "://" + strings.ReplaceAll(u.Host, "tile-subdomain", "*")
	}
	return strings.Join([]string{
		"default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src " + img, "font-src 'self' data:",
		"connect-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'",
	}, "; ")
}

// secured sets the security headers on every answer (OWASP ASVS 5.0 §3.4).
func secured(next http.Handler, tileURL string) http.Handler {
	policy := contentPolicy(tileURL)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", policy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		next.ServeHTTP(w, r)
	})
}
