//! `fray lessons`: the courses, or what they leave untaught.

use std::process::ExitCode;

use super::args::unknown_ruleset;
use super::said::{count, report, text, txt};

/// `fray lessons`: the courses, or what they leave untaught.
pub(super) fn lessons(ruleset: Option<&str>, coverage: bool, json: bool) -> ExitCode {
    if let Some(code) = ruleset.and_then(unknown_ruleset) {
        return code;
    }
    let rulesets: Vec<&str> = ruleset.map_or_else(|| fray::rulesets::IDS.to_vec(), |r| vec![r]);
    if !coverage {
        for r in &rulesets {
            say!("{r}:");
            match fray::lessons::course(r) {
                Ok(course) => {
                    for (id, title, about) in course {
                        say!("  {id}: {title} — {about}");
                    }
                }
                Err(e) => return report(e),
            }
        }
        return ExitCode::SUCCESS;
    }
    let mut all = serde_json::Map::new();
    for r in &rulesets {
        match fray::lessons::coverage::coverage(r) {
            Ok(c) => {
                if !json {
                    let said = text(
                        "cli-lessons-coverage",
                        &[
                            ("ruleset", txt(r)),
                            ("taught", count(c.taught)),
                            ("paragraphs", count(c.paragraphs)),
                            ("left", count(c.untaught.len())),
                            ("untaught", txt(c.untaught.join(", "))),
                        ],
                    );
                    say!("{said}");
                }
                all.insert(r.to_string(), serde_json::to_value(&c).unwrap_or_default());
            }
            Err(e) => return report(e),
        }
    }
    if json {
        say!("{}", serde_json::Value::Object(all));
    }
    ExitCode::SUCCESS
}
