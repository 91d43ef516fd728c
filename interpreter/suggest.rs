//! "Did you mean …?" for misspelt names and keys.

/// The closest candidate within a small edit distance, if any; of equally close ones, the
/// first in alphabetical order. (Candidates are often the keys of a HashMap, whose order
/// changes from run to run: the suggestion must not.)
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let w = word.to_lowercase();
    let w_len = w.chars().count();
    let w_bag = Bag::of(&w);
    let long = usize::from(w.len() > 6);
    candidates
        .into_iter()
        .filter_map(|c| {
            let c_len = c.chars().count();
            let max = (c_len / 3).max(1) + long;
            // Cheap lower bounds of the edit distance first: with 10,000 unknown names among
            // 10,000 definitions, or a name of a million letters, the full distance for
            // every pair took minutes.
            if w_len.abs_diff(c_len) > max {
                return None;
            }
            let c = (c, c.to_lowercase());
            if let Some(bag) = w_bag.as_ref().filter(|_| c.1.is_ascii()) {
                if bag.distance(&c.1) > max {
                    return None;
                }
            }
            let d = strsim::damerau_levenshtein(&w, &c.1);
            (d <= max).then_some((d, c.0))
        })
        .min()
        .map(|(_, c)| c)
}

/// The letters of an ASCII word, counted; the larger of the two one-sided differences of two
/// bags is a lower bound of their edit distance (a transposition keeps the bag).
struct Bag {
    counts: [u16; 128],
    len: usize,
}

impl Bag {
    fn of(s: &str) -> Option<Bag> {
        if !s.is_ascii() || s.len() > u16::MAX as usize {
            return None;
        }
        let mut counts = [0u16; 128];
        for c in s.bytes() {
            counts[c as usize] += 1;
        }
        Some(Bag {
            counts,
            len: s.len(),
        })
    }

    /// The bag distance to an ASCII word, in one pass over the word.
    fn distance(&self, word: &str) -> usize {
        let mut left = self.counts;
        let mut only_word = 0;
        for c in word.bytes() {
            match &mut left[c as usize & 127] {
                0 => only_word += 1,
                n => *n -= 1,
            }
        }
        let only_self = self.len - (word.len() - only_word);
        only_self.max(only_word)
    }
}

pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match closest(word, candidates) {
        Some(c) => format!("did you mean `{c}`?"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_near_misses_only() {
        assert_eq!(
            closest("auktion", ["auction", "board", "deal"]),
            Some("auction")
        );
        assert_eq!(closest("lho", ["lho", "rho"]), Some("lho"));
        assert_eq!(closest("zzzzzz", ["auction", "board"]), None);
    }

    #[test]
    fn a_tie_is_broken_the_same_way_in_any_order() {
        // "tho" is one edit from both.
        assert_eq!(closest("tho", ["rho", "lho"]), Some("lho"));
        assert_eq!(closest("tho", ["lho", "rho"]), Some("lho"));
    }

    #[test]
    fn a_transposition_passes_the_bag_filter() {
        assert_eq!(closest("auciton", ["auction"]), Some("auction"));
        assert_eq!(closest("Dclarer", ["declarer"]), Some("declarer"));
    }

    #[test]
    fn a_huge_word_is_compared_by_length_only() {
        // A million letters against every name: no edit distance is computed.
        let word = "a".repeat(1_000_000);
        assert_eq!(closest(&word, ["a", "aa", "auction"]), None);
    }
}
