//! Which language a case is written in: the one its `language` line names, or the one its
//! keys belong to; for a case that does not parse, the one most of its lines begin with.

use super::*;

/// The case's language: the value of its `language` key (`jazyk`, `język`, `nyelv`), or the
/// one language all its keys belong to. Keys of another language are reported where they
/// stand, by the key reader.
pub(super) fn case_language(
    w: &CaseWords,
    entries: &[RawEntry],
    said_in: Option<Lang>,
    diags: &mut Vec<Diag>,
) -> Lang {
    // What each entry's key is in each language, looked up once for both questions below.
    let keys: Vec<[Option<&str>; 4]> = entries
        .iter()
        .map(|e| w.lookup_each("key", &e.key.text))
        .collect();
    fn id_in<'w>(k: &[Option<&'w str>; 4], l: Lang) -> Option<&'w str> {
        k[words::lang_index(l)]
    }
    for (e, k) in entries.iter().zip(&keys) {
        // The language of the key's own word says the messages about its value.
        let Some(key_lang) = Lang::ALL
            .into_iter()
            .find(|l| id_in(k, *l) == Some("language"))
        else {
            continue;
        };
        let cx = Cx {
            w,
            lang: key_lang,
            said: said_in.unwrap_or(key_lang),
            file: e.span.file,
        };
        match e.words.as_slice() {
            [v] => match Lang::parse(&fold(&v.text)) {
                Some(l) => return l,
                None => {
                    diags.push(cx.error("case.language", v.span, &[("word", (&v.text).into())]))
                }
            },
            _ => diags.push(cx.error(
                "case.language.one",
                e.span,
                &[("key", (&e.key.text).into())],
            )),
        }
        return Lang::En;
    }
    let mut cand: Option<(Vec<Lang>, &Word)> = None;
    for (e, k) in entries.iter().zip(&keys) {
        let langs: Vec<Lang> = Lang::ALL
            .into_iter()
            .filter(|l| id_in(k, *l).is_some())
            .collect();
        if langs.is_empty() {
            continue;
        }
        cand = match cand {
            None => Some((langs, &e.key)),
            Some((c, first)) => {
                let both: Vec<Lang> = c.iter().copied().filter(|l| langs.contains(l)).collect();
                Some(if both.is_empty() {
                    (c, first)
                } else {
                    (both, first)
                })
            }
        };
    }
    match cand {
        None => Lang::En,
        Some((c, _)) if c.len() == 1 => c[0],
        Some((c, _)) if c.contains(&Lang::En) => Lang::En,
        Some((c, first)) => {
            // Which language to say it in is the question: each of them says it.
            let names: Vec<String> = c
                .iter()
                .map(|l| {
                    format!(
                        "`{} {}`",
                        w.word("key", "language", *l).unwrap_or("language"),
                        l.code()
                    )
                })
                .collect();
            let in_each: Vec<Lang> = match said_in {
                Some(l) => vec![l],
                None => c.clone(),
            };
            let cxs: Vec<Cx> = in_each
                .iter()
                .map(|l| Cx {
                    w,
                    lang: *l,
                    said: *l,
                    file: first.span.file,
                })
                .collect();
            let each = |id: &str| -> String {
                let said: Vec<String> = cxs
                    .iter()
                    .map(|cx| {
                        let args = [
                            ("langs", cx.in_langs(&c).into()),
                            ("choices", cx.or_list(&names).into()),
                        ];
                        cx.say(id, &args)
                    })
                    .collect();
                said.join(" / ")
            };
            diags.push(
                Diag::new(E_CASE, each("case.which_language"))
                    .label(first.span, each("case.which_language.label"))
                    .help(each("case.which_language.help")),
            );
            c[0]
        }
    }
}

/// The language a case that does not parse is most likely written in: the one its `language`
/// line names, or the one most of its lines' first words are keys of (English if none).
pub(super) fn likely_language(w: &CaseWords, text: &str) -> Lang {
    let mut votes = [0usize; 4];
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let Some(first) = words.next() else { continue };
        for l in Lang::ALL {
            match w.lookup("key", l, first) {
                Some("language") => {
                    if let Some(named) = words.next().and_then(|v| Lang::parse(&fold(v))) {
                        return named;
                    }
                }
                Some(_) => votes[words::lang_index(l)] += 1,
                None => {}
            }
        }
    }
    // Ties go to English, then to the languages in their order.
    let best = votes.iter().copied().max().unwrap_or(0);
    Lang::ALL
        .into_iter()
        .find(|l| best > 0 && votes[words::lang_index(*l)] == best)
        .unwrap_or(Lang::En)
}
