//! The renderings' grammar reader and its mechanisms (lawbook::fuzzing).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| lawbook::fuzzing::grammar(data));
