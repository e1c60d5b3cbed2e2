//! A run of generated skirmishes as a campaign: a ruleset and a seed make five battles of
//! growing size, each won leading to the next, the first lost ending the run. The same seed
//! makes the same run, so a seed is a challenge to share.

use crate::generate::{self, Size};
use crate::scenario::DataErrors;
use fray_rules::line::Line;

use super::file::{After, BattleDef, Campaign, EndingDef};

/// The sizes of a run's battles, in order.
pub const SIZES: [Size; 5] = [
    Size::Small,
    Size::Small,
    Size::Medium,
    Size::Medium,
    Size::Large,
];

/// The name of the run of `ruleset` from `seed`.
pub fn name(ruleset: &str, seed: u64) -> String {
    format!("run-{ruleset}-{seed}")
}

/// The run a name stands for; None for a name that is not one.
pub fn by_name(name: &str) -> Option<Result<Campaign, DataErrors>> {
    let rest = name.strip_prefix("run-")?;
    let (ruleset, seed) = rest.rsplit_once('-')?;
    let wrong = |message: Line| Some(Err(DataErrors::one(name, 0, message)));
    if !generate::RULESETS.contains(&ruleset) {
        return wrong(
            Line::new("data-campaign-run-no-ruleset")
                .name("ruleset", ruleset)
                .name("known", generate::RULESETS.join(", ")),
        );
    }
    let Ok(seed) = seed.parse::<u64>() else {
        return wrong(Line::new("data-campaign-run-seed").name("seed", seed));
    };
    Some(run(ruleset, seed))
}

/// The run: battle k is the skirmish `random-<ruleset>-<size>-<seed + k>`, the company
/// fighting as its first side.
pub fn run(ruleset: &str, seed: u64) -> Result<Campaign, DataErrors> {
    let mut battles = Vec::new();
    for (k, size) in SIZES.iter().enumerate() {
        let scenario = format!(
            "random-{ruleset}-{}-{}",
            size.name(),
            seed.wrapping_add(k as u64)
        );
        let loaded = crate::catalogue::load(&scenario)?;
        let side = loaded
            .setup
            .factions()
            .into_iter()
            .next()
            .unwrap_or_default();
        let id = format!("battle-{}", k + 1);
        let next = if k + 1 < SIZES.len() {
            format!("battle-{}", k + 2)
        } else {
            "won".to_string()
        };
        battles.push(BattleDef {
            id,
            briefing: loaded.scenario.name.clone(),
            scenario,
            side,
            objectives: Vec::new(),
            won: After {
                says: String::new(),
                to: Some(next),
                choose: Vec::new(),
            },
            lost: After {
                says: String::new(),
                to: Some("lost".to_string()),
                choose: Vec::new(),
            },
        });
    }
    Ok(Campaign {
        name: name(ruleset, seed),
        about: String::new(),
        start: "battle-1".to_string(),
        battles,
        endings: vec![
            EndingDef {
                id: "won".to_string(),
                title: "won".to_string(),
                says: String::new(),
                won: true,
            },
            EndingDef {
                id: "lost".to_string(),
                title: "lost".to_string(),
                says: String::new(),
                won: false,
            },
        ],
    })
}
