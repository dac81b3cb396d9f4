#!/usr/bin/env bash
# Fails when generated/ differs from a fresh `make generate`. The working tree's generated/ is
# compared (not HEAD), and restored afterwards, so a hand edit is reported and left in place.
set -euo pipefail
cd "$(dirname "$0")/.."
saved=$(mktemp -d)
trap 'rm -rf "$saved"' EXIT
cp -a generated "$saved/generated"
make -s generate >/dev/null
status=0
if ! diff -r -u "$saved/generated" generated > "$saved/diff.txt"; then
  echo "generated/ is not what \`make generate\` makes from spec/ (never edit generated/ by hand):" >&2
  head -n 60 "$saved/diff.txt" >&2
  status=1
  rm -rf generated && cp -a "$saved/generated" generated
fi
[ $status -eq 0 ] && echo "generated/ is current."
exit $status
