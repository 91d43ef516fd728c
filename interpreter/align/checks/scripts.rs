//! A word that mixes Latin letters with Cyrillic or Greek ones (`odovzдание`): a look-alike
//! typed or converted in, invisible on the page and wrong for search and spelling. The test
//! is compare's (`mixed_scripts`, Unicode's UTS #39); here each odd letter is named.

use super::super::{Alignment, Finding, UnitKind};
use unicode_script::UnicodeScript;

/// `U+0434 д (Cyrillic)`: the code point, the letter, its script. (Unicode names would need
/// a names table the project does not carry.)
pub(super) fn describe(c: char) -> String {
    format!("U+{:04X} {c} ({})", c as u32, c.script().full_name())
}

pub(super) fn check(a: &Alignment) -> Vec<Finding> {
    let mut out = Vec::new();
    // Footnotes, contents and index too: a look-alike is wrong wherever it is.
    for u in a.units.iter().filter(|u| u.kind != UnitKind::Artefact) {
        for (n, line) in super::unit_lines(u) {
            for (word, foreign) in crate::compare::extract::mixed_scripts(line) {
                let mut odd: Vec<String> = Vec::new();
                for c in foreign {
                    let d = describe(c);
                    if !odd.contains(&d) {
                        odd.push(d);
                    }
                }
                out.push(Finding::MixedScript {
                    key: u.key.clone(),
                    line: n,
                    word,
                    odd,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_named_by_code_point_and_script() {
        assert_eq!(describe('о'), "U+043E о (Cyrillic)");
        assert_eq!(describe('ο'), "U+03BF ο (Greek)");
    }
}
