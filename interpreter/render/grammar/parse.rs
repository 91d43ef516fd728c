//! The reader of `laws/render.grammar`: each language's section, checked, with every error
//! at the bytes it is about.

use super::*;

/// A `name: values` line of the grammar file: each value with its bytes in the file.
struct Field<'a> {
    name: &'a str,
    /// The line's bytes, for what is wrong with it as a whole.
    span: Range<usize>,
    values: Vec<(&'a str, Range<usize>)>,
}

impl Field<'_> {
    fn error(&self, message: impl Into<String>) -> GrammarError {
        GrammarError {
            span: self.span.clone(),
            message: message.into(),
        }
    }
}

fn error_at(span: &Range<usize>, message: impl Into<String>) -> GrammarError {
    GrammarError {
        span: span.clone(),
        message: message.into(),
    }
}

/// Every field a section may give, in the order the file's head comment lists them: its
/// name, and whether it is vowel harmony's (which needs the language's `vowels`). Each is
/// given once, but `suffix`, once a suffix.
const FIELDS: [(&str, bool); 20] = [
    ("plural", false),
    ("count-forms", false),
    ("decimal-mark", false),
    ("vowels", false),
    ("lengthen", true),
    ("suffix", true),
    ("cases", true),
    ("number-suffixes", true),
    ("ones", true),
    ("tens", true),
    ("hundred", true),
    ("thousand", true),
    ("million", true),
    ("one-unsaid-before", true),
    ("number-word-before", true),
    ("number-as-word", true),
    ("digraphs", true),
    ("letters", true),
    ("letter-default", true),
    ("article", true),
];

const PLACES: [&str; 3] = ["hundred", "thousand", "million"];

impl Grammar {
    /// Reads the text of `laws/render.grammar` (its format is the file's head comment);
    /// every error, each with the bytes it is about.
    pub fn parse(src: &str) -> Result<Grammar, Vec<GrammarError>> {
        let mut errors = vec![];
        // Each language's section: where its head is and its fields.
        let mut sections: [Option<(Range<usize>, Vec<Field>)>; 4] = Default::default();
        let mut current: Option<usize> = None;
        let mut at = 0;
        for raw in src.split_inclusive('\n') {
            let start = at;
            at += raw.len();
            let content = raw.split('#').next().unwrap_or("");
            let trimmed = content.trim();
            if trimmed.is_empty() {
                continue;
            }
            let offset = start + (content.len() - content.trim_start().len());
            let span = offset..offset + trimmed.len();
            if let Some(head) = trimmed.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
                current = None;
                match Lang::parse(head.trim()) {
                    Some(lang) => {
                        let i = lang_index(lang);
                        if sections[i].is_some() {
                            errors.push(error_at(&span, format!("`[{head}]` is given twice")));
                        } else {
                            sections[i] = Some((span, vec![]));
                            current = Some(i);
                        }
                    }
                    None => errors.push(error_at(
                        &span,
                        format!("`[{head}]` is not a language's section: en, sk, pl or hu"),
                    )),
                }
                continue;
            }
            let Some((name, values)) = trimmed.split_once(':') else {
                errors.push(error_at(
                    &span,
                    format!("`{trimmed}` is not `name: values`"),
                ));
                continue;
            };
            let values_at = offset + name.len() + 1;
            let mut words = vec![];
            let mut from = 0;
            for word in values.split_whitespace() {
                let i = from + values[from..].find(word).unwrap_or(0);
                words.push((word, values_at + i..values_at + i + word.len()));
                from = i + word.len();
            }
            let field = Field {
                name: name.trim(),
                span,
                values: words,
            };
            match current {
                Some(i) => sections[i].as_mut().expect("current").1.push(field),
                None => errors.push(field.error(
                    "a field outside a language's section: start one with `[en]`, `[sk]`, `[pl]` or `[hu]`",
                )),
            }
        }
        let mut grammar = Grammar::default();
        for lang in Lang::ALL {
            let i = lang_index(lang);
            match &sections[i] {
                None => errors.push(error_at(
                    &(0..0),
                    format!("the grammar has no `[{}]` section: every language of the renderings needs its plural categories", lang.code()),
                )),
                Some((head, fields)) => match language(head, fields) {
                    Ok(g) => grammar.langs[i] = g,
                    Err(es) => errors.extend(es),
                },
            }
        }
        if errors.is_empty() {
            Ok(grammar)
        } else {
            errors.sort_by_key(|e| e.span.start);
            Err(errors)
        }
    }
}

/// A language's grammar from its section's fields.
fn language(head: &Range<usize>, fields: &[Field]) -> Result<LangGrammar, Vec<GrammarError>> {
    let mut errors = vec![];
    let mut seen: Vec<&str> = vec![];
    for f in fields {
        if !FIELDS.iter().any(|(name, _)| *name == f.name) {
            let names: Vec<&str> = FIELDS.iter().map(|(n, _)| *n).collect();
            errors.push(f.error(format!(
                "`{}` is not a field of a language's grammar: {}",
                f.name,
                names.join(", ")
            )));
        } else if f.name != "suffix" {
            if seen.contains(&f.name) {
                errors.push(f.error(format!("`{}` is given twice in this section", f.name)));
            }
            seen.push(f.name);
        }
    }
    let field = |name: &str| fields.iter().find(|f| f.name == name);
    let mut g = LangGrammar::default();
    let errors_before = errors.len();
    match field("plural") {
        None => errors.push(error_at(
            head,
            "this language gives no `plural`: the plural categories its selectors list",
        )),
        Some(f) => {
            for (v, span) in &f.values {
                match Category::NAMES.iter().find(|(n, _)| n == v) {
                    Some((_, c)) => g.plural.push(*c),
                    None => errors.push(error_at(
                        span,
                        format!(
                            "`{v}` is not a plural category: zero, one, two, few, many or other"
                        ),
                    )),
                }
            }
            if f.values.is_empty() {
                errors.push(f.error("`plural` lists no category"));
            }
        }
    }
    match field("count-forms") {
        None => errors.push(error_at(
            head,
            "this language gives no `count-forms`: the forms of a counted noun in each plural category",
        )),
        Some(f) => {
            let mut groups = vec![vec![]];
            for (v, _) in &f.values {
                match *v {
                    "|" => groups.push(vec![]),
                    _ => groups.last_mut().expect("one").push(v.to_string()),
                }
            }
            if groups.iter().any(Vec::is_empty) {
                errors.push(f.error("a category of `count-forms` has no form: give one or more between the `|`"));
            } else if errors.len() == errors_before
                && !g.plural.is_empty()
                && groups.len() != g.plural.len()
            {
                // (Not said when a category was wrong: the counts then differ by that.)
                errors.push(f.error(format!(
                    "`count-forms` gives {} categories, `plural` lists {}: one list of forms a category, `|` between them",
                    groups.len(),
                    g.plural.len()
                )));
            }
            g.count_forms = groups;
        }
    }
    match field("decimal-mark").map(|f| (f, f.values.as_slice())) {
        None => errors.push(error_at(
            head,
            "this language gives no `decimal-mark`: what it writes between a number's whole part and its decimals (`.` or `,`)",
        )),
        Some((_, [(mark, _)])) => g.decimal_mark = mark.to_string(),
        Some((f, _)) => errors.push(f.error("`decimal-mark` gives one mark (`.` or `,`)")),
    }
    let harmony_field = fields.iter().find(|f| {
        FIELDS
            .iter()
            .any(|(name, harmony)| *harmony && *name == f.name)
    });
    match (field("vowels"), harmony_field) {
        (Some(v), _) => match harmony(v, fields) {
            Ok(h) => g.harmony = Some(h),
            Err(es) => errors.extend(es),
        },
        (None, Some(f)) => errors.push(f.error(format!(
            "`{}` is vowel harmony's, and this language gives no `vowels`: add `vowels: back=… front=… rounded=…`",
            f.name
        ))),
        (None, None) => {}
    }
    if errors.is_empty() {
        Ok(g)
    } else {
        Err(errors)
    }
}

/// `name=value` of a value, or an error saying what it should be.
fn pair<'a>(
    (v, span): &(&'a str, Range<usize>),
    what: &str,
) -> Result<(&'a str, &'a str), GrammarError> {
    match v.split_once('=') {
        Some((a, b)) if !a.is_empty() && !b.is_empty() => Ok((a, b)),
        _ => Err(error_at(span, format!("`{v}` is not `{what}`"))),
    }
}

/// One character of a value.
fn one_char(s: &str, span: &Range<usize>) -> Result<char, GrammarError> {
    let mut c = s.chars();
    match (c.next(), c.next()) {
        (Some(ch), None) => Ok(ch),
        _ => Err(error_at(span, format!("`{s}` is not one letter"))),
    }
}

/// A language's vowel harmony from its section's fields; `vowels` is its `vowels` line.
fn harmony(vowels: &Field, fields: &[Field]) -> Result<Harmony, Vec<GrammarError>> {
    let mut errors = vec![];
    let mut h = Harmony::default();
    let mut given = [false; 3];
    for v in &vowels.values {
        match pair(v, "class=vowels") {
            Ok((class, letters)) => match ["back", "front", "rounded"]
                .iter()
                .position(|c| *c == class)
            {
                Some(i) => {
                    h.vowels[i] = letters.chars().collect();
                    given[i] = true;
                }
                None => errors.push(error_at(
                    &v.1,
                    format!("`{class}` is not a class of vowels: back, front or rounded"),
                )),
            },
            Err(e) => errors.push(e),
        }
    }
    if given.contains(&false) {
        errors.push(vowels.error("`vowels` gives the three classes: `back=… front=… rounded=…`"));
    }
    // The suffixes first: the other fields name them by their back form.
    for f in fields.iter().filter(|f| f.name == "suffix") {
        let mut forms = vec![];
        let (mut after_vowel, mut kind) = (None, SuffixKind::Harmonic);
        for v in &f.values {
            match v.0 {
                "assimilates" => kind = SuffixKind::Assimilates,
                "plain" => kind = SuffixKind::Plain,
                w if w.starts_with("after-vowel=") => match &w["after-vowel=".len()..] {
                    "" => errors.push(f.error("`after-vowel=` gives the form after a vowel")),
                    form => after_vowel = Some(form.to_string()),
                },
                w => forms.push(w.to_string()),
            }
        }
        let forms = match (kind, forms.as_slice()) {
            (SuffixKind::Plain, [one]) => [one.clone(), one.clone(), one.clone()],
            (SuffixKind::Plain, _) => {
                errors.push(f.error("a `plain` suffix has one form"));
                continue;
            }
            (_, [back, front, rounded]) => [back.clone(), front.clone(), rounded.clone()],
            _ => {
                errors.push(f.error(
                    "a suffix gives its back, front and rounded forms (`suffix: hoz hez höz`), or one form and `plain`",
                ));
                continue;
            }
        };
        if h.suffixes.iter().any(|s| s.forms[0] == forms[0]) {
            errors.push(f.error(format!("the suffix `{}` is given twice", forms[0])));
            continue;
        }
        h.suffixes.push(Suffix {
            forms,
            after_vowel,
            kind,
        });
    }
    let names: Vec<String> = h.suffixes.iter().map(|s| s.forms[0].clone()).collect();
    let suffix = |name: &str, span: &Range<usize>| -> Result<usize, GrammarError> {
        names.iter().position(|s| s == name).ok_or_else(|| {
            error_at(
                span,
                format!("`{name}` is not a suffix of this language: add `suffix: {name} …`"),
            )
        })
    };
    let mut cases = vec![];
    let mut number_suffixes = vec![];
    let mut word_before = vec![];
    let mut as_word = vec![];
    for f in fields {
        let mut push = |r: Result<(), GrammarError>| {
            if let Err(e) = r {
                errors.push(e)
            }
        };
        match f.name {
            "lengthen" => {
                for v in &f.values {
                    push(pair(v, "short=long").and_then(|(a, b)| {
                        h.lengthen.push((one_char(a, &v.1)?, one_char(b, &v.1)?));
                        Ok(())
                    }));
                }
            }
            "cases" => {
                for v in &f.values {
                    push(pair(v, "case=suffix").and_then(|(case, s)| {
                        cases.push((case.to_string(), suffix(s, &v.1)?));
                        Ok(())
                    }));
                }
            }
            "number-suffixes" => {
                for (v, span) in &f.values {
                    push(suffix(v, span).map(|s| number_suffixes.push(s)));
                }
            }
            "number-word-before" | "number-as-word" => {
                let [(s, span), rest @ ..] = f.values.as_slice() else {
                    push(Err(f.error(format!("`{}` names a suffix first", f.name))));
                    continue;
                };
                let s = match suffix(s, span) {
                    Ok(s) => s,
                    Err(e) => {
                        push(Err(e));
                        continue;
                    }
                };
                for v in rest {
                    if f.name == "number-word-before" {
                        push(
                            pair(v, "word=its form before the suffix")
                                .map(|(a, b)| word_before.push((s, a.to_string(), b.to_string()))),
                        );
                    } else {
                        push(pair(v, "number=word").and_then(|(n, w)| {
                            let n = n
                                .parse::<i64>()
                                .map_err(|_| error_at(&v.1, format!("`{n}` is not a number")))?;
                            as_word.push((s, n, w.to_string()));
                            Ok(())
                        }));
                    }
                }
            }
            "ones" | "tens" => {
                let words: Vec<String> = f.values.iter().map(|(v, _)| v.to_string()).collect();
                if words.len() != 10 {
                    push(Err(f.error(format!(
                        "`{}` gives the words of the ten digits' places, 0 to 9 (`-` for none), not {}",
                        f.name,
                        words.len()
                    ))));
                } else if f.name == "ones" {
                    h.reading.ones = words;
                } else {
                    h.reading.tens = words;
                }
            }
            "hundred" | "thousand" | "million" | "letter-default" => match f.values.as_slice() {
                [(w, _)] => match PLACES.iter().position(|p| *p == f.name) {
                    Some(i) => h.reading.places[i] = w.to_string(),
                    None => h.letter_default = w.to_string(),
                },
                _ => push(Err(f.error(format!("`{}` gives one word", f.name)))),
            },
            "one-unsaid-before" => {
                for (v, span) in &f.values {
                    match PLACES.iter().position(|p| p == v) {
                        Some(i) => h.reading.one_unsaid[i] = true,
                        None => push(Err(error_at(
                            span,
                            format!("`{v}` is not hundred, thousand or million"),
                        ))),
                    }
                }
            }
            "digraphs" => h.digraphs = f.values.iter().map(|(v, _)| v.to_string()).collect(),
            "letters" => {
                for v in &f.values {
                    push(
                        pair(v, "letter=name")
                            .map(|(l, n)| h.letters.push((l.to_lowercase(), n.to_string()))),
                    );
                }
            }
            "article" => match f.values.as_slice() {
                [(a, _), (b, _)] => h.article = Some((a.to_string(), b.to_string())),
                _ => push(Err(f.error(
                    "`article` gives two words: before a consonant, then before a vowel (`a az`)",
                ))),
            },
            _ => {}
        }
    }
    let reads_numbers = fields
        .iter()
        .find(|f| f.name == "number-suffixes" || f.name == "article");
    let reading = &h.reading;
    if let Some(f) = reads_numbers {
        if reading.ones.is_empty()
            || reading.tens.is_empty()
            || reading.places.iter().any(String::is_empty)
        {
            errors.push(f.error(format!(
                "`{}` reads numbers aloud: give `ones`, `tens`, `hundred`, `thousand` and `million`",
                f.name
            )));
        }
    }
    // Longest first, so that a digraph or a letter that ends another is not taken for it.
    h.digraphs
        .sort_by_key(|d| std::cmp::Reverse(d.chars().count()));
    h.letters
        .sort_by_key(|(l, _)| std::cmp::Reverse(l.chars().count()));
    h.cases = cases;
    h.number_suffixes = number_suffixes;
    h.word_before = word_before;
    h.as_word = as_word;
    if errors.is_empty() {
        Ok(h)
    } else {
        Err(errors)
    }
}
