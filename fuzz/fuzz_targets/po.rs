//! The PO reader and the merge of a translator's file into the phrases (lawbook::fuzzing).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| lawbook::fuzzing::po(data));
