//! Errors that name the place: `file:line: what is wrong`.

use std::fmt;

use thiserror::Error;

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

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lines: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        write!(f, "{}", lines.join("\n"))
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

pub struct Report<'a> {
    pub file: &'a str,
    pub src: &'a str,
    pub errors: Vec<DataError>,
}

impl<'a> Report<'a> {
    pub fn new(file: &'a str, src: &'a str) -> Self {
        Report {
            file,
            src,
            errors: Vec::new(),
        }
    }

    pub fn at(&mut self, anchors: &[&str], message: impl Into<String>) {
        let line = locate(self.src, anchors);
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

/// A RON syntax or shape error, with the position RON reports.
pub fn from_ron(file: &str, e: &ron::error::SpannedError) -> DataErrors {
    DataErrors(vec![DataError {
        file: file.to_string(),
        line: e.span.start.line,
        message: format!("{} (column {})", e.code, e.span.start.col),
    }])
}

/// Reads a data file, or says why not, naming it (and, for text that is not UTF-8, the line).
/// A UTF-8 byte-order mark, which some editors write, is dropped.
pub fn read(path: &std::path::Path) -> Result<String, DataErrors> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| {
        DataErrors(vec![DataError {
            file: file.clone(),
            line: 0,
            message: format!("cannot read: {e}"),
        }])
    })?;
    text(&file, bytes)
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
