//! Paragraph keys: `27`, `27B`, `27B1`, `27B1(a)`, `30B1(b)(ii)`.
//!
//! A key names a place in a law: law number, section letter, paragraph number, sub-paragraph
//! letter, item (a roman numeral as in 2017, or a number in parentheses as in 1997's
//! `25B2(b)(1)`). The law files cite exactly this syntax.
//!
//! One extension exists for labels found in a translation that have no section: a numbered
//! paragraph directly under a law is written `35.1` (the 2017 Slovak Law 35 numbers what the
//! structure letters A-D). Such keys appear in reports as the label a text used; the expected
//! structures contain none.

use std::fmt;

/// The deepest level of a key: a roman numeral `(ii)` or a number `(2)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Item {
    Roman(u16),
    Num(u16),
}

/// A place in the Laws, from a whole law down to an item.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    pub law: u16,
    pub section: Option<char>,
    pub para: Option<u16>,
    pub sub: Option<char>,
    pub item: Option<Item>,
}

impl Key {
    pub fn law(law: u16) -> Key {
        Key {
            law,
            section: None,
            para: None,
            sub: None,
            item: None,
        }
    }

    /// How many levels below the law: 0 for a law, 1 for a section, ...
    pub fn depth(&self) -> usize {
        [
            self.section.is_some(),
            self.para.is_some(),
            self.sub.is_some(),
            self.item.is_some(),
        ]
        .iter()
        .filter(|b| **b)
        .count()
    }

    /// The key one level up, or None for a law.
    pub fn parent(&self) -> Option<Key> {
        let mut k = self.clone();
        if k.item.take().is_some() {
            return Some(k);
        }
        if k.sub.take().is_some() {
            return Some(k);
        }
        if k.para.take().is_some() {
            return Some(k);
        }
        if k.section.take().is_some() {
            return Some(k);
        }
        None
    }

    /// True when `self` is `other` or lies inside it (27B1(a) is within 27B and 27).
    pub fn is_within(&self, other: &Key) -> bool {
        fn part<T: PartialEq>(mine: &Option<T>, theirs: &Option<T>) -> bool {
            theirs.is_none() || mine == theirs
        }
        self.law == other.law
            && part(&self.section, &other.section)
            && part(&self.para, &other.para)
            && part(&self.sub, &other.sub)
            && part(&self.item, &other.item)
            && self.depth() >= other.depth()
    }

    /// Parses `27`, `27B`, `27B1`, `27B1(a)`, `30B1(b)(ii)`, `25B2(b)(1)`, `35.1`.
    /// Also accepts the Hungarian style without parentheses for one letter (`27B1b`).
    pub fn parse(s: &str) -> Option<Key> {
        let s = s.trim();
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == 0 || i > 2 {
            return None;
        }
        let law: u16 = s[..i].parse().ok()?;
        if law == 0 {
            return None;
        }
        let mut key = Key::law(law);
        if i < b.len() && b[i].is_ascii_uppercase() {
            key.section = Some(b[i] as char);
            i += 1;
        } else if i < b.len() && b[i] == b'.' {
            i += 1; // 35.1: a paragraph without a section
            if i >= b.len() || !b[i].is_ascii_digit() {
                return None;
            }
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i > start {
            if i - start > 2 {
                return None;
            }
            key.para = Some(s[start..i].parse().ok()?);
        }
        // One letter without parentheses (HU style 27B1b).
        if i + 1 == b.len() && b[i].is_ascii_lowercase() && key.para.is_some() {
            key.sub = Some(b[i] as char);
            return Some(key);
        }
        let mut groups = Vec::new();
        while i < b.len() {
            if b[i] != b'(' {
                return None;
            }
            let close = s[i..].find(')')? + i;
            groups.push(&s[i + 1..close]);
            i = close + 1;
        }
        // A sub-paragraph needs a paragraph or at least a section above it (`12A(a)`).
        if groups.len() > 2 || (!groups.is_empty() && key.para.is_none() && key.section.is_none()) {
            return None;
        }
        if let Some(g) = groups.first() {
            let mut cs = g.chars();
            let c = cs.next()?;
            if cs.next().is_some() || !c.is_ascii_lowercase() {
                return None;
            }
            key.sub = Some(c);
        }
        if let Some(g) = groups.get(1) {
            key.item = Some(if let Ok(n) = g.parse::<u16>() {
                Item::Num(n)
            } else {
                Item::Roman(roman_value(g)?)
            });
        }
        Some(key)
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.law)?;
        match (self.section, self.para) {
            (Some(s), Some(p)) => write!(f, "{s}{p}")?,
            (Some(s), None) => write!(f, "{s}")?,
            (None, Some(p)) => write!(f, ".{p}")?,
            (None, None) => {}
        }
        if let Some(c) = self.sub {
            write!(f, "({c})")?;
        }
        match self.item {
            Some(Item::Roman(n)) => write!(f, "({})", roman(n))?,
            Some(Item::Num(n)) => write!(f, "({n})")?,
            None => {}
        }
        Ok(())
    }
}

const ROMANS: [&str; 12] = [
    "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii",
];

/// Lower-case roman numeral for 1..=12.
pub fn roman(n: u16) -> &'static str {
    ROMANS
        .get(n.wrapping_sub(1) as usize)
        .copied()
        .unwrap_or("?")
}

/// The value of a lower-case roman numeral 1..=12.
pub fn roman_value(s: &str) -> Option<u16> {
    ROMANS.iter().position(|r| *r == s).map(|p| p as u16 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_the_key_syntax() {
        for s in [
            "27",
            "27B",
            "27B1",
            "27B1(a)",
            "30B1(b)(ii)",
            "25B2(b)(1)",
            "12A(a)",
            "35.1",
            "93C3(b)",
        ] {
            assert_eq!(Key::parse(s).unwrap().to_string(), s);
        }
        assert_eq!(Key::parse("27B1b").unwrap().to_string(), "27B1(b)");
    }

    #[test]
    fn rejects_what_is_not_a_key() {
        for s in [
            "",
            "B",
            "0",
            "123",
            "27b",
            "27B1(",
            "27B1(ab)",
            "27(a)",
            "27B1(a)(q)",
            "x27",
        ] {
            assert!(Key::parse(s).is_none(), "{s}");
        }
    }

    #[test]
    fn knows_ancestry() {
        let k = Key::parse("30B1(b)(ii)").unwrap();
        assert!(k.is_within(&Key::parse("30B").unwrap()));
        assert!(k.is_within(&Key::parse("30").unwrap()));
        assert!(!k.is_within(&Key::parse("30A").unwrap()));
        assert!(!Key::parse("30B").unwrap().is_within(&k));
        assert_eq!(k.parent().unwrap().to_string(), "30B1(b)");
        assert_eq!(Key::parse("30").unwrap().parent(), None);
        assert_eq!(k.depth(), 4);
    }
}
