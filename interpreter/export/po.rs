//! gettext PO, the format Poedit, Weblate, Pontoon and OmegaT read and write: the phrase files
//! go out as PO (`write`) and a translator's edited file comes back (`read`).
//!
//! The reader is ours: the crate that reads PO (polib 0.3) panics on an unterminated string or
//! a stray continuation line, and refuses a file without a header; a translator's file may be
//! any text, so every fault here is an error with its line. It takes what those tools write:
//! `msgctxt`, `msgid`, `msgstr` (each with continuation strings), `#, fuzzy`, comments, and
//! obsolete `#~` entries and plural entries, which it reads and marks.

use crate::phrases::Phrases;

/// One entry of a PO file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Entry {
    /// 1-based line of its first keyword.
    pub line: usize,
    pub msgctxt: Option<String>,
    pub msgid: String,
    /// The translation; None for a plural entry (`msgstr[N]`).
    pub msgstr: Option<String>,
    pub fuzzy: bool,
}

/// A line that is not PO.
#[derive(Clone, Debug, PartialEq)]
pub struct PoError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for PoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Field {
    Ctxt,
    Id,
    IdPlural,
    Str,
    StrPlural,
}

/// The entries of a PO file, the header (`msgid ""`) and obsolete entries left out.
pub fn read(text: &str) -> Result<Vec<Entry>, PoError> {
    read_file(text).map(|po| po.entries)
}

/// A PO file read: its entries, and the language its header names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Po {
    /// The header's `Language:` field (`pl`, `pl_PL`), if it has one.
    pub language: Option<String>,
    pub entries: Vec<Entry>,
}

/// `read`, with the header's language. A byte order mark at the start is not the file's
/// content (an editor on Windows may write one).
pub fn read_file(text: &str) -> Result<Po, PoError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut header: Option<String> = None;
    let mut out = vec![];
    let mut cur = Entry::default();
    let mut field: Option<Field> = None;
    let mut has_id = false;
    let mut plural = false;
    let mut fuzzy_next = false;
    // An entry ends: kept (the header aside, whose text is kept for its fields), or an error
    // when it has no `msgstr`, which every entry but a plural one has.
    let finish = |cur: &mut Entry,
                  has_id: &mut bool,
                  plural: &mut bool,
                  out: &mut Vec<Entry>,
                  header: &mut Option<String>|
     -> Result<(), PoError> {
        if *has_id && !*plural && cur.msgstr.is_none() {
            return Err(PoError {
                line: cur.line,
                message: format!("`msgid {}` has no `msgstr`", quoted(&cur.msgid)),
            });
        }
        if *has_id && cur.msgid.is_empty() && header.is_none() {
            *header = cur.msgstr.take();
        } else if *has_id && !cur.msgid.is_empty() {
            if *plural {
                cur.msgstr = None;
            }
            out.push(std::mem::take(cur));
        }
        *cur = Entry::default();
        *has_id = false;
        *plural = false;
        Ok(())
    };
    for (n, raw) in text.lines().enumerate() {
        let line = n + 1;
        let t = raw.trim();
        let err = |message: String| PoError { line, message };
        if t.is_empty() || t.starts_with("#~") {
            continue;
        }
        if let Some(flags) = t.strip_prefix("#,") {
            fuzzy_next |= flags.split(',').any(|f| f.trim() == "fuzzy");
            continue;
        }
        if t.starts_with('#') {
            continue;
        }
        if t.starts_with('"') {
            let s = string(t).map_err(err)?;
            match field {
                Some(Field::Ctxt) => cur.msgctxt.get_or_insert_with(String::new).push_str(&s),
                Some(Field::Id) => cur.msgid.push_str(&s),
                Some(Field::Str) => cur.msgstr.get_or_insert_with(String::new).push_str(&s),
                Some(Field::IdPlural | Field::StrPlural) => {}
                None => return Err(err("a string before any keyword".into())),
            }
            continue;
        }
        let (key, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
        let s = string(rest.trim()).map_err(|m| err(format!("`{key}`: {m}")))?;
        let starts_entry = matches!(key, "msgctxt") || (key == "msgid" && has_id);
        if starts_entry {
            finish(&mut cur, &mut has_id, &mut plural, &mut out, &mut header)?;
        }
        if matches!(key, "msgctxt" | "msgid") && !has_id && cur.line == 0 {
            cur.line = line;
            cur.fuzzy = std::mem::take(&mut fuzzy_next);
        }
        field = Some(match key {
            "msgctxt" => {
                cur.msgctxt = Some(s);
                Field::Ctxt
            }
            "msgid" => {
                cur.msgid = s;
                has_id = true;
                Field::Id
            }
            "msgid_plural" => {
                plural = true;
                Field::IdPlural
            }
            "msgstr" => {
                cur.msgstr = Some(s);
                Field::Str
            }
            k if k.starts_with("msgstr[") && k.ends_with(']') => {
                plural = true;
                Field::StrPlural
            }
            other => return Err(err(format!("`{other}` is not a PO keyword"))),
        });
        if matches!(field, Some(Field::Str | Field::StrPlural | Field::IdPlural)) && !has_id {
            return Err(err(format!("`{key}` without its `msgid`")));
        }
    }
    finish(&mut cur, &mut has_id, &mut plural, &mut out, &mut header)?;
    let language = header.as_deref().and_then(|h| {
        h.lines()
            .find_map(|l| l.trim().strip_prefix("Language:"))
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
    });
    Ok(Po {
        language,
        entries: out,
    })
}

/// A quoted PO string's content, its escapes read.
fn string(t: &str) -> Result<String, String> {
    let inner = t
        .strip_prefix('"')
        .and_then(|x| x.strip_suffix('"'))
        .filter(|_| t.len() >= 2)
        .ok_or_else(|| format!("`{t}` is not a quoted string"))?;
    let mut out = String::new();
    let mut it = inner.chars();
    while let Some(c) = it.next() {
        match c {
            '\\' => out.push(match it.next() {
                Some('n') => '\n',
                Some('t') => '\t',
                Some('r') => '\r',
                Some('"') => '"',
                Some('\\') => '\\',
                Some(x) => return Err(format!("`\\{x}` is not an escape of PO")),
                None => return Err("a `\\` at the end of the string".into()),
            }),
            '"' => return Err("a `\"` inside the string that is not escaped".into()),
            c => out.push(c),
        }
    }
    Ok(out)
}

/// A string as PO quotes it.
pub fn quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The phrases of `file` (its path in the repository, for the references) as a PO file in a
/// language: `msgctxt` the phrase's id, `msgid` its English template, `msgstr` the language's.
pub fn write(phrases: &Phrases, file: &str, lang: &str) -> String {
    let i = ["en", "sk", "pl", "hu"]
        .iter()
        .position(|l| *l == lang)
        .unwrap_or(0);
    let mut out = format!(
        "# The phrases of {file}, {lang}.\n\
         # Placeholders in braces are kept as written: {{name}}, {{name:FORM}}, {{=concept:FORM}},\n\
         # {{n#concept:case}}, {{n?one|few|other}} (docs/terms.md).\n\
         msgid \"\"\nmsgstr \"\"\n\"Project-Id-Version: lawbook {file}\\n\"\n\"Language: {lang}\\n\"\n\
         \"MIME-Version: 1.0\\n\"\n\"Content-Type: text/plain; charset=UTF-8\\n\"\n\
         \"Content-Transfer-Encoding: 8bit\\n\"\n"
    );
    for p in &phrases.phrases {
        let text = |k: usize| p.texts[k].as_ref().map_or("", |(t, _)| t.as_str());
        out.push_str(&format!(
            "\n#: {file}:{}\nmsgctxt {}\nmsgid {}\nmsgstr {}\n",
            p.line,
            quoted(&p.id),
            quoted(text(0)),
            quoted(text(i))
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn po_quotes_what_it_must() {
        assert_eq!(quoted("a \"b\" \\ c"), "\"a \\\"b\\\" \\\\ c\"");
    }

    #[test]
    fn what_the_tools_write_reads() {
        let po = "msgid \"\"\nmsgstr \"\"\n\"Language: pl\\n\"\n\n#: x:1\n#, fuzzy, c-format\nmsgctxt \"a\"\nmsgid \"A \\\"q\\\"\"\nmsgstr \"\"\n\"one \"\n\"two\\n\"\n\nmsgctxt \"b\"\nmsgid \"B\"\nmsgstr \"b\"\n\nmsgid \"n\"\nmsgid_plural \"ns\"\nmsgstr[0] \"x\"\nmsgstr[1] \"y\"\n\n#~ msgctxt \"old\"\n#~ msgid \"O\"\n#~ msgstr \"o\"\n";
        let e = read(po).unwrap();
        assert_eq!(e.len(), 3, "{e:?}");
        assert_eq!(e[0].msgctxt.as_deref(), Some("a"));
        assert_eq!(e[0].msgid, "A \"q\"");
        assert_eq!(e[0].msgstr.as_deref(), Some("one two\n"));
        assert!(e[0].fuzzy);
        assert_eq!(e[0].line, 7);
        assert!(!e[1].fuzzy);
        assert_eq!(e[1].msgstr.as_deref(), Some("b"));
        assert_eq!(e[2].msgstr, None, "a plural entry");
    }

    /// The header's language is read (the import checks it against `--lang`); a byte order
    /// mark is not content; an entry without `msgstr` is an error at its line, not a plural.
    #[test]
    fn the_header_names_the_language_and_every_entry_has_its_msgstr() {
        let po = "\u{feff}msgid \"\"\nmsgstr \"\"\n\"Project-Id-Version: x\\n\"\n\"Language: pl_PL\\n\"\n\nmsgctxt \"a\"\nmsgid \"A\"\nmsgstr \"a\"\n";
        let po = read_file(po).unwrap();
        assert_eq!(po.language.as_deref(), Some("pl_PL"));
        assert_eq!(po.entries.len(), 1);
        assert_eq!(
            read_file("msgctxt \"a\"\nmsgid \"A\"\nmsgstr \"a\"\n")
                .unwrap()
                .language,
            None
        );
        let e = read("msgctxt \"a\"\nmsgid \"A\"\n\nmsgctxt \"b\"\nmsgid \"B\"\nmsgstr \"b\"\n")
            .unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(e.message.contains("has no `msgstr`"), "{e}");
    }

    #[test]
    fn what_is_not_po_is_an_error_with_its_line() {
        for (text, line) in [
            ("msgid \"", 1),
            ("msgid \"a\"\nmsgstr \"b\"\n\"abc\n", 3),
            ("\"stray\"\n", 1),
            ("msgstr \"x\"\n", 1),
            ("msgid \"a\"\nmsgstr \"\\q\"\n", 2),
            ("hello\n", 1),
            ("msgid \"a\" \"b\"\n", 1),
        ] {
            let e = read(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
        }
    }

    proptest::proptest! {
        // A translator's file may be any text: the reader answers, it never panics.
        #[test]
        fn any_text_reads_or_is_refused(s in "(msgid |msgstr|msgctxt |msgstr\\[0\\] |#, fuzzy|#~ |\"|\\\\|[a-zé{} ]|\n){0,80}") {
            let _ = read(&s);
        }
    }

    #[test]
    fn a_written_file_reads_back_to_its_phrases() {
        let p = Phrases::parse(
            "t",
            "phrase a\n  en \"A \\\"x\\\" {n}\"\n  sk \"á\"\n  pl \"ą\"\n  hu \"\"\n",
        )
        .unwrap();
        let e = read(&write(&p, "t", "pl")).unwrap();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].msgctxt.as_deref(), Some("a"));
        assert_eq!(e[0].msgid, "A \"x\" {n}");
        assert_eq!(e[0].msgstr.as_deref(), Some("ą"));
    }
}
