//! The reader against the real files in tests/data/pbn, and against truncated and garbled
//! input (which must give Ok or Err, never a panic).

use super::*;
use std::path::PathBuf;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/pbn")
}

fn pbn_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(pbn_files(&path));
        } else if path.extension().is_some_and(|e| e == "pbn") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The error as miette draws it, with a fixed width and theme: the default handler follows
/// the terminal (its width, the locale, NO_GRAPHICS), and a test must not.
fn render(e: PbnError) -> String {
    let mut out = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .with_width(100)
        .render_report(&mut out, &e)
        .unwrap();
    out
}

fn read(path: &Path) -> PbnFile {
    PbnFile::read(path).unwrap_or_else(|e| {
        panic!(
            "{}",
            render(e) // shows the span in the test output
        )
    })
}

#[test]
fn reads_every_real_file() {
    let dir = data_dir();
    let files = pbn_files(&dir);
    let bbo: Vec<&PathBuf> = files
        .iter()
        .filter(|p| p.starts_with(dir.join("bbo")))
        .collect();
    assert_eq!(bbo.len(), 38);
    assert_eq!(files.len(), 39);

    let (mut boards, mut in_bbo, mut with_score, mut with_play) = (0, 0, 0, 0);
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let file = read(path);
        assert!(!file.boards.is_empty(), "{}", path.display());
        for b in &file.boards {
            let at = format!("{} board {:?}", path.display(), b.board);
            boards += 1;
            if path.starts_with(dir.join("bbo")) {
                in_bbo += 1;
            }
            // Every board of these exports has the identification tags read into the model.
            assert!(
                b.board.is_some() && b.dealer.is_some() && b.vulnerable.is_some(),
                "{at}"
            );
            assert!(
                (b.result.is_some() && b.contract.is_some()) || b.declarer.is_none(),
                "{at}"
            );
            // Every Deal is a full deal.
            let deal = b.deal.as_ref().unwrap_or_else(|| panic!("{at}: no deal"));
            for seat in Seat::ALL {
                assert_eq!(deal.hand(seat).len(), 13, "{at}");
            }
            // The auction is complete: it ends with three passes after a bid, or four passes.
            let a = b
                .auction
                .as_ref()
                .unwrap_or_else(|| panic!("{at}: no auction"));
            assert_eq!(Some(a.seat), b.dealer, "{at}");
            let n = a.calls.len();
            let passed_out = a.calls.iter().all(|c| c.call == Call::Pass);
            if passed_out {
                assert_eq!(n, 4, "{at}");
                assert!(b.play.is_none(), "{at}");
            } else {
                assert!(
                    a.calls[n - 3..].iter().all(|c| c.call == Call::Pass),
                    "{at}"
                );
            }
            for (i, c) in a.calls.iter().enumerate() {
                assert_eq!(c.seat, Seat::from_index(a.seat.index() + i), "{at}");
                // Spans point at the call as written.
                let written = &text[c.span.clone()];
                assert_eq!(Call::parse(written).ok(), Some(c.call), "{at}: {written}");
                for note in &c.notes {
                    assert!(
                        a.notes.iter().any(|x| x.index == *note),
                        "{at}: note {note}"
                    );
                }
            }
            // The play: 13 full rows, 52 different cards, each from the hand that holds it.
            if let Some(p) = &b.play {
                with_play += 1;
                assert_eq!(p.tricks.len(), 13, "{at}");
                let mut seen = crate::model::Hand::default();
                for t in &p.tricks {
                    for seat in Seat::ALL {
                        let c = t.card(seat).unwrap_or_else(|| panic!("{at}: missing card"));
                        assert_eq!(c.seat, seat);
                        assert!(deal.hand(seat).contains(c.card), "{at}: {seat} {}", c.card);
                        assert!(!seen.contains(c.card), "{at}: {} twice", c.card);
                        seen.insert(c.card);
                        assert_eq!(Card::parse(&text[c.span.clone()]), Some(c.card));
                    }
                }
                // In export format the opening leader is declarer's left-hand opponent.
                assert_eq!(Some(p.leader), b.declarer.map(Seat::lho), "{at}");
            }
            if let Some(s) = &b.score {
                with_score += 1;
                assert_eq!(s.ns, -s.ew, "{at}");
                assert_eq!(&text[s.span.clone()], s.raw, "{at}");
            }
            assert_eq!(&text[b.span.clone()][..1], "[", "{at}");
        }
    }
    assert_eq!(boards, 456);
    assert_eq!(in_bbo, 296);
    assert_eq!(boards - in_bbo, 160);
    assert_eq!(with_score, 451);
    assert_eq!(with_play, 449);
}

#[test]
fn camrose_headers_are_inherited() {
    let f = read(&data_dir().join("camrose2024-robots.pbn"));
    assert_eq!(f.boards.len(), 160);
    let first = &f.boards[0];
    assert_eq!(first.tag("Event").unwrap().origin, TagOrigin::Header);
    for b in &f.boards {
        assert_eq!(b.value("Event"), Some("camrose24_1"));
        assert_eq!(b.value("Site"), Some("BEN"));
        assert_eq!(b.value("Date"), Some("2025.03.12"));
    }
    let last = f.boards.last().unwrap();
    assert_eq!(last.board, Some(160));
    let event = last.tag("Event").unwrap();
    assert_eq!(event.origin, TagOrigin::FromHeader);
    assert_eq!(event.span, first.tag("Event").unwrap().span);
    // Scores are written for either side; passed-out boards have no score.
    assert!(f
        .boards
        .iter()
        .any(|b| b.score.as_ref().is_some_and(|s| s.raw.starts_with("EW"))));
    let passed: Vec<u32> = f
        .boards
        .iter()
        .filter(|b| b.score.is_none())
        .filter_map(|b| b.board)
        .collect();
    assert_eq!(passed, [99, 109, 144]);
}

#[test]
fn board_spans_cover_each_game() {
    let path = data_dir().join("bbo/Ben_Friends_Daily_-_2024-06-02_Daylong.pbn");
    let text = std::fs::read_to_string(&path).unwrap();
    let f = read(&path);
    assert_eq!(f.boards.len(), 8);
    for (i, b) in f.boards.iter().enumerate() {
        let game = &text[b.span.clone()];
        assert!(game.starts_with("[Event \"Ben & Friends Daily\"]"));
        assert!(game.contains(&format!("[Board \"{}\"]", i + 1)));
        assert!(!game.contains("\n\n"));
    }
}

#[test]
fn errors_are_diagnostics_with_the_file() {
    let text = "[Board \"1\"]\n[Dealer \"Q\"]\n";
    let e = PbnFile::parse("boards/x.pbn", text).unwrap_err();
    assert_eq!(e.source_name(), Some("boards/x.pbn"));
    assert_eq!(e.code().unwrap().to_string(), "lawbook::pbn::tag");
    let labels: Vec<LabeledSpan> = e.labels().unwrap().collect();
    assert_eq!(labels.len(), 1);
    assert_eq!(labels[0].offset(), 21);
    assert_eq!(labels[0].len(), 1);
    assert!(e.source_code().is_some());
    let rendered = render(e);
    assert!(rendered.contains("not a seat"), "{rendered}");

    let e = PbnFile::read(Path::new("/nonexistent/file.pbn")).unwrap_err();
    assert_eq!(e.kind(), PbnErrorKind::Io);
    assert!(e.labels().is_none());
}

#[test]
fn invalid_utf8_and_binary_are_reported() {
    let e = PbnFile::parse_bytes("x.pbn", b"[Event \"M\xfcller\"]").unwrap_err();
    assert_eq!(e.kind(), PbnErrorKind::Encoding);
    assert_eq!(e.span(), Some(9..12));
    let _ = render(e);
    let e = PbnFile::parse_bytes("x.pbn", b"\x7fELF\x02\x01\x01\x00\x00").unwrap_err();
    assert_eq!(e.kind(), PbnErrorKind::Encoding);
    let _ = render(e);
}

/// A small deterministic generator, so the test needs no dependency.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn no_panic(bytes: &[u8]) {
    match PbnFile::parse_bytes("fuzz.pbn", bytes) {
        Ok(f) => {
            // Spans stay inside the text.
            for b in &f.boards {
                assert!(b.span.end <= bytes.len());
            }
        }
        Err(e) => {
            if let Some(span) = e.span() {
                assert!(span.start <= span.end);
            }
            // Rendering must not panic either (on a sample, rendering is slow).
            if bytes.len().is_multiple_of(97) {
                let _ = render(e);
            }
        }
    }
}

#[test]
fn truncated_prefixes_never_panic() {
    let path = data_dir().join("bbo/Ben_Friends_Daily_-_2024-06-02_Daylong.pbn");
    let bytes = std::fs::read(path).unwrap();
    // Every cut in the first two boards, then every 13th byte.
    let first_two = bytes.len() / 4;
    for cut in (0..first_two).chain((first_two..=bytes.len()).step_by(13)) {
        no_panic(&bytes[..cut]);
    }
    let camrose = std::fs::read(data_dir().join("camrose2024-robots.pbn")).unwrap();
    for cut in (0..4000).chain((4000..=camrose.len()).step_by(997)) {
        no_panic(&camrose[..cut]);
    }
}

#[test]
fn garbage_never_panics() {
    let mut rng = Lcg(0x5eed);
    let sample = std::fs::read(data_dir().join("bbo/cold_6d.pbn")).unwrap();
    const SPECIAL: &[u8] = b"[]{}\"\\%;=$!?*+-^#:.\n\r\t 0123456789NESWXPASTHDC\xff\xc3\xa9";
    for _ in 0..3000 {
        // Random mutations of a real board.
        let mut bytes = sample.clone();
        for _ in 0..1 + rng.below(6) {
            let at = rng.below(bytes.len());
            match rng.below(3) {
                0 => bytes[at] = SPECIAL[rng.below(SPECIAL.len())],
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, SPECIAL[rng.below(SPECIAL.len())]),
            }
        }
        no_panic(&bytes);
    }
    for _ in 0..500 {
        // Random sequences of PBN-ish pieces.
        const PIECES: &[&str] = &[
            "[",
            "]",
            "\"",
            "{",
            "}",
            ";",
            "%",
            "\n",
            "\n\n",
            " ",
            "\t",
            "#",
            "##x",
            "[Auction \"N\"]",
            "[Play \"W\"]",
            "[Deal \"",
            "N:",
            "AKQJ.T98.765.432",
            "-",
            "AP",
            "Pass",
            "1NT",
            "X",
            "=1=",
            "$3",
            "!?",
            "*",
            "+",
            "^I",
            "^S",
            "^R",
            "^L",
            "SA",
            "D10",
            "[Note \"1:x\"]",
            "[Score \"",
            "NS 420",
            "EW",
            "[Result \"",
            "14",
            "[Declarer \"",
            "^N",
            "é",
            "\u{feff}",
        ];
        let mut text = String::new();
        for _ in 0..rng.below(40) {
            text.push_str(PIECES[rng.below(PIECES.len())]);
        }
        no_panic(text.as_bytes());
    }
    for len in 0..200 {
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        no_panic(&bytes);
    }
}

/// The boards of `bytes` read as a stream through a reader that hands out a few bytes at a
/// time, against the same bytes read whole.
fn stream_agrees(bytes: &[u8]) {
    let whole = PbnFile::parse_bytes("s.pbn", bytes);
    let reader = std::io::BufReader::with_capacity(5, bytes);
    let streamed: Result<Vec<PbnBoard>, PbnError> = PbnFile::boards_in("s.pbn", reader).collect();
    match (whole, streamed) {
        (Ok(f), Ok(boards)) => assert_eq!(f.boards, boards),
        (Err(a), Err(b)) if a.kind() != PbnErrorKind::Encoding => {
            assert_eq!((a.message(), a.span()), (b.message(), b.span()));
            assert_eq!(render(a), render(b));
        }
        // Binary data is reported first over a whole text, with its game in a stream.
        (Err(a), Err(_)) => assert_eq!(a.kind(), PbnErrorKind::Encoding),
        (a, b) => panic!("{:?} / {:?}", a.err(), b.err()),
    }
}

#[test]
fn a_stream_reads_what_the_whole_text_reads() {
    for path in pbn_files(&data_dir()) {
        stream_agrees(&std::fs::read(path).unwrap());
    }
    let mut rng = Lcg(0xfeed);
    const PIECES: &[&str] = &[
        "[Board \"1\"]",
        "[Event \"##E\"]",
        "[Site \"#\"]",
        "[Score \"##100\"]",
        "[Declarer \"N\"]",
        "[Auction \"N\"]",
        "Pass",
        "AP",
        "{a\n\nb}",
        "; c {\n",
        "%x {\n",
        "[ Note\n\n\"1:x\" ]",
        "\"s\n",
        "\n",
        "\n\n",
        " \r\n\t\n",
        "\r",
        "\u{feff}",
        "é",
    ];
    for _ in 0..3000 {
        let mut text = String::new();
        for _ in 0..rng.below(30) {
            text.push_str(PIECES[rng.below(PIECES.len())]);
        }
        stream_agrees(text.as_bytes());
    }
}

#[test]
fn a_fault_in_a_later_game_shows_the_file_lines() {
    let game = |n: u32, dealer: &str| format!("[Board \"{n}\"]\n[Dealer \"{dealer}\"]\n\n");
    let text = game(1, "N") + &game(2, "E") + &game(3, "Q");
    let reader = std::io::BufReader::with_capacity(8, text.as_bytes());
    let mut boards = PbnFile::boards_in("x.pbn", reader);
    assert_eq!(boards.next().unwrap().unwrap().board, Some(1));
    assert_eq!(boards.next().unwrap().unwrap().board, Some(2));
    let e = boards.next().unwrap().unwrap_err();
    assert!(boards.next().is_none());
    assert_eq!(e.span(), Some(73..74));
    let shown = render(e);
    // The line before the game is shown too, as over the whole file.
    assert!(shown.contains("[x.pbn:8:10]"), "{shown}");
    assert!(shown.contains(" 7 │ [Board \"3\"]"), "{shown}");
}

#[test]
fn a_fault_at_an_inherited_header_shows_the_game_that_wrote_it() {
    // A bare Score is declarer's; the third game names no declarer.
    let text =
        "[Board \"1\"]\n[Declarer \"N\"]\n[Score \"##100\"]\n\n[Board \"2\"]\n[Declarer \"S\"]\n\n\
                [Board \"3\"]\n";
    let e = PbnFile::parse("h.pbn", text).unwrap_err();
    assert_eq!(e.span(), Some(35..40));
    let shown = render(e);
    assert!(shown.contains("[h.pbn:3:9]"), "{shown}");
    assert!(shown.contains("no declarer"), "{shown}");
}

#[test]
fn a_game_over_the_limit_is_refused_with_what_to_do() {
    // A file whose games are never cut (no empty line): reading stops at the limit, and the
    // help is about the file's games, not its path.
    use std::io::Read;
    let boards = b"[Board \"1\"]\n[Dealer \"N\"]\n".as_slice();
    let endless = std::io::repeat(b'x').take(stream::MAX_GAME_BYTES + 10);
    let reader = std::io::BufReader::new(boards.chain(endless));
    let e = PbnFile::boards_in("big.pbn", reader)
        .find_map(Result::err)
        .expect("an error");
    let help = miette::Diagnostic::help(&e).map(|h| h.to_string());
    assert_eq!(
        help.as_deref(),
        Some(
            "write an empty line after each game, as PBN requires; a game itself is never \
             this large"
        )
    );
    let shown = render(e);
    assert!(shown.contains("larger than 16 MiB"), "{shown}");
    assert!(
        shown.contains("write an empty line after each game"),
        "{shown}"
    );
    assert!(!shown.contains("permissions"), "{shown}");
}
