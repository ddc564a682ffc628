#!/usr/bin/env bash
# Runs the spec files one by one in another order than Playwright's own (alphabetical):
# `reverse` or `shuffle` (with an optional seed), to show that no spec depends on another.
# Each file runs on its own fresh demo server either way; this proves nothing else is shared.
set -euo pipefail
cd "$(dirname "$0")/.."
order=${1:-reverse}
files=$(ls e2e/*.spec.ts)
case $order in
  reverse) files=$(echo "$files" | sort -r) ;;
  shuffle) files=$(echo "$files" | shuf --random-source=<(yes "${2:-$RANDOM}")) ;;
  *) echo "usage: $0 reverse|shuffle [seed]" >&2; exit 2 ;;
esac
# One binary and one demo for every file (global-setup.ts keeps them in VIGIA_E2E_SETUP).
export VIGIA_E2E_SETUP=$(mktemp -d)
trap 'rm -rf "$VIGIA_E2E_SETUP"' EXIT
for f in $files; do
  echo "== $f"
  npx playwright test "$f"
done
