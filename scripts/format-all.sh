#!/usr/bin/env bash
# Formats the whole tree once (Prettier, print width 120) and applies ESLint's automatic fixes, then
# type-checks and lints what is left. Meant to run once, after the branches that edit many files are
# merged (a whole-tree reformat conflicts with every open branch); from then on `npm test` lints.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -x tools/lint/node_modules/.bin/eslint ] || npm run lint:install
before=$(git ls-files '*.ts' '*.mjs' '*.js' | xargs awk 'length > 120' | wc -l)
npm run --silent format || true   # eslint --fix exits non-zero while problems remain; they are listed below
after=$(git ls-files '*.ts' '*.mjs' '*.js' | xargs awk 'length > 120' | wc -l)
echo "lines over 120 characters: $before before, $after after (strings, URLs and comments Prettier leaves whole)"
echo "files changed: $(git diff --name-only | wc -l)"
npx tsc --noEmit -p .
if npm run --silent lint; then echo "lint: clean"; else echo "lint: the problems above are left to fix by hand"; exit 1; fi
