#!/usr/bin/env bash
# Runs one libFuzzer target for a while: Tests/Scripts/fuzz.sh parser|repl|loader|changes SECONDS [RUNS]
#
# Builds the target with the fuzzer sanitizer in its own build folder (.build-fuzz), starts
# from the kept corpus in Tests/SpoonsFuzzingTests/Corpus/TARGET, and stops after SECONDS or
# RUNS inputs, whichever comes first. Inputs that crash, hang (over 10 s) or use more than
# 2 GB land in .build-fuzz/findings/TARGET/; copy each into the corpus folder and fix it, so
# `swift test` replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/../.."

target=${1:-}
seconds=${2:-60}
runs=${3:--1}
case "$target" in
  parser) product=FuzzParser ;;
  repl) product=FuzzRepl ;;
  loader) product=FuzzLoader ;;
  changes) product=FuzzChanges ;;
  *) echo "usage: Tests/Scripts/fuzz.sh parser|repl|loader|changes SECONDS [RUNS]" >&2; exit 64 ;;
esac

SPOONS_FUZZ=1 swift build -c release --sanitize=fuzzer --scratch-path .build-fuzz --product "$product"

work=.build-fuzz/corpus/$target          # what this machine's runs discovered
findings=.build-fuzz/findings/$target
mkdir -p "$work" "$findings"
# SWIFT_BACKTRACE off: libFuzzer must see the crash itself to keep the input.
SWIFT_BACKTRACE=enable=no ".build-fuzz/release/$product" \
  -max_total_time="$seconds" -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
  -print_final_stats=1 -artifact_prefix="$findings/" \
  "$work" "Tests/SpoonsFuzzingTests/Corpus/$target"
