#!/usr/bin/env bash
# Fuzzes the line-up parser and the TRF reader (benches/fuzz.rs) with
# proptest: arbitrary input and mutations of valid input, 1,000,000 cases
# per parser by default (FUZZ_CASES per generator, four generators each).
# Not part of `cargo test` / .ci/run: run it by hand, it takes minutes.
#   bash bench/fuzz.sh            # release build, 250,000 per generator
#   FUZZ_CASES=1000 bash bench/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export FUZZ_CASES="${FUZZ_CASES:-250000}"
nproc_line="$(nproc) cores, $(uname -m)"
echo "fuzz: FUZZ_CASES=$FUZZ_CASES per generator on $nproc_line"
cargo bench --bench fuzz "${@}"
