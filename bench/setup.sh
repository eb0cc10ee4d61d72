# Shared by bench/http.sh and bench/writes.sh (sourced, not run): builds the
# release server and the load client, fills the database for $backend and
# $scale with `league generate` unless an earlier run did, and defines
# `serve_now [PORT]`, which starts a server on PORT (default $port) and
# sets $server (its pid, also added to $servers), $base and $cold_ms (from
# exec to the first answered page). Reads
# $backend, $scale, $port; sets $bin, $client, $dir and `value KEY` (a
# line of the generator's report), and `memory STEP`, which prints the
# server's memory, `wrk_run PATH CONNECTIONS` (needs $bases, $threads,
# $duration) and `put_in_play TOURNAMENTS` (call before `serve_now`).
if ! command -v wrk >/dev/null 2>&1; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
cargo build --release --quiet --bin league --example bench-client
bin=${CARGO_TARGET_DIR:-target}/release/league
client=${CARGO_TARGET_DIR:-target}/release/examples/bench-client

dir=${BENCH_DIR:-/tmp/league-bench}/$backend-$scale
mkdir -p "$dir/data"
# A report of an older generator (without the page list) is made afresh.
if [ -f "$dir/generated" ] && ! grep -q '^page\.' "$dir/generated"; then
  rm -f "$dir/generated"
fi
export LEAGUE_DATA_DIR=$dir/data
export LEAGUE_SECRET_KEY=${LEAGUE_SECRET_KEY:-bench-secret-key-of-at-least-32-bytes-length}
export LEAGUE_LOG=warn
# Visitors' pages exact to the last change unless a script says otherwise
# (bench/http.sh times the first view after each change; bench/night.sh
# runs with the server's default window).
export LEAGUE_PAGE_CACHE_REDRAW_MS=${LEAGUE_PAGE_CACHE_REDRAW_MS:-0}
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

value() { sed -n "s/^$1=//p" "$dir/generated"; }

# Rounds in play: the generated tournaments are finished and every round
# complete, and a complete round's results change only by correction
# (G-V23). In each round of the tournaments TOURNAMENTS (an SQL query of
# their ids, or one id) one game is set back to unplayed, its players
# still at the board, so that the round's other results may be entered and
# changed as on a tournament night. Written to the database before the
# server starts; the load client reopens the tournaments.
put_in_play() {
  local sql="UPDATE games SET result = 'pending', version = version + 1
    WHERE result <> 'pending' AND id IN (SELECT MAX(g.id) FROM games g
      JOIN matches m ON m.id = g.match_id JOIN rounds r ON r.id = m.round_id
      WHERE r.tournament_id IN ($1) GROUP BY r.id)"
  case "$backend" in
    sqlite) python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()' \
      "$dir/data/league.sqlite3" "$sql" ;;
    postgres) psql -q -h 127.0.0.1 -U postgres -c "$sql" "$db" ;;
  esac
}

servers=()

serve_now() {
  local started at=${1:-$port}
  started=$(date +%s%N)
  LEAGUE_BIND=127.0.0.1:$at "$bin" serve &
  server=$!
  servers+=("$server")
  trap 'kill "${servers[@]}" 2>/dev/null || true' EXIT
  base=http://127.0.0.1:$at
  until curl -fsS -o /dev/null "$base/" 2>/dev/null; do
    kill -0 $server 2>/dev/null || { echo "the server stopped" >&2; exit 1; }
    sleep 0.005
  done
  cold_ms=$(( ($(date +%s%N) - started) / 1000000 ))
}

# The server's memory at a step: peak so far (VmHWM), now (VmRSS), and of
# that the heap and stacks (RssAnon) and the mapped binary and files
# (RssFile).
memory() {
  awk -v step="$1" '/^VmHWM:/ {h=$2} /^VmRSS:/ {r=$2} /^RssAnon:/ {a=$2} /^RssFile:/ {f=$2}
    END {printf "memory %-14s peak %6.1f MB, now %6.1f MB (anonymous %5.1f, files %5.1f)\n", step, h/1024, r/1024, a/1024, f/1024}' \
    "/proc/$server/status"
}

# One page under wrk (-t$threads, --latency, -d$duration), its
# CONNECTIONS split over the instances in ${bases[@]}, one wrk each at
# once: prints "REQ/S P99_MS" (the sum of the rates, the higher p99) and
# stops the script when wrk saw an answer other than 2xx or a socket error.
wrk_run() {
  local path=$1 connections=$2 n=${#bases[@]} i
  local c=$((connections / n)) t=$(( threads / n > 0 ? threads / n : 1 ))
  for i in "${!bases[@]}"; do
    wrk -t"$t" -c"$c" -d"$duration" --latency "${bases[$i]}$path" >"$dir/wrk.$i" &
  done
  wait
  local rps=0 p99=0 errors out
  for i in "${!bases[@]}"; do
    out=$(cat "$dir/wrk.$i")
    errors=$(awk '/Non-2xx|Socket errors/ {print}' <<<"$out")
    if [ -n "$errors" ]; then
      echo "wrk reported errors for ${bases[$i]}$path: $errors" >&2
      exit 1
    fi
    rps=$(awk -v a="$rps" '/^Requests\/sec:/ {printf "%.0f", a + $2}' <<<"$out")
    p99=$(awk -v a="$p99" '$1 == "99%" {v=$2; ms=v+0; if (v ~ /us$/) ms/=1000; else if (v ~ /[^m]s$/) ms*=1000; printf "%.2f", (ms > a ? ms : a)}' <<<"$out")
  done
  echo "$rps $p99"
}
