#!/usr/bin/env python3
"""Writes the Law 77 scoring cases of this folder: every cell of the scoring table (part
score, game, overtricks and undertricks at each doubling and vulnerability, slams) as a board
with a real auction and the tricks declarer took. The expected scores are not written here:
they are the goldens `lawbook test --bless` makes, which tests/corpus_scores.rs checks
against an independent implementation (tests/data/score/reference.csv).

Run from the repository root: python3 corpus/2017/77/make_cases.py
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
STRAIN = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
RISK = {1: "undoubled", 2: "doubled", 4: "redoubled"}

# (label, level, strain, tricks taken by declarer, what the case pins)
SHAPES = [
    ("part-score", 2, "H", 8, "a part score made exactly: the 50 part-score premium"),
    ("minor-overtrick", 3, "C", 10, "a minor-suit part score with an overtrick"),
    ("major-game-overtrick", 4, "S", 11, "a major-suit game with an overtrick: the game premium"),
    ("nt-game-overtricks", 3, "NT", 11, "3NT with two overtricks: 40 for the first trick, 30 for the others"),
    ("small-slam", 6, "D", 12, "a small slam bid and made"),
    ("grand-slam", 7, "NT", 13, "a grand slam bid and made"),
    ("down-one", 4, "H", 9, "one undertrick"),
    ("down-three", 3, "NT", 6, "three undertricks: the second and third"),
    ("down-five", 5, "C", 6, "five undertricks: the fourth and later"),
]

def auction(board, level, strain, risk):
    """Declarer North on board 1 (dealer N, none vulnerable) or board 4 (dealer W, both
    vulnerable); East doubles, South redoubles."""
    calls = []
    if board == 4:
        calls.append("W pass")
    calls.append(f"N {level}{strain}")
    if risk >= 2:
        calls.append("E X")
    if risk == 4:
        calls.append("S XX")
    seats = "NESW"
    last = calls[-1][0]
    i = seats.index(last)
    for k in range(3):
        calls.append(f"{seats[(i + 1 + k) % 4]} pass")
    return calls

def main():
    n = 0
    for vul, board in (("nv", 1), ("v", 4)):
        for risk in (1, 2, 4):
            for label, level, strain, tricks, why in SHAPES:
                name = f"{label}-{RISK[risk]}-{vul}.case"
                calls = auction(board, level, strain, risk)
                vul_text = "not vulnerable (board 1)" if board == 1 else "vulnerable (board 4)"
                need = level + 6
                result = "made" if tricks >= need else f"down {need - tricks}"
                lines = [
                    f"// Law 77: {level}{STRAIN[strain]} {RISK[risk]} by North, {vul_text}, {tricks} tricks ({result}):",
                    f"// {why}.",
                    f"title {level}{strain} {RISK[risk]} {vul_text}, {tricks} tricks",
                    f"board {board}",
                    "auction {",
                ]
                lines += [f"  {c}" for c in calls]
                lines += ["}", f"tricks {tricks}", ""]
                with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
                    f.write("\n".join(lines))
                n += 1
    print(f"wrote {n} cases")

if __name__ == "__main__":
    main()
