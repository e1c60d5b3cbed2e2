//! Errors that name the place: `file:line: what is wrong`.

use std::fmt;

use thiserror::Error;

mod plain;

pub use plain::{from_ron, invisible};

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct DataError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// Every mistake found in one file, not just the first.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct DataErrors(pub Vec<DataError>);

/// How many of a file's mistakes are shown, as a compiler stops after its first screenful: a
/// mistake repeated through a large file would otherwise print megabytes.
pub const MAX_SHOWN: usize = 20;

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self
            .0
            .iter()
            .take(MAX_SHOWN)
            .map(ToString::to_string)
            .collect();
        write!(f, "{}", lines.join("\n"))?;
        if self.0.len() > MAX_SHOWN {
            write!(
                f,
                "\n... and {} more errors not shown",
                self.0.len() - MAX_SHOWN
            )?;
        }
        Ok(())
    }
}

/// How many known names a message lists (the items, the teams, the places): enough to spot a
/// misspelling among, not a whole catalogue repeated in every message.
pub const MAX_LISTED: usize = 8;

/// A few names of a list, joined by `, `: the first [`MAX_LISTED`], then how many more.
pub fn some_of<S: AsRef<str>>(names: &[S]) -> String {
    let more;
    let mut out: Vec<&str> = names.iter().take(MAX_LISTED).map(AsRef::as_ref).collect();
    if names.len() > MAX_LISTED {
        more = format!("and {} more", names.len() - MAX_LISTED);
        out.push(&more);
    }
    out.join(", ")
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
pub fn read_as(path: &std::path::Path, what: &str) -> Result<String, DataErrors> {
    use std::io::Read;
    let file = path.display().to_string();
    let refuse = |message: String| {
        DataErrors(vec![DataError {
            file: file.clone(),
            line: 0,
            message,
        }])
    };
    let not_regular = |kind: &std::fs::FileType| {
        refuse(format!(
            "not read: it is {}, not a {what} file",
            special(kind)
        ))
    };
    let too_big = |len: u64| {
        refuse(format!(
            "not read: it holds {len} bytes, and a data file holds at most {MAX_FILE_BYTES} ({} MiB)",
            MAX_FILE_BYTES >> 20
        ))
    };
    // Looked at before it is opened: opening a pipe waits for a writer.
    let meta = std::fs::metadata(path).map_err(|e| refuse(format!("cannot read: {e}")))?;
    if meta.is_dir() {
        return Err(refuse(format!(
            "cannot read: it is a folder, not a {what} file"
        )));
    }
    if !meta.is_file() {
        return Err(not_regular(&meta.file_type()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_big(meta.len()));
    }
    let f = std::fs::File::open(path).map_err(|e| refuse(format!("cannot read: {e}")))?;
    // The file opened may not be the one looked at (replaced in between): asked again.
    let meta = f
        .metadata()
        .map_err(|e| refuse(format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(not_regular(&meta.file_type()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    f.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| refuse(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_big(bytes.len() as u64));
    }
    text(&file, bytes)
}

/// What a file that is neither a folder nor a regular file is, in a few words.
fn special(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_fifo() {
            return "a pipe";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    let _ = kind;
    "a special file (a device or a pipe)"
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
            Err(DataErrors(vec![DataError {
                file: file.to_string(),
                line,
                message: format!(
                    "the text is not valid UTF-8 (byte {column} of the line); save the file as UTF-8"
                ),
            }]))
        }
    }
}

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
                    return Err(serde::de::Error::custom(format!(
                        "\"{k}\" is defined twice"
                    )));
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
