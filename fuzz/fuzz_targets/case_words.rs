//! The case words reader (lawbook::fuzzing).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| lawbook::fuzzing::case_words(data));
