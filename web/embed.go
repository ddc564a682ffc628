// Package web embeds the built single-page application (web/dist, made by `npm run build`).
package web

import "embed"

// Dist is the built SPA; without a build it holds only .gitkeep.
//
//go:embed all:dist
var Dist embed.FS
