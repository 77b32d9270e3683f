#!/bin/sh
# Makes taskwarrior-2.6.2.json with the real Taskwarrior (2.6.2 made the checked-in copy):
#   sh make-taskwarrior-export.sh DIR      writes DIR/export.json, using DIR for the data
# Nothing outside DIR is read or written: TASKRC and TASKDATA point into it. The dates are
# typed in Europe/Berlin (UTC+1 in November), so the export's UTC dates are an hour earlier.
set -eu
dir=$1
mkdir -p "$dir/data"
cat > "$dir/taskrc" <<RC
data.location=$dir/data
confirmation=no
verbose=nothing
uda.energy.type=numeric
uda.energy.label=Energy
uda.place.type=string
uda.place.label=Place
RC
export TASKRC="$dir/taskrc" TASKDATA="$dir/data" TZ=Europe/Berlin
t() { task rc.confirmation=no rc.verbose=nothing "$@" > /dev/null; }
t add "Water the tomatoes" project:home.garden +garden +outdoor due:2026-11-28 energy:3
t add "Call the GP about the prescription" +health +phone due:2026-11-27T09:30
t add "Renew library books" wait:2026-12-01 due:2026-12-05
t add "Draft the grant report" scheduled:2026-11-30 project:Work
t add "Bake bread"
t /Bake/ annotate "use the rye flour"
t /Bake/ annotate "starter is in the fridge"
t add "Café au lait with Zoë — 日本語のタイトル 🌱" +café place:Kitchen
t add "Write a long description that goes on and on: the quick brown fox jumps over the lazy dog, the quick brown fox jumps over the lazy dog, the quick brown fox jumps over the lazy dog, the quick brown fox jumps over the lazy dog, the quick brown fox jumps over the lazy dog, and then it finally ends here"
t add "Return the parcel" +errand
t add "Old chore"
t /Return/ done
t /Old.chore/ delete
t add "Take out the bins" recur:weekly due:2026-11-17 +chores
t list   # makes the recurring task's instances
t status:pending /bins/ due:2026-11-17 done
task rc.verbose=nothing export > "$dir/export.json"
