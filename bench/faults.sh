#!/usr/bin/env bash
# bench/faults.sh — a full disk and a read-only filesystem under the running
# server give an error page, not a crash.
#
#   sudo bash bench/faults.sh [--release]
#
# Needs root (it mounts filesystems) and curl, mkfs.ext4, e2fsck, losetup
# (util-linux). It builds the `league` binary (debug unless --release; into
# $CARGO_TARGET_DIR or target/), then runs the real server on SQLite in two
# stages, each with its data directory on a small filesystem of its own:
#
# 1. Full disk — a 16 MiB tmpfs. Sign up one person, fill the disk to the
#    last byte with a file beside the database, then: a sign-up POST answers
#    503 with the "not saved, nothing changed" page in Russian (the default)
#    and in English (?lang=en), GET pages still answer 200, the process is
#    alive, the refusal is in the log; delete the file and the same POST
#    succeeds (303) without a restart.
# 2. Read-only filesystem — a 32 MiB ext4 image mounted with
#    errors=remount-ro. Linux refuses `mount -o remount,ro` while a process
#    has files open for writing (the server always has), so the script does
#    what the kernel does when a disk fails: ext4's trigger_fs_error makes
#    the filesystem read-only under the running server. Same checks as in
#    stage 1; then the operator's way back: stop the server, unmount, fsck,
#    mount, start — the person signed up before the fault (synced to disk
#    first, see below) is still there and a sign-up succeeds again.
#
# Everything is unmounted and removed on exit (trap). Exits non-zero if any
# check fails; prints a line per check and a summary.

set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
PROFILE=debug
BUILD_FLAGS=()
if [[ ${1:-} == --release ]]; then
    PROFILE=release
    BUILD_FLAGS=(--release)
fi
if [[ $(id -u) -ne 0 ]]; then
    echo "faults.sh: needs root (mount, losetup)" >&2
    exit 2
fi
for tool in curl mkfs.ext4 e2fsck losetup findmnt; do
    command -v "$tool" >/dev/null || { echo "faults.sh: needs $tool" >&2; exit 2; }
done

(cd "$REPO" && cargo build "${BUILD_FLAGS[@]}" --bin league) || exit 2
BIN=${CARGO_TARGET_DIR:-$REPO/target}/$PROFILE/league

WORK=$(mktemp -d /tmp/league-faults.XXXXXX)   # logs, cookies, the image
MNT=$WORK/mnt
mkdir -p "$MNT"
PID=
PASSED=0
FAILED=0
PASSWORD=violet-harbor-73-kettle
PORT=$((20000 + RANDOM % 20000))
BASE=http://127.0.0.1:$PORT

cleanup() {
    if [[ -n $PID ]] && kill -0 "$PID" 2>/dev/null; then
        kill -TERM "$PID" 2>/dev/null
        wait "$PID" 2>/dev/null
    fi
    if findmnt -n "$MNT" >/dev/null 2>&1; then
        umount "$MNT" 2>/dev/null || umount -l "$MNT"
    fi
    rm -rf "$WORK"
}
trap cleanup EXIT

check() { # check DESCRIPTION COMMAND...
    local what=$1
    shift
    if "$@"; then
        PASSED=$((PASSED + 1))
        echo "  ok    $what"
    else
        FAILED=$((FAILED + 1))
        echo "  FAIL  $what"
    fi
}

start_server() {
    LEAGUE_DATA_DIR=$MNT/data LEAGUE_BIND=127.0.0.1:$PORT \
        LEAGUE_LOG=warn \
        "$BIN" serve >>"$LOG" 2>&1 &
    PID=$!
    local started=$SECONDS
    until curl -fs -o /dev/null "$BASE/health"; do
        if ! kill -0 "$PID" 2>/dev/null || ((SECONDS - started > 30)); then
            echo "faults.sh: the server did not start:" >&2
            tail -5 "$LOG" >&2
            exit 1
        fi
        sleep 0.1
    done
}

stop_server() {
    kill -TERM "$PID" 2>/dev/null
    wait "$PID" 2>/dev/null
    PID=
}

# sign_up NICK LANG: POSTs the sign-up form as a browser would (its own
# cookie jar, the form's CSRF token); prints the status, keeps the page in
# $WORK/last.html.
sign_up() {
    local nick=$1 lang=$2 jar=$WORK/jar.$1 token
    rm -f "$jar"
    curl -s -c "$jar" -b "$jar" "$BASE/signup?lang=$lang" -o "$WORK/form.html"
    token=$(grep -o 'name="csrf_token" value="[^"]*"' "$WORK/form.html" | head -1 |
        sed 's/.*value="//; s/"$//')
    curl -s -c "$jar" -b "$jar" -o "$WORK/last.html" -w '%{http_code}' \
        --data-urlencode "nick=$nick" --data-urlencode "full_name=Test Player" \
        --data-urlencode "email=$nick@club.example" \
        --data-urlencode "password=$PASSWORD" \
        --data-urlencode "password_confirm=$PASSWORD" \
        --data-urlencode "csrf_token=$token" \
        "$BASE/signup?lang=$lang"
}

status_of() { curl -s -o /dev/null -w '%{http_code}' "$BASE$1"; }
page_says() { grep -qF "$1" "$WORK/last.html"; }
gets_answer() {
    local path
    for path in / /championships /login /health /people/$1; do
        [[ $(status_of "$path") == 200 ]] || { echo "    GET $path: $(status_of "$path")"; return 1; }
    done
}
alive() { kill -0 "$PID" 2>/dev/null; }
logged() { grep -q "storage refused a change" "$LOG"; }

# The checks of a storage that refuses writes: the 503 page in both
# languages, nothing stored, pages still served, the process alive.
refused() { # refused STAGE KNOWN_NICK
    local stage=$1 known=$2
    check "$stage: sign-up answers 503" test "$(sign_up "${stage}Ru" ru)" == 503
    check "$stage: the page says so in Russian" \
        page_says "Изменение не удалось сохранить: хранилище заполнено или доступно только для чтения."
    check "$stage: in English with ?lang=en" test "$(sign_up "${stage}En" en)" == 503
    check "$stage: the English page" \
        page_says "The change could not be saved: storage is full or read-only."
    check "$stage: GET pages answer 200" gets_answer "$known"
    check "$stage: the refused person was not stored" test "$(status_of "/people/${stage}Ru")" == 404
    check "$stage: the server is alive" alive
    check "$stage: the refusal is logged" logged
}

echo "== stage 1: full disk (16 MiB tmpfs)"
LOG=$WORK/server-full.log
mount -t tmpfs -o size=16m,mode=0700 league-faults "$MNT" || exit 1
start_server
check "full: sign-up before the fault (303)" test "$(sign_up Early1 ru)" == 303
dd if=/dev/zero of="$MNT/data/filler" bs=1M status=none 2>/dev/null
dd if=/dev/zero of="$MNT/data/filler2" bs=512 status=none 2>/dev/null
echo "  disk: $(df -h --output=used,avail "$MNT" | tail -1 | tr -s ' ')"
refused full Early1
rm -f "$MNT/data/filler" "$MNT/data/filler2"
check "full: space freed, sign-up succeeds (303)" test "$(sign_up Late1 ru)" == 303
check "full: the new person's page (200)" test "$(status_of /people/Late1)" == 200
stop_server
umount "$MNT"

echo "== stage 2: read-only filesystem (32 MiB ext4, errors=remount-ro)"
LOG=$WORK/server-ro.log
truncate -s 32M "$WORK/ext4.img"
mkfs.ext4 -q -F -m 0 "$WORK/ext4.img" || exit 1
mount -o loop,errors=remount-ro "$WORK/ext4.img" "$MNT" || exit 1
DEV=$(basename "$(findmnt -n -o SOURCE "$MNT")")
start_server
check "ro: sign-up before the fault (303)" test "$(sign_up Early2 ru)" == 303
# What was written before the fault reaches the disk, as the kernel's
# writeback would within seconds: an aborted journal drops what is only in
# memory (SQLite's WAL with synchronous = NORMAL does not fsync each commit).
sync -f "$MNT/data"
echo 1 >"/sys/fs/ext4/$DEV/trigger_fs_error"
echo "  mount: $(findmnt -n -o OPTIONS "$MNT")"
check "ro: the filesystem is read-only now" grep -q "^ro\|,ro\b\|emergency_ro" <<<"$(findmnt -n -o OPTIONS "$MNT")"
refused ro Early2
stop_server
umount "$MNT"
e2fsck -fy "$WORK/ext4.img" >/dev/null 2>&1
clean() { e2fsck -fn "$WORK/ext4.img" >/dev/null 2>&1; }
check "ro: fsck leaves a clean filesystem" clean
mount -o loop,errors=remount-ro "$WORK/ext4.img" "$MNT" || exit 1
start_server
check "ro: after fsck and mount, the earlier person is there" test "$(status_of /people/Early2)" == 200
check "ro: sign-up succeeds again (303)" test "$(sign_up Late2 ru)" == 303
stop_server
umount "$MNT"

echo "== faults.sh: $PASSED checks passed, $FAILED failed (binary: $PROFILE)"
[[ $FAILED -eq 0 ]]
