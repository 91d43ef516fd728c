//! "Did you mean …?" for misspelt names and keys.

/// The closest candidate within a small edit distance, if any; of equally close ones, the
/// first in alphabetical order. (Candidates are often the keys of a HashMap, whose order
/// changes from run to run: the suggestion must not.)
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let w = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&w, &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= (c.chars().count() / 3).max(1) + usize::from(w.len() > 6))
        .min()
        .map(|(_, c)| c)
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
}
