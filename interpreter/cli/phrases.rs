//! `lawbook phrases [CORPUS] --lang L [--po]`: for a translator, every distinct sentence the
//! corpus's rulings say in a language, with how often and one case that says it; with `--po`,
//! the phrase templates of laws/render.phrases as a gettext PO file (the language's template
//! beside the English one), which Poedit, Weblate, Pontoon and OmegaT open.

use crate::phrases::Phrases;
use crate::runner::{case_name, rule_and_render, Books};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// The corpus whose rulings are listed: a folder of .case files.
    #[arg(default_value = "corpus")]
    pub corpus: PathBuf,
    /// The language whose sentences are listed (sk, pl, hu or en).
    #[arg(long, value_parser = ["en", "sk", "pl", "hu"])]
    pub lang: String,
    /// The folder that holds the law books and laws/render.phrases.
    #[arg(long, default_value = "laws")]
    pub laws: PathBuf,
    /// Write the phrase templates as a gettext PO file instead (msgctxt: the phrase's id;
    /// msgid: its English template; msgstr: the language's; the placeholders kept as written).
    #[arg(long)]
    pub po: bool,
    /// With --po: the messages about a case (laws/messages.phrases: the case reader's
    /// diagnostics, the table's objections) instead of the rulings' phrases.
    #[arg(long, requires = "po")]
    pub messages: bool,
}

/// A line of a rendering without the tree's drawing and the list dash: the sentence itself.
fn sentence(line: &str) -> &str {
    line.trim_start_matches(['│', '├', '└', '─', ' '])
        .trim_start_matches("- ")
        .trim_end()
}

pub fn run(a: Args) -> ExitCode {
    if a.po {
        return po(&a);
    }
    let cases = match super::corpus_cases(&a.corpus) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let mut books = Books::default();
    // Each sentence: how many times it is said, and the first case (in file order) saying it.
    let mut seen: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut ruled = 0;
    for (n, path) in cases.iter().enumerate() {
        if n % 100 == 0 {
            eprintln!(
                "ruling cases {}–{} of {} …",
                n + 1,
                (n + 100).min(cases.len()),
                cases.len()
            );
        }
        let name = case_name(path, &a.corpus);
        let Ok((_, goldens)) = rule_and_render(path, &name, &a.laws, &mut books) else {
            eprintln!("warning: {name} cannot be ruled; `lawbook test` says why");
            continue;
        };
        ruled += 1;
        let Some((_, text)) = goldens.iter().find(|(l, _)| *l == a.lang) else {
            continue;
        };
        // The first line names the case: it is said once per case and is left out.
        for line in text.lines().skip(1) {
            let s = sentence(line);
            if s.is_empty() {
                continue;
            }
            seen.entry(s.to_string()).or_insert((0, name.clone())).0 += 1;
        }
    }
    let mut rows: Vec<(&String, &(usize, String))> = seen.iter().collect();
    rows.sort_by(|x, y| y.1 .0.cmp(&x.1 .0).then(x.0.cmp(y.0)));
    outln!(
        "{} distinct sentences in {} ({} cases ruled); each with how often it is said and one case that says it:",
        rows.len(),
        a.lang,
        ruled
    );
    for (s, (count, case)) in rows {
        outln!("{count:>5}  {s}    [{case}]");
    }
    ExitCode::SUCCESS
}

/// The PO file: a header, then one entry per phrase in file order.
fn po(a: &Args) -> ExitCode {
    if a.messages {
        // Compiled in: the messages are said before any law book is read.
        let file = "laws/messages.phrases";
        outln!("{}", to_po(crate::messages::catalog(), file, &a.lang));
        return ExitCode::SUCCESS;
    }
    match crate::render::Lexicon::load(&a.laws) {
        Ok(lex) => {
            outln!("{}", to_po(&lex.phrases, "laws/render.phrases", &a.lang));
            ExitCode::SUCCESS
        }
        Err(d) => {
            eprint!("{}", crate::diagnostic::render_plain(&d));
            ExitCode::from(2)
        }
    }
}

/// A string as PO quotes it.
fn quoted(s: &str) -> String {
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

/// The phrases of `file` (its path in the repository, for the references) as a PO file.
pub fn to_po(phrases: &Phrases, file: &str, lang: &str) -> String {
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
    fn a_sentence_loses_the_tree_and_the_dash() {
        assert_eq!(
            sentence("│  │      - Juh neprijíma výnos"),
            "Juh neprijíma výnos"
        );
        assert_eq!(sentence("├─ áno"), "áno");
        assert_eq!(sentence("Auction: N 1♥"), "Auction: N 1♥");
    }

    #[test]
    fn po_quotes_what_it_must() {
        assert_eq!(quoted("a \"b\" \\ c"), "\"a \\\"b\\\" \\\\ c\"");
    }
}
