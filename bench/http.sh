#!/usr/bin/env bash
# HTTP load benchmark: builds the release binary and the load client,
# fills a database with `league generate` (200 championships, 2,000 teams,
# 40,000 matches at scale 1), starts the server (the time to its first
# page is the cold start) and runs wrk against one page of every public
# kind the generator names (home, championships, championship, season,
# tournament, round, crosstable, players by board, team, player, history,
# hall of fame, Atom feed, calendar, the API's standings) and against a
# static asset before and after them; prints requests/second and p99 of
# each, each page's ratio to the static asset's lower figure of the run,
# then the cache-miss run (the first view of each page after a result
# change, `bench-client miss`) and the server's peak resident memory
# (VmHWM).
#
#   bash bench/http.sh [--scale 1] [--backend sqlite|postgres]
#                      [--connections 64] [--duration 10s] [--threads 2]
#                      [--misses 300] [--pages "season crosstable"]
#                      [--instances 1|2]
#
# With `--instances 2` a second server runs on the next port over the same
# database: each wrk run splits its connections between the two (two wrk
# processes at once; the figures are their sum and the higher p99), and
# the miss run writes through the first instance and reads through the
# second, checking that each change shows there at once.
#
# The generated database is kept under $BENCH_DIR (default
# /tmp/league-bench) per backend and scale, and reused by later runs (the
# miss run changes results of the sample championship's last tournament);
# delete the directory (or the PostgreSQL database league_bench_*) to
# generate afresh. PostgreSQL: the local server (socket, trust auth, user
# postgres; see `env` of the tool library). wrk is installed from Debian's
# packages when missing. Results: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/.."

scale=1
backend=sqlite
connections=64
duration=10s
threads=2
misses=300
only=
instances=1
port=${BENCH_PORT:-18080}
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --backend) backend=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --misses) misses=$2; shift 2 ;;
    --pages) only=$2; shift 2 ;;
    --instances) instances=$2; shift 2 ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

source bench/setup.sh

championship=$(value championship)
nick=$(value organizer)
password=$(value organizer_password)
# Page kinds and paths, in the generator's order.
kinds=()
declare -A path_of
while IFS='=' read -r key path; do
  kind=${key#page.}
  if [ -z "$only" ] || [[ " $only " == *" $kind "* ]]; then
    kinds+=("$kind")
    path_of[$kind]=$path
  fi
done < <(grep '^page\.' "$dir/generated")
static=/static/css/app.css
# The miss run changes results of the sample tournament: its rounds in
# play (bench/setup.sh).
if [ "$misses" -gt 0 ]; then put_in_play "$(value tournament)"; fi

serve_now
first=$server
bases=("$base")
if [ "$instances" = 2 ]; then
  serve_now $((port + 1))
  bases+=("$base")
  base=${bases[0]}
  server=$first
fi
memory "after start"
# Each page once (the first view fills the standings cache), and a check
# that it answers 200.
for kind in "${kinds[@]}"; do
  curl -fsS -o /dev/null "$base${path_of[$kind]}" || { echo "$kind ${path_of[$kind]} failed" >&2; exit 1; }
done

# wrk's summary of a page (bench/setup.sh): "req/s p99".
run() {
  local r
  r=$(wrk_run "$1" "$connections")
  echo "${r}ms"
}

echo "== wrk -t$threads -c$connections -d$duration ($backend, scale $scale, $(nproc) cores, $instances instance(s))"
echo "cold start to the first page: $cold_ms ms"
# (A failed run stops the script: `set -e` sees a failed command substitution.)
r=$(run "$static"); read -r static_rps static_p99 <<<"$r"
declare -A rps_of p99_of
for kind in "${kinds[@]}"; do
  r=$(run "${path_of[$kind]}"); read -r rps_of[$kind] p99_of[$kind] <<<"$r"
done
r=$(run "$static"); read -r static2_rps static2_p99 <<<"$r"
memory "after the pages"
floor=$(awk -v a="$static_rps" -v b="$static2_rps" 'BEGIN { print (a < b ? a : b) }')

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f%%", 100 * a / b }'; }
printf '%-14s %-66s %10s %10s %9s\n' kind path "req/s" p99 "vs static"
printf '%-14s %-66s %10s %10s %9s\n' static "$static (first)" "$static_rps" "$static_p99" ""
for kind in "${kinds[@]}"; do
  printf '%-14s %-66s %10s %10s %9s\n' "$kind" "${path_of[$kind]}" "${rps_of[$kind]}" "${p99_of[$kind]}" "$(ratio "${rps_of[$kind]}" "$floor")"
done
printf '%-14s %-66s %10s %10s %9s\n' static "$static (last)" "$static2_rps" "$static2_p99" ""

if [ "$misses" -gt 0 ]; then
  echo "== cache misses: $misses result changes, the first view of each page after each"
  paths=()
  for kind in "${kinds[@]}"; do paths+=("${path_of[$kind]}"); done
  "$client" --base "$base" --nick "$nick" --password "$password" \
    miss --championship "$championship" --count "$misses" --view "${bases[-1]}" "${paths[@]}"
fi

memory "at the end"
if [ "$backend" = sqlite ]; then
  echo "database: $(du -h "$dir/data/league.sqlite3" | cut -f1) ($dir/data/league.sqlite3)"
fi
