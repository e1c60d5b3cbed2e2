//! A campaign as written in RON (`assets/campaigns/*.ron`): battles linked by what follows a
//! win and a loss, each with its briefing, what it says after, and optional objectives. Only
//! read, never written: the browser's download carries no code to write one.

use serde::Deserialize;

use crate::scenario::error::{self, DataErrors};

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Campaign {
    pub name: String,
    /// A line on what it is, for the menu.
    #[serde(default)]
    pub about: String,
    /// The battle it opens with; its side's characters are the company.
    pub start: String,
    pub battles: Vec<BattleDef>,
    pub endings: Vec<EndingDef>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleDef {
    pub id: String,
    /// A shipped scenario, a lesson's, or a generated skirmish, by name.
    pub scenario: String,
    /// The faction, team or group the company fights as: its characters' places are the
    /// company's, in order; a place left over keeps the scenario's own character, who
    /// fights beside the company this once.
    pub side: String,
    pub briefing: String,
    #[serde(default)]
    pub objectives: Vec<ObjectiveDef>,
    pub won: After,
    /// After a loss or a draw.
    pub lost: After,
}

/// What is said after a battle, and where the campaign goes: one way, or a choice.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct After {
    pub says: String,
    /// The next battle or ending, by id.
    #[serde(default)]
    pub to: Option<String>,
    /// Or a choice of ways, each to a battle or an ending.
    #[serde(default)]
    pub choose: Vec<Way>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Way {
    pub label: String,
    pub to: String,
}

impl After {
    /// The ids this leads to.
    pub fn ways(&self) -> Vec<&str> {
        self.to
            .iter()
            .map(String::as_str)
            .chain(self.choose.iter().map(|w| w.to.as_str()))
            .collect()
    }
}

/// Something more to do in a battle, with what it earns.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveDef {
    pub goal: Goal,
    pub reward: Reward,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Goal {
    /// Win by the end of this round.
    WithinRounds(u32),
    /// Win with this member of the company still standing at the end.
    KeepStanding(String),
    /// Win with nobody of the company taken out.
    NoneFallen,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Reward {
    /// An item of the battle's own gear, to the company's stores, to hand out in camp.
    Gear(String),
    /// A longer rest before the next battle: everyone recovers twice.
    Rest,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndingDef {
    pub id: String,
    pub title: String,
    pub says: String,
    /// Whether it is a victory (the heading's colour, the campaign's record).
    #[serde(default)]
    pub won: bool,
}

impl Campaign {
    pub fn battle(&self, id: &str) -> Option<&BattleDef> {
        self.battles.iter().find(|b| b.id == id)
    }

    pub fn ending(&self, id: &str) -> Option<&EndingDef> {
        self.endings.iter().find(|e| e.id == id)
    }
}

/// Reads a campaign file's text; its checks are [`super::check::check`]'s.
pub fn parse(file: &str, src: &str) -> Result<Campaign, DataErrors> {
    ron::from_str::<Campaign>(src).map_err(|e| error::from_ron(file, src, &e))
}
