#!/usr/bin/env bash
# Writes Sources/spoons/hot-symbols.txt: the functions and data the everyday commands touch,
# for the Linux release link to lay out side by side. Tests/Scripts/hot-symbols.sh [OUT]
#
# Why: every command is a fresh process, and each page of the binary it touches first costs a
# page fault (about 2 µs on a virtual machine, where the benchmark runs). Left to itself the
# linker scatters the few hundred kilobytes a command touches over the whole binary (Spoons,
# the Swift runtime and standard library, the C library): `status` on a 1,000-task planner
# took about 190 faults, `--version` about 90 against 48 for an empty Swift program. Laid out
# together they take about 150 and 57. Package.swift hands this file to lld
# (`--symbol-ordering-file`) for release builds on Linux; Sources/SpoonsBench/Benchmark.md has
# the numbers.
#
# How: builds the static release binary as the README installs it, generates the benchmark's
# 1,000-task planner, runs each everyday command once under valgrind's lackey (every address
# it touches), names those addresses with the binary's symbol table and lists the symbols,
# those touched by the most commands first. Needs valgrind, nm and python3. A name the build
# no longer has is skipped by the linker, so a stale list costs speed, never correctness: run
# this again after large changes, and compare the benchmark. With OUT, it writes there instead.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/../.."

out=${1:-Sources/spoons/hot-symbols.txt}
for tool in valgrind nm python3; do
  command -v "$tool" >/dev/null || { echo "hot-symbols.sh: $tool is needed" >&2; exit 69; }
done

# The release link reads the kept list; an empty one will do for profiling.
[ -e Sources/spoons/hot-symbols.txt ] || : >Sources/spoons/hot-symbols.txt
swift build -c release --static-swift-stdlib -Xswiftc -static-executable
binary=$(swift build -c release --show-bin-path)/spoons
bench=$(swift build -c release --show-bin-path)/SpoonsBench

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" --sizes 1000 --generate "$work/planners" >/dev/null
planner=$work/planners/realistic-1000
nm --defined-only --print-size "$binary" >"$work/symbols"

# The commands run at the last minute of the planner's open day, as in the benchmark.
day=$(sed -n 's/^day\tdate=\([0-9-]*\).*/\1/p' "$planner/planner.txt")
now="$(date -u -d "$day + 1 day" +%F)T03:59:00+01:00"
morning="$(date -u -d "$day + 1 day" +%F)T08:00:00+01:00"
first() { sed -n "s/^task\tid=\([0-9]*\)\t.*at=$1.*/\1/p" "$planner/planner.txt" | head -1; }
waiting=$(first category)
todo=$(first todo)
done_=$(first done)

n=0
profile() {
  local at=$1; shift
  rm -rf "$work/data" && cp -a "$planner" "$work/data"
  n=$((n + 1))
  SPOONS_HOME="$work/data" SPOONS_NOW="$at" NO_COLOR=1 valgrind --tool=lackey --trace-mem=yes \
    --log-file="$work/trace" "$binary" "$@" >/dev/null 2>&1 </dev/null ||
    { echo "hot-symbols.sh: 'spoons $*' failed on the generated planner" >&2; exit 1; }
  # The symbols this command touched, one per line.
  python3 - "$work/symbols" "$work/trace" >"$work/touched.$n" <<'PYTHON'
import bisect, sys
symbols = []
for line in open(sys.argv[1]):
    # "address size type name", or "address type name" when the symbol has no size.
    parts = line.split()
    if len(parts) == 4 and parts[2] in "tTwWdDbBvVrR":
        symbols.append((int(parts[0], 16), int(parts[1], 16), parts[3]))
    elif len(parts) == 3 and parts[1] in "tTwWdDbBvVrR":
        symbols.append((int(parts[0], 16), 0, parts[2]))
symbols.sort()
starts = [symbol[0] for symbol in symbols]
addresses = set()
for line in open(sys.argv[2]):
    # Lackey: "I  0401000,3" for an instruction, " L 0c19eb8,8" (or S, M) for data.
    if line[:2] in ("I ", " L", " S", " M"):
        addresses.add(int(line[3:].split(",")[0], 16))
names = set()
for address in addresses:
    i = bisect.bisect_right(starts, address) - 1
    # Inside a symbol (one with no size: its first bytes), so that neither the stack nor the
    # heap nor padding between symbols is named after a neighbour.
    if i >= 0:
        start, size, name = symbols[i]
        if address - start < max(size, 16):
            names.add(name)
print("\n".join(sorted(names)))
PYTHON
  rm -f "$work/trace"
}
profile "$now" --version
profile "$now" help
for command in status todo list categories backlog agenda suggest history stats "search Garden"; do
  # shellcheck disable=SC2086
  profile "$now" $command
done
profile "$now" add 3 "Hot symbol"
profile "$now" plan "$waiting"
profile "$now" done "$todo"
profile "$now" undone "$done_"
profile "$now" unplan "$todo"
profile "$now" edit "$waiting" --title "Hot symbol"
profile "$now" delete "$waiting"
profile "$morning" new-day 12

{
  echo "# The functions and data the everyday commands touch, those touched by the most commands"
  echo "# first: lld lays them out side by side in the Linux release build (Package.swift). Made"
  echo "# by Tests/Scripts/hot-symbols.sh; do not edit by hand."
  # Sorted by how many commands touched each, then by name: two runs on one build agree.
  cat "$work"/touched.* | sort | uniq -c | sort -k1,1nr -k2,2 | awk '{ print $2 }'
} >"$out"
echo "wrote $out: $(grep -vc '^#' "$out") symbols from $n commands"
# SwiftPM does not know the list is an input of the link, and a touched main.swift that
# compiles to the same object does not relink: remove the binary, so the next build links it.
rm -f "$binary"
