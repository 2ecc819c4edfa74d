#!/usr/bin/env bash
# The whole test suite, exactly as CI runs it: installs what the tests need, then runs every part.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x /usr/lib/chromium/chromium ] || [ -x /usr/bin/chromium ] || missing+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing+=(postgresql)
command -v caddy >/dev/null || missing+=(caddy)
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ]; then
    echo "Installing ${missing[*]} from Debian's packages..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-liberation >/dev/null
  else
    echo "The tests need Debian's ${missing[*]}: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

exec node --import tsx scripts/test-all.ts "$@"
