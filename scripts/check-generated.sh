#!/usr/bin/env bash
# Fails when generated/ differs from a fresh `make generate`. The working tree's generated/ is
# compared (not HEAD), and restored afterwards, so a hand edit is reported and left in place;
# when the generation itself fails, generated/ is restored as it was and the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."
saved=$(mktemp -d)
trap 'rm -rf "$saved"' EXIT
cp -a generated "$saved/generated"
if ! make -s generate >/dev/null; then
  echo "\`make generate\` failed (its error is above); generated/ is left as it was." >&2
  rm -rf generated && cp -a "$saved/generated" generated
  exit 1
fi
status=0
if ! diff -r -u "$saved/generated" generated > "$saved/diff.txt"; then
  echo "generated/ is not what \`make generate\` makes from spec/ (never edit generated/ by hand):" >&2
  head -n 60 "$saved/diff.txt" >&2
  status=1
  rm -rf generated && cp -a "$saved/generated" generated
fi
[ $status -eq 0 ] && echo "generated/ is current."
exit $status
