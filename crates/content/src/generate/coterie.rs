//! A random Coterie conflict: one of the book's kinds of conflict, a party and its foes with
//! skills in it, nuances and a trait.

use std::collections::BTreeMap;

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

use super::{Draft, Size, favoured, kinds, pick};
use crate::rules::line::Line;
use crate::scenario::coterie::{CharacterDef, ConflictDef, CoterieScenario, GroupDef, NuanceDef};
use crate::scenario::{Rules, Scenario};

const FILE: &str = "assets/generator/coterie.ron";
const KINDS: &str = include_str!("../../../../assets/generator/coterie.ron");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Kinds {
    conflicts: Vec<ConflictKind>,
    names: BTreeMap<String, Vec<String>>,
    main: (i32, i32),
    other: (i32, i32),
    leadership: (i32, i32),
    group_work: (i32, i32),
    endurance: (i32, i32),
    trait_value: (i32, i32),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConflictKind {
    name: String,
    skills: Vec<String>,
    nuances: Vec<String>,
    traits: Vec<String>,
    physical: bool,
    party: Vec<String>,
    foes: Vec<String>,
}

pub struct CoterieDraft {
    conflict: ConflictDef,
    groups: [GroupDef; 2],
}

fn within(rng: &mut ChaCha8Rng, (lo, hi): (i32, i32)) -> i32 {
    rng.random_range(lo..=hi.max(lo))
}

impl Draft for CoterieDraft {
    /// A step is a point of skill for one of the side's people, each in turn.
    const REACH: i8 = 12;

    fn draw(rng: &mut ChaCha8Rng, size: Size) -> Result<Self, Line> {
        let k: Kinds = kinds(FILE, KINDS)?;
        let c = pick(rng, &k.conflicts);
        let conflict = ConflictDef {
            name: c.name.clone(),
            skills: c.skills.clone(),
            nuances: c.nuances.clone(),
            traits: c.traits.clone(),
            physical: c.physical,
        };
        let mut taken: Vec<String> = Vec::new();
        let mut group = |rng: &mut ChaCha8Rng, name: &String, foes: bool| {
            let pool = k.names.get(name).ok_or_else(|| {
                Line::new("generate-no-names")
                    .name("file", FILE)
                    .name("conflict", c.name.clone())
                    .name("group", name.clone())
            })?;
            let mut pool: Vec<&String> = pool.iter().filter(|n| !taken.contains(n)).collect();
            let n = rng.random_range(size.people()).min(pool.len());
            let mut characters = Vec::new();
            for _ in 0..n {
                let who = pool.remove(rng.random_range(0..pool.len())).clone();
                taken.push(who.clone());
                let main = rng.random_range(0..c.skills.len());
                let mut skills = BTreeMap::new();
                for (i, s) in c.skills.iter().enumerate() {
                    let v = if i == main {
                        within(rng, k.main)
                    } else {
                        within(rng, k.other)
                    };
                    if v != 0 {
                        skills.insert(s.clone(), v);
                    }
                }
                let nuances = if !c.nuances.is_empty() && rng.random_range(0..3) == 0 {
                    vec![NuanceDef {
                        name: pick(rng, &c.nuances).clone(),
                        skill: c.skills[main].clone(),
                        value: rng.random_range(1..=2),
                    }]
                } else {
                    Vec::new()
                };
                characters.push(CharacterDef {
                    name: who,
                    skills,
                    nuances,
                    leadership: within(rng, k.leadership),
                    group_work: within(rng, k.group_work),
                    endurance: if foes { 3 } else { within(rng, k.endurance) },
                    fatigue: 0,
                    wounds: 0,
                    goal: None,
                    icon: None,
                });
            }
            let mut traits = BTreeMap::new();
            for t in &c.traits {
                if foes || rng.random_range(0..2) == 0 {
                    traits.insert(t.clone(), within(rng, k.trait_value));
                }
            }
            Ok::<_, Line>(GroupDef {
                name: name.clone(),
                armour: 0,
                traits,
                breaks_at: (foes && rng.random_range(0..2) == 0).then_some(-3),
                characters,
                trait_injuries: BTreeMap::new(),
            })
        };
        let (party, foes) = (pick(rng, &c.party), pick(rng, &c.foes));
        let party = group(rng, party, false)?;
        let foes = group(rng, foes, true)?;
        Ok(CoterieDraft {
            conflict,
            groups: [party, foes],
        })
    }

    fn scenario(&self, seed: u64, size: Size, edge: i8) -> Scenario {
        let mut groups = self.groups.clone();
        for (side, g) in groups.iter_mut().enumerate() {
            let n = g.characters.len().max(1);
            for i in 0..usize::from(favoured(edge, side)) {
                let ch = &mut g.characters[i % n];
                // Their best skill grows: what they are known for.
                if let Some((_, v)) = ch.skills.iter_mut().max_by_key(|(_, v)| **v) {
                    *v += 1;
                }
            }
        }
        let [party, foes] = groups;
        Scenario {
            name: format!("{} ({} {seed})", self.conflict.name, size.name()),
            teaches: format!(
                "A random conflict: {} against {}, in {}.",
                party.name,
                foes.name,
                self.conflict.skills.join(" and ")
            ),
            rules: Rules::Coterie(CoterieScenario {
                conflict: self.conflict.clone(),
                party,
                foes,
            }),
        }
    }
}
