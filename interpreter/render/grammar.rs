//! The grammar a template cannot know: which plural form a number takes (Slovak 1 zdvih,
//! 2 zdvihy, 5 zdvihov; Polish 22 lewy, 12 lew), Hungarian vowel harmony when a suffix follows a
//! word or a number (Északnak, Keletnek; 3-szor, 2-szer, 5-ször; 12-ből, 3-ból) and the
//! Hungarian article (a 2♥, az 1♥, az 5♠). The words themselves come from the term bank and
//! the phrase file; this module only chooses among them.

use crate::syntax::ast::Lang;

/// The plural category of a number, by the Unicode CLDR's rules (intl_pluralrules): the
/// index of the form a selector `{n?…|…|…}` takes. A selector lists, in order, English one
/// and other; Slovak one (1), few (2–4) and other; Polish one (1), few (2–4, 22–24, … but not
/// 12–14) and many; Hungarian one form for every number (a noun after a numeral stays
/// singular: 5 ütés, though CLDR tells 1 from the rest). The categories CLDR keeps for
/// fractions (Slovak many, Polish other) never arise: the numbers are whole.
pub fn plural_index(lang: Lang, n: i64) -> usize {
    use intl_pluralrules::PluralCategory as C;
    let listed: &[C] = match lang {
        Lang::En => &[C::ONE, C::OTHER],
        Lang::Sk => &[C::ONE, C::FEW, C::OTHER],
        Lang::Pl => &[C::ONE, C::FEW, C::MANY],
        Lang::Hu => return 0,
    };
    let category = plural_rules(lang)
        .and_then(|r| r.select(n.unsigned_abs()).ok())
        .unwrap_or(C::OTHER);
    listed
        .iter()
        .position(|c| *c == category)
        .unwrap_or(listed.len() - 1)
}

/// The CLDR cardinal rules of a language, made once.
fn plural_rules(lang: Lang) -> Option<&'static intl_pluralrules::PluralRules> {
    use intl_pluralrules::{PluralRuleType, PluralRules};
    use std::sync::OnceLock;
    static RULES: OnceLock<Vec<Option<PluralRules>>> = OnceLock::new();
    let rules = RULES.get_or_init(|| {
        Lang::ALL
            .iter()
            .map(|l| {
                let id: unic_langid::LanguageIdentifier = l.code().parse().ok()?;
                PluralRules::create(id, PluralRuleType::CARDINAL).ok()
            })
            .collect()
    });
    let i = Lang::ALL.iter().position(|l| *l == lang)?;
    rules.get(i)?.as_ref()
}

/// How many plural categories a language's selectors list.
pub fn plural_count(lang: Lang) -> usize {
    match lang {
        Lang::En => 2,
        Lang::Sk | Lang::Pl => 3,
        Lang::Hu => 1,
    }
}

/// The form of a counted noun after a number, in a case (`nom` or `acc`): the names of the
/// term bank's forms to try, in order. Slovak and Polish: the singular for one, the plural for
/// few, the genitive plural for the rest; English: the plural for all but one; Hungarian: the
/// singular.
pub fn count_forms(lang: Lang, n: i64, case: &str) -> Vec<String> {
    let case = case.to_string();
    match (lang, plural_index(lang, n)) {
        (Lang::Hu, _) | (_, 0) => vec![case],
        (Lang::En, _) => vec![format!("{case}_pl"), "nom_pl".into()],
        (_, 1) => vec![format!("{case}_pl"), "nom_pl".into()],
        _ => vec!["gen_pl".into()],
    }
}

/// Hungarian vowel harmony of a suffix: back (a, o, u), front unrounded (e, i) or front
/// rounded (ö, ü).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Harmony {
    Back,
    Front,
    Rounded,
}

/// The harmony of a Hungarian word: rounded if its last vowel is ö, ő, ü, ű (a loanword
/// whose last vowel is one follows it: honőrnek, sofőrhöz), else back if it has a back vowel
/// (a word of front neutral vowels i, í, é, e and back ones takes back suffixes: Nyugat,
/// kontra), else front.
pub fn harmony(word: &str) -> Harmony {
    let w = word.to_lowercase();
    let last_word = w.split_whitespace().last().unwrap_or("");
    let vowels: Vec<char> = last_word
        .chars()
        .filter(|c| "aáoóuúeéiíöőüű".contains(*c))
        .collect();
    match vowels.last() {
        Some(c) if "öőüű".contains(*c) => Harmony::Rounded,
        _ if vowels.iter().any(|c| "aáoóuú".contains(*c)) => Harmony::Back,
        _ => Harmony::Front,
    }
}

/// The harmony of a number as it is read aloud: its last word decides (2 kettő/két: front;
/// 3 három: back; 5 öt: rounded; 10 tíz: front; 20 húsz: back; 100 száz: back; 1000 ezer: front).
pub fn number_harmony(n: i64) -> Harmony {
    use Harmony::*;
    let n = n.unsigned_abs();
    if n == 0 {
        return Back; // nulla
    }
    let ones = [
        Front, Front, Front, Back, Front, Rounded, Back, Front, Back, Front,
    ];
    if !n.is_multiple_of(10) {
        return ones[(n % 10) as usize];
    }
    if !n.is_multiple_of(100) {
        return [
            Front, Front, Back, Back, Front, Front, Back, Front, Back, Front,
        ][(n / 10 % 10) as usize];
    }
    if !n.is_multiple_of(1000) {
        return Back; // száz
    }
    if !n.is_multiple_of(1_000_000) {
        return Front; // ezer
    }
    Back // millió
}

/// The forms of a suffix in the three harmonies: `szor` → szor/szer/ször.
fn suffix_forms(suffix: &str) -> Option<[&'static str; 3]> {
    Some(match suffix {
        "szor" => ["szor", "szer", "ször"],
        "ból" => ["ból", "ből", "ből"],
        "ban" => ["ban", "ben", "ben"],
        "ba" => ["ba", "be", "be"],
        "nak" => ["nak", "nek", "nek"],
        "ra" => ["ra", "re", "re"],
        "ról" => ["ról", "ről", "ről"],
        "tól" => ["tól", "től", "től"],
        "nál" => ["nál", "nél", "nél"],
        "hoz" => ["hoz", "hez", "höz"],
        "on" => ["on", "en", "ön"],
        _ => return None,
    })
}

/// The Hungarian suffixes a template may put after a number: `{n:szor}` is 3-szor, 2-szer,
/// 5-ször.
pub const NUMBER_SUFFIXES: &[&str] = &[
    "szor", "ból", "ban", "ba", "nak", "ra", "ról", "tól", "nál", "hoz", "on",
];

/// A number with a Hungarian suffix after a hyphen, as Hungarian writes digits: 12-ből.
pub fn number_with_suffix(n: i64, suffix: &str) -> Option<String> {
    // "Once" is a word of its own: egyszer, not 1-szer.
    if n == 1 && suffix == "szor" {
        return Some("egyszer".to_string());
    }
    let forms = suffix_forms(suffix)?;
    let m = n.unsigned_abs();
    // A last word read with a final vowel: nulla (0), kettő (2, 12, 22 …), millió.
    let ends_in_two = m % 10 == 2;
    let vowel_final = m == 0 || ends_in_two || m.is_multiple_of(1_000_000);
    if suffix == "on" && vowel_final {
        return Some(format!("{n}-n"));
    }
    // Two is kettő before a suffix (kettőhöz), két before -szor (kétszer).
    let harmony = match (ends_in_two, suffix) {
        (true, "szor") => Harmony::Front,
        (true, _) => Harmony::Rounded,
        _ => number_harmony(n),
    };
    let s = match harmony {
        Harmony::Back => forms[0],
        Harmony::Front => forms[1],
        Harmony::Rounded => forms[2],
    };
    Some(format!("{n}-{s}"))
}

/// The term bank's case names of Hungarian and the suffix each adds.
fn case_suffix(case: &str) -> Option<&'static str> {
    Some(match case {
        "dat" => "nak",
        "ine" => "ban",
        "ela" => "ból",
        "ill" => "ba",
        "del" => "ról",
        "sub" => "ra",
        "ade" => "nál",
        "abl" => "tól",
        "all" => "hoz",
        _ => return None,
    })
}

/// A Hungarian noun in a case, by vowel harmony, for the cases whose suffix only harmonises
/// (dat, ine, ela, ill, del, sub, ade, abl, all) and the instrumental (-val/-vel, whose v
/// becomes the noun's last consonant: Északkal, Kelettel). The accusative's linking vowel
/// (Északot, Keletet, Délt) is not regular: it comes from the term bank.
pub fn hu_case(word: &str, case: &str) -> Option<String> {
    if is_abbreviation(word) {
        return abbreviation_case(word, case);
    }
    let h = harmony(word);
    let last = word.chars().last()?;
    // A final a/e lengthens before a suffix: kontra → kontrának.
    let stem = |w: &str| -> String {
        match w.chars().last() {
            Some('a') => format!("{}á", &w[..w.len() - 1]),
            Some('e') => format!("{}é", &w[..w.len() - 1]),
            _ => w.to_string(),
        }
    };
    // The essive-formal -ként does not harmonise, nor lengthen a final vowel: kontraként.
    if case == "ess" {
        return Some(format!("{word}ként"));
    }
    if case == "ins" {
        let v = if h == Harmony::Back { "al" } else { "el" };
        if "aáeéiíoóöőuúüű".contains(last) {
            return Some(format!("{}v{v}", stem(word)));
        }
        return Some(format!("{}{v}", doubled_end(word)));
    }
    let forms = suffix_forms(case_suffix(case)?)?;
    let s = match h {
        Harmony::Back => forms[0],
        Harmony::Front => forms[1],
        Harmony::Rounded => forms[2],
    };
    Some(format!("{}{s}", stem(word)))
}

/// A word whose last consonant the instrumental's v turns into, doubled: Nyugat → Nyugatt,
/// ász → ássz (a digraph doubles its first letter), and a consonant already double stays as
/// it is (passz → passz, pikk → pikk, treff → treff).
fn doubled_end(word: &str) -> String {
    const DIGRAPHS: [&str; 8] = ["dzs", "sz", "zs", "cs", "gy", "ly", "ny", "ty"];
    let lower = word.to_lowercase();
    for d in DIGRAPHS {
        if let Some(stem) = lower.strip_suffix(d) {
            let first = &d[..1];
            if stem.ends_with(first) {
                return word.to_string(); // passz, hosszú: already long
            }
            let cut = word.len() - d.len();
            return format!("{}{first}{}", &word[..cut], &word[cut..]);
        }
    }
    let mut rev = lower.chars().rev();
    match (rev.next(), rev.next()) {
        (Some(a), Some(b)) if a == b => word.to_string(),
        (Some(a), _) => format!("{word}{a}"),
        _ => word.to_string(),
    }
}

/// An abbreviation read letter by letter (BOE, JOE, É, Ny): no lower-case vowel.
fn is_abbreviation(word: &str) -> bool {
    !word.is_empty()
        && !word.contains(' ')
        && word.chars().any(char::is_alphabetic)
        && !word.chars().any(|c| "aáeéiíoóöőuúüű".contains(c))
}

/// The name of an abbreviation's last letter as Hungarian reads it (BOE: é, Ny: eny, K: ká):
/// its harmony and its last sound decide the suffix.
fn letter_name(word: &str) -> &'static str {
    let lower = word.to_lowercase();
    const NAMES: [(&str, &str); 35] = [
        ("dzs", "dzsé"),
        ("cs", "csé"),
        ("gy", "gyé"),
        ("ly", "elipszilon"),
        ("ny", "eny"),
        ("sz", "esz"),
        ("ty", "tyé"),
        ("zs", "zsé"),
        ("a", "a"),
        ("á", "á"),
        ("b", "bé"),
        ("c", "cé"),
        ("d", "dé"),
        ("e", "e"),
        ("é", "é"),
        ("f", "ef"),
        ("g", "gé"),
        ("h", "há"),
        ("i", "i"),
        ("í", "í"),
        ("j", "jé"),
        ("k", "ká"),
        ("l", "el"),
        ("m", "em"),
        ("n", "en"),
        ("o", "o"),
        ("ó", "ó"),
        ("ö", "ö"),
        ("ő", "ő"),
        ("p", "pé"),
        ("r", "er"),
        ("s", "es"),
        ("t", "té"),
        ("v", "vé"),
        ("z", "zé"),
    ];
    NAMES
        .iter()
        .find(|(letter, _)| lower.ends_with(letter))
        .map_or("é", |(_, name)| name)
}

/// An abbreviation in a case: a hyphen, and the suffix as the last letter's name takes it
/// (BOE-nek, É-nek, K-nak, Ny-nyel, É-vel).
fn abbreviation_case(word: &str, case: &str) -> Option<String> {
    let name = letter_name(word);
    if case == "ess" {
        return Some(format!("{word}-ként"));
    }
    if case == "ins" {
        let v = if harmony(name) == Harmony::Back {
            "al"
        } else {
            "el"
        };
        let last = name.chars().last()?;
        if "aáeéiíoóöőuúüű".contains(last) {
            return Some(format!("{word}-v{v}"));
        }
        // The name's last sound, which the v turns into: eny → Ny-nyel, ef → F-fel.
        let sound = ["ny", "sz"]
            .into_iter()
            .find(|d| name.ends_with(d))
            .unwrap_or(&name[name.len() - 1..]);
        return Some(format!("{word}-{sound}{v}"));
    }
    let forms = suffix_forms(case_suffix(case)?)?;
    let s = match harmony(name) {
        Harmony::Back => forms[0],
        Harmony::Front => forms[1],
        Harmony::Rounded => forms[2],
    };
    Some(format!("{word}-{s}"))
}

/// The Hungarian definite article before a word or a number as it is read: `az` before a
/// vowel (az 1♥: egy; az 5♠: öt; az 50: ötven), `a` otherwise (a 2♥, a passz).
pub fn hu_article(next: &str) -> &'static str {
    let t = next.trim_start();
    let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
    if !digits.is_empty() {
        // The first word read: 1 egy, 1000 ezer, 1000000 egymillió; 5 öt, 50 ötven, 500 ötszáz.
        let vowel = digits.starts_with('5')
            || (digits.starts_with('1') && matches!(digits.len(), 1 | 4 | 7));
        return if vowel { "az" } else { "a" };
    }
    match t
        .chars()
        .next()
        .map(|c| c.to_lowercase().next().unwrap_or(c))
    {
        Some(c) if "aáeéiíoóöőuúüű".contains(c) => "az",
        _ => "a",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slavic_plurals() {
        let sk: Vec<usize> = [1, 2, 4, 5, 12, 22]
            .map(|n| plural_index(Lang::Sk, n))
            .into();
        assert_eq!(sk, [0, 1, 1, 2, 2, 2]);
        let pl: Vec<usize> = [1, 2, 4, 5, 12, 13, 22, 25, 0]
            .map(|n| plural_index(Lang::Pl, n))
            .into();
        assert_eq!(pl, [0, 1, 1, 2, 2, 2, 1, 2, 2]);
    }

    #[test]
    fn hungarian_numbers_take_the_harmony_of_their_last_word() {
        // 1 is a word of its own: egyszer.
        let got: Vec<String> = [1, 2, 3, 5, 6, 10, 20, 100, 1000, 15, 40]
            .iter()
            .map(|n| number_with_suffix(*n, "szor").unwrap())
            .collect();
        assert_eq!(
            got,
            [
                "egyszer",
                "2-szer",
                "3-szor",
                "5-ször",
                "6-szor",
                "10-szer",
                "20-szor",
                "100-szor",
                "1000-szer",
                "15-ször",
                "40-szer"
            ]
        );
        assert_eq!(number_with_suffix(12, "ból").unwrap(), "12-ből");
        assert_eq!(number_with_suffix(8, "ból").unwrap(), "8-ból");
    }

    #[test]
    fn hungarian_article() {
        assert_eq!(hu_article("1♥"), "az");
        assert_eq!(hu_article("2♥"), "a");
        assert_eq!(hu_article("5SZA"), "az");
        assert_eq!(hu_article("passz"), "a");
        assert_eq!(hu_article("Észak"), "az");
        assert_eq!(hu_article("1000"), "az");
        assert_eq!(hu_article("100"), "a");
    }

    #[test]
    fn the_essive_formal_neither_harmonises_nor_lengthens() {
        assert_eq!(hu_case("rekontra", "ess").unwrap(), "rekontraként");
        assert_eq!(
            hu_case("soron kívüli licit", "ess").unwrap(),
            "soron kívüli licitként"
        );
    }

    #[test]
    fn hungarian_suffixes_follow_vowel_harmony() {
        assert_eq!(hu_case("Észak", "dat").unwrap(), "Északnak");
        assert_eq!(hu_case("Kelet", "dat").unwrap(), "Keletnek");
        assert_eq!(hu_case("Kelet", "all").unwrap(), "Kelethez");
        assert_eq!(hu_case("Dél", "abl").unwrap(), "Déltől");
        assert_eq!(hu_case("Nyugat", "sub").unwrap(), "Nyugatra");
        assert_eq!(hu_case("Észak", "ins").unwrap(), "Északkal");
        assert_eq!(hu_case("kontra", "dat").unwrap(), "kontrának");
        assert!(hu_case("ütés", "hoz").is_none());
    }

    /// Every Hungarian suffix the renderer can put after a word or a number, against a table
    /// of forms checked by hand (the review's probes among them).
    #[test]
    fn hungarian_suffix_table() {
        let words = [
            ("passz", "ins", "passzal"),
            ("pikk", "ins", "pikkel"),
            ("treff", "ins", "treffel"),
            ("ász", "ins", "ásszal"),
            ("kőr", "ins", "kőrrel"),
            ("káró", "ins", "káróval"),
            ("Nyugat", "ins", "Nyugattal"),
            ("Kelet", "ins", "Kelettel"),
            ("Dél", "ins", "Déllel"),
            ("Észak", "ins", "Északkal"),
            ("kontra", "ins", "kontrával"),
            ("honőr", "dat", "honőrnek"),
            ("honőr", "all", "honőrhöz"),
            ("sofőr", "all", "sofőrhöz"),
            ("BOE", "dat", "BOE-nek"),
            ("JOE", "dat", "JOE-nek"),
            ("É", "dat", "É-nek"),
            ("K", "dat", "K-nak"),
            ("Ny", "dat", "Ny-nek"),
            ("Ny", "ins", "Ny-nyel"),
            ("É", "ins", "É-vel"),
            ("K", "ins", "K-val"),
            ("D", "all", "D-hez"),
            ("kontra", "ess", "kontraként"),
            ("BOE", "ess", "BOE-ként"),
        ];
        for (word, case, want) in words {
            assert_eq!(hu_case(word, case).as_deref(), Some(want), "{word} {case}");
        }
        let numbers = [
            (1, "szor", "egyszer"),
            (2, "szor", "2-szer"),
            (3, "szor", "3-szor"),
            (5, "szor", "5-ször"),
            (12, "szor", "12-szer"),
            (2, "hoz", "2-höz"),
            (12, "hoz", "12-höz"),
            (3, "hoz", "3-hoz"),
            (5, "hoz", "5-höz"),
            (2, "on", "2-n"),
            (0, "on", "0-n"),
            (3, "on", "3-on"),
            (5, "on", "5-ön"),
            (10, "on", "10-en"),
            (2, "ból", "2-ből"),
            (6, "ból", "6-ból"),
            (8, "ból", "8-ból"),
            (22, "ból", "22-ből"),
            (100, "nak", "100-nak"),
            (1000, "nak", "1000-nek"),
            (2, "nak", "2-nek"),
        ];
        for (n, suffix, want) in numbers {
            assert_eq!(
                number_with_suffix(n, suffix).as_deref(),
                Some(want),
                "{n} {suffix}"
            );
        }
    }
}
