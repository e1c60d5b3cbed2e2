//! The lessons and lesson scenarios built into the game (the browser has no files to read).

/// Each lesson: its id (the ruleset's folder and the file's stem) and its text, each course in
/// the order it is taught.
pub const BUILTIN: &[(&str, &str)] = &[];

/// Scenarios written for lessons, by name.
pub const SCENARIOS: &[(&str, &str)] = &[];
