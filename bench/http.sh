#!/usr/bin/env bash
# HTTP load benchmark: builds the release binary, fills a
# database with `league generate` (200 championships, 2,000 teams, 40,000
# matches at scale 1), starts the server and runs wrk against the season
# standings page, a tournament crosstable and a static asset; prints
# requests/second and p99 latency of each, each page's ratio to the static
# asset in the same run, and the server's peak resident memory (VmHWM).
#
#   bash bench/http.sh [--scale 1] [--backend sqlite|postgres]
#                      [--connections 64] [--duration 20s] [--threads 2]
#
# The generated database is kept under $BENCH_DIR (default
# /tmp/league-bench) per backend and scale, and reused by later runs;
# delete the directory (or the PostgreSQL database league_bench_*) to
# generate afresh. PostgreSQL: the local server (socket, trust auth, user
# postgres; see `env` of the tool library). wrk is installed from Debian's
# packages when missing. Results: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/.."

scale=1
backend=sqlite
connections=64
duration=20s
threads=2
port=${BENCH_PORT:-18080}
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --backend) backend=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

if ! command -v wrk >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/league

dir=${BENCH_DIR:-/tmp/league-bench}/$backend-$scale
mkdir -p "$dir/data"
export LEAGUE_DATA_DIR=$dir/data
export LEAGUE_SECRET_KEY=${LEAGUE_SECRET_KEY:-bench-secret-key-of-at-least-32-bytes-length}
export LEAGUE_LOG=warn
export LEAGUE_BIND=127.0.0.1:$port
case "$backend" in
  sqlite) unset LEAGUE_DATABASE_URL ;;
  postgres)
    db=league_bench_${scale//./_}
    export LEAGUE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/$db
    if [ ! -f "$dir/generated" ]; then
      psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $db" postgres
      psql -q -h 127.0.0.1 -U postgres -c "CREATE DATABASE $db" postgres
    fi
    ;;
  *) echo "--backend is sqlite or postgres" >&2; exit 2 ;;
esac

if [ ! -f "$dir/generated" ]; then
  rm -f "$dir"/data/league.sqlite3*
  echo "== generating (scale $scale, $backend)"
  "$bin" generate --scale "$scale" | tee "$dir/generated.tmp"
  mv "$dir/generated.tmp" "$dir/generated"
fi
season=$(sed -n 's/^season_path=//p' "$dir/generated")
crosstable=$(sed -n 's/^crosstable_path=//p' "$dir/generated")
static=/static/css/app.css

"$bin" serve &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/health" 2>/dev/null && break
  sleep 0.1
done
base=http://127.0.0.1:$port
# Warm up: each page once (the first season/crosstable request fills the
# standings cache), then check what the pages say.
for path in "$static" "$season" "$crosstable"; do
  curl -fsS -o /dev/null "$base$path"
done
curl -fsS "$base$season" | grep -q 'class="season"' || { echo "the season page has no table" >&2; exit 1; }
curl -fsS "$base$crosstable" | grep -q 'class="crosstable"' || { echo "the crosstable page has no table" >&2; exit 1; }

# wrk's summary: "Requests/sec: N" and, with --latency, "99%  X.XXms".
run() {
  local out
  out=$(wrk -t"$threads" -c"$connections" -d"$duration" --latency "$base$1")
  local rps p99 errors
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  errors=$(awk '/Non-2xx|Socket errors/ {print}' <<<"$out")
  if [ -n "$errors" ]; then
    echo "wrk reported errors for $1: $errors" >&2
    exit 1
  fi
  echo "$rps $p99"
}

echo "== wrk -t$threads -c$connections -d$duration ($backend, scale $scale, $(nproc) cores)"
# (A failed run stops the script: `set -e` sees a failed command substitution.)
r=$(run "$static"); read -r static_rps static_p99 <<<"$r"
r=$(run "$season"); read -r season_rps season_p99 <<<"$r"
r=$(run "$crosstable"); read -r cross_rps cross_p99 <<<"$r"
hwm=$(awk '/^VmHWM:/ {print $2, $3}' "/proc/$server/status")
rss=$(awk '/^VmRSS:/ {print $2, $3}' "/proc/$server/status")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f%%", 100 * a / b }'; }
printf '%-34s %12s %10s %10s\n' target "req/s" p99 "vs static"
printf '%-34s %12s %10s %10s\n' "static $static" "$static_rps" "$static_p99" "100%"
printf '%-34s %12s %10s %10s\n' "season $season" "$season_rps" "$season_p99" "$(ratio "$season_rps" "$static_rps")"
printf '%-34s %12s %10s %10s\n' "crosstable" "$cross_rps" "$cross_p99" "$(ratio "$cross_rps" "$static_rps")"
echo "server memory: peak (VmHWM) $hwm, now (VmRSS) $rss"
if [ "$backend" = sqlite ]; then
  echo "database: $(du -h "$dir/data/league.sqlite3" | cut -f1) ($dir/data/league.sqlite3)"
fi
