#!/usr/bin/env python3
"""Writes Law 44 cases from boards of tests/data/pbn: the deal, the auction and the complete
play, with each trick written from its leader. The trick winners needed to order the play
are worked out here independently of the law book; the script checks that they give the
[Result] the recording software wrote, so the cases' goldens can be read against it.

Run from the repository root: python3 corpus/2017/44/from_pbn.py
"""
import os, re

HERE = os.path.dirname(os.path.abspath(__file__))
SEATS = "NESW"
RANK = "23456789TJQKA"
PICKS = [
    ("tests/data/pbn/bbo/Ben_Friends_Daily_-_2024-06-02_Daylong.pbn", "1", "ruffed-lead"),
    ("tests/data/pbn/camrose2024-robots.pbn", "3", "part-score-overtricks"),
    ("tests/data/pbn/camrose2024-robots.pbn", "4", "small-slam"),
]

def boards(path):
    text = open(path, encoding="utf-8").read().replace("\r\n", "\n")
    return [b for b in re.split(r"\n\s*\n", text) if "[Board" in b]

def tag(b, name):
    m = re.search(r'\[' + name + r' "([^"]*)"\]', b)
    return m.group(1) if m else None

def section(b, name):
    m = re.search(r'\[' + name + r' "[^"]*"\]\n((?:[^\[].*\n?)*)', b)
    return m.group(1).split() if m else []

def winner(trick, trumps):
    led = trick[0][1][0]
    def key(p):
        s, r = p[1][0], RANK.index(p[1][1])
        return (2 if s == trumps else 1 if s == led else 0, r)
    return max(trick, key=key)[0]

for path, number, name in PICKS:
    b = next(b for b in boards(path) if tag(b, "Board") == number)
    dealer = tag(b, "Dealer")
    calls = [c for c in section(b, "Auction") if not c.startswith("=")]
    calls = ["X" if c.upper() == "X" else "XX" if c.upper() == "XX" else c.capitalize() if c.lower() == "pass" else c for c in calls]
    first = tag(b, "Play")
    rows = [section(b, "Play")[i:i + 4] for i in range(0, 52, 4)]
    contract = tag(b, "Contract")
    trumps = contract[1] if contract[1] in "SHDC" else "N"
    declarer = tag(b, "Declarer")
    leader, taken, lines = first, 0, []
    for row in rows:
        by_seat = {SEATS[(SEATS.index(first) + i) % 4]: row[i] for i in range(4)}
        order = [SEATS[(SEATS.index(leader) + i) % 4] for i in range(4)]
        trick = [(s, by_seat[s]) for s in order]
        lines.append("  " + " ".join(c for _, c in trick))
        leader = winner(trick, trumps)
        if SEATS.index(leader) % 2 == SEATS.index(declarer) % 2:
            taken += 1
    assert taken == int(tag(b, "Result")), (name, taken, tag(b, "Result"))
    seat_calls, i = [], SEATS.index(dealer)
    for c in calls:
        seat_calls.append(f"{SEATS[i % 4]} {c}")
        i += 1
    src = os.path.relpath(path, ".")
    out = [
        f"// Law 44: board {number} of {src}, played out. Each trick is written from its leader:",
        "// 44C follow suit, 44E the highest trump wins, 44F else the highest card of the suit led,",
        f"// 44G the winner leads next. Declarer took {taken} tricks, as the file's [Result] says.",
        f"title {name.replace('-', ' ')} ({contract} by {declarer})",
        f"board {number}",
        f"dealer {dealer}",
        f"vulnerable {tag(b, 'Vulnerable')}",
        f"deal {tag(b, 'Deal')}",
        "auction {",
    ] + ["  " + c for c in seat_calls] + ["}", "play {"] + lines + ["}", ""]
    open(os.path.join(HERE, name + ".case"), "w", encoding="utf-8").write("\n".join(out))
    print("wrote", name, taken)
