//! The aligner on the four texts the law book holds (laws/TEXTS.md): nothing lost, the laws
//! found, the known gaps reported, bad input refused with a clear error, the committed aligned
//! texts up to date.

use lawbook::align::{self, export, AlignError, Edition, Finding, Lang};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn source(lang: Lang, edition: Edition) -> Vec<u8> {
    let (path, _) = export::bundled(lang, edition).expect("a bundled text");
    std::fs::read(root().join(path)).expect("the source text is in the repository")
}

fn aligned(lang: Lang, edition: Edition) -> align::Alignment {
    export::align_bundled(lang, edition).expect("the bundled texts align")
}

fn missing(a: &align::Alignment) -> Vec<String> {
    a.findings
        .iter()
        .filter_map(|f| match f {
            Finding::Missing { key, .. } => Some(key.clone()),
            _ => None,
        })
        .collect()
}

fn renumbered(a: &align::Alignment) -> Vec<(String, String)> {
    a.findings
        .iter()
        .filter_map(|f| match f {
            Finding::Renumbered { label, key, .. } => Some((label.clone(), key.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn every_text_round_trips_byte_for_byte() {
    for (lang, edition, _, _) in export::TEXTS {
        let bytes = source(lang, edition);
        let a = align::align(&bytes, lang, edition).unwrap();
        let back = a.reassemble().expect("every line in exactly one unit");
        assert_eq!(back.as_bytes(), &bytes[..], "{lang} {edition}");
        // And the units' line spans cover every line once.
        let mut seen = vec![0u8; a.line_count];
        for u in &a.units {
            for &(x, y) in &u.lines {
                for l in x..=y {
                    seen[l - 1] += 1;
                }
            }
        }
        assert!(seen.iter().all(|n| *n == 1), "{lang} {edition}");
    }
}

#[test]
fn the_bundled_texts_are_the_repository_files() {
    for (lang, edition, _, _) in export::TEXTS {
        let (_, bytes) = export::bundled(lang, edition).unwrap();
        assert_eq!(bytes, &source(lang, edition)[..]);
    }
}

#[test]
fn slovak_and_hungarian_2017_have_all_93_laws() {
    for lang in [Lang::Sk, Lang::Hu] {
        let a = aligned(lang, Edition::E2017);
        let laws: Vec<u16> = a
            .units
            .iter()
            .filter(|u| u.kind == align::UnitKind::Law)
            .filter_map(|u| u.law_key())
            .map(|k| k.law)
            .collect();
        assert_eq!(laws, (1..=93).collect::<Vec<u16>>(), "{lang}");
    }
}

#[test]
fn what_the_2017_texts_miss_and_renumber() {
    let sk = aligned(Lang::Sk, Edition::E2017);
    assert_eq!(missing(&sk), ["40B2(d)"]);
    let r = renumbered(&sk);
    assert!(r.contains(&("35.1".into(), "35A".into())));
    assert!(r.contains(&("35.4".into(), "35D".into())));
    assert!(r.contains(&("71.2".into(), "71B".into())));
    assert_eq!(r.len(), 6);
    // The renumbered paragraphs are found under the structure's key, with the text's label.
    let u = sk.unit("35A").unwrap();
    assert_eq!(u.label.as_deref(), Some("35.1"));
    assert_eq!(u.lines, vec![(958, 958)]);

    let hu = aligned(Lang::Hu, Edition::E2017);
    assert_eq!(missing(&hu), ["16C3", "40B2(a)"]);
    assert_eq!(renumbered(&hu).len(), 5);
    assert_eq!(
        hu.unit("40B2(a)(iii)").unwrap().label.as_deref(),
        Some("40B2(iii)")
    );
}

#[test]
fn slovak_1997_lacks_laws_90_and_91() {
    let a = aligned(Lang::Sk, Edition::E1997);
    assert_eq!(missing(&a), ["6F", "90", "91"]);
    assert!(a
        .units
        .iter()
        .all(|u| !u.key.starts_with("90") && !u.key.starts_with("91")));
    // Law 84 is lettered A, C, D, E, F: the letters are the English A-E.
    let r = renumbered(&a);
    assert_eq!(
        r,
        [
            ("84C", "84B"),
            ("84D", "84C"),
            ("84E", "84D"),
            ("84F", "84E")
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    // Law 77's heading has no number.
    assert!(a.findings.contains(&Finding::Unnumbered {
        key: "77".into(),
        line: 3527
    }));
    assert_eq!(a.unit("77").unwrap().first_line(), 3527);
}

#[test]
fn polish_2007_matches_its_structure() {
    let a = aligned(Lang::Pl, Edition::E2007);
    assert!(!a.has_findings(), "{}", a.report());
    assert_eq!(
        a.units
            .iter()
            .filter(|u| u.kind == align::UnitKind::Law)
            .count(),
        93
    );
    assert_eq!(a.unit("index").unwrap().lines, vec![(2756, 4289)]);
    assert_eq!(
        a.unit("artefact/4290").unwrap().kind,
        align::UnitKind::Artefact
    );
}

#[test]
fn footnotes_are_reattached_to_the_citing_unit() {
    let sk = aligned(Lang::Sk, Edition::E2017);
    // Footnote 1 sits inside 9A1 (a page break) but is cited in 6D2.
    let f = sk.unit("footnote/1").unwrap();
    assert_eq!(f.attached_to.as_deref(), Some("6D2"));
    assert_eq!(f.marker_line, Some(345));
    // 9A1 goes on after the footnote.
    assert_eq!(sk.unit("9A1").unwrap().lines, vec![(343, 343), (347, 348)]);
    assert!(sk
        .units
        .iter()
        .filter(|u| u.kind == align::UnitKind::Footnote)
        .all(|u| u.attached_to.is_some()));
    assert_eq!(
        sk.units
            .iter()
            .filter(|u| u.kind == align::UnitKind::Footnote)
            .count(),
        28
    );

    let hu = aligned(Lang::Hu, Edition::E2017);
    assert_eq!(
        hu.unit("footnote/13*").unwrap().attached_to.as_deref(),
        Some("13")
    );
    let sk97 = aligned(Lang::Sk, Edition::E1997);
    assert_eq!(
        sk97.unit("footnote/23").unwrap().attached_to.as_deref(),
        Some("75D2")
    );
    assert_eq!(
        sk97.units
            .iter()
            .filter(|u| u.kind == align::UnitKind::Footnote)
            .count(),
        26
    );
}

#[test]
fn front_matter_contents_and_definitions_are_not_law_text() {
    let sk = aligned(Lang::Sk, Edition::E2017);
    assert_eq!(sk.unit("contents").unwrap().first_line(), 13);
    assert_eq!(sk.unit("introduction").unwrap().first_line(), 113);
    assert_eq!(
        sk.units
            .iter()
            .filter(|u| u.kind == align::UnitKind::Definition)
            .count(),
        64
    );
    assert_eq!(
        sk.unit("definitions/Alert").unwrap().term.as_deref(),
        Some("Alertovanie")
    );
    let hu = aligned(Lang::Hu, Edition::E2017);
    assert_eq!(hu.unit("dictionary").unwrap().lines, vec![(320, 351)]);
    assert_eq!(hu.unit("preface").unwrap().first_line(), 114);
    assert_eq!(
        hu.units
            .iter()
            .filter(|u| u.kind == align::UnitKind::Definition)
            .count(),
        66
    );
}

#[test]
fn reports_match_their_snapshots() {
    for (lang, edition, _, _) in export::TEXTS {
        let a = aligned(lang, edition);
        insta::assert_snapshot!(format!("report_{lang}_{edition}"), a.report());
    }
}

#[test]
fn side_by_side_lines_up_keys() {
    let sk = aligned(Lang::Sk, Edition::E2017);
    let hu = aligned(Lang::Hu, Edition::E2017);
    let out = align::side_by_side("27B", ("sk", &sk), ("hu", &hu), 100);
    for key in ["■ 27B\n", "■ 27B1(a)\n", "■ 27B1(b)\n", "■ 27B4\n"] {
        assert!(out.contains(key), "{key} in\n{out}");
    }
    assert!(!out.contains("■ 27C"));
    assert!(out.lines().all(|l| l.chars().count() <= 100), "{out}");
    let out = align::side_by_side("35", ("sk", &sk), ("hu", &hu), 80);
    assert!(out.contains("[35.1]"), "{out}");
    let out = align::side_by_side("16C3", ("sk", &sk), ("hu", &hu), 80);
    assert!(out.contains("(not in this text)"), "{out}");
}

#[test]
fn the_committed_units_files_are_up_to_date() {
    let stale = export::stale(root()).unwrap();
    assert!(
        stale.is_empty(),
        "regenerate with `UPDATE_UNITS=1 cargo test --test align regenerate_units_files`: {stale:?}"
    );
}

/// Writes the units files: `UPDATE_UNITS=1 cargo test --test align regenerate_units_files`.
#[test]
fn regenerate_units_files() {
    if std::env::var_os("UPDATE_UNITS").is_some() {
        export::write_all(root()).unwrap();
    }
}

#[test]
fn the_units_files_are_json_with_the_key_syntax() {
    for (_, _, _, units) in export::TEXTS {
        let text = std::fs::read_to_string(root().join(units)).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let us = v["units"].as_array().unwrap();
        for u in us.iter().filter(|u| u["kind"] == "sub-paragraph") {
            let k = align::Key::parse(u["key"].as_str().unwrap()).unwrap();
            assert_eq!(k.to_string(), u["key"].as_str().unwrap());
        }
    }
    let sk = std::fs::read_to_string(root().join("laws/2017/text/sk.units.json")).unwrap();
    assert!(sk.contains("\n{\"key\":\"27B1(a)\",\"kind\":\"sub-paragraph\","));
    assert!(sk.contains("\n{\"key\":\"30B1(b)(ii)\",\"kind\":\"item\","));
}

#[test]
fn polish_aligns_fast() {
    let bytes = source(Lang::Pl, Edition::E2007);
    let runs = 10;
    let t = std::time::Instant::now();
    let mut units = vec![];
    for _ in 0..runs {
        let a = align::align(&bytes, Lang::Pl, Edition::E2007).unwrap();
        assert_eq!(a.line_count, 4290);
        units.push(a.units.len());
    }
    let took = t.elapsed() / runs;
    // The time is printed for laws/TEXTS.md, not asserted: it depends on the machine and its
    // load, and a test's outcome must not. What is asserted is that every run agrees.
    eprintln!(
        "aligning the Polish text ({} bytes) took {took:?} on average over {runs} runs",
        bytes.len()
    );
    assert!(units.iter().all(|n| *n == units[0]), "{units:?}");
}

// ---- bad input -------------------------------------------------------------------------------

#[test]
fn an_empty_file_is_an_error() {
    for bytes in [&b""[..], b"\n\n  \n"] {
        match align::align(bytes, Lang::Sk, Edition::E2017) {
            Err(AlignError::Empty { .. }) => {}
            other => panic!("{:?}", other.map(|a| a.units.len())),
        }
    }
}

#[test]
fn binary_data_is_an_error_with_its_offset() {
    let mut bytes = b"PRAVIDLO 1 \xe2\x80\x93 BAL\n".to_vec();
    bytes.extend_from_slice(&[0x89, b'P', b'N', b'G', 0, 0, 0, 13]);
    match align::align(&bytes, Lang::Sk, Edition::E2017) {
        Err(AlignError::Binary { offset, .. }) => assert_eq!(offset, 23),
        other => panic!("{:?}", other.map(|a| a.units.len())),
    }
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("PRAVIDLO".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    assert!(matches!(
        align::align(&utf16, Lang::Sk, Edition::E2017),
        Err(AlignError::Binary { .. })
    ));
}

#[test]
fn latin2_is_an_error_that_names_the_byte_offset() {
    // "PRAVIDLO 1 - BALÍČEK KARIET" in ISO-8859-2: Í = 0xCD, Č = 0xC8.
    let mut bytes = b"\nPRAVIDLO 1 - BAL".to_vec();
    bytes.extend_from_slice(&[0xCD, 0xC8]);
    bytes.extend_from_slice(b"EK KARIET\n");
    let err = align::align(&bytes, Lang::Sk, Edition::E2017).unwrap_err();
    match &err {
        AlignError::NotUtf8 {
            offset,
            byte,
            line,
            help,
            ..
        } => {
            assert_eq!((*offset, *byte, *line), (17, 0xCD, 2));
            assert!(help.contains("'Í' in Latin-2"), "{help}");
        }
        other => panic!("{other:?}"),
    }
    let msg = err.to_string();
    assert!(msg.contains("byte offset 17"), "{msg}");
    // miette renders it with the file and the byte marked. A handler of fixed width and
    // theme: the default one follows the terminal (its width, the locale, NO_GRAPHICS).
    let mut rendered = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .render_report(&mut rendered, &err)
        .unwrap();
    assert!(rendered.contains("this byte"), "{rendered}");
}

#[test]
fn a_text_that_is_not_the_laws_is_an_error() {
    let text = "Dobrý deň.\nToto je list, nie pravidlá.\n";
    match align::align(text.as_bytes(), Lang::Sk, Edition::E2017) {
        Err(AlignError::NoLaws { pattern, .. }) => assert!(pattern.contains("PRAVIDLO")),
        other => panic!("{:?}", other.map(|a| a.units.len())),
    }
    // A real law text with the wrong language is not one either.
    let hu = source(Lang::Hu, Edition::E2017);
    assert!(matches!(
        align::align(&hu, Lang::Sk, Edition::E2017),
        Err(AlignError::NoLaws { .. })
    ));
    // A language and edition with no profile.
    assert!(matches!(
        align::align(b"x", Lang::Hu, Edition::E1997),
        Err(AlignError::Unsupported { .. })
    ));
}

/// Prints each text's report and writes its labels to /tmp (the draft of a structure file):
/// `cargo test --test align dump -- --ignored --nocapture`.
#[test]
#[ignore]
fn dump() {
    for (lang, edition, _, _) in export::TEXTS {
        let a = aligned(lang, edition);
        println!("{}", a.report());
        let keys: String = a
            .labels
            .iter()
            .map(|l| format!("{}\n", l.written))
            .collect();
        std::fs::write(format!("/tmp/keys-{lang}-{edition}.txt"), keys).unwrap();
        let lines: String = a
            .labels
            .iter()
            .map(|l| format!("{}\t{}\n", l.written, l.line))
            .collect();
        std::fs::write(format!("/tmp/lines-{lang}-{edition}.txt"), lines).unwrap();
        std::fs::write(
            format!("/tmp/units-{lang}-{edition}.json"),
            export::to_json(&a, true),
        )
        .unwrap();
    }
    let sk = aligned(Lang::Sk, Edition::E2017);
    let hu = aligned(Lang::Hu, Edition::E2017);
    println!(
        "{}",
        align::side_by_side("27B", ("sk", &sk), ("hu", &hu), 120)
    );
}

// ---- layout files --------------------------------------------------------------------------

/// The Slovak 2017 text with every law heading in title case: `PRAVIDLO 27 – NEDOSTATOČNÁ
/// PONUKA` becomes `Pravidlo 27 – Nedostatočná ponuka`.
fn title_case_headings(text: &str) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        match line.strip_prefix("PRAVIDLO ") {
            Some(rest)
                if rest.starts_with(|c: char| c.is_ascii_digit()) && !line.contains('\t') =>
            {
                let mut lower = rest.to_lowercase();
                // The title's first letter after `n – ` stays a capital.
                if let Some(p) = lower.find(['–', '-']) {
                    let after = p + lower[p..].chars().next().unwrap().len_utf8() + 1;
                    if let Some(c) = lower[after..].chars().next() {
                        let up: String = c.to_uppercase().collect();
                        lower.replace_range(after..after + c.len_utf8(), &up);
                    }
                }
                out.push_str("Pravidlo ");
                out.push_str(&lower);
            }
            _ => out.push_str(line),
        }
    }
    out
}

#[test]
fn a_text_in_a_new_layout_aligns_with_a_layout_file_alone() {
    let original = String::from_utf8(source(Lang::Sk, Edition::E2017)).unwrap();
    let revised = title_case_headings(&original);
    assert!(revised.contains("\nPravidlo 27 – Nedostatočná ponuka\n"));
    // The 93 headings; the contents keep their entries (`PRAVIDLO 27 – ...<TAB>15`).
    assert_eq!(revised.matches("\nPravidlo ").count(), 93);

    // By the law book's layout, the laws are not found: the headings do not look like its
    // `PRAVIDLO n – TITLE`.
    let by_bundled = align::align(revised.as_bytes(), Lang::Sk, Edition::E2017);
    assert!(
        matches!(by_bundled, Err(AlignError::NoLaws { .. })),
        "{by_bundled:?}"
    );

    // By the layout file written for it, every unit has the key and the lines it has in the
    // original, and the findings are the original's.
    let layout =
        align::layout::Layout::read(&root().join("tests/data/layouts/sk2017-title-case.layout"))
            .unwrap();
    let a = align::align_with("revised", revised.as_bytes(), &layout).unwrap();
    let b = aligned(Lang::Sk, Edition::E2017);
    assert_eq!(a.reassemble().unwrap(), revised);
    let keys = |a: &align::Alignment| {
        a.units
            .iter()
            .map(|u| (u.key.clone(), u.lines.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(keys(&a), keys(&b));
    assert_eq!(a.findings, b.findings);
}

#[test]
fn every_bundled_layout_reads() {
    for (lang, edition, path, text) in align::layout::BUNDLED {
        let from_disk = std::fs::read_to_string(root().join(path)).unwrap();
        assert_eq!(from_disk, text, "{path}");
        let l = align::layout::Layout::parse(path, text).unwrap();
        assert_eq!((l.lang, l.edition), (lang, edition), "{path}");
    }
}

// ---- resynchronising after a wrong heading ---------------------------------------------------

fn slovak_2017_with(edit: impl Fn(&str) -> String) -> (String, align::Alignment) {
    let original = String::from_utf8(source(Lang::Sk, Edition::E2017)).unwrap();
    let text = edit(&original);
    assert_ne!(text, original, "the edit changed nothing");
    let a = align::align(text.as_bytes(), Lang::Sk, Edition::E2017).unwrap();
    assert_eq!(a.reassemble().unwrap(), text);
    (text, a)
}

/// The findings of an edited text that the original does not have.
fn new_findings(a: &align::Alignment) -> Vec<Finding> {
    let before = aligned(Lang::Sk, Edition::E2017).findings;
    a.findings
        .iter()
        .filter(|f| !before.contains(f))
        .cloned()
        .collect()
}

#[test]
fn a_misnumbered_law_heading_is_the_one_finding_and_the_laws_after_it_align() {
    // Law 27's heading (line 804) printed as 72: the next heading, 28 at line 834, says
    // where the sequence is.
    let (_, a) = slovak_2017_with(|t| {
        t.replacen(
            "\nPRAVIDLO 27 – NEDOSTATOČNÁ PONUKA\n",
            "\nPRAVIDLO 72 – NEDOSTATOČNÁ PONUKA\n",
            1,
        )
    });
    assert_eq!(
        new_findings(&a),
        vec![Finding::MisnumberedHeading {
            key: "27".into(),
            written: 72,
            line: 804,
            next_line: 834,
        }]
    );
    assert_eq!(a.unit("27B1(a)").unwrap().first_line(), 816);
    assert!(a.unit("45C3").is_some() && a.unit("72").unwrap().first_line() == 1773);

    // Written lower than the law before it (17 for 27): the same.
    let (_, a) = slovak_2017_with(|t| {
        t.replacen(
            "\nPRAVIDLO 27 – NEDOSTATOČNÁ PONUKA\n",
            "\nPRAVIDLO 17 – NEDOSTATOČNÁ PONUKA\n",
            1,
        )
    });
    assert!(matches!(&new_findings(&a)[..],
        [Finding::MisnumberedHeading { key, written: 17, line: 804, .. }] if key == "27"));

    // Law 26's heading printed twice: a repeat, not a misprint (the next heading is 27, the
    // law its place would say): kept as text, and said.
    let (_, a) = slovak_2017_with(|t| {
        t.replacen(
            "\nPRAVIDLO 27 – NEDOSTATOČNÁ PONUKA\n",
            "\nPRAVIDLO 26 – ODVOLANÁ HLÁŠKA, VÝNOSOVÉ OBMEDZENIA\nPRAVIDLO 27 – NEDOSTATOČNÁ PONUKA\n",
            1,
        )
    });
    let new = new_findings(&a);
    assert!(
        !new.iter()
            .any(|f| matches!(f, Finding::MisnumberedHeading { .. })),
        "{new:?}"
    );
    assert!(new.iter().any(
        |f| matches!(f, Finding::LabelAsText { label, line: 804, .. } if label == "law heading 26")
    ));
}

#[test]
fn a_law_without_its_heading_is_named_and_its_sections_kept() {
    // Law 57's heading (line 1460) deleted: its sections A, B, C follow 56B.
    let (_, a) =
        slovak_2017_with(|t| t.replacen("PRAVIDLO 57 – PREDČASNÝ VÝNOS ALEBO PRIDANIE\n", "", 1));
    let new = new_findings(&a);
    assert!(
        new.iter().any(
            |f| matches!(f, Finding::MissingHeading { key, next_line: 1489, .. } if key == "57")
        ),
        "{new:?}"
    );
    assert!(a.unit("57A").is_some() && a.unit("57C1").is_some());
    assert!(
        !new.iter().any(|f| matches!(f, Finding::Missing { .. })),
        "{new:?}"
    );

    // A law gone with all its text (the heading and its sections): missing, no heading is
    // invented (the next heading is the law after it, but no section A starts again).
    let (_, a) = slovak_2017_with(|t| {
        let start = t
            .find("\nPRAVIDLO 57 – PREDČASNÝ VÝNOS ALEBO PRIDANIE\n")
            .unwrap();
        let end = t
            .find("\nPRAVIDLO 58 – SÚČASNÉ VÝNOSY ALEBO PRIDANIA\n")
            .unwrap();
        format!("{}{}", &t[..start], &t[end..])
    });
    let new = new_findings(&a);
    assert!(
        new.iter()
            .any(|f| matches!(f, Finding::Missing { key, .. } if key == "57")),
        "{new:?}"
    );
    assert!(!new.iter().any(|f| matches!(
        f,
        Finding::MissingHeading { .. } | Finding::MisnumberedHeading { .. }
    )));
}

/// Lines longer than `width` characters broken at spaces (as a text re-wrapped by an editor).
fn rewrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches('\n');
        if body.chars().count() <= width || body.contains('\t') {
            out.push_str(line);
            continue;
        }
        let mut current = String::new();
        for word in body.split(' ') {
            if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > width {
                out.push_str(&current);
                out.push('\n');
                current.clear();
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push_str(&current);
        if line.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

#[test]
fn a_rewrapped_text_keeps_its_keys() {
    // Every paragraph of the Slovak 2017 text broken into lines of at most 72 characters: the
    // same laws, sections and paragraphs; a wrapped line that starts like a label (`31.`) is
    // kept as text and said.
    let (_, a) = slovak_2017_with(|t| rewrap(t, 72));
    let b = aligned(Lang::Sk, Edition::E2017);
    let keys = |a: &align::Alignment| {
        let mut k: Vec<String> = a.units.iter().map(|u| u.key.clone()).collect();
        k.retain(|k| !k.starts_with("artefact/") && !k.starts_with("chapter/"));
        k
    };
    assert_eq!(keys(&a), keys(&b));
    let structural = |a: &align::Alignment| {
        a.findings
            .iter()
            .filter(|f| f.is_structural())
            .map(std::mem::discriminant)
            .collect::<Vec<_>>()
    };
    assert_eq!(structural(&a), structural(&b));
    let kept_as_text = |a: &align::Alignment| {
        a.findings
            .iter()
            .filter(|f| matches!(f, Finding::LabelAsText { .. }))
            .count()
    };
    // `31.`, `36.`, `69.` at the start of a wrapped line (references to those laws).
    assert_eq!(kept_as_text(&a), kept_as_text(&b) + 3);
}

#[test]
fn a_footnote_whose_mark_is_lost_is_placed_between_its_neighbours() {
    // The mark ⁹ taken out of 41A (line 1095, "… lícom nadol⁹."): footnote 9 ("Regulačné
    // orgány môžu určiť, aby počiatočný výnos bol lícom nahor.") is cited nowhere; its mark
    // belongs between the marks of footnotes 8 (line 896) and 10 (line 1099), on the line that
    // shares its words.
    let (_, a) = slovak_2017_with(|t| t.replacen("lícom nadol⁹.", "lícom nadol.", 1));
    assert_eq!(
        new_findings(&a),
        vec![Finding::FootnoteUnreferenced {
            key: "footnote/9".into(),
            line: 1149,
            likely: Some(1095),
        }]
    );
}

#[test]
fn a_paragraph_given_twice_is_said_to_repeat_its_label() {
    // 27B1(a) (line 816, "1. (a) ak je nedostatočná ponuka nahradená …") printed twice: the
    // second `1. (a)` is no item (1) under (a), the key the structure does not have (it was
    // reported as an extra 27B1(a)(1)), but the label of line 816 again, its line kept as
    // text of 27B1(a) and nothing lost.
    let (_, a) = slovak_2017_with(|t| {
        let line = t.lines().nth(815).unwrap();
        assert!(
            line.starts_with("1. (a) ak je nedostatočná ponuka"),
            "{line}"
        );
        t.replacen(line, &format!("{line}\n\n{line}"), 1)
    });
    // (The findings after it are the original's, two lines later.)
    let about_labels: Vec<&Finding> = a
        .findings
        .iter()
        .filter(|f| matches!(f, Finding::LabelAsText { .. } | Finding::Extra { .. }))
        .collect();
    assert_eq!(
        about_labels,
        vec![&Finding::LabelAsText {
            label: "1. (a)".into(),
            line: 818,
            unit: "27B1(a)".into(),
            repeats: Some(816),
        }]
    );
    assert!(a.report().contains(
        "line 818: 1. (a) is the label of line 816 again (a paragraph given twice?); kept in 27B1(a)"
    ));
}
