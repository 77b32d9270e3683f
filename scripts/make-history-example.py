#!/usr/bin/env python3
"""Builds three weeks of realistic days in a scratch directory and prints `history`, `stats`
and `chart` on it: the examples in the README's "Looking back" section.

Usage: swift build && python3 scripts/make-history-example.py [DIR]
Deterministic: a fixed clock (SPOONS_NOW) and fixed choices. DIR (default: a new temporary
directory) is left behind so you can try more commands on it with --data DIR.
"""
import os, re, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.path.join(root, ".build", "debug", "spoons")
data = sys.argv[1] if len(sys.argv) > 1 else os.path.join(tempfile.mkdtemp(), "data")

def run(now, *args, check=True):
    env = dict(os.environ, SPOONS_NOW=now, NO_COLOR="1", LANG="C.UTF-8", COLUMNS="80")
    env.pop("LC_ALL", None); env.pop("LC_CTYPE", None)
    result = subprocess.run([binary, "--data", data, *args], env=env, capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"{args}: {result.stderr}")
    return result.stdout

def ids(text):
    return re.findall(r"#(\d+)", text)

run("2026-10-31T20:00:00+00:00", "routine", "add", "1", "Take meds")
run("2026-10-31T20:00:00+00:00", "routine", "add", "2", "Lie down after lunch", "--rest")

# (day of November, budget, tasks to add and plan as (spoons, title), how many of them get
#  done, plan with --borrow, check off the rest after lunch)
days = [
    (1, 10, [(3, "Laundry"), (2, "Call mum"), (2, "Shower")], 3, False, True),
    (2, 12, [(4, "Groceries"), (3, "Cook dinner"), (2, "Reply to emails")], 3, False, True),
    (3, 8, [(3, "Physio exercises"), (2, "Empty the dishwasher")], 1, False, False),
    (4, 10, [(5, "Doctor's appointment"), (2, "Pharmacy run"), (1, "Water the plants")], 3, False, True),
    (5, 12, [(6, "Family dinner at Jo's"), (4, "Clean the bathroom"), (3, "Change the sheets")], 2, True, True),
    (6, 8, [(2, "Shower"), (3, "Batch cook")], 2, False, True),
    (7, 9, [(2, "Short walk"), (3, "Tidy the living room")], 2, False, False),
    (8, 11, [(4, "Groceries"), (2, "Call the GP"), (2, "Fold washing")], 3, False, True),
    (9, 12, [(3, "Laundry"), (5, "Hoover the flat"), (2, "Text Sam back")], 2, False, True),
    (10, 10, [(7, "Haircut and errands"), (3, "Cook dinner")], 2, True, True),
    (11, 7, [(2, "Shower"), (2, "Open the post")], 2, False, False),
    (12, 11, [(3, "Physio exercises"), (4, "Sort the recycling"), (1, "Water the plants")], 3, False, True),
    (13, 12, [(5, "Coffee with Priya"), (2, "Pay the phone bill"), (2, "Shower")], 3, False, True),
    (14, 14, [(8, "Big supermarket shop"), (3, "Cook dinner")], 1, False, True),
    (15, 9, [(2, "Call mum"), (3, "Laundry")], 2, False, True),
    (16, 10, [(4, "Physio exercises"), (2, "Empty the dishwasher"), (1, "Feed the cat")], 3, False, True),
    (17, 12, [(6, "Bank visit in town"), (3, "Cook dinner")], 2, False, True),
    (18, 10, [(3, "Reply to emails"), (2, "Shower"), (2, "Short walk")], 3, False, False),
    (19, 12, [(4, "Groceries"), (3, "Change the sheets"), (2, "Book GP appointment")], 3, False, True),
    (20, 11, [(5, "Deep clean the kitchen"), (2, "Text Sam back")], 2, False, True),
]
for day, budget, tasks, done, borrow, rest in days:
    morning, evening = f"2026-11-{day:02d}T08:00:00+00:00", f"2026-11-{day:02d}T18:00:00+00:00"
    started = run(morning, "new-day", str(budget))
    routine = ids(started.split("From your routines:")[1]) if "From your routines:" in started else []
    added = [ids(run(morning, "add", str(spoons), title, "--force"))[0] for spoons, title in tasks]
    run(morning, "plan", *added, *(["--borrow"] if borrow else []))
    run(evening, "done", *routine[:1], *added[:done])
    if rest and len(routine) > 1:
        run(evening, "done", routine[1])

today = "2026-11-21T10:00:00+00:00"
run(today, "new-day", "12")
run(today, "add", "3", "Laundry", "--force")
run(today, "plan", *ids(run(today, "list", "3"))[-1:])
run(today, "done", ids(run(today, "todo"))[0])

print(f"# data in {data}\n")
for command in (["history"], ["stats"], ["chart"], ["chart", "--ascii"]):
    print(f"$ spoons {' '.join(command)}")
    print(run(today, *command))
