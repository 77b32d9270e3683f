#!/usr/bin/env python3
"""A/B of the everyday saves of two spoons binaries: scripts/ab-saves.py OLD NEW [RUNS]

Builds a planner of 300 open tasks with OLD (so both can read it), gives each binary its own
copy, then runs add, plan, unplan, done and undone alternately (OLD first on even rounds, NEW
first on odd ones) and prints the medians and NEW/OLD. Used to check that recording each
change for undo keeps saves about as fast as before (README, "Undo and redo").
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

old, new = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 15
work = tempfile.mkdtemp(prefix="spoons-ab-")
env = dict(os.environ, SPOONS_NOW="2026-11-21T08:00:00+01:00", NO_COLOR="1")

def run(binary, data, *args):
    subprocess.run([binary, "--data", data, *args], env=env, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

base = os.path.join(work, "base")
for i in range(300):
    run(old, base, "add", str(1 + i % 10), f"Task number {i} with a longer title")
run(old, base, "new-day", "12")
run(old, base, "plan", "1", "2", "3")
copies = {"old": os.path.join(work, "old"), "new": os.path.join(work, "new")}
for path in copies.values():
    shutil.copytree(base, path)
run(new, copies["new"], "status")
binaries = {"old": old, "new": new}
commands = [("add", ["add", "--force", "3", "Bench"]), ("plan", ["plan", "11"]),
            ("unplan", ["unplan", "11"]), ("done", ["done", "1"]), ("undone", ["undone", "1"])]
times = {"old": {}, "new": {}}
for r in range(runs):
    for name, args in commands:
        for label in (("old", "new") if r % 2 == 0 else ("new", "old")):
            start = time.perf_counter()
            run(binaries[label], copies[label], *args)
            times[label].setdefault(name, []).append((time.perf_counter() - start) * 1000)
for name, _ in commands:
    o, n = statistics.median(times["old"][name]), statistics.median(times["new"][name])
    print(f"{name:8s} old {o:6.2f} ms  new {n:6.2f} ms  new/old {n / o:4.2f}")
shutil.rmtree(work)
