//! A Three actions character's sheet as written, and what the rules ask of it.

use fray_rules::line::Line;
use serde::{Deserialize, Serialize};

use crate::rules::dice::Die;
use crate::rules::teams::Stats;
use crate::scenario::check::Step::Field;
use crate::scenario::check::{Report, Step, join};

/// The dice the rulebook's characters roll.
pub const STANDARD_DICE: [u8; 6] = [4, 6, 8, 10, 12, 20];
/// Sizes a character may be: tiny to huge around the rulebook's small 3, medium 4, large 5.
const SIZES: std::ops::RangeInclusive<u8> = 1..=8;
/// A character's luck, added to the luck die (a d20). The rulebook gives no range; within this
/// one the die still decides: +5 takes its best roll to 25, the highest critical threshold a
/// weapon may have here, and -5 still leaves a 15, above the 10 that cheats death.
const LUCK: std::ops::RangeInclusive<i8> = -5..=5;

/// A character's sheet. Anything left out is the plain fighter's: d6 attributes, combat d6,
/// evasion 6, constitution 4, 10 endurance and health, 3 stamina and focus, size 4, speed 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StatsDef {
    /// 3 small, 4 medium, 5 large.
    pub size: u8,
    /// Metres a move covers.
    pub speed: u8,
    pub strength: u8,
    pub dexterity: u8,
    pub intellect: u8,
    pub willpower: u8,
    pub combat: u8,
    pub athletics: u8,
    pub acrobatics: u8,
    pub medicine: u8,
    pub resolve: u8,
    pub craft: u8,
    pub simple: i8,
    pub martial: i8,
    pub finesse: i8,
    pub ranged: i8,
    pub evasion: u8,
    pub deflection: u8,
    pub elemental_deflection: u8,
    pub constitution: u8,
    pub fortitude: i8,
    pub reflex: i8,
    pub will: i8,
    pub luck: i8,
    pub endurance: u8,
    pub health: u8,
    pub stamina: u8,
    pub focus: u8,
    /// Cannot be surprised.
    pub danger_sense: bool,
}

impl Default for StatsDef {
    fn default() -> Self {
        let s = Stats::default();
        let sides = |d: Option<Die>| d.map_or(0, |d| d.sides);
        StatsDef {
            size: s.size,
            speed: s.speed,
            strength: s.strength.sides,
            dexterity: s.dexterity.sides,
            intellect: s.intellect.sides,
            willpower: s.willpower.sides,
            combat: sides(s.combat),
            athletics: sides(s.athletics),
            acrobatics: sides(s.acrobatics),
            medicine: sides(s.medicine),
            resolve: sides(s.resolve),
            craft: sides(s.craft),
            simple: s.simple,
            martial: s.martial,
            finesse: s.finesse,
            ranged: s.ranged,
            evasion: s.evasion,
            deflection: s.deflection,
            elemental_deflection: s.elemental_deflection,
            constitution: s.constitution,
            fortitude: s.fortitude,
            reflex: s.reflex,
            will: s.will,
            luck: s.luck,
            endurance: s.endurance,
            health: s.health,
            stamina: s.stamina,
            focus: s.focus,
            danger_sense: s.danger_sense,
        }
    }
}

impl StatsDef {
    pub fn stats(&self) -> Stats {
        let skill = |sides: u8| (sides > 0).then_some(Die::new(sides));
        Stats {
            size: self.size,
            speed: self.speed,
            strength: Die::new(self.strength),
            dexterity: Die::new(self.dexterity),
            intellect: Die::new(self.intellect),
            willpower: Die::new(self.willpower),
            combat: skill(self.combat),
            athletics: skill(self.athletics),
            acrobatics: skill(self.acrobatics),
            medicine: skill(self.medicine),
            resolve: skill(self.resolve),
            craft: skill(self.craft),
            simple: self.simple,
            martial: self.martial,
            finesse: self.finesse,
            ranged: self.ranged,
            evasion: self.evasion,
            deflection: self.deflection,
            elemental_deflection: self.elemental_deflection,
            constitution: self.constitution,
            fortitude: self.fortitude,
            reflex: self.reflex,
            will: self.will,
            luck: self.luck,
            endurance: self.endurance,
            health: self.health,
            stamina: self.stamina,
            focus: self.focus,
            danger_sense: self.danger_sense,
        }
    }
}

/// A character's sheet: standard dice, a size, pools that let it take part.
pub fn check(r: &mut Report, at: &[Step], who: &Line, st: &StatsDef) {
    let mut bad = |field, msg: Line| {
        r.at(
            &join(at, &[Field("stats"), Field(field)]),
            Line::new("data-teams-stat")
                .line("who", who.clone())
                .line("what", msg),
        );
    };
    for (name, sides) in [
        ("strength", st.strength),
        ("dexterity", st.dexterity),
        ("intellect", st.intellect),
        ("willpower", st.willpower),
    ] {
        if sides == 0 {
            bad(
                name,
                Line::new("data-teams-die-no-faces").name("stat", name),
            );
        } else if !STANDARD_DICE.contains(&sides) {
            bad(
                name,
                Line::new("data-teams-attribute-die")
                    .name("stat", name)
                    .number("sides", i64::from(sides)),
            );
        }
    }
    for (name, sides) in [
        ("combat", st.combat),
        ("athletics", st.athletics),
        ("acrobatics", st.acrobatics),
        ("medicine", st.medicine),
        ("resolve", st.resolve),
        ("craft", st.craft),
    ] {
        if sides != 0 && !STANDARD_DICE.contains(&sides) {
            bad(
                name,
                Line::new("data-teams-skill-die")
                    .name("stat", name)
                    .number("sides", i64::from(sides)),
            );
        }
    }
    if !SIZES.contains(&st.size) {
        bad(
            "size",
            Line::new("data-teams-size").number("size", i64::from(st.size)),
        );
    }
    if st.speed == 0 {
        bad("speed", Line::new("data-teams-speed"));
    }
    if !LUCK.contains(&st.luck) {
        bad(
            "luck",
            Line::new("data-teams-luck")
                .number("least", i64::from(*LUCK.start()))
                .number("most", i64::from(*LUCK.end()))
                .number("luck", i64::from(st.luck)),
        );
    }
    if st.health == 0 {
        bad("health", Line::new("data-teams-health-zero"));
    }
}
