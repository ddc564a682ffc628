# Vigía: `make run` serves the demo on SQLite, `make test` runs every suite.
SHELL := /bin/bash
GO ?= go
# Go 1.26.8, this machine's own, has 11 known vulnerabilities in the standard library (net/http,
# crypto/tls, crypto/x509) that govulncheck finds; 1.27.3 fixes them. The go command fetches it
# once from the module proxy (about 10 s). Scripts make runs inherit it.
export GOTOOLCHAIN := go1.27.3
# The build cache keys our packages by their directory unless paths are trimmed: a clean clone
# at another path (CI's) rebuilt them all, the fuzzing build of internal/app alone in 218 s
# against 9 s trimmed. Scripts make runs, and the e2e setup's build, inherit it.
export GOFLAGS += -trimpath
BIN := bin/vigia
NPM := cd web && npm
PG_TEST ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
# web/node_modules may hold Go files of npm packages: they are not ours.
PKGS = $$($(GO) list ./... | grep -v /node_modules/)

.PHONY: run build web dev test lint go-test web-test e2e screenshots bench openapi deps clean

run: build ## build everything and serve the demo on http://localhost:8080 (its devices simulated; VIGIA_SIMULATE=0: not)
	@mkdir -p data
	VIGIA_DEMO_PASSWORD=$${VIGIA_DEMO_PASSWORD:-vigia-demo} $(BIN) demo
	VIGIA_ADMIN_PASSWORD=$${VIGIA_ADMIN_PASSWORD:-vigia-admin} VIGIA_SIMULATE=$${VIGIA_SIMULATE:-1} $(BIN) serve

build: web $(BIN)

$(BIN): $(shell find cmd internal migrations web/embed.go -type f) go.mod go.sum web/dist/index.html
	$(GO) build -o $(BIN) ./cmd/vigia

web: web/dist/index.html

web/dist/index.html: web/node_modules/.installed $(shell find web/src web/public -type f) web/index.html web/vite.config.ts
	$(NPM) run build

web/node_modules/.installed: web/package.json web/package-lock.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

dev: web/node_modules/.installed ## Vite with hot reload, proxying /api to the Go server
	$(GO) run ./cmd/vigia demo
	$(GO) run ./cmd/vigia serve & $(NPM) run dev; kill %1

openapi: web/node_modules/.installed ## regenerate the SPA's API document and types
	$(GO) run ./cmd/vigia openapi > web/src/api/openapi.json
	$(NPM) run gen:api

deps: web/node_modules/.installed
	@scripts/ensure-chromium

lint: web/node_modules/.installed
	@test -z "$$(gofmt -l cmd internal migrations web/embed.go)" || { gofmt -l cmd internal migrations web/embed.go; echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet $(PKGS)
	$(GO) tool staticcheck $(PKGS)
	scripts/govulncheck ./...
	$(NPM) run lint
	@cd web && npx openapi-typescript src/api/openapi.json -o /tmp/vigia-schema.d.ts >/dev/null && \
	  diff -q /tmp/vigia-schema.d.ts src/api/schema.d.ts >/dev/null || { echo "web/src/api/schema.d.ts is stale: run make openapi"; exit 1; }

go-test:
	scripts/go-test $(PKGS)

web-test: web/node_modules/.installed
	$(NPM) test

e2e: deps build
	$(NPM) run e2e

screenshots: deps build ## the documentation's screenshots, from fresh demo servers (docs/screenshots)
	cd web && VIGIA_SCREENSHOTS=1 npx playwright test

test: deps lint go-test fuzz-short web-test e2e ## every suite

.PHONY: fuzz fuzz-short
FUZZTIME ?= 60s
fuzz: ## every Go fuzz target for FUZZTIME each (default 60s), one after the other
	FUZZTIME=$(FUZZTIME) scripts/fuzz

fuzz-short: ## every Go fuzz target for 3 s (make test)
	FUZZTIME=3s scripts/fuzz

bench: ## Go benchmarks on SQLite and, when reachable, PostgreSQL
	VIGIA_TEST_POSTGRES=$${VIGIA_TEST_POSTGRES:-$(PG_TEST)} $(GO) test -run '^$$' -bench . -benchmem $(PKGS) | scripts/bench-table

.PHONY: crash
crash: ## the crash test at length: 100 SIGKILLs of the server per engine (go-test runs 3)
	CRASH_KILLS=$${CRASH_KILLS:-100} VIGIA_TEST_POSTGRES=$${VIGIA_TEST_POSTGRES:-$(PG_TEST)} \
	  $(GO) test -count=1 -timeout 3h -run '^TestCrash$$' -v ./cmd/vigia

clean:
	rm -rf bin web/dist/assets web/dist/index.html
