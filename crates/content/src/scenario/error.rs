//! Errors that name the place: `file:line: what is wrong`.

use std::fmt;
use std::ops::Range;

use thiserror::Error;

mod path;
mod plain;

pub use path::Step;
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

pub use crate::rules::names::{MAX_LISTED, some_of};

/// A list of a data file longer than its limit: an error at the list's line that names the
/// limit. True where it was over.
pub fn over_limit(r: &mut Report, anchors: &[&str], what: &str, len: usize, max: usize) -> bool {
    if len > max {
        r.at(anchors, format!("{what}: {len}, over the limit of {max}"));
        true
    } else {
        false
    }
}

/// A character's `icon:`, if it names one: a portrait of the art (`portrait.goblin`), else an
/// error at its line listing the portraits there are.
pub fn check_icon(r: &mut Report, anchors: &[&str], who: &str, icon: &Option<String>) {
    if let Some(key) = icon
        && !crate::art::is_portrait(key)
    {
        let known: Vec<&str> = crate::art::Atlas::get().portraits().collect();
        r.at(
            &[anchors, &["icon:"]].concat(),
            format!(
                "{who}: no portrait \"{key}\" (the portraits: {})",
                some_of(&known)
            ),
        );
    }
}

/// Finds the line of a value in the source by walking anchors in order: each anchor is searched
/// after the previous one was found, so `["name: \"Aldo\"", "\"Spaer\""]` finds the unknown
/// gear on Aldo's entry rather than somewhere else in the file. The line of the last anchor
/// found is returned (1-based).
pub fn locate(src: &str, anchors: &[&str]) -> usize {
    let mut pos = 0usize;
    let mut found = 0usize;
    for a in anchors {
        if let Some(i) = src[pos..].find(a) {
            found = pos + i;
            pos = found + a.len();
        }
    }
    src[..found].matches('\n').count() + 1
}

/// The mistakes found in one file. Finding each one's line stays cheap however many there
/// are (a file of 60,000 mistakes): runs of anchors already walked are remembered, an anchor
/// ending in a quoted name is looked up in an index of the file's quoted strings rather than
/// searched for, and lines are counted from an index of newlines. The lines are the ones
/// [`locate`] finds, but for an anchor's words in a comment or inside a string (`zones:` in a
/// scenario's `teaches`), which are not the field.
///
/// Between [`Report::enter`] and [`Report::leave`] anchors are looked for inside one record,
/// found by its place in the file: a record's name may be written twice, or after the field
/// that is wrong, and then no anchor chain from the file's start finds its fields.
pub struct Report<'a> {
    pub file: &'a str,
    pub src: &'a str,
    pub errors: Vec<DataError>,
    /// Where each walked run of anchors found its last anchor, and where the walk ends, by the
    /// record it was walked in.
    walked: std::collections::HashMap<(Range<usize>, Vec<String>), (usize, usize)>,
    /// Every quoted string of the source, quotes included, with where each occurrence starts.
    quoted: std::collections::HashMap<&'a str, Vec<usize>>,
    newlines: Vec<usize>,
    /// Where each comment and each string's inside starts and ends, in order.
    skipped: Vec<(usize, usize)>,
    /// The file's records by their place, read when first asked for.
    paths: Option<path::Paths>,
    /// The record anchors are looked for in; the whole file outside `enter` and `leave`.
    scope: Range<usize>,
}

impl<'a> Report<'a> {
    pub fn new(file: &'a str, src: &'a str) -> Self {
        let mut quoted: std::collections::HashMap<&str, Vec<usize>> =
            std::collections::HashMap::new();
        let bytes = src.as_bytes();
        let mut skipped = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'"' {
                let mut j = i + 1;
                while j < bytes.len() && bytes[j] != b'"' {
                    j += if bytes[j] == b'\\' { 2 } else { 1 };
                }
                let end = (j + 1).min(bytes.len());
                if let Some(text) = src.get(i..end) {
                    quoted.entry(text).or_default().push(i);
                }
                skipped.push((i + 1, end));
                i = end;
            } else if bytes[i..].starts_with(b"//") {
                // A quote in a comment starts no string.
                let end = i + src[i..].find('\n').unwrap_or(src.len() - i);
                skipped.push((i, end));
                i = end;
            } else if bytes[i..].starts_with(b"/*") {
                let end = i + src[i..].find("*/").map_or(src.len() - i, |e| e + 2);
                skipped.push((i, end));
                i = end;
            } else {
                i += 1;
            }
        }
        Report {
            file,
            src,
            errors: Vec::new(),
            walked: std::collections::HashMap::new(),
            quoted,
            skipped,
            newlines: src.match_indices('\n').map(|(i, _)| i).collect(),
            paths: None,
            scope: 0..src.len(),
        }
    }

    /// Looks for anchors only inside the record at `path` (the second faction's third
    /// character: `[Field("factions"), Nth(1), Field("characters"), Nth(2)]`) until
    /// [`Report::leave`]; an error none of whose anchors is found there is at the record's
    /// first line.
    pub fn enter(&mut self, path: &[Step]) {
        let src = self.src;
        self.scope = self
            .paths
            .get_or_insert_with(|| path::Paths::new(src))
            .span(path);
    }

    /// Looks for anchors in the whole file again.
    pub fn leave(&mut self) {
        self.scope = 0..self.src.len();
    }

    /// The first occurrence of `anchor` at or after `from`, inside the record looked in.
    fn find(&self, anchor: &str, from: usize) -> Option<usize> {
        let limit = self.scope.end;
        if let Some(q) = anchor.find('"')
            && anchor.len() > q + 1
            && anchor.ends_with('"')
            && let Some(starts) = self.quoted.get(&anchor[q..])
        {
            let before = &anchor[..q];
            let first = starts.partition_point(|&p| p < from + q);
            return starts[first..]
                .iter()
                .map(|&p| p - q)
                .take_while(|&p| p + anchor.len() <= limit)
                .find(|&p| self.src.get(p..p + q) == Some(before));
        }
        let mut from = from;
        loop {
            let at = from + self.src.get(from..limit)?.find(anchor)?;
            let k = self.skipped.partition_point(|&(_, end)| end <= at);
            match self.skipped.get(k) {
                Some(&(start, end)) if start <= at => from = end,
                _ => return Some(at),
            }
        }
    }

    /// Walks `anchors` in order as [`locate`] does: where the last anchor found starts, and
    /// where the walk ends.
    fn walk(&mut self, anchors: &[&str]) -> (usize, usize) {
        let Some((last, before)) = anchors.split_last() else {
            return (self.scope.start, self.scope.start);
        };
        let key = (
            self.scope.clone(),
            before.iter().map(|a| a.to_string()).collect(),
        );
        let (found, from) = match self.walked.get(&key) {
            Some(&walked) => walked,
            None => {
                let walked = self.walk(before);
                self.walked.insert(key, walked);
                walked
            }
        };
        match self.find(last, from) {
            Some(at) => (at, at + last.len()),
            None => (found, from),
        }
    }

    pub fn at(&mut self, anchors: &[&str], message: impl Into<String>) {
        let (found, _) = self.walk(anchors);
        let line = self.newlines.partition_point(|&n| n < found) + 1;
        self.errors.push(DataError {
            file: self.file.to_string(),
            line,
            message: message.into(),
        });
    }

    pub fn finish(self) -> Result<(), DataErrors> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(DataErrors(self.errors))
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str = "factions: [ // it's \"quoted\n (name: \"A\", hands: [\"x\"],\n  pack: [\"y\"]),\n (name: \"B\", hands: [\"x\"]),\n (name: \"A\", hands: [\"z\"]),\n]\nground: [\"x\"]\n";

    /// The report's remembered walks find the same lines as a walk from the start, in file
    /// order, out of it, repeated, and for anchors that are not there.
    #[test]
    fn a_report_finds_the_lines_locate_finds() {
        let chains: &[&[&str]] = &[
            &["factions", "name: \"A\"", "\"x\""],
            &["factions", "name: \"B\"", "\"x\""],
            &["factions", "name: \"A\"", "pack:", "\"y\""],
            &["factions", "name: \"A\"", "\"x\""],
            &["ground", "\"x\""],
            &["factions", "name: \"B\"", "\"nowhere\""],
            &["nothing", "\"z\""],
            &["factions", "name: \"A\"", "name: \"A\"", "\"z\""],
        ];
        let mut r = Report::new("f", SRC);
        for c in chains {
            r.at(c, "m");
        }
        let got: Vec<usize> = r.errors.iter().map(|e| e.line).collect();
        let want: Vec<usize> = chains.iter().map(|c| locate(SRC, c)).collect();
        assert_eq!(got, want);
        assert_eq!(want, [2, 4, 3, 2, 7, 4, 5, 5]);
    }
}
