#!/usr/bin/env bash
# A tournament night: spectators read a championship's pages while its
# judges post results into its current tournament. On the installation
# bench/http.sh generates (built and filled the same way, see
# bench/setup.sh), the sample championship's last tournament is reopened
# (one game of each round set back to unplayed, so that its rounds are in
# play) and, for each writers' mode below, wrk reads every page in turn with
# --readers connections while `bench-client night` posts results:
#
#   idle        no writes (the reference rate of each page)
#   steady      --rate requests/s, one game each, --judges sessions; each
#               save followed by the judge's page it redirects to
#   saves       as steady, the saves alone (no judge's page after them)
#   sheets      --sheet-rate round sheets/s, followed likewise
#   flat        --flat-judges sessions, one game each, as fast as they go
#               (the save alone, as bench/writes.sh)
#
# The pages: the written championship's championship, season, tournament,
# round, crosstable, players and history pages; another championship's
# season and tournament; the home page and the hall of fame. For each page
# and mode: req/s, p99 and the ratio to the idle rate. For each writers'
# mode: results/s and the save's p50/p99 during the reads, how long each
# change took to show to a visitor (fails above 1 s), that every
# acknowledged result is stored, the server's memory and the machine's
# load.
#
#   bash bench/night.sh [--scale 1] [--backend sqlite|postgres]
#                       [--instances 1|2] [--readers 64] [--duration 6s]
#                       [--rate 200] [--judges 8] [--sheet-rate 10]
#                       [--flat-judges 64] [--modes "steady saves sheets flat"]
#                       [--redraw-ms 250]
#
# With --instances 2 a second server runs on the next port over the same
# database: the readers are split between the two, the judges write
# through both in turn, and the visitor watches the second.
set -euo pipefail
cd "$(dirname "$0")/.."

scale=1
backend=sqlite
instances=1
readers=64
duration=6s
rate=200
judges=8
sheet_rate=10
flat_judges=64
modes="steady saves sheets flat"
redraw=250
threads=2
port=${BENCH_PORT:-18080}
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --backend) backend=$2; shift 2 ;;
    --instances) instances=$2; shift 2 ;;
    --readers) readers=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --rate) rate=$2; shift 2 ;;
    --judges) judges=$2; shift 2 ;;
    --sheet-rate) sheet_rate=$2; shift 2 ;;
    --flat-judges) flat_judges=$2; shift 2 ;;
    --modes) modes=$2; shift 2 ;;
    --redraw-ms) redraw=$2; shift 2 ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

# The server's window for redrawing a visitor's page (its default).
export LEAGUE_PAGE_CACHE_REDRAW_MS=$redraw
source bench/setup.sh

championship=$(value championship)
nick=$(value organizer)
password=$(value organizer_password)
declare -A path_of
while IFS='=' read -r key path; do
  path_of[${key#page.}]=$path
done < <(grep '^page\.' "$dir/generated")

# The night's tournament in play (bench/setup.sh); the client reopens it.
put_in_play "$(value tournament)"

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

# Another championship: the next one, its season and last tournament.
other=$((championship + 1))
other_t=$(curl -fsS "$base/api/v1/championships/$other/tournaments" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][-1]["id"])')
path_of[other_season]=${path_of[season]/\/$championship\//\/$other\/}
path_of[other_tournament]=/championships/$other/tournaments/$other_t
kinds=(championship season tournament round crosstable players history
  other_season other_tournament home hall_of_fame)
for kind in "${kinds[@]}"; do
  curl -fsS -o /dev/null "$base${path_of[$kind]}" || { echo "$kind ${path_of[$kind]} failed" >&2; exit 1; }
done

# Every page in turn; sets rps_MODE_KIND and p99_MODE_KIND.
declare -A rps p99
read_pages() {
  local mode=$1 kind r
  for kind in "${kinds[@]}"; do
    r=$(wrk_run "${path_of[$kind]}" "$readers")
    read -r rps[$mode.$kind] p99[$mode.$kind] <<<"$r"
  done
}

cpu_of() { awk '{print $14 + $15}' "/proc/$1/stat"; }
ticks=$(getconf CLK_TCK)
secs=${duration%s}
# The writers run while every page is read once, with a second before.
write_for=$(( ${#kinds[@]} * (secs + 1) + 2 ))

echo "== a tournament night ($backend, scale $scale, $(nproc) cores, $instances instance(s), $readers readers, wrk -d$duration per page, visitors' pages redrawn at most every $redraw ms)"
echo "written: championship $championship, ${path_of[tournament]}; other: championship $other"
echo "-- idle"
read_pages idle
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"

run_mode() {
  local mode=$1; shift
  echo "-- $mode"
  local cpu0 cpu1 started elapsed
  cpu0=$(cpu_of "$first")
  started=$(date +%s%N)
  local also=() view=()
  if [ "$instances" = 2 ]; then also=(--also "${bases[1]}"); view=(--view "${bases[1]}"); fi
  "$client" --base "$base" --nick "$nick" --password "$password" \
    night --championship "$championship" --seconds "$write_for" "${also[@]}" "${view[@]}" "$@" \
    >"$dir/night.$mode" 2>&1 &
  local writer=$!
  sleep 2
  read_pages "$mode"
  if ! wait $writer; then cat "$dir/night.$mode"; echo "the writers failed" >&2; exit 1; fi
  cpu1=$(cpu_of "$first")
  elapsed=$(( ($(date +%s%N) - started) / 1000000 ))
  cat "$dir/night.$mode"
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg); first server's CPU $(awk -v a="$cpu0" -v b="$cpu1" -v t="$ticks" -v e="$elapsed" 'BEGIN {printf "%.0f%% of one core", 100 * (b - a) / t / (e / 1000)}')"
  memory "after $mode"
}

done_modes=()
for mode in $modes; do
  case "$mode" in
    steady) run_mode steady --rate "$rate" --judges "$judges" --follow ;;
    saves) run_mode saves --rate "$rate" --judges "$judges" ;;
    sheets) run_mode sheets --sheet --rate "$sheet_rate" --judges "$judges" --follow ;;
    flat) run_mode flat --rate 0 --judges "$flat_judges" ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
  esac
  done_modes+=("$mode")
done

echo "== reads during the writes: req/s (p99 ms) and the share of the idle rate"
printf '%-18s %18s' page idle
for mode in "${done_modes[@]}"; do printf ' %24s' "$mode"; done
echo
for kind in "${kinds[@]}"; do
  printf '%-18s %18s' "$kind" "${rps[idle.$kind]} (${p99[idle.$kind]})"
  for mode in "${done_modes[@]}"; do
    printf ' %24s' "${rps[$mode.$kind]} (${p99[$mode.$kind]}) $(awk -v a="${rps[$mode.$kind]}" -v b="${rps[idle.$kind]}" 'BEGIN {printf "%.0f%%", 100 * a / b}')"
  done
  echo
done
memory "at the end"
