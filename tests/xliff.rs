//! XLIFF 2.0 out and back in on the law book's four texts: a file imported as exported gives
//! the text back byte for byte; a file with one segment edited gives the text with only that
//! unit's lines changed; a file that is not one lawbook can put back is refused with its place
//! (exit 2). Also the TBX v2 export's structure, and, where the tools are on the machine,
//! translate-toolkit reading the TMX, TBX v2 and XLIFF files and xmllint validating them
//! against the schemas in the folder LAWBOOK_SCHEMAS names (they are not committed: see
//! docs/translators.md).

use clap::Parser;
use lawbook::align::{Edition, Lang};
use lawbook::export::cli::ExportArgs;
use lawbook::export::revise::{revise, text_of};
use lawbook::export::xliff::{unit_ids, xliff};
use lawbook::export::xliff_read::{read, Source};
use lawbook::export::{segment, tbx, tmx};
use lawbook::terms::texts::{self, Text};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const TEXTS: [(Lang, Edition); 4] = [
    (Lang::Sk, Edition::E2017),
    (Lang::Hu, Edition::E2017),
    (Lang::Pl, Edition::E2007),
    (Lang::Sk, Edition::E1997),
];

fn laws() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("laws")
}

fn load(lang: Lang, edition: Edition) -> Text {
    texts::load(&laws(), lang, edition).unwrap()
}

/// The revised text of an XLIFF document, or the diagnostic's message.
fn import(text: &Text, xml: &str) -> Result<(String, Vec<String>), String> {
    let src = Source::new("t.xlf", xml);
    let doc = read(xml, &src).map_err(|d| d.message)?;
    let (l, e) = text_of(&doc, &src).map_err(|d| d.message)?;
    assert_eq!((l, e), (text.lang, text.edition));
    let r = revise(text, &doc, &src).map_err(|d| d.message)?;
    Ok((r.text, r.changed))
}

/// The target of the unit `id` in a same-language file, edited.
fn edit(xml: &str, id: &str, f: impl Fn(&str) -> String) -> String {
    let at = xml.find(&format!("<unit id=\"{id}\"")).expect("the unit");
    let t = at + xml[at..].find("<target>").unwrap() + "<target>".len();
    let end = t + xml[t..].find("</target>").unwrap();
    format!("{}{}{}", &xml[..t], f(&xml[t..end]), &xml[end..])
}

#[test]
fn every_text_comes_back_byte_for_byte_and_an_edit_changes_its_unit_only() {
    for (lang, edition) in TEXTS {
        let text = load(lang, edition);
        assert_eq!(
            text.alignment.reassemble().as_deref(),
            Some(text.raw.as_str()),
            "{lang} {edition} aligns byte for byte"
        );
        let (xml, stats) = xliff(&text, None);
        assert_eq!(stats.units, text.alignment.units.len());
        let (back, changed) = import(&text, &xml).unwrap();
        assert!(
            back == text.raw,
            "{lang} {edition}: unedited, the same text"
        );
        assert!(changed.is_empty());

        // Edit one paragraph's target: a word replaced, one added.
        let units = &text.alignment.units;
        let ids = unit_ids(units);
        let i = units
            .iter()
            .position(|u| u.key == "27B1" || u.key == "27B1(a)")
            .unwrap();
        let u = &units[i];
        let words = segment::reading(u);
        let word = words.split(' ').nth(2).unwrap().to_string();
        let edited = edit(&xml, &ids[i], |t| {
            format!("{} REVISED", t.replacen(&word, "XYZ", 1))
        });
        let (back, changed) = import(&text, &edited).unwrap();
        assert_eq!(changed, vec![u.key.clone()], "{lang} {edition}");
        // Only the unit's lines differ; the label and the rest stay.
        let (a, b) = (u.first_line(), u.last_line());
        let old: Vec<&str> = text.raw.split_inclusive('\n').collect();
        let new: Vec<&str> = back.split_inclusive('\n').collect();
        assert_eq!(
            old.len(),
            new.len(),
            "{lang} {edition}: no line added or lost"
        );
        for (n, (o, w)) in old.iter().zip(&new).enumerate() {
            if n + 1 < a || n + 1 > b {
                assert_eq!(o, w, "{lang} {edition} line {}", n + 1);
            }
        }
        let new_unit: String = new[a - 1..b].concat();
        assert!(new_unit.contains("XYZ") && new_unit.contains("REVISED"));
        let label: String = u.text.chars().take_while(|c| *c != ' ').collect();
        assert!(new_unit.starts_with(&label), "{new_unit}");
        eprintln!(
            "{lang} {edition}: {} units; {} edited: {:?}",
            stats.units,
            u.key,
            similar::TextDiff::from_lines(&text.raw, &back)
                .unified_diff()
                .to_string()
                .lines()
                .filter(|l| l.starts_with(['+', '-']))
                .count()
        );
    }
}

#[test]
fn a_translation_into_another_language_replaces_the_translated_units() {
    let text = load(Lang::Sk, Edition::E2017);
    let (xml, _) = xliff(&text, Some("en"));
    assert!(xml.contains("trgLang=\"en\"") && !xml.contains("<target>"));
    let (back, _) = import(&text, &xml).unwrap();
    assert!(back == text.raw, "no target: the text as it was");
    let xml = xml.replacen(
        "</source>\n      </segment>",
        "</source>\n        <target>THE LAWS OF DUPLICATE BRIDGE 2017</target>\n      </segment>",
        1,
    );
    let (back, changed) = import(&text, &xml).unwrap();
    assert_eq!(changed, vec!["front-matter".to_string()]);
    assert!(
        back.starts_with("\n\nTHE LAWS OF DUPLICATE BRIDGE 2017\n"),
        "{}",
        &back[..80]
    );
}

#[test]
fn a_file_lawbook_cannot_put_back_is_refused_with_its_place() {
    let text = load(Lang::Sk, Edition::E1997);
    let (xml, _) = xliff(&text, None);
    for (bad, says) in [
        (
            xml.replace("id=\"u22A\"", "id=\"u99Z\""),
            "not a unit of the sk 1997",
        ),
        (
            xml.replace("type=\"fingerprint\">", "type=\"fingerprint\">0"),
            "another sk 1997 text",
        ),
        (xml.replace("</xliff>", ""), "ends inside"),
        (
            xml.replace("version=\"2.0\"", "version=\"2.2\""),
            "version `2.2`",
        ),
    ] {
        let e = import(&text, &bad).unwrap_err();
        assert!(e.contains(says), "{says}: {e}");
    }
    // A file for another text: refused before any text is touched.
    let src = Source::new("t.xlf", &xml);
    let mut doc = read(&xml, &src).unwrap();
    doc.file_id = "de-2017".into();
    assert!(text_of(&doc, &src).unwrap_err().message.contains("de-2017"));
}

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(clap::Subcommand)]
enum Cmd {
    Export(ExportArgs),
}

fn run(args: &[&str]) -> String {
    let mut v = vec!["lawbook"];
    v.extend_from_slice(args);
    let Cmd::Export(a) = Cli::try_parse_from(v).unwrap().command;
    format!("{:?}", a.run())
}

#[test]
fn the_command_writes_and_imports_and_exits_2_on_bad_input() {
    let ok = format!("{:?}", ExitCode::SUCCESS);
    let bad = format!("{:?}", ExitCode::from(2));
    let dir = std::env::temp_dir().join(format!("lawbook-xliff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let l = laws();
    let l = l.to_str().unwrap();
    let xlf = dir.join("pl.xlf");
    let x = xlf.to_str().unwrap();
    let out = dir.join("pl.txt");
    let o = out.to_str().unwrap();
    let e = ["export", "xliff"];
    assert_eq!(
        run(&[
            &e[..],
            &["--lang", "pl", "--edition", "2007", "--laws", l, "-o", x]
        ]
        .concat()),
        ok
    );
    assert_eq!(
        run(&[&e[..], &["--import", x, "--laws", l, "-o", o]].concat()),
        ok
    );
    assert!(
        std::fs::read(&out).unwrap()
            == std::fs::read(laws().join("2007/text/pl.source.txt")).unwrap()
    );
    // A translation into English with no unit translated: written (each unit as it was),
    // and a finding, since the text written is not English.
    let en = dir.join("pl-en.xlf");
    let en = en.to_str().unwrap();
    let to_en = [
        "--lang",
        "pl",
        "--edition",
        "2007",
        "--target-lang",
        "en",
        "--laws",
        l,
    ];
    assert_eq!(run(&[&e[..], &to_en, &["-o", en]].concat()), ok);
    assert_eq!(
        run(&[&e[..], &["--import", en, "--laws", l, "-o", o]].concat()),
        format!("{:?}", ExitCode::from(1))
    );
    // The file's text is not the one asked for.
    assert_eq!(
        run(&[
            &e[..],
            &["--import", x, "--lang", "sk", "--laws", l, "-o", o]
        ]
        .concat()),
        bad
    );
    // pl has no 2017 text.
    assert_eq!(
        run(&[&e[..], &["--lang", "pl", "--laws", l, "-o", x]].concat()),
        bad
    );
    // A translator's own text of it, with its layout (the 2007 text read as a 2017 one,
    // tests/data/layouts/pl2017-from-2007.layout): written, and read back byte for byte
    // with the same two files; without them the file has no text to go back into.
    let own = format!("pl={}", laws().join("2007/text/pl.source.txt").display());
    let layout =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/layouts/pl2017-from-2007.layout");
    let layout = format!("pl={}", layout.display());
    let given = ["--text", &own, "--layout", &layout];
    let ask = ["--lang", "pl", "--edition", "2017", "--laws", l, "-o", x];
    assert_eq!(run(&[&e[..], &ask, &given].concat()), ok);
    let back = ["--import", x, "--laws", l, "-o", o];
    assert_eq!(run(&[&e[..], &back, &given].concat()), ok);
    assert!(
        std::fs::read(&out).unwrap()
            == std::fs::read(laws().join("2007/text/pl.source.txt")).unwrap()
    );
    assert_eq!(run(&[&e[..], &back].concat()), bad);
    // Not XLIFF, binary, empty, missing.
    for (name, content) in [
        ("a.xlf", &b"<html/>"[..]),
        ("b.xlf", &b"\x00\x01\x02<xliff"[..]),
        ("c.xlf", &b"  \n"[..]),
        ("d.xlf", &b"<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\"><file id=\"pl-2007\"><unit id=\"x\">"[..]),
    ] {
        let p = dir.join(name);
        std::fs::write(&p, content).unwrap();
        assert_eq!(run(&[&e[..], &["--import", p.to_str().unwrap(), "--laws", l, "-o", o]].concat()), bad, "{name}");
    }
    assert_eq!(
        run(&[&e[..], &["--import", "no/such.xlf", "--laws", l, "-o", o]].concat()),
        bad
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn tbx_v2_is_a_martif_document_with_every_concept() {
    let bank = lawbook::terms::load_terms(laws().join("terms.terms")).unwrap();
    let mut ts = Vec::new();
    for e in [Edition::E2017, Edition::E2007, Edition::E1997] {
        ts.extend(lawbook::terms::cli::load_texts(&laws(), e).unwrap());
    }
    let (v3, s3) = tbx::tbx(&bank, &ts);
    let (v2, s2) = tbx::tbx_version(&bank, &ts, tbx::TbxVersion::V2);
    assert_eq!(s2, s3, "the same terms in both");
    // A variant the term bank matches by its stems (`myln* informáci*`) is a term as the
    // text writes it, not the stems a CAT tool's term check cannot match.
    assert!(
        !v3.contains("<term>myln informáci</term>"),
        "a stem as a term"
    );
    assert!(v3.contains("<term>mylnej informácii</term>"));
    assert!(v3.contains("the term is one form of `myln* informáci*`"));
    assert!(v2.contains("<!DOCTYPE martif SYSTEM \"TBXBasiccoreStructV02.dtd\">"));
    assert!(v2.contains("<martif type=\"TBX-Basic\" xml:lang=\"en\">"));
    assert!(v2.contains("<p type=\"XCSURI\">TBXBasicXCSV02.xcs</p>"));
    for (v2name, v3name) in [
        ("termEntry", "conceptEntry"),
        ("langSet", "langSec"),
        ("tig", "termSec"),
    ] {
        assert_eq!(
            v2.matches(&format!("<{v2name}")).count(),
            v3.matches(&format!("<{v3name}")).count(),
            "{v2name}"
        );
        assert!(!v2.contains(&format!("<{v3name}")));
    }
    assert_eq!(v2.matches("<termEntry").count(), bank.concepts.len());
}

/// Runs a Python snippet; None when Python or translate-toolkit is not on the machine.
fn python(code: &str) -> Option<String> {
    let out = std::process::Command::new("python3")
        .args(["-c", code])
        .output()
        .ok()?;
    let err = String::from_utf8_lossy(&out.stderr);
    if err.contains("No module named 'translate'") {
        return None;
    }
    assert!(out.status.success(), "{err}");
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn translate_toolkit_reads_the_files_where_it_is_installed() {
    let dir = std::env::temp_dir().join(format!("lawbook-tt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ts = lawbook::terms::cli::load_texts(&laws(), Edition::E2017).unwrap();
    let bank = lawbook::terms::load_terms(laws().join("terms.terms")).unwrap();
    std::fs::write(dir.join("m.tmx"), tmx::tmx(&ts, "*all*").0).unwrap();
    std::fs::write(
        dir.join("t.tbx"),
        tbx::tbx_version(&bank, &ts, tbx::TbxVersion::V2).0,
    )
    .unwrap();
    std::fs::write(dir.join("x.xlf"), xliff(&ts[0], None).0).unwrap();
    let d = dir.to_str().unwrap();
    let code = format!(
        "from translate.storage import tmx, tbx, xliff2\n\
         print(len(tmx.tmxfile(open('{d}/m.tmx','rb')).units), len(tbx.tbxfile(open('{d}/t.tbx','rb')).units), len(xliff2.Xliff2File.parsefile('{d}/x.xlf').units))"
    );
    match python(&code) {
        None => eprintln!("skipped: python3 with translate-toolkit is not installed (pip install translate-toolkit)"),
        Some(out) => {
            let n: Vec<usize> = out.split_whitespace().map(|x| x.parse().unwrap()).collect();
            assert_eq!(n, vec![942, bank.concepts.len(), ts[0].alignment.units.len()], "{out}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_files_validate_against_the_schemas_where_given() {
    let Some(schemas) = std::env::var_os("LAWBOOK_SCHEMAS").map(PathBuf::from) else {
        eprintln!("skipped: LAWBOOK_SCHEMAS names no folder with xliff_core_2.0.xsd and tmx14.dtd (docs/translators.md)");
        return;
    };
    let dir = std::env::temp_dir().join(format!("lawbook-xsd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (lang, edition) in TEXTS {
        let text = load(lang, edition);
        let f = dir.join(format!("{lang}-{edition}.xlf"));
        std::fs::write(&f, xliff(&text, None).0).unwrap();
        let out = std::process::Command::new("xmllint")
            .args(["--noout", "--schema"])
            .arg(schemas.join("xliff_core_2.0.xsd"))
            .arg(&f)
            .output()
            .expect("xmllint (Debian: libxml2-utils)");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for e in [Edition::E2017, Edition::E2007, Edition::E1997] {
        let ts = lawbook::terms::cli::load_texts(&laws(), e).unwrap();
        let f = dir.join(format!("{e}.tmx"));
        std::fs::write(&f, tmx::tmx(&ts, "*all*").0).unwrap();
        let out = std::process::Command::new("xmllint")
            .args(["--noout", "--nonet", "--dtdvalid"])
            .arg(schemas.join("tmx14.dtd"))
            .arg(&f)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
