#!/bin/sh
# Seed each fuzz target's working corpus (fuzz/corpus/<target>/, not committed) from the
# repository's own inputs: law files, cases, PBN records, the translations, the term bank, the
# phrases, their grammar and the case words. Run from the repository's root: sh fuzz/seed.sh
set -e
seed() { mkdir -p "fuzz/corpus/$1"; shift_target=$1; shift; for f in "$@"; do [ -f "$f" ] && cp "$f" "fuzz/corpus/$shift_target/$(echo "$f" | tr '/' '_')"; done; }
seed law_file laws/2017/*.law tests/data/bad-laws/*.law
seed case $(find corpus -name '*.case') tests/data/bad-cases/*.case
seed pbn $(find tests/data/pbn tests/data/pbn-marks -name '*.pbn')
seed translation laws/*/text/*.source.txt
seed term_bank laws/terms.terms $(find tests/data/terms -type f)
seed phrases laws/render.phrases
seed grammar laws/render.grammar
seed case_words laws/case.words $(find tests/data/words -type f)
# po: the regressions below (hand-made PO files), and the PO files the tool writes.
mkdir -p fuzz/corpus/po && cargo run -q --release -- phrases --lang pl --po --messages > fuzz/corpus/po/messages-pl.po
for d in fuzz/regressions/*/; do t=$(basename "$d"); mkdir -p "fuzz/corpus/$t"; cp "$d"* "fuzz/corpus/$t/" 2>/dev/null || true; done
