//! The broken files in `tests/broken/`: each is refused by `fray check` with the `file:line`
//! and the words its header promises (`// expect: LINE: words`; `-` for a file-level error;
//! `OTHER.ron:LINE: words` for the scenario a replay names; a JSON file's in `NAME.expect`).
//! A file of a kind no case covers yet goes there with its expectation.

mod support;

use std::path::{Path, PathBuf};
use std::process::Command;

fn expectations(path: &Path) -> Vec<String> {
    let name = path.display().to_string();
    if path.extension().is_some_and(|x| x == "json") {
        let text = std::fs::read_to_string(format!("{name}.expect"))
            .unwrap_or_else(|e| panic!("{name}.expect: {e}"));
        text.lines().map(str::to_string).collect()
    } else {
        let bytes = std::fs::read(path).unwrap();
        String::from_utf8_lossy(&bytes)
            .lines()
            .map_while(|l| l.strip_prefix("// expect: ").map(str::to_string))
            .collect()
    }
}

/// What stderr must hold for one expectation of `file`.
fn wanted(file: &str, expectation: &str) -> String {
    let (at, words) = expectation
        .split_once(": ")
        .unwrap_or_else(|| panic!("{file}: a malformed expectation: {expectation}"));
    if at == "-" {
        format!("{file}: {words}")
    } else if at.bytes().all(|b| b.is_ascii_digit()) {
        format!("{file}:{at}: {words}")
    } else {
        // Another file's line: its name ends the path stderr gives.
        format!("{at}: {words}")
    }
}

#[test]
fn every_broken_file_is_refused_at_its_line_with_its_words() {
    let dir = support::root().join("tests/broken");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron" || x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 40, "{} broken files", files.len());
    let mut kinds = std::collections::BTreeSet::new();
    for path in &files {
        // Relative, as a user types it: the messages name the file as given.
        let file = format!(
            "tests/broken/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        let expected = expectations(path);
        assert!(!expected.is_empty(), "{file}: no expectation written");
        let out = Command::new(env!("CARGO_BIN_EXE_fray"))
            .current_dir(support::root())
            .args(["check", &file])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{file} is refused\n{stderr}");
        assert!(!stderr.contains("panicked"), "{file}: {stderr}");
        for e in &expected {
            let want = wanted(&file, e);
            assert!(
                stderr.contains(&want),
                "{file}:\nwanted: {want}\ngot:    {stderr}"
            );
        }
        kinds.insert(expected[0].split_once(": ").unwrap().1.to_string());
    }
    assert_eq!(
        kinds.len(),
        files.len(),
        "each file is a mistake of its own"
    );
}
