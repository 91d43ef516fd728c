use lawbook::align::Edition;
use lawbook::terms::{cli, load_terms, report};
use std::path::Path;
#[test]
fn scratch() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bank = load_terms(root.join("laws/terms.terms")).unwrap();
    for ed in [Edition::E2017, Edition::E2007, Edition::E1997] {
        let texts = cli::load_texts(&root.join("laws"), ed).unwrap();
        let r = report::check(&bank, &texts);
        std::fs::write(format!("/tmp/scratch/terms-{ed}.txt"), report::render(&r, false)).unwrap();
    }
}
