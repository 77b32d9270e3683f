#!/usr/bin/env python3
"""Regenerates sample-data/planner/ by driving the real binary through a week of days.

Usage: swift build && python3 scripts/make-sample-data.py
Deterministic: a fixed clock (SPOONS_NOW) and a fixed list of tasks and choices.
"""
import os, shutil, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.join(root, ".build", "debug", "spoons")
out = os.path.join(root, "sample-data", "planner")
shutil.rmtree(out, ignore_errors=True)

tasks = [
    (1, "Take meds"), (1, "Water the plants"), (1, "Text Sam back"), (1, "Feed the cat"),
    (1, "Open the post"), (2, "Shower"), (2, "Call mum"), (2, "Make a simple lunch"),
    (2, "Empty the dishwasher"), (2, "Short walk round the block"), (2, "Pay the phone bill"),
    (3, "Laundry"), (3, "Cook dinner"), (3, "Change the bed sheets"), (3, "Book GP appointment"),
    (3, "Reply to work emails"), (3, "Tidy the living room"), (4, "Groceries"),
    (4, "Pharmacy run"), (4, "Physio exercises"), (4, "Clean the bathroom"),
    (4, "Sort the recycling"), (5, "Deep clean the kitchen"), (5, "Hoover the flat"),
    (5, "Coffee with Priya"), (5, "Batch cook for the week"), (6, "Doctor's appointment"),
    (6, "Bank visit in town"), (6, "Return the parcel"), (7, "Family dinner at Jo's"),
    (7, "Haircut and errands"), (8, "Big supermarket shop"), (8, "Declutter the wardrobe"),
    (9, "Day trip to the coast"), (10, "Move the furniture"), (2, "Stretching routine"),
    (1, "Refill water bottle"), (3, "Fill in the benefits form"), (4, "Garden: weed the front"),
    (2, "Ring the landlord"), (1, "Charge the phone"), (5, "Wash the car"),
]

# Each day: (date, budget, ids to plan, ids to check off). Ids refer to the list above, 1-based.
days = [
    ("2026-11-14", 12, [1, 6, 12, 18], [1, 6, 12]),
    ("2026-11-15", 10, [18, 2, 7, 13], [18, 2, 7]),
    ("2026-11-16", 14, [13, 19, 3, 8], [13, 19, 3, 8]),
    ("2026-11-17", 8, [4, 9, 15], [4]),
    ("2026-11-18", 10, [9, 5, 20], [9, 5]),
    ("2026-11-19", 11, [20, 10, 16, 36], [20, 10, 36]),
    ("2026-11-20", 12, [14, 11, 37, 21], [37, 14]),
]

def run(now, *lines):
    env = dict(os.environ, SPOONS_NOW=now, NO_COLOR="1")
    text = "\n".join(lines) + "\n"
    result = subprocess.run([binary, "--data", out], input=text.encode(), env=env,
                            capture_output=True)
    if result.returncode != 0:
        sys.exit(result.stderr.decode())

run("2026-11-13T19:00:00+00:00", *[f'add {cost} "{title}"' for cost, title in tasks])
for date, budget, plan, done in days:
    run(f"{date}T08:10:00+00:00", f"new-day {budget}", "plan " + " ".join(map(str, plan)))
    run(f"{date}T17:30:00+00:00", "done " + " ".join(map(str, done)))
# Routines for every morning from now on, and one spoon kept for the evening.
run("2026-11-20T20:00:00+00:00", "routine add 1 Take meds", "routine add 2 Physio stretches --days mon,wed,fri",
    "routine add 2 Lie down after lunch --rest", "reserve 1")
for name in os.listdir(out):
    if name.endswith(".lock") or name.endswith(".bak"):
        os.remove(os.path.join(out, name))
print("wrote", out)
