//! Three actions fixtures: the rulebook's characters and gear built in code, two whole
//! battles, and a small table that applies actions with scripted dice. Shared by the rulebook
//! cases and by `tests/teams_battles.rs`.

#![allow(dead_code)]

use fray::rules::battle::{Pending, RuleError, Ruleset};
use fray::rules::dice::{Die, ScriptedDice};
use fray::rules::teams::{
    Action, Attr, CharacterSetup, DamageType, Item, MapSetup, Objective, Pos, Proficiency, State,
    Stats, Task, Teams, TeamsEvent, TeamsSetup, WeaponDef, WeaponRef,
};
use fray::words::{InEnglish, Said};

pub const fn at(x: u8, y: u8) -> Pos {
    Pos::new(x, y)
}

/// Boudica's spear: strength or dexterity, finesse or martial, 4 piercing, 8 on a critical
/// hit at 19+.
pub fn spear() -> Item {
    Item::new("spear").with_weapon(
        WeaponDef::melee(4, 8, DamageType::Piercing)
            .attributes(&[Attr::Strength, Attr::Dexterity])
            .proficiencies(&[Proficiency::Finesse, Proficiency::Martial])
            .critical(19),
    )
}

pub fn shortbow() -> Item {
    Item::new("shortbow")
        .two_handed()
        .with_weapon(WeaponDef::shooting(3, 6, DamageType::Piercing, 20).critical(20))
}

/// Two actions to reload after each shot.
pub fn crossbow() -> Item {
    Item::new("crossbow")
        .two_handed()
        .with_weapon(WeaponDef::shooting(5, 9, DamageType::Piercing, 24).reload(2))
}

/// Stabs in melee or is thrown 6 m.
pub fn dagger() -> Item {
    Item::new("dagger").metal().with_weapon(
        WeaponDef::melee(2, 4, DamageType::Piercing)
            .attributes(&[Attr::Dexterity, Attr::Strength])
            .proficiencies(&[Proficiency::Finesse, Proficiency::Simple])
            .thrown(6),
    )
}

pub fn sword() -> Item {
    Item::new("sword").metal().parry(2).with_weapon(
        WeaponDef::melee(4, 7, DamageType::Slashing).proficiencies(&[Proficiency::Martial]),
    )
}

pub fn club() -> Item {
    Item::new("club").with_weapon(WeaponDef::melee(3, 5, DamageType::Bludgeoning).nonlethal())
}

/// A wooden shield: block 3, durability 4.
pub fn shield() -> Item {
    Item::new("shield").block(3)
}

pub fn boudica_stats() -> Stats {
    Stats {
        strength: Die::D6,
        dexterity: Die::D6,
        combat: Some(Die::D6),
        athletics: Some(Die::D4),
        martial: 1,
        fortitude: 1,
        constitution: 4,
        endurance: 12,
        health: 12,
        stamina: 3,
        ..Stats::default()
    }
}

/// A plain fighter: d6s, evasion 6, 10 endurance and health.
pub fn fighter(name: &str, team: usize, p: Pos) -> CharacterSetup {
    CharacterSetup::new(name, team, p)
}

/// Two teams on an open floor: the heroes (0) started the fight against the foes (1).
pub fn duel(width: u8, height: u8, chars: Vec<CharacterSetup>) -> TeamsSetup {
    let mut s = TeamsSetup::new("Case", width, height)
        .team("Heroes")
        .team("Foes")
        .started_by(0, Some(1));
    for c in chars {
        s = s.character(c);
    }
    s
}

/// A skirmish on a small map with walls, cover, a door and difficult ground: the rulebook's
/// heroes against bandits, everyone with a different weapon.
pub fn skirmish() -> TeamsSetup {
    let mut setup = TeamsSetup::new("Skirmish", 9, 7)
        .team("Heroes")
        .team("Bandits")
        .started_by(0, Some(1))
        .walls([at(4, 0), at(4, 1), at(4, 5), at(4, 6)])
        .character(
            CharacterSetup::new("Boudica", 0, at(1, 1))
                .stats(boudica_stats())
                .hold(spear())
                .hold(shield()),
        )
        .character(
            CharacterSetup::new("Agnessa", 0, at(0, 3))
                .stats(Stats {
                    ranged: 1,
                    acrobatics: Some(Die::D6),
                    ..Stats::default()
                })
                .hold(shortbow())
                .carry(dagger()),
        )
        .character(
            CharacterSetup::new("Petra", 0, at(1, 5))
                .stats(Stats {
                    medicine: Some(Die::D6),
                    ..Stats::default()
                })
                .hold(crossbow()),
        )
        .character(
            CharacterSetup::new("Brute", 1, at(7, 1))
                .stats(Stats {
                    size: 5,
                    strength: Die::D8,
                    deflection: 2,
                    ..Stats::default()
                })
                .hold(club()),
        )
        .character(
            CharacterSetup::new("Cutthroat", 1, at(8, 3))
                .stats(Stats {
                    size: 3,
                    evasion: 7,
                    ..Stats::default()
                })
                .hold(dagger())
                .carry(dagger()),
        )
        .character(
            CharacterSetup::new("Captain", 1, at(7, 5))
                .stats(Stats {
                    martial: 1,
                    focus: 4,
                    ..Stats::default()
                })
                .hold(sword())
                .hold(shield()),
        );
    setup.map.cover = vec![at(2, 3), at(6, 3)];
    setup.map.difficult = vec![at(4, 3)];
    setup.map.doors = vec![at(4, 2)];
    setup.map.open_doors = vec![at(4, 4)];
    setup.round_limit = 12;
    setup
}

/// Three teams: goblins ambush travellers with surprise while a merchant's guards try to
/// sound an alarm, and the travellers try to get two of theirs out by the exits. The GM
/// orders the third team.
pub fn three_way() -> TeamsSetup {
    let mut setup = TeamsSetup::new("Ambush", 8, 8)
        .team("Goblins")
        .team("Travellers")
        .team("Guards")
        .started_by(0, Some(1))
        .surprise(0)
        .objective(1, Objective::Escape { count: 2 })
        .objective(2, Objective::Task { task: 0 })
        .character(
            CharacterSetup::new("Gob", 0, at(3, 0))
                .stats(Stats {
                    size: 3,
                    endurance: 6,
                    health: 6,
                    ..Stats::default()
                })
                .hold(dagger()),
        )
        .character(
            CharacterSetup::new("Lin", 0, at(4, 0))
                .stats(Stats {
                    size: 3,
                    endurance: 6,
                    health: 6,
                    ..Stats::default()
                })
                .hold(shortbow()),
        )
        .character(
            CharacterSetup::new("Clementine", 1, at(3, 3))
                .stats(Stats {
                    danger_sense: true,
                    medicine: Some(Die::D8),
                    ..Stats::default()
                })
                .hold(sword()),
        )
        .character(
            CharacterSetup::new("Roland", 1, at(4, 3))
                .stats(boudica_stats())
                .hold(spear())
                .hold(shield()),
        )
        .character(CharacterSetup::new("Guard", 2, at(1, 6)).hold(club()))
        .character(
            CharacterSetup::new("Sergeant", 2, at(6, 6))
                .stats(Stats {
                    focus: 6,
                    ..Stats::default()
                })
                .hold(sword()),
        );
    setup.map.exits = vec![at(0, 3), at(7, 3)];
    setup.map.walls = vec![at(2, 5), at(5, 5)];
    setup.map.cover = vec![at(3, 5)];
    setup.tasks = vec![Task {
        name: "alarm bell".into(),
        at: at(0, 7),
        attribute: Attr::Strength,
        skill: fray::rules::teams::Skill::Athletics,
        difficulty: 9,
        team: Some(2),
        done: false,
    }];
    setup.round_limit = 10;
    setup
}

/// A battle and its log, driven one action at a time with exactly the dice each needs.
pub struct Table {
    pub s: State,
    pub log: Vec<String>,
}

impl Table {
    pub fn new(setup: &TeamsSetup) -> Table {
        let mut d = ScriptedDice::new([]);
        let (s, events) = Teams::start(setup, &mut d).unwrap_or_else(|e| panic!("{e}"));
        let log = events.iter().map(|e| e.english(&s)).collect();
        Table { s, log }
    }

    pub fn text(&self) -> String {
        self.log.join("\n")
    }

    /// Applies an action that must be legal, with exactly these dice.
    pub fn act(&mut self, a: Action, dice: &[u8]) -> Vec<TeamsEvent> {
        let mut d = ScriptedDice::new(dice.iter().copied());
        let events = Teams::apply(&mut self.s, &a, &mut d)
            .unwrap_or_else(|e| panic!("{a:?} refused: {e}\nlog:\n{}", self.text()));
        self.log.extend(events.iter().map(|e| e.english(&self.s)));
        assert_eq!(
            d.remaining(),
            0,
            "{a:?} left {} scripted dice unused\nlog:\n{}",
            d.remaining(),
            self.text()
        );
        events
    }

    /// Applies an action that must be refused, checking the state did not change.
    pub fn refuse(&mut self, a: Action, dice: &[u8]) -> RuleError {
        let before = serde_json::to_string(&self.s).unwrap();
        let mut d = ScriptedDice::new(dice.iter().copied());
        let err = Teams::apply(&mut self.s, &a, &mut d).expect_err("the action should be refused");
        assert_eq!(
            before,
            serde_json::to_string(&self.s).unwrap(),
            "a refused action changed the state"
        );
        err
    }

    pub fn legal(&self) -> Vec<Action> {
        Teams::legal_actions(&self.s)
    }

    pub fn is_legal(&self, a: &Action) -> bool {
        self.legal().contains(a)
    }

    pub fn pending(&self) -> Pending {
        Teams::pending(&self.s)
    }

    pub fn c(&self, name: &str) -> usize {
        self.s
            .characters
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("no character {name}"))
    }

    pub fn ch(&self, name: &str) -> &fray::rules::teams::Character {
        &self.s.characters[self.c(name)]
    }

    /// An item carried or held by `owner`.
    pub fn item(&self, owner: &str, name: &str) -> usize {
        let c = self.c(owner);
        self.s
            .items
            .iter()
            .position(|i| {
                i.def.name == name
                    && matches!(i.location(),
                        fray::rules::teams::Location::Hand(h) | fray::rules::teams::Location::Pack(h) if h == c)
            })
            .unwrap_or_else(|| panic!("{owner} carries no {name}"))
    }

    pub fn weapon(&self, owner: &str, name: Option<&str>) -> WeaponRef {
        name.map_or(WeaponRef::Unarmed, |n| WeaponRef::Item(self.item(owner, n)))
    }

    pub fn activate(&mut self, name: &str) {
        let c = self.c(name);
        self.act(Action::Activate(c), &[]);
    }

    pub fn attack(&self, attacker: &str, weapon: Option<&str>, target: &str) -> Action {
        Action::Attack {
            target: self.c(target),
            weapon: self.weapon(attacker, weapon),
        }
    }

    /// Moves a character by hand, to set a case up.
    pub fn put(&mut self, name: &str, p: Pos) {
        let c = self.c(name);
        self.s.place(c, p);
    }

    /// Declines whatever reaction is offered (intercepts and defences), one after another.
    pub fn decline(&mut self) -> Vec<TeamsEvent> {
        let mut out = Vec::new();
        for _ in 0..10 {
            let legal = self.legal();
            let next = [Action::NoIntercept, Action::NoReaction]
                .into_iter()
                .find(|a| legal.contains(a));
            match next {
                Some(a) => out.extend(self.act(a, &[])),
                None => break,
            }
        }
        out
    }
}

/// The explanation of the first event that has one and cites `rule`.
pub fn explained<'a>(
    events: &'a [TeamsEvent],
    rule: &str,
) -> &'a fray::rules::explain::Explanation {
    events
        .iter()
        .filter_map(|e| e.explanation.as_ref())
        .find(|x| x.rule == rule)
        .unwrap_or_else(|| {
            panic!(
                "no roll citing {rule} among:\n{}",
                events.iter().map(Said::said).collect::<Vec<_>>().join("\n")
            )
        })
}

pub fn open_map(width: u8, height: u8) -> MapSetup {
    MapSetup::open(width, height)
}
