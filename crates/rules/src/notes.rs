//! The rules notes the game shows: for each ruleset, what each rulebook paragraph says in short,
//! and the reading Fray chose where the rulebook leaves a gap. Paragraph ids (`zones.attacking`)
//! tie explanations to these notes.

pub const ZONES: &str = include_str!("../../../assets/rules/zones.md");
pub const COTERIE: &str = include_str!("../../../assets/rules/coterie.md");
pub const TEAMS: &str = include_str!("../../../assets/rules/teams.md");

/// (ruleset id, notes text)
pub const ALL: &[(&str, &str)] = &[("zones", ZONES), ("coterie", COTERIE), ("teams", TEAMS)];

pub fn notes(ruleset: &str) -> Option<&'static str> {
    ALL.iter().find(|(id, _)| *id == ruleset).map(|(_, t)| *t)
}

/// Paragraph ids in a notes text: the `## id — title` headings.
pub fn paragraph_ids(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter_map(|l| l.split_whitespace().next())
        .collect()
}

/// A paragraph's title as its heading gives it ("Group effort" for `coterie.effort`), for a
/// person to read where the id would mean nothing.
pub fn title(id: &str) -> Option<&'static str> {
    let heading = paragraph(id)?.lines().next()?;
    let (_, title) = heading.split_once(" — ")?;
    Some(title.trim())
}

/// The titles of `ids`, joined for a line of text; an id with no paragraph stays as it is.
pub fn titles(ids: &[String]) -> String {
    ids.iter()
        .map(|id| title(id).unwrap_or(id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The text of one paragraph, heading included, for the roll breakdown's quote.
pub fn paragraph(id: &str) -> Option<&'static str> {
    let ruleset = id.split('.').next()?;
    let text = notes(ruleset)?;
    let start = text.find(&format!("## {id} "))?;
    let rest = &text[start..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    Some(rest[..end].trim_end())
}
