//! "Did you mean …?" for misspelt names and keys.

/// The closest candidate within a small edit distance, if any.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let w = word.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(&w, &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= (c.chars().count() / 3).max(1) + usize::from(w.len() > 6))
        .min_by_key(|(d, _)| *d)
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
}
