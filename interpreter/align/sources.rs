//! A translator's own files in place of the law book's texts: `--text sk=FILE` and
//! `--layout sk=FILE`, for every command that reads the texts of an edition (`compare`,
//! `terms check`, `show`, the exports). A text not given is the law book's.

use super::layout::Layout;
use super::{align_with, AlignError, Alignment, Edition, Lang};
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// `LANG=FILE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LangFile {
    pub lang: Lang,
    pub path: PathBuf,
}

impl FromStr for LangFile {
    type Err = String;
    fn from_str(s: &str) -> Result<LangFile, String> {
        let (lang, path) = s
            .split_once('=')
            .ok_or_else(|| format!("`{s}`: write LANG=FILE, as sk=my-translation.txt"))?;
        if path.is_empty() {
            return Err(format!("`{s}`: the file is missing after `=`"));
        }
        Ok(LangFile {
            lang: lang.parse()?,
            path: PathBuf::from(path),
        })
    }
}

/// The translator's files, as command-line options.
#[derive(Clone, Debug, Default, clap::Args)]
pub struct TextFiles {
    /// A translation of your own in place of the law book's, as LANG=FILE (sk=my-copy.txt);
    /// repeat for another language. The texts not given are the law book's, and every line
    /// number points into the file given
    #[arg(long = "text", value_name = "LANG=FILE")]
    pub texts: Vec<LangFile>,
    /// The layout of a text given with --text, as LANG=FILE (docs/translators.md, "Layout
    /// files"); without it, the law book's layout for that language and edition
    #[arg(long = "layout", value_name = "LANG=FILE")]
    pub layouts: Vec<LangFile>,
}

impl TextFiles {
    /// The file given for `lang`, if any.
    pub fn text(&self, lang: Lang) -> Option<&Path> {
        self.texts
            .iter()
            .rev()
            .find(|t| t.lang == lang)
            .map(|t| t.path.as_path())
    }

    /// Whether a text of `lang` is given with its layout: so it is read even where the law
    /// book has no text of that language and edition (it has no layout for it either).
    pub fn adds(&self, lang: Lang) -> bool {
        self.text(lang).is_some() && self.layouts.iter().any(|l| l.lang == lang)
    }

    /// A language given that the edition has no text in (`--text pl=…` for 2017).
    pub fn foreign(&self, langs: &[Lang]) -> Option<&LangFile> {
        self.texts
            .iter()
            .chain(&self.layouts)
            .find(|t| !langs.contains(&t.lang))
    }

    /// The layout for `lang`: the file given (checked to be for `lang` and `edition`), or
    /// None for the law book's.
    pub fn layout(&self, lang: Lang, edition: Edition) -> Result<Option<Layout>, AlignError> {
        let Some(given) = self.layouts.iter().rev().find(|l| l.lang == lang) else {
            return Ok(None);
        };
        let layout = Layout::read(&given.path)?;
        super::layout::agrees(&layout, &given.path, Some(lang), Some(edition))?;
        Ok(Some(layout))
    }

    /// Aligns `text`, read under `name`, by the layout given for `lang` or the law book's.
    pub fn align(
        &self,
        name: &str,
        text: &[u8],
        lang: Lang,
        edition: Edition,
    ) -> Result<Alignment, AlignError> {
        match self.layout(lang, edition)? {
            Some(layout) => align_with(name, text, &layout),
            None => super::align_named(name, text, lang, edition),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lang_equals_file() {
        let f: LangFile = "sk=my copy.txt".parse().unwrap();
        assert_eq!(f.lang, Lang::Sk);
        assert_eq!(f.path, PathBuf::from("my copy.txt"));
        assert!("my.txt"
            .parse::<LangFile>()
            .unwrap_err()
            .contains("LANG=FILE"));
        assert!("cs=x.txt".parse::<LangFile>().unwrap_err().contains("cs"));
        assert!("sk=".parse::<LangFile>().is_err());
    }
}
