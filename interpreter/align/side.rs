//! Two (or more) aligned texts side by side, one row per key, for `lawbook show 27B`.

use super::{Alignment, Key, Unit};
use std::collections::BTreeSet;
use unicode_width::UnicodeWidthStr;

/// `key` in two texts side by side, each column `(width - 3) / 2` characters wide.
/// `left` and `right` are (column title, alignment).
pub fn side_by_side(
    key: &str,
    left: (&str, &Alignment),
    right: (&str, &Alignment),
    width: usize,
) -> String {
    columns(key, &[left, right], width)
}

/// `key` in any number of texts side by side. A law key (27B) shows every unit inside it, one
/// row per key, with the footnotes each unit cites; any other key (`definitions/Alert`,
/// `footnote/2`) shows that unit.
pub fn columns(key: &str, texts: &[(&str, &Alignment)], width: usize) -> String {
    let n = texts.len().max(1);
    let sep = " │ ";
    let col = (width.saturating_sub(UnicodeWidthStr::width(sep) * (n - 1)) / n).max(16);
    let mut out = String::new();
    let titles: Vec<String> = texts
        .iter()
        .map(|(t, a)| format!("{t} ({} {})", a.lang, a.edition))
        .collect();
    push_row(&mut out, &titles, col, sep);
    out.push_str(&"─".repeat(col * n + UnicodeWidthStr::width(sep) * (n - 1)));
    out.push('\n');

    let rows: Vec<(String, Vec<Vec<&Unit>>)> = match Key::parse(key) {
        Some(k) => {
            let mut keys: BTreeSet<Key> = BTreeSet::new();
            for (_, a) in texts {
                for u in a.within(&k) {
                    if let Some(uk) = u.law_key() {
                        keys.insert(uk);
                    }
                }
            }
            keys.into_iter()
                .map(|rk| {
                    let s = rk.to_string();
                    let cells = texts
                        .iter()
                        .map(|(_, a)| a.units.iter().filter(|u| u.key == s).collect())
                        .collect();
                    (s, cells)
                })
                .collect()
        }
        None => vec![(
            key.to_string(),
            texts
                .iter()
                .map(|(_, a)| a.units.iter().filter(|u| u.key == key).collect())
                .collect(),
        )],
    };
    if rows.is_empty() {
        out.push_str(&format!("{key}: in none of the texts\n"));
        return out;
    }
    for (rk, cells) in rows {
        out.push_str(&format!("■ {rk}\n"));
        let rendered: Vec<String> = cells
            .iter()
            .zip(texts)
            .map(|(units, (_, a))| {
                if units.is_empty() {
                    return "(not in this text)".to_string();
                }
                let mut s = String::new();
                for u in units {
                    if !s.is_empty() {
                        s.push_str(" ¶ ");
                    }
                    if let Some(l) = &u.label {
                        s.push_str(&format!("[{l}] "));
                    }
                    s.push_str(&u.plain_text());
                    s.push_str(&format!(" ⟨{}⟩", lines_of(u)));
                    for f in a.footnotes_of(u) {
                        s.push_str(&format!(" ¶ [{}] {}", f.key, f.plain_text()));
                    }
                }
                s
            })
            .collect();
        push_row(&mut out, &rendered, col, sep);
    }
    out
}

fn lines_of(u: &Unit) -> String {
    let first = u.first_line();
    let last = u.last_line();
    if first == last {
        format!("line {first}")
    } else {
        format!("lines {first}–{last}")
    }
}

fn push_row(out: &mut String, cells: &[String], col: usize, sep: &str) {
    let wrapped: Vec<Vec<String>> = cells.iter().map(|c| wrap(c, col)).collect();
    let height = wrapped.iter().map(Vec::len).max().unwrap_or(0);
    for r in 0..height {
        let mut line = String::new();
        for (ci, w) in wrapped.iter().enumerate() {
            let cell = w.get(r).map(String::as_str).unwrap_or("");
            line.push_str(cell);
            if ci + 1 < wrapped.len() {
                line.push_str(&" ".repeat(col.saturating_sub(UnicodeWidthStr::width(cell))));
                line.push_str(sep);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// Word wrap to `width` columns (textwrap: display width, so a wide letter counts as two);
/// words longer than a line are cut.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let opts = textwrap::Options::new(width.max(1)).break_words(true);
    let lines: Vec<String> = textwrap::wrap(text, opts)
        .into_iter()
        .map(|l| l.into_owned())
        .collect();
    if lines.is_empty() {
        vec![String::new()]
    } else {
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_word_boundaries() {
        assert_eq!(wrap("a bb ccc dddd", 6), vec!["a bb", "ccc", "dddd"]);
        assert_eq!(wrap("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap("", 3), vec![""]);
    }
}
