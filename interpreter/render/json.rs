//! The ruling data as JSON, laid out as `serde_json`'s pretty printer lays it out (two
//! spaces a level), with each line's break and indent written in one piece: a decision
//! tree's JSON is deep (29/open: 14 levels on average, two thirds of its bytes indentation),
//! and the pretty printer writes an indent level by level.

use serde::Serialize;
use serde_json::ser::Formatter;
use std::io::{self, Write};

/// `value` as `serde_json::to_string_pretty` writes it.
pub fn pretty<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::with_capacity(4096);
    pretty_to(value, &mut out).expect("ruling data always serializes");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// `pretty`, written to `out` as it is made: a large tree's JSON is not held whole (a
/// fuzzed case's is a gigabyte).
pub fn pretty_to<T: Serialize + ?Sized, W: Write>(value: &T, out: W) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, Indented::default());
    value.serialize(&mut ser).map_err(io::Error::from)
}

/// `serde_json::ser::PrettyFormatter` with a two-space indent, but for how it writes a line
/// break and the indent after it.
#[derive(Default)]
struct Indented {
    depth: usize,
    has_value: bool,
    /// A line break and `depth` indents, and more: its start is what a new line writes.
    line: Vec<u8>,
}

impl Indented {
    fn new_line<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        let len = 1 + 2 * self.depth;
        if self.line.len() < len {
            self.line = b"\n".to_vec();
            self.line.resize(2 * len, b' ');
        }
        w.write_all(&self.line[..len])
    }

    /// An array's or an object's opening bracket.
    fn open<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    /// Its closing bracket: on a line of its own unless it is empty.
    fn close<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            self.new_line(w)?;
        }
        w.write_all(bracket)
    }

    /// An element's or a key's line, after the comma that ends the one before.
    fn item<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        self.new_line(w)
    }
}

impl Formatter for Indented {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laid_out_as_the_pretty_printer_does() {
        let value = serde_json::json!({
            "empty_list": [],
            "empty_map": {},
            "tree": [{"a": [1, [2, [3, {"deep": [[[[[[[[[[[[]]]]]]]]]]]]}]]], "b": null}, "x"],
            "text": "line\nbreak \"quoted\" ♠",
        });
        assert_eq!(
            pretty(&value),
            serde_json::to_string_pretty(&value).unwrap()
        );
    }
}
