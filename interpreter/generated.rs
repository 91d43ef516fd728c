//! Generated inputs for the unit tests that try many of them: a fixed xorshift sequence, so
//! that a failure reproduces, and the check that a grammar rule rewritten for speed takes
//! what a plain reading of it takes.

pub(crate) struct Xorshift(pub(crate) u64);

impl Xorshift {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// A string of fewer than `n` characters of `alphabet`.
    pub(crate) fn string(&mut self, alphabet: &[char], n: u64) -> String {
        (0..self.below(n))
            .map(|_| alphabet[self.below(alphabet.len() as u64) as usize])
            .collect()
    }
}

/// On 5,000 strings of up to eight characters of `alphabet`, the rule `rule` of parser `P`
/// takes from the start of each as many bytes as `expected` says (nothing when it fails).
pub(crate) fn rule_takes<R: pest::RuleType, P: pest::Parser<R>>(
    rule: R,
    alphabet: &[char],
    expected: impl Fn(&str) -> usize,
) {
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    for _ in 0..5000 {
        let s = rng.string(alphabet, 9);
        let taken = P::parse(rule, &s)
            .map(|mut p| p.next().map_or(0, |w| w.as_str().len()))
            .unwrap_or(0);
        assert_eq!(taken, expected(&s), "{s:?}");
    }
}
