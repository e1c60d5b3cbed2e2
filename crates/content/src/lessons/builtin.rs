//! The lessons built into the game (the browser has no files to read).

macro_rules! lessons {
    ($($id:literal),* $(,)?) => {
        &[$(($id, include_str!(concat!("../../../../assets/lessons/", $id, ".ron")))),*]
    };
}

/// Each lesson: its id (the ruleset's folder and the file's stem) and its text, each course in
/// the order it is taught.
pub const BUILTIN: &[(&str, &str)] = lessons![
    "zones/01-a-round-and-a-turn",
    "zones/02-attacks-and-armour",
    "zones/03-reactions",
    "zones/04-range-cover-and-blasts",
    "zones/05-stunts-and-grapples",
    "zones/06-sneaking-and-morale",
    "zones/07-optional-rules",
    "coterie/01-the-phase-loop",
    "coterie/02-the-harm-overlay",
    "coterie/03-losing-a-phase",
    "coterie/04-draws-and-duels",
    "coterie/05-a-chase-not-a-fight",
    "teams/01-three-actions",
    "teams/02-attack-tests",
    "teams/03-defences",
    "teams/04-falling-and-getting-up",
    "teams/05-surprise-and-orders",
];
