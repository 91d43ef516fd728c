#!/usr/bin/env python3
"""Write reference.csv: the duplicate score of every contract and number of tricks, computed
by the PyPI package `endplay` (an implementation independent of this project).

    pip install endplay
    python3 tests/data/score/make_reference.py

Rows: level 1-7 x strain C D H S NT x doubled 0 1 2 (undoubled, doubled, redoubled) x
vulnerable 0 1 x tricks taken by declarer 0-13 = 2940 rows. `score` is declarer's side's
score: positive when the contract is made, negative when it is defeated.
"""

import csv
import pathlib
import sys

import endplay
from endplay.types import Contract, Denom, Penalty, Player, Vul

STRAINS = [("C", Denom.clubs), ("D", Denom.diamonds), ("H", Denom.hearts),
           ("S", Denom.spades), ("NT", Denom.nt)]
PENALTIES = [(0, Penalty.passed), (1, Penalty.doubled), (2, Penalty.redoubled)]
# Declarer is North: "vulnerable" is North-South vulnerable.
VULS = [(0, Vul.none), (1, Vul.ns)]


def rows():
    for level in range(1, 8):
        for strain, denom in STRAINS:
            for doubled, penalty in PENALTIES:
                for vulnerable, vul in VULS:
                    for tricks in range(0, 14):
                        # endplay's result is tricks relative to the contract:
                        # overtricks (>= 0) or undertricks (< 0).
                        contract = Contract(level=level, denom=denom, declarer=Player.north,
                                            penalty=penalty, result=tricks - (level + 6))
                        yield level, strain, doubled, vulnerable, tricks, contract.score(vul)


def main():
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else \
        pathlib.Path(__file__).with_name("reference.csv")
    data = list(rows())
    assert len(data) == 7 * 5 * 3 * 2 * 14 == 2940
    with open(out, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["level", "strain", "doubled", "vulnerable", "tricks", "score"])
        w.writerows(data)
    print(f"wrote {len(data)} rows to {out} with endplay {endplay.__version__}")


if __name__ == "__main__":
    main()
