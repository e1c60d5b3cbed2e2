//! The catalogues as compiled in: each of `assets/words/en/*.ftl` without its comments and
//! blank lines, which are for the people who write them and only weigh on the browser's
//! download. Fluent reads no meaning into either (a comment starts a line with `#`; a message's
//! continuation lines are indented), so each message stays as written.

use std::path::Path;

fn main() {
    // Read when the script runs, not when it was built: a target folder shared between two
    // clones of the repository keeps one build of this script for both.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let from = Path::new(&manifest).join("../../assets/words/en");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    println!("cargo::rerun-if-changed={}", from.display());
    let mut files: Vec<_> = std::fs::read_dir(&from)
        .expect("assets/words/en is there")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    for file in files {
        println!("cargo::rerun-if-changed={}", file.display());
        let text = std::fs::read_to_string(&file).expect("a catalogue reads as UTF-8");
        let kept: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .collect();
        let name = file.file_name().expect("a file name");
        std::fs::write(Path::new(&out).join(name), kept.join("\n") + "\n")
            .expect("OUT_DIR is writable");
    }
}
