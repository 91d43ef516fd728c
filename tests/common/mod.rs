//! Helpers shared by the integration tests (`mod common;`).

// Each test crate includes the module and uses only some of it.
#![allow(dead_code)]

use lawbook::diagnostic::Diag;
use std::path::Path;

/// The repository (the checkout the tests run in).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The diagnostic with the checkout's absolute path taken out of its message, help, labels
/// and file name (recursively), so it names files relative to the repository. Done before
/// rendering: the path's length would otherwise move the rendered line breaks from one
/// checkout to another.
pub fn relative(mut d: Diag) -> Diag {
    let prefix = format!("{}/", root().display());
    let strip = |s: &str| s.replace(&prefix, "");
    d.message = strip(&d.message);
    d.help = d.help.as_deref().map(strip);
    for (_, text) in &mut d.labels {
        *text = strip(text);
    }
    if let Some(src) = d.source.take() {
        d.source = Some(src.renamed(strip(src.name())));
    }
    d.related = d.related.into_iter().map(relative).collect();
    d
}
