#!/usr/bin/env bash
# Issue 13's targets are ratios to the program as it was when the issue was filed (commit
# b7473408): the corpus ruled and rendered 10x faster, the most open case 20x. A ratio to a
# figure taken on another machine says nothing (the machines this project runs on differ by
# half), so this measures both programs in one run, on this machine:
#
#   - the main job, `lawbook test corpus` (each program on its own corpus: the filing's has
#     721 cases, HEAD's as many or more, so HEAD does the more work), and the same on one
#     thread (`--jobs 1`; the filing had one thread and no such option);
#   - the same work on both sides: HEAD ruling the filing's cases (each case the filing's
#     corpus names, with HEAD's text of it and its goldens, from HEAD's corpus), against the
#     filing on its corpus. HEAD's corpus has grown by cases the filing could not rule (a
#     claim's line search among them), so this is the line that compares like with like;
#   - 2017/29/open-call-out-of-rotation, the most open case, ruled and rendered alone in the
#     process (`rule_and_render` after a warm-up, as the corpus bench's "each case alone";
#     the filing had no such bench, so a small program does it in both trees).
#   - and, to read the 2-core line by, what the machine's processors give together: two of
#     HEAD's one-thread passes started at once, against one alone.
#
# Each command runs once a round, the programs in turn, ROUNDS rounds (default 15); the
# medians and their ratios are printed, with the quartiles (the machine is shared: compare
# medians, not single runs). HEAD and the filing are built in clones in a temporary folder,
# which takes some minutes.
#
# Usage: benches/against_filing.sh [ROUNDS]
# Needs what a build of this project needs (cargo, a C++ compiler, libclang), git and awk.
set -euo pipefail
rounds=${1:-15}
filing=b7473408
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

one_case='use lawbook::runner::{rule_and_render, Books};
use std::path::Path;
use std::time::Instant;
// One case ruled and rendered in every language, N times after a warm-up: each time in ms.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (case, n) = (&args[1], args[2].parse::<usize>().unwrap());
    let mut books = Books::default();
    let name = case.trim_start_matches("corpus/").trim_end_matches(".case");
    let rule = |books: &mut Books| rule_and_render(Path::new(case), name, Path::new("laws"), books);
    assert!(rule(&mut books).is_ok(), "{case} rules");
    for _ in 0..n {
        let t = Instant::now();
        std::hint::black_box(rule(&mut books).is_ok());
        println!("{}", t.elapsed().as_secs_f64() * 1e3);
    }
}'

for tree in filing head; do
    git clone -q "$repo" "$work/$tree"
    [ "$tree" = filing ] && git -C "$work/$tree" checkout -q "$filing"
    mkdir -p "$work/$tree/examples"
    printf '%s\n' "$one_case" > "$work/$tree/examples/one_case.rs"
    echo "building $tree ($(git -C "$work/$tree" rev-parse --short HEAD))..." >&2
    (cd "$work/$tree" && cargo build --release --quiet --bin lawbook --example one_case)
done

# ms of one run of a command in a tree (`run TREE WHAT COMMAND...`); a command that fails
# stops the script (a program that stops at once would look fast). How many cores it kept
# busy (its CPU time, user and system, over its wall time) is added to $work/cores-TREE-WHAT.
run() {
    local tree=$1 what=$2; shift 2
    local t0 t1 cpu TIMEFORMAT='%U %S'
    t0=$(date +%s%N)
    if ! cpu=$({ time (cd "$work/$tree" && "$@" >/dev/null 2>&1); } 2>&1); then
        echo "error: \`$*\` failed in the $tree tree" >&2
        exit 2
    fi
    t1=$(date +%s%N)
    awk -v a="$t0" -v b="$t1" -v c="$cpu" \
        'BEGIN {split(c, u, " "); printf "%.2f\n", (u[1] + u[2]) / ((b - a) / 1e9)}' \
        >>"$work/cores-$tree-$what"
    awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f", (b - a) / 1000000}'
}

# median and quartiles of the numbers on stdin
stats() {
    sort -n | awk '{v[NR]=$1} END {printf "%.2f %.2f %.2f", v[int((NR+1)/2)], v[int((NR+3)/4)], v[int((3*NR+1)/4)]}'
}

# The filing's cases as HEAD has them, in a corpus folder of HEAD's tree (`same/`, at the
# depth of `corpus/`, so that a case's path to tests/data still resolves).
(cd "$work/filing" && find corpus -name '*.case') | while read -r c; do
    mkdir -p "$work/head/same/$(dirname "${c#corpus/}")"
    cp "$work/head/${c%.case}".* "$work/head/same/$(dirname "${c#corpus/}")/"
done
(cd "$work/head" && ./target/release/lawbook test same >/dev/null) ||
    { echo "error: HEAD does not pass on the filing's cases" >&2; exit 2; }

case=corpus/2017/29/open-call-out-of-rotation.case
declare -A times
for r in $(seq "$rounds"); do
    echo "round $r of $rounds" >&2
    for tree in filing head; do
        times[$tree-corpus]+="$(run $tree corpus ./target/release/lawbook test corpus) "
        one_thread=(--jobs 1)
        [ "$tree" = filing ] && one_thread=()
        times[$tree-jobs1]+="$(run $tree jobs1 ./target/release/lawbook test corpus "${one_thread[@]}") "
        [ "$tree" = head ] && times[head-same]+="$(run head same ./target/release/lawbook test same) "
        times[$tree-case]+="$(cd "$work/$tree" && ./target/release/examples/one_case $case 5 | stats | cut -d' ' -f1) "
    done
    # What this machine's processors give together: two of HEAD's one-thread passes started
    # at once, until both have ended (against one alone, the `jobs1` line), so that the
    # 2-core line can be read (two processors that share a core's resources, or whose host
    # is busy, give less than twice one's work).
    times[head-pair]+="$(run head pair bash -c 'p() { ./target/release/lawbook test corpus --jobs 1; }; p & q=$!; p && wait $q') "
done

# median and quartiles of the times kept under KEY (`measured KEY`)
measured() {
    tr ' ' '\n' <<<"${times[$1]}" | grep . | stats
}

for what in corpus same jobs1 case; do
    read -r fm fq1 fq3 <<<"$(measured filing-${what/same/corpus})"
    read -r hm hq1 hq3 <<<"$(measured head-$what)"
    label=$(case $what in corpus) echo "lawbook test corpus";; same) echo "the filing's cases (HEAD: same/)";; jobs1) echo "lawbook test corpus, one thread";; case) echo "29/open ruled and rendered alone";; esac)
    printf '%-34s filing %8.1f ms (%.1f-%.1f)  head %7.1f ms (%.1f-%.1f)  %.1fx\n' \
        "$label" "$fm" "$fq1" "$fq3" "$hm" "$hq1" "$hq3" "$(awk -v a="$fm" -v b="$hm" 'BEGIN {print a / b}')"
done
# The cores each program kept busy in its corpus runs, medians: the filing one, HEAD on 2
# cores some 1.8-1.9 (one core idle in the run's first and last few milliseconds).
median() {
    stats <"$1" | cut -d' ' -f1
}
printf 'cores kept busy (medians): test corpus: filing %s, head %s; one thread: filing %s, head %s\n' \
    "$(median "$work/cores-filing-corpus")" "$(median "$work/cores-head-corpus")" \
    "$(median "$work/cores-filing-jobs1")" "$(median "$work/cores-head-jobs1")"
read -r pm pq1 pq3 <<<"$(measured head-pair)"
read -r hm _ <<<"$(measured head-jobs1)"
printf 'two one-thread passes of head at once %.1f ms (%.1f-%.1f), one alone %.1f ms: the processors give %.2fx one processor\x27s work\n' \
    "$pm" "$pq1" "$pq3" "$hm" "$(awk -v a="$hm" -v b="$pm" 'BEGIN {print 2 * a / b}')"
