#!/usr/bin/env python3
"""Writes the rule sets of the `placement diff` cost figure (docs/Performance.md).

usage: scripts/diff-bench.py FOLDER

FOLDER/old and FOLDER/new: 1,000 segments x 100 placements of 10 rows (9 segments + default) in the shapes of
Sources/BenchmarkWorkload/RulesGenerator.swift. `new` is `old` with a review-sized change: 10 segments narrowed
(a threshold raised), 10 placements with two rows swapped, 5 rows added above the others, 5 tests re-weighted.
FOLDER/rewritten is `old` with every segment's threshold changed, so every placement must be searched.
"""
import os
import sys

ATTRIBUTES = """attribute experience: choice(beginner, amateur, pro) from quiz "experience"
attribute interests: choices(sports, music, yoga, running, cooking, travel) from quiz "interests"
attribute goal: choice(lose_weight, gain_muscle, stay_fit, relax) from quiz "goal"
attribute reminders: bool from toggle "reminders"
attribute weight: number from input "weight"
"""


def condition(index, shift=0):
    kind = index % 8
    if kind == 0:
        return f"experience == pro and app_version >= 2.{index % 10}"
    if kind == 1:
        return 'country in ["US", "CA", "GB", "DE"] and platform == "iOS"'
    if kind == 2:
        return f"interests has any [music, yoga] and age >= {18 + index % 7 + shift}"
    if kind == 3:
        return f'subscription_state in ["expired", "cancelled"] and total_revenue_usd > {index % 50 + shift}'
    if kind == 4:
        return f"goal == relax or (experience in [beginner, amateur] and weight > {80 + shift})"
    if kind == 5:
        return f'age between {18 + shift} and 34 and gender == "f"'
    if kind == 6:
        return f"seg_{index - 5} and interests has running" if index >= 8 else "interests has running"
    return f"count(interests) >= {2 + shift % 3} and app_version < 3.0"


def rules(narrowed=(), swapped=(), added=(), reweighted=(), shift_all=0):
    lines = [ATTRIBUTES]
    for index in range(1000):
        shift = shift_all or (3 if index in narrowed else 0)
        lines.append(f"segment seg_{index} = {condition(index, shift)}")
    for placement in range(100):
        rows = [(f"seg_{(placement * 37 + r * 101) % 1000}", f"flow f_{placement}_{r}") for r in range(9)]
        weight = 30 if placement in reweighted else 50
        rows[4] = (rows[4][0], f'test t_{placement} version "v{placement}" {{ flow a_{placement} {weight}%, flow b_{placement} {100 - weight}% }}')
        if placement in swapped:
            rows[1], rows[2] = rows[2], rows[1]
        if placement in added:
            rows.insert(0, (f"seg_{(placement * 7 + 3) % 1000}", f"flow new_{placement}"))
        lines.append(f"\nplacement placement_{placement}: flow {{")
        lines += [f"  {segment} -> {content}" for segment, content in rows]
        lines.append(f"  default -> flow generic_{placement}\n}}")
    return "\n".join(lines) + "\n"


def main():
    folder = sys.argv[1]
    sets = {
        "old": rules(),
        "new": rules(narrowed=range(0, 1000, 100), swapped=range(0, 100, 10), added=range(5, 100, 20),
                     reweighted=range(3, 100, 20)),
        "rewritten": rules(shift_all=1),
    }
    for name, text in sets.items():
        os.makedirs(f"{folder}/{name}", exist_ok=True)
        with open(f"{folder}/{name}/rules.rules", "w") as out:
            out.write(text)


main()
