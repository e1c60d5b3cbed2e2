//! A campaign being played: where it stands (in camp before a battle, choosing the way on,
//! ended), the company as it stands, the record of each battle fought, and the battle under
//! way. It is saved whole, as one file, after every change.

use fray_rules::line::Line;
use serde::{Deserialize, Serialize};

use crate::rules::battle::{Outcome, Pending};
use crate::save::{Save, SaveError};
use crate::scenario::{self, DataErrors, Loaded, Scenario};
use crate::session::Session;

use super::company::Company;
use super::file::{After, BattleDef, Campaign, EndingDef, Goal, Reward};

/// The format's version; a newer one is refused as such, as a battle's save is.
pub const RUN_VERSION: u32 = 1;

/// The ending of a campaign whose company has nobody left standing.
pub const FALLEN: &str = "fallen";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    pub version: u32,
    /// The campaign, by the name [`super::load`] takes.
    pub campaign: String,
    /// One save, no undo, no battle played again.
    #[serde(default)]
    pub ironman: bool,
    /// Each battle's dice come from it and the battle's number.
    pub seed: u64,
    pub at: At,
    pub company: Company,
    #[serde(default)]
    pub record: Vec<Fought>,
    /// The battle under way, as after its last action.
    #[serde(default)]
    pub battle: Option<Save>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum At {
    /// In camp before this battle (or fighting it, while `battle` holds it).
    Camp(String),
    /// Choosing the way on after the battle just fought.
    Choose,
    Ended(String),
}

/// A battle fought, as the campaign keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fought {
    pub battle: String,
    pub won: bool,
    pub rounds: u32,
    /// The objectives met, by their place in the battle's list.
    #[serde(default)]
    pub met: Vec<usize>,
    /// Members of the company who died in it.
    #[serde(default)]
    pub fallen: Vec<String>,
    /// Members who sat it out in camp.
    #[serde(default)]
    pub rested: Vec<String>,
}

/// Why a battle could not be taken into the campaign's record.
#[derive(Debug)]
pub enum Unfinished {
    /// The campaign is at a choice or an ending, not a battle.
    NotAtBattle,
    /// The battle is still under way.
    NotOver,
    /// The battle's scenario no longer reads.
    Scenario(DataErrors),
}

impl Unfinished {
    pub fn said(&self, words: &fray_words::Words) -> String {
        match self {
            Unfinished::NotAtBattle => words.say("camp-not-at-battle"),
            Unfinished::NotOver => words.say("camp-battle-not-over"),
            Unfinished::Scenario(e) => e.said(words),
        }
    }
}

impl Run {
    /// A campaign from its first battle: the company is that battle's side.
    pub fn new(id: &str, c: &Campaign, ironman: bool, seed: u64) -> Result<Run, DataErrors> {
        let first = c.battle(&c.start).ok_or_else(|| {
            refused(
                id,
                Line::new("data-campaign-first-not-a-battle").name("battle", c.start.clone()),
            )
        })?;
        let loaded = crate::catalogue::load(&first.scenario)?;
        let company = Company::first(&loaded.scenario, &first.side).ok_or_else(|| {
            refused(
                id,
                Line::new("data-campaign-no-side")
                    .name("battle", first.id.clone())
                    .name("side", first.side.clone()),
            )
        })?;
        Ok(Run {
            version: RUN_VERSION,
            campaign: id.to_string(),
            ironman,
            seed,
            at: At::Camp(c.start.clone()),
            company,
            record: Vec::new(),
            battle: None,
        })
    }

    /// The battle the camp is before, if it is.
    pub fn next<'a>(&self, c: &'a Campaign) -> Option<&'a BattleDef> {
        match &self.at {
            At::Camp(id) => c.battle(id),
            _ => None,
        }
    }

    /// The battle just fought, if any.
    pub fn last<'a>(&self, c: &'a Campaign) -> Option<(&'a BattleDef, &Fought)> {
        let f = self.record.last()?;
        Some((c.battle(&f.battle)?, f))
    }

    /// What was said after the battle just fought, and the ways on from it.
    pub fn after<'a>(&self, c: &'a Campaign) -> Option<&'a After> {
        let (b, f) = self.last(c)?;
        Some(if f.won { &b.won } else { &b.lost })
    }

    /// The ending reached, if the campaign is over.
    pub fn ending(&self, c: &Campaign) -> Option<EndingDef> {
        let At::Ended(id) = &self.at else {
            return None;
        };
        c.ending(id).cloned().or_else(|| {
            (id == FALLEN).then(|| EndingDef {
                id: FALLEN.to_string(),
                title: String::new(),
                says: String::new(),
                won: false,
            })
        })
    }

    /// The next battle, its company cast into its side's places as they stand: what the
    /// battle starts from, and the scenario written so (which its save and replay keep).
    pub fn scenario(&self, c: &Campaign) -> Result<(Loaded, Scenario), DataErrors> {
        let b = self
            .next(c)
            .ok_or_else(|| refused(&self.campaign, Line::new("data-campaign-not-before-battle")))?;
        let base = crate::catalogue::load(&b.scenario)?;
        let mut written = base.scenario.clone();
        self.company.cast(&mut written, &b.side);
        let file = format!("campaign {}, battle \"{}\"", self.campaign, b.id);
        let loaded = scenario::load_written(&base.id, &file, &written)?;
        Ok((loaded, written))
    }

    /// The seed of the next battle's dice.
    pub fn battle_seed(&self) -> u64 {
        let n = self.record.len() as u64 + 1;
        self.seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The battle under way ended in `session`, which `written` started: what lasts is taken
    /// from it, objectives met are rewarded, the company rests, and the campaign goes on by
    /// the battle's way after (or to a choice, or to an ending).
    pub fn finish(
        &mut self,
        c: &Campaign,
        session: &dyn Session,
        written: &Scenario,
    ) -> Result<&Fought, Unfinished> {
        let b = self.next(c).ok_or(Unfinished::NotAtBattle)?.clone();
        let Pending::Over(outcome) = session.pending() else {
            return Err(Unfinished::NotOver);
        };
        let side = session.faction_names().iter().position(|f| *f == b.side);
        let won = matches!(outcome, Outcome::Victory { winner, .. } if Some(*winner) == side);
        let base = crate::catalogue::load(&b.scenario).map_err(Unfinished::Scenario)?;
        let fought_by: Vec<String> = self
            .company
            .fielded(&base.scenario, &b.side)
            .iter()
            .map(|m| m.name().to_string())
            .collect();
        // Whoever did not fight rested in camp: sat out, or waited for want of a place.
        for m in &mut self.company.members {
            if !m.fallen && !fought_by.iter().any(|n| n == m.name()) {
                m.sits_out = true;
            }
        }
        let rested: Vec<String> = self
            .company
            .members
            .iter()
            .filter(|m| !m.fallen && m.sits_out)
            .map(|m| m.name().to_string())
            .collect();
        self.company.after(session, written, &b.side);
        let fallen: Vec<String> = self
            .company
            .members
            .iter()
            .filter(|m| m.fallen && fought_by.iter().any(|n| n == m.name()))
            .map(|m| m.name().to_string())
            .collect();
        let mut met = Vec::new();
        let mut rests = 0;
        for (k, o) in b.objectives.iter().enumerate() {
            let done = won
                && match &o.goal {
                    Goal::WithinRounds(n) => session.round() <= *n,
                    Goal::KeepStanding(name) => Company::stands(session, name),
                    Goal::NoneFallen => fought_by.iter().all(|n| Company::stands(session, n)),
                };
            if !done {
                continue;
            }
            met.push(k);
            match &o.reward {
                Reward::Gear(name) => {
                    if let Some(item) = Company::stored(written, name) {
                        self.company.stores.push(item);
                    }
                }
                Reward::Rest => rests += 1,
            }
        }
        self.company.rest(rests);
        self.record.push(Fought {
            battle: b.id.clone(),
            won,
            rounds: session.round(),
            met,
            fallen,
            rested,
        });
        self.battle = None;
        let after = if won { &b.won } else { &b.lost };
        self.at = if !self.company.standing() {
            At::Ended(FALLEN.to_string())
        } else if let Some(to) = &after.to {
            to_place(c, to)
        } else {
            At::Choose
        };
        Ok(self.record.last().expect("just recorded"))
    }

    /// Takes way `k` of the choice after the last battle; false if there is no such way.
    pub fn choose(&mut self, c: &Campaign, k: usize) -> bool {
        if self.at != At::Choose {
            return false;
        }
        let Some(to) = self
            .after(c)
            .and_then(|a| a.choose.get(k))
            .map(|w| w.to.clone())
        else {
            return false;
        };
        self.at = to_place(c, &to);
        true
    }

    /// The text written to the store: RON.
    pub fn to_text(&self) -> Result<String, SaveError> {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new().depth_limit(4))
            .map_err(|e| SaveError::Write(e.to_string()))
    }

    /// Reads a run's text: its version first, so that a newer format is refused as such.
    pub fn from_text(text: &str) -> Result<Run, SaveError> {
        crate::save::read_versioned(text, RUN_VERSION)
    }
}

/// A battle's id to the camp before it, an ending's to the end.
fn to_place(c: &Campaign, id: &str) -> At {
    if c.battle(id).is_some() {
        At::Camp(id.to_string())
    } else {
        At::Ended(id.to_string())
    }
}

fn refused(id: &str, message: Line) -> DataErrors {
    DataErrors::one(id, 0, message)
}
