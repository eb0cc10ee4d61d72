#!/usr/bin/env bash
# Write burst: on the installation bench/http.sh generates (built and
# filled the same way, see bench/setup.sh), the generated chief judge
# reopens the finished tournaments of one championship and 64 judges'
# sessions change every played game's result, one game per request (one
# game per round is set back to unplayed first, so that the rounds are in
# play: bench/setup.sh `put_in_play`); then, on the
# next championship, one round's result sheet per request. Each run prints
# results/s and fails unless every acknowledged result is stored (read back
# through the JSON API).
#
#   bash bench/writes.sh [--scale 1] [--backend sqlite|postgres] [--connections 64]
#
# Each run changes results of two championships of the kept database; a
# later run takes the next two (the sample championship and the ones after
# it are free while the database is kept; delete it to start again).
set -euo pipefail
cd "$(dirname "$0")/.."

scale=1
backend=sqlite
connections=64
port=${BENCH_PORT:-18080}
while [ $# -gt 0 ]; do
  case "$1" in
    --scale) scale=$2; shift 2 ;;
    --backend) backend=$2; shift 2 ;;
    --connections) connections=$2; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

source bench/setup.sh
nick=$(value organizer)
password=$(value organizer_password)
# The first championships are the burst's: one per run and kind, counted
# in the kept directory so that a rerun writes to fresh tournaments.
used=$(cat "$dir/burst-runs" 2>/dev/null || echo 0)
echo "$((used + 1))" >"$dir/burst-runs"
one=$((2 * used + 1))
sheet=$((2 * used + 2))
# Their rounds in play (bench/setup.sh); the client reopens the tournaments.
put_in_play "SELECT id FROM tournaments WHERE championship_id IN ($one, $sheet)"
serve_now
memory "after start"
echo "== write burst ($backend, scale $scale, $connections connections, $(nproc) cores)"
"$client" --base "$base" --nick "$nick" --password "$password" \
  burst --championship "$one" --connections "$connections"
"$client" --base "$base" --nick "$nick" --password "$password" \
  burst --championship "$sheet" --sheet --connections "$connections"
memory "at the end"
