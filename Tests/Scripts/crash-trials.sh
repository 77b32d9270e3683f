#!/usr/bin/env bash
# Kills writers with SIGKILL at random moments, N times (default 1000), with a reader process
# alongside each, and checks after every kill that the data loads completely, holds every
# acknowledged change, and that every read the reader made saw a whole state. Then kills
# N/4 syncs the same way (the planner loads whole, nothing acknowledged is lost, no change
# file is ever rewritten), and N/8 syncs after a new day (every task done on a day ended stays
# and reaches the other device); and, the same every time, a sync taking in a day ended on
# another device killed at each of its steps in turn. `swift test` runs the same tests with
# 200, 50 and 25 trials.
set -euo pipefail
cd "$(dirname "$0")/../.."
SPOONS_CRASH_TRIALS=${1:-1000} swift test \
  --filter 'killedWritersLeaveACompleteState|killedSyncsLeaveAWholePlanner|killedSyncsAfterANewDay|killedSyncsTakingInADayEndedElsewhere'
