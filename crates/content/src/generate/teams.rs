//! A random Three-action skirmish: a grid with walls, low cover and rough ground between two
//! teams starting at its opposite edges, each fighting to be the last standing.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

use super::{Draft, SideKind, Size, favoured, kinds, two_of};
use crate::rules::line::Line;
use crate::scenario::teams::{
    CharacterDef, ItemDef, MapDef, ObjectiveDef, Square, StatsDef, TeamDef, TeamsScenario,
};
use crate::scenario::{Rules, Scenario};

const FILE: &str = "assets/generator/teams.ron";
const KINDS: &str = include_str!("../../../../assets/generator/teams.ron");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Kinds {
    items: BTreeMap<String, ItemDef>,
    sides: Vec<SideKind>,
    kinds: BTreeMap<String, Fighter>,
}

#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fighter {
    #[serde(default)]
    hands: Vec<String>,
    #[serde(default)]
    pack: Vec<String>,
    #[serde(default)]
    stats: StatsDef,
    /// What the kind is worth against others, for drawing even sides.
    #[serde(default = "two")]
    worth: u8,
}

fn two() -> u8 {
    2
}

/// A side's name, and each of its people: name, kind and starting square.
type Side = (String, Vec<(String, Fighter, Square)>);

pub struct TeamsDraft {
    map: MapDef,
    items: BTreeMap<String, ItemDef>,
    sides: [Side; 2],
}

/// The last round: the shipped battles' six.
const ROUNDS: u32 = 6;

impl Draft for TeamsDraft {
    /// A step is a point of endurance for each of the side's people.
    const REACH: i8 = 12;

    fn draw(rng: &mut ChaCha8Rng, size: Size) -> Result<Self, Line> {
        let k: Kinds = kinds(FILE, KINDS)?;
        let (width, height) = match size {
            Size::Small => (8u8, 6u8),
            Size::Medium => (10, 8),
            Size::Large => (12, 10),
        };
        let (first, second) = two_of(rng, k.sides.len());
        // Starting squares: the two columns at each edge, spread down them.
        let starts = |rng: &mut ChaCha8Rng, n: usize, columns: [u8; 2]| {
            let mut free: Vec<Square> = columns
                .iter()
                .flat_map(|&x| (0..height).map(move |y| (x, y)))
                .collect();
            (0..n)
                .map(|_| free.remove(rng.random_range(0..free.len())))
                .collect::<Vec<_>>()
        };
        let mut taken: Vec<String> = Vec::new();
        // Each side fields kinds to the same worth: a goblin is worth half a trained fighter,
        // so goblins come two for one, as in the book's ambush.
        let worth = match size {
            Size::Small => 5,
            Size::Medium => 8,
            Size::Large => 11,
        };
        let mut side = |rng: &mut ChaCha8Rng, s: &SideKind, columns: [u8; 2]| {
            let mut pool: Vec<&String> = s.names.iter().filter(|n| !taken.contains(n)).collect();
            let mut left = worth;
            let mut chosen = Vec::new();
            for _ in 0..64 {
                let f = s.draw_kind(rng, &k.kinds, FILE)?;
                if f.worth == 0 || pool.is_empty() || left == 0 {
                    break;
                }
                if f.worth <= left {
                    left -= f.worth;
                    chosen.push(f.clone());
                    let name = pool.remove(rng.random_range(0..pool.len())).clone();
                    taken.push(name);
                }
            }
            let names = &taken[taken.len() - chosen.len()..];
            let squares = starts(rng, chosen.len(), columns);
            let people: Vec<(String, Fighter, Square)> = chosen
                .into_iter()
                .zip(names)
                .zip(squares)
                .map(|((f, n), at)| (n.clone(), f, at))
                .collect();
            Ok::<_, Line>((s.name.clone(), people))
        };
        let a = side(rng, &k.sides[first], [0, 1])?;
        let b = side(rng, &k.sides[second], [width - 2, width - 1])?;
        // The ground between them: a scatter of walls, low cover and rough ground, kept to the
        // middle columns so that nobody starts in a wall.
        let mut map = MapDef {
            width,
            height,
            ..MapDef::default()
        };
        for x in 2..width - 2 {
            for y in 0..height {
                match rng.random_range(0..100) {
                    0..6 => map.walls.push((x, y)),
                    6..13 => map.cover.push((x, y)),
                    13..22 => map.difficult.push((x, y)),
                    _ => {}
                }
            }
        }
        // Every fighter must be able to reach the other side; if the scatter shut a way, the
        // walls and cover go and the rough ground stays.
        let from: Vec<Square> = a.1.iter().map(|p| p.2).collect();
        let to: Vec<Square> = b.1.iter().map(|p| p.2).collect();
        if !joined(&map, &from, &to) {
            map.walls.clear();
            map.cover.clear();
        }
        Ok(TeamsDraft {
            map,
            items: k.items,
            sides: [a, b],
        })
    }

    fn scenario(&self, seed: u64, size: Size, edge: i8) -> Scenario {
        let teams: Vec<TeamDef> = self
            .sides
            .iter()
            .enumerate()
            .map(|(side, (name, people))| TeamDef {
                name: name.clone(),
                objective: ObjectiveDef::Defeat,
                characters: people
                    .iter()
                    .map(|(n, f, at)| {
                        let mut stats = f.stats;
                        stats.endurance = stats.endurance.saturating_add(favoured(edge, side));
                        CharacterDef {
                            name: n.clone(),
                            at: *at,
                            stats,
                            hands: f.hands.clone(),
                            pack: f.pack.clone(),
                            unseen: false,
                            icon: None,
                            hurt: 0,
                            death_difficulty: None,
                            worn: Vec::new(),
                        }
                    })
                    .collect(),
            })
            .collect();
        // Only the items someone carries: a catalogue of the battle, not of the generator.
        let carried: BTreeSet<&String> = self
            .sides
            .iter()
            .flat_map(|(_, people)| people.iter())
            .flat_map(|(_, f, _)| f.hands.iter().chain(&f.pack))
            .collect();
        let items = self
            .items
            .iter()
            .filter(|(n, _)| carried.contains(n))
            .map(|(n, i)| (n.clone(), i.clone()))
            .collect();
        Scenario {
            name: format!(
                "{} and {} ({} {seed})",
                self.sides[0].0,
                self.sides[1].0,
                size.name()
            ),
            teaches: format!(
                "A random skirmish on a {}×{} grid: the last team standing wins.",
                self.map.width, self.map.height
            ),
            rules: Rules::Teams(TeamsScenario {
                map: self.map.clone(),
                items,
                tasks: Vec::new(),
                teams,
                ground: Vec::new(),
                // The first side starts: the menu seats a person there, so a battle opens on
                // their own decision, never on a reaction to a blow they had no turn to
                // prepare for; and the balance is measured as it is played.
                started_by: self.sides[0].0.clone(),
                attacked: Some(self.sides[1].0.clone()),
                surprise: None,
                round_limit: ROUNDS,
                situation: None,
                objective_changes: Vec::new(),
            }),
        }
    }
}

/// Whether every square of `to` can be walked to from the first of `from` (walls and low cover
/// block a step; rough ground only slows it).
fn joined(map: &MapDef, from: &[Square], to: &[Square]) -> bool {
    let blocked: BTreeSet<Square> = map.walls.iter().chain(&map.cover).copied().collect();
    let Some(&start) = from.first() else {
        return true;
    };
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some((x, y)) = queue.pop_front() {
        for (dx, dy) in [(-1i16, 0i16), (1, 0), (0, -1), (0, 1)] {
            let (nx, ny) = (i16::from(x) + dx, i16::from(y) + dy);
            if nx < 0 || ny < 0 || nx >= i16::from(map.width) || ny >= i16::from(map.height) {
                continue;
            }
            let n = (nx as u8, ny as u8);
            if !blocked.contains(&n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    from.iter().chain(to).all(|s| seen.contains(s))
}
