//! The law file reader, under the bundled law book (lawbook::fuzzing).
#![no_main]

use lawbook::fuzzing::Bundled;
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;

thread_local! {
    // Read once: the law book is what every input is checked or ruled under.
    static BUNDLED: RefCell<Bundled> = RefCell::new(Bundled::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../laws"),
    ));
}

fuzz_target!(|data: &[u8]| BUNDLED.with(|b| b.borrow_mut().law_file(data)));
