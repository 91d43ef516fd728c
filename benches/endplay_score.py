"""The peer of `lawbook score --pbn FILE --check` in benches/pbn.rs: endplay (PyPI, an
implementation independent of this project) reads the same PBN file and scores every board
from its contract, declarer, result and vulnerability, comparing with the file's [Score].

    python3 benches/endplay_score.py FILE

prints `N boards, N scored, N checks, D with differences`, the summary lawbook prints, so the
benchmark checks both did the whole work. Needs `pip install endplay` (0.5.12 measured).
"""

import sys

from endplay.parsers import pbn


def main(path):
    with open(path) as f:
        boards = pbn.load(f)
    n = scored = checks = differences = 0
    for b in boards:
        n += 1
        if b.contract is None:
            continue
        ns = b.contract.score(b.vul)
        if b.contract.declarer.value % 2 == 1:
            ns = -ns
        scored += 1
        want = b.info.get("Score")
        if want is not None:
            checks += 1
            if int(str(want).split()[-1]) != ns:
                differences += 1
    print(f"{n} boards, {scored} scored, {checks} checks, {differences} with differences")


if __name__ == "__main__":
    main(sys.argv[1])
