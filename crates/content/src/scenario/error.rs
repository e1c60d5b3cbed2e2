//! Errors that name the place: `file:line: what is wrong`.

use std::fmt;

use fray_rules::line::Line;
use fray_words::Words;
use thiserror::Error;

mod plain;

pub use plain::{from_ron, invisible};

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct DataError {
    pub file: String,
    pub line: usize,
    /// What is wrong, as facts for the catalogue (`data.ftl`) to say in the reader's language.
    pub message: Line,
}

impl DataError {
    pub fn new(file: impl Into<String>, line: usize, message: Line) -> DataError {
        DataError {
            file: file.into(),
            line,
            message,
        }
    }

    /// The error as a line: where, then what.
    pub fn as_line(&self) -> Line {
        Line::new("data-error")
            .name("file", self.file.clone())
            .number("line", i64::try_from(self.line).unwrap_or(i64::MAX))
            .line("message", self.message.clone())
    }

    /// `file:line: what is wrong`, in `words`' language.
    pub fn said(&self, words: &Words) -> String {
        words.said(&self.as_line())
    }

    /// What is wrong, without where, in English: what a test compares.
    pub fn text(&self) -> String {
        fray_words::english().said(&self.message)
    }
}

/// In English, as a test or a log reads it; a player's screen says it with [`DataError::said`].
impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said(fray_words::english()))
    }
}

/// Every mistake found in one file, not just the first.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct DataErrors(pub Vec<DataError>);

/// How many of a file's mistakes are shown, as a compiler stops after its first screenful: a
/// mistake repeated through a large file would otherwise print megabytes.
pub const MAX_SHOWN: usize = 20;

impl DataErrors {
    /// One mistake of `file`, at `line`.
    pub fn one(file: impl Into<String>, line: usize, message: Line) -> DataErrors {
        DataErrors(vec![DataError::new(file, line, message)])
    }

    /// The first [`MAX_SHOWN`] mistakes, one a line, then how many more there are, as one
    /// line: each mistake the first of a line that goes on with the rest, so that a message
    /// that names a file's mistakes (a replay's scenario's) holds them as a value.
    pub fn as_line(&self) -> Line {
        let mut lines: Vec<Line> = self
            .0
            .iter()
            .take(MAX_SHOWN)
            .map(DataError::as_line)
            .collect();
        if self.0.len() > MAX_SHOWN {
            let more = i64::try_from(self.0.len() - MAX_SHOWN).unwrap_or(i64::MAX);
            lines.push(Line::new("data-errors-not-shown").number("count", more));
        }
        lines
            .into_iter()
            .rev()
            .reduce(|rest, first| {
                Line::new("data-errors-then")
                    .line("first", first)
                    .line("rest", rest)
            })
            .unwrap_or_default()
    }

    /// Every mistake shown, in `words`' language.
    pub fn said(&self, words: &Words) -> String {
        words.said(&self.as_line())
    }
}

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said(fray_words::english()))
    }
}

/// How many known names a message lists (the items, the teams, the places): enough to spot a
/// misspelling among, not a whole catalogue repeated in every message.
pub const MAX_LISTED: usize = 8;

/// A few names of a list, joined by `, `: the first [`MAX_LISTED`], then how many more.
pub fn some_of<S: AsRef<str>>(names: &[S]) -> Line {
    let out: Vec<&str> = names.iter().take(MAX_LISTED).map(AsRef::as_ref).collect();
    let listed = Line::new("data-names").name("names", out.join(", "));
    if names.len() > MAX_LISTED {
        let more = i64::try_from(names.len() - MAX_LISTED).unwrap_or(i64::MAX);
        Line::new("data-names-and-more")
            .line("names", listed)
            .number("more", more)
    } else {
        listed
    }
}

/// The largest data file read: a scenario, replay or lesson of a real table is a few
/// kilobytes, the largest shipped well under 100 KB; 4 MiB leaves room for a very long replay
/// and keeps a mistaken path (a log, an image, a disk) from being read into memory.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// Reads a data file (a scenario, a replay, a lesson), or says why not, naming it (and, for
/// text that is not UTF-8, the line). Only a regular file is read, and only up to
/// [`MAX_FILE_BYTES`]: a device such as `/dev/zero` or a pipe is refused without being opened,
/// and the refusal says what was refused and why, never what the file holds. A UTF-8
/// byte-order mark, which some editors write, is dropped. Every place that reads a data file
/// given by a path reads it here.
pub fn read(path: &std::path::Path) -> Result<String, DataErrors> {
    read_as(path, "data")
}

/// [`read`], for a file wanted as a `what` (`scenario`): a folder or a device given in its
/// place is refused as not being one.
pub fn read_as(path: &std::path::Path, what: &'static str) -> Result<String, DataErrors> {
    use std::io::Read;
    let file = path.display().to_string();
    let refuse = |message: Line| DataErrors::one(file.clone(), 0, message);
    let unread =
        |e: std::io::Error| refuse(Line::new("data-cannot-read").name("error", e.to_string()));
    let not_regular = |kind: &std::fs::FileType| {
        refuse(
            Line::new("data-not-read-special")
                .word("special", special(kind))
                .word("what", what),
        )
    };
    let too_big = |len: u64| {
        refuse(
            Line::new("data-not-read-too-big")
                .number("bytes", i64::try_from(len).unwrap_or(i64::MAX))
                .number("most", MAX_FILE_BYTES as i64)
                .number("mib", (MAX_FILE_BYTES >> 20) as i64),
        )
    };
    // Looked at before it is opened: opening a pipe waits for a writer.
    let meta = std::fs::metadata(path).map_err(unread)?;
    if meta.is_dir() {
        return Err(refuse(
            Line::new("data-cannot-read-folder").word("what", what),
        ));
    }
    if !meta.is_file() {
        return Err(not_regular(&meta.file_type()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big(meta.len()));
    }
    let f = std::fs::File::open(path).map_err(unread)?;
    // The file opened may not be the one looked at (replaced in between): asked again.
    let meta = f.metadata().map_err(unread)?;
    if !meta.is_file() {
        return Err(not_regular(&meta.file_type()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    f.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unread)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big(bytes.len() as u64));
    }
    text(&file, bytes)
}

/// What a file that is neither a folder nor a regular file is, as the keyword the message
/// `data-not-read-special` chooses its words by.
fn special(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_block_device() {
            return "device";
        }
        if kind.is_fifo() {
            return "pipe";
        }
        if kind.is_socket() {
            return "socket";
        }
    }
    let _ = kind;
    "special"
}

/// A data file's bytes as text: UTF-8, without a byte-order mark.
pub fn text(file: &str, bytes: Vec<u8>) -> Result<String, DataErrors> {
    match String::from_utf8(bytes) {
        Ok(s) => Ok(match s.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => s,
        }),
        Err(e) => {
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let column =
                good.len() - good.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
            Err(DataErrors::one(
                file,
                line,
                Line::new("data-not-utf8").number("column", column as i64),
            ))
        }
    }
}

/// How [`unique_keys`] marks a key written twice in the parser's message, before the key: the
/// message's words are the catalogue's (`data-defined-twice`), found again by `plain`.
pub const DEFINED_TWICE: &str = "fray:defined-twice:";

/// `deserialize_with` for the maps of a data file (gear, items, skills, traits): a key written
/// twice is an error at the second one, where a plain map would keep the last silently.
pub fn unique_keys<'de, D, V>(d: D) -> Result<std::collections::BTreeMap<String, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: serde::Deserialize<'de>,
{
    struct Unique<V>(std::marker::PhantomData<V>);
    impl<'de, V: serde::Deserialize<'de>> serde::de::Visitor<'de> for Unique<V> {
        type Value = std::collections::BTreeMap<String, V>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a map of names")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut m: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = std::collections::BTreeMap::new();
            while let Some(k) = m.next_key::<String>()? {
                if out.contains_key(&k) {
                    return Err(serde::de::Error::custom(format!("{DEFINED_TWICE}{k}")));
                }
                let v = m.next_value()?;
                out.insert(k, v);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Unique(std::marker::PhantomData))
}

/// An optional field written plainly when given (`turn: "Ann"`, not `turn: Some("Ann")`): a
/// situation is written by hand, field by field.
pub fn given<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    T::deserialize(d).map(Some)
}

#[cfg(test)]
mod tests {
    use fray_words::{Lang, looks_unconverted};

    use super::*;

    /// A file's errors read in English as they always have, and under the pseudo-locale every
    /// word around the names the file gives comes from the catalogue, the tail of errors not
    /// shown too.
    #[test]
    fn a_files_errors_are_said_in_the_words_language() {
        let errors = DataErrors(
            (0..MAX_SHOWN + 2)
                .map(|k| {
                    let said = Line::new("data-zones-zone-twice").name("zone", "Mill");
                    DataError::new("f.ron", k + 1, said)
                })
                .collect(),
        );
        let english = errors.to_string();
        let lines: Vec<&str> = english.lines().collect();
        assert_eq!(lines[0], "f.ron:1: zone \"Mill\" is defined twice");
        assert_eq!(lines[MAX_SHOWN], "... and 2 more errors not shown");
        assert_eq!(lines.len(), MAX_SHOWN + 1);
        let pseudo = errors.said(fray_words::of(Lang::Pseudo));
        assert_eq!(pseudo.lines().count(), MAX_SHOWN + 1);
        for line in pseudo.lines() {
            let left = line.replace("f.ron", "").replace("Mill", "");
            assert!(!looks_unconverted(&left), "{line}");
        }
    }

    /// Fray's own refusals that serde hands on as text (a die nobody rolls, a name written
    /// twice in a map) are said in the catalogue's words, at their line: in English as they
    /// always read, and under the pseudo-locale with none left.
    #[test]
    fn refusals_carried_by_the_parser_are_said_in_the_words_language() {
        #[derive(Debug, serde::Deserialize)]
        #[allow(dead_code)]
        struct Kit {
            die: crate::rules::Die,
            #[serde(deserialize_with = "unique_keys")]
            gear: std::collections::BTreeMap<String, u8>,
        }
        for (src, english) in [
            (
                "(\n  die: 0,\n  gear: {},\n)",
                "f.ron:2: a die has 1 to 100 faces, not 0",
            ),
            (
                "(\n  die: 6,\n  gear: {\"Stick\": 1,\n  \"Stick\": 2},\n)",
                "f.ron:4: \"Stick\" is defined twice",
            ),
        ] {
            let e = ron::from_str::<Kit>(src).unwrap_err();
            let errors = plain::from_ron("f.ron", src, &e);
            assert_eq!(errors.to_string(), english);
            let pseudo = errors.said(fray_words::of(Lang::Pseudo));
            let left = pseudo.replace("f.ron", "").replace("Stick", "");
            assert!(!looks_unconverted(&left), "{pseudo}");
        }
    }
}
