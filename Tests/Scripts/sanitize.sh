#!/usr/bin/env bash
# Runs the whole test suite under the address sanitizer, then the thread sanitizer:
# Tests/Scripts/sanitize.sh [address|thread]   (both when not given)
#
# Each uses its own build folder. The binary the CLI tests drive is built with the same
# sanitizer, so the real program is checked too. The long process tests run shorter here
# (instrumented binaries are several times slower); Tests/Scripts/crash-trials.sh runs them long.
set -euo pipefail
cd "$(dirname "$0")/../.."
export SPOONS_CRASH_TRIALS=${SPOONS_CRASH_TRIALS:-50}
export SPOONS_LOAD_CHANGES=${SPOONS_LOAD_CHANGES:-40}
for sanitizer in ${1:-address thread}; do
  echo "== swift test --sanitize=$sanitizer"
  case "$sanitizer" in
    # XCTest's own allocations are reported as leaks; the address checks are what matter here.
    address) export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 ;;
    thread) export TSAN_OPTIONS=halt_on_error=1 ;;
    *) echo "usage: Tests/Scripts/sanitize.sh [address|thread]" >&2; exit 64 ;;
  esac
  swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer"
done
echo "sanitizers clean"
