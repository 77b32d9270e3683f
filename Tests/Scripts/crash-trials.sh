#!/usr/bin/env bash
# Kills writers with SIGKILL at random moments, N times (default 1000), with a reader process
# alongside each, and checks after every kill that the data loads completely, holds every
# acknowledged change, and that every read the reader made saw a whole state. Then kills
# N/4 syncs the same way (the planner loads whole, nothing acknowledged is lost, no change
# file is ever rewritten). `swift test` runs the same tests with 200 and 50 trials.
set -euo pipefail
cd "$(dirname "$0")/../.."
SPOONS_CRASH_TRIALS=${1:-1000} swift test \
  --filter 'killedWritersLeaveACompleteState|killedSyncsLeaveAWholePlanner'
