//! For the shell's tests: whether what a screen or a window draws under the pseudo-locale is
//! the catalogues', and whole.

use bevy_egui::egui;

/// Every string a data file writes in quotes: the names and words it gives, left as written.
pub fn quoted(file: &str) -> impl Iterator<Item = &str> {
    file.split('"').skip(1).step_by(2)
}

/// The text of every file in `folders` (the scenarios a screen names), one after another,
/// for [`quoted`] to read.
pub fn files_in(folders: &[&str]) -> String {
    folders
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).expect("a folder of data files"))
        .map(|e| std::fs::read_to_string(e.expect("an entry").path()).expect("a file"))
        .collect()
}

/// Asserts that each of `texts`, drawn under the pseudo-locale in a window 1280 wide, reads
/// as the catalogues' once `own` (a data file's words, the keys' names) is taken out, and
/// lies whole inside the window; `what` says where it was drawn.
pub fn assert_spoken(what: &str, texts: &[(String, egui::Rect)], own: &[&str]) {
    // The longest first, so that no name is cut into by a shorter one inside it.
    let mut own = own.to_vec();
    own.sort_by_key(|s| std::cmp::Reverse(s.len()));
    // Nothing drawn, nothing to read or cut off (egui lays out empty texts, some off-screen).
    for (text, at) in texts.iter().filter(|(t, _)| !t.trim().is_empty()) {
        let rest = own.iter().fold(text.clone(), |t, o| t.replace(o, ""));
        assert!(
            !crate::words::looks_unconverted(&rest),
            "{what}: not from the catalogue: \"{text}\""
        );
        assert!(at.max.x <= 1280.0, "{what}: cut off: \"{text}\"");
    }
}
