//! The expected structure of each edition: the list of keys a complete text has.
//!
//! The lists are data, in laws/<edition>/structure.txt, one key per line in document order,
//! `#` starting a comment. How each list was made is written at its top. The aligner compares
//! every text with its edition's list; nothing about the structure lives in Rust code.

use super::key::Key;
use super::Edition;
use std::collections::{BTreeSet, HashMap};

/// An edition's expected keys, in order.
#[derive(Clone, Debug)]
pub struct Structure {
    pub keys: Vec<Key>,
    index: HashMap<Key, usize>,
}

impl Structure {
    pub fn new(keys: Vec<Key>) -> Structure {
        let index = keys
            .iter()
            .enumerate()
            .map(|(i, k)| (k.clone(), i))
            .collect();
        Structure { keys, index }
    }

    pub fn contains(&self, k: &Key) -> bool {
        self.index.contains_key(k)
    }

    pub fn position(&self, k: &Key) -> Option<usize> {
        self.index.get(k).copied()
    }

    /// The keys one level below the law `law` (sections, or paragraphs of a law without
    /// sections), in order.
    pub fn tops(&self, law: u16) -> Vec<Key> {
        self.keys
            .iter()
            .filter(|k| k.law == law && k.depth() == 1)
            .cloned()
            .collect()
    }

    pub fn laws(&self) -> usize {
        self.keys.iter().filter(|k| k.depth() == 0).count()
    }

    /// The structure of an edition, from the file embedded at build time.
    pub fn of(edition: Edition) -> Structure {
        let src = match edition {
            Edition::E2017 => include_str!("../../laws/2017/structure.txt"),
            Edition::E2007 => include_str!("../../laws/2007/structure.txt"),
            Edition::E1997 => include_str!("../../laws/1997/structure.txt"),
        };
        match parse(src) {
            Ok(keys) => Structure::new(keys),
            // The files are checked by a test; a broken one is a build of this repository
            // that must not ship, so say which line is wrong.
            Err((line, msg)) => panic!("laws/{edition}/structure.txt line {line}: {msg}"),
        }
    }
}

/// Parses a structure file: one key per line, `#` comments, blank lines ignored.
pub fn parse(src: &str) -> Result<Vec<Key>, (usize, String)> {
    let mut keys = Vec::new();
    let mut seen = BTreeSet::new();
    for (i, line) in src.lines().enumerate() {
        let body = line.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let key = Key::parse(body).ok_or((i + 1, format!("`{body}` is not a key")))?;
        if !seen.insert(key.clone()) {
            return Err((i + 1, format!("`{body}` is listed twice")));
        }
        if let Some(prev) = keys.last() {
            if key < *prev {
                return Err((
                    i + 1,
                    format!("`{body}` comes after `{prev}`: keys must be in order"),
                ));
            }
        }
        keys.push(key);
    }
    Ok(keys)
}

/// The union of several texts' labels, in order: the first draft of a structure file.
pub fn union(lists: &[Vec<Key>]) -> Vec<Key> {
    let set: BTreeSet<Key> = lists.iter().flatten().cloned().collect();
    set.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_structure_files_parse() {
        for e in [Edition::E2017, Edition::E2007, Edition::E1997] {
            let s = Structure::of(e);
            assert!(s.laws() >= 90, "{e}");
        }
        assert_eq!(Structure::of(Edition::E2017).laws(), 93);
    }

    #[test]
    fn order_and_duplicates_are_checked() {
        assert!(parse("1\n1A\n1B # note\n").is_ok());
        assert_eq!(parse("1\n1B\n1A\n").unwrap_err().0, 3);
        assert_eq!(parse("1\n1A\n1A\n").unwrap_err().0, 3);
        assert_eq!(parse("1\nxx\n").unwrap_err().0, 2);
    }
}
