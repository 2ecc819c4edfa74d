#!/usr/bin/env bash
# The same API test files on two checkouts, back to back: wall and CPU seconds of each, and after/before ratios.
#   BEFORE=/path/to/main-worktree [FILES="src/server/forum/ …"] scripts/bench/api-test-speed.sh
# CPU (user + sys of the whole run) is the steadier figure on a shared machine.
set -euo pipefail
AFTER="$(cd "$(dirname "$0")/../.." && pwd)"
BEFORE="${BEFORE:?set BEFORE to a checkout of the code to compare with}"
FILES="${FILES:-src/server/notifications/ src/server/forum/ src/server/admin/ src/server/directory/ src/server/states/ src/server/http/same-origin.test.ts}"
out="$(mktemp -d)"
run() {
  (cd "$1" && /usr/bin/time -f "%e %U %S" -o "$out/$2.time" npx vitest run $FILES >"$out/$2.log" 2>&1) || echo "$2: some tests failed (see $out/$2.log)"
  read -r wall user sys <"$out/$2.time"
  echo "$wall $(echo "$user + $sys" | bc)"
}
read -r bw bc <<<"$(run "$BEFORE" before)"
read -r aw ac <<<"$(run "$AFTER" after)"
echo "before: wall ${bw} s, cpu ${bc} s"
echo "after:  wall ${aw} s, cpu ${ac} s"
echo "after/before: wall $(echo "scale=2; $aw / $bw" | bc), cpu $(echo "scale=2; $ac / $bc" | bc)"
