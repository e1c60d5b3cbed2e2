//! A small table for rulebook cases: a scenario written inline, actions applied with scripted
//! dice, and lookups by name.

#![allow(dead_code)]

use fray::rules::battle::{Pending, RuleError, Ruleset};
use fray::rules::dice::ScriptedDice;
use fray::rules::zones::{
    Action, AttackDecl, AttackMode, Reaction, State, Status, Target, Weapon, ZoneEvent, Zones,
};
use fray::scenario::{self, Setup};
use fray::words::InEnglish;

pub struct Table {
    pub s: State,
    pub log: Vec<String>,
}

/// Builds a Zones scenario from its parts. `zones` and `factions` are RON lists' contents.
pub fn scenario(extra: &str, zones: &str, factions: &str) -> String {
    format!(
        "Scenario(name: \"Case\", rules: Zones(({extra}\n zones: [{zones}],\n factions: [{factions}],\n)))"
    )
}

/// Two zones, A and B, neighbours; no features.
pub const AB: &str = r#"(name: "A", neighbours: ["B"]), (name: "B", neighbours: [])"#;

pub fn fighter(name: &str, zone: &str, more: &str) -> String {
    format!(r#"(name: "{name}", str: 10, agi: 10, wit: 10, health: 10, zone: "{zone}", {more})"#)
}

pub fn faction(name: &str, chars: &[String]) -> String {
    format!(r#"(name: "{name}", characters: [{}])"#, chars.join(", "))
}

/// Ann (Reds) against Bob and Cid (Blues), all in zone A, with `a` describing zone A's
/// features; Eve and Dan keep both sides in the fight from afar.
pub fn skirmish(extra: &str, a: &str, ann: &str, bob: &str, cid: &str) -> Table {
    let src = scenario(
        &format!("{extra} started_by: Some(\"Reds\"),"),
        &format!(
            r#"(name: "A", neighbours: ["B"] {a}), (name: "B", neighbours: []), (name: "Far", neighbours: [])"#
        ),
        &[
            faction(
                "Reds",
                &[
                    fighter("Ann", "A", ann),
                    fighter("Eve", "Far", "fearless: true"),
                ],
            ),
            faction(
                "Blues",
                &[
                    fighter("Bob", "A", bob),
                    fighter("Cid", "A", cid),
                    fighter("Dan", "Far", "fearless: true"),
                ],
            ),
        ]
        .join(", "),
    );
    Table::begin(&src, 0)
}

impl Table {
    /// Loads the scenario and starts it with the given dice (the initiative roll if nobody
    /// started the fight).
    pub fn start(src: &str, dice: &[u8]) -> Table {
        let loaded = scenario::load_str("case", "case.ron", src).unwrap_or_else(|e| panic!("{e}"));
        let Setup::Zones(setup) = loaded.setup else {
            panic!("a Zones scenario")
        };
        let mut d = ScriptedDice::new(dice.iter().copied());
        let (s, events) = setup.start(&mut d).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(d.remaining(), 0, "start left dice unused");
        let log = events.iter().map(|e| e.english(&s)).collect();
        Table { s, log }
    }

    /// A started fight where `first` acts first this round.
    pub fn begin(src: &str, first: usize) -> Table {
        let mut t = Table::start(src, &[]);
        t.act(Action::ChooseFirst(first), &[]);
        t
    }

    /// Applies an action that must be legal, with exactly these dice.
    pub fn act(&mut self, a: Action, dice: &[u8]) -> Vec<ZoneEvent> {
        let mut d = ScriptedDice::new(dice.iter().copied());
        let events = Zones::apply(&mut self.s, &a, &mut d)
            .unwrap_or_else(|e| panic!("{a:?} refused: {e}\nlog:\n{}", self.log.join("\n")));
        assert_eq!(
            d.remaining(),
            0,
            "{a:?} left {} scripted dice unused\nlog:\n{}",
            d.remaining(),
            events
                .iter()
                .map(|e| e.english(&self.s))
                .collect::<Vec<_>>()
                .join("\n")
        );
        self.log.extend(events.iter().map(|e| e.english(&self.s)));
        events
    }

    /// Applies an action that must be refused; the state must not change.
    pub fn refuse(&mut self, a: Action, dice: &[u8]) -> RuleError {
        let before = serde_json::to_string(&self.s).unwrap();
        let mut d = ScriptedDice::new(dice.iter().copied());
        let err = Zones::apply(&mut self.s, &a, &mut d).expect_err("the action should be refused");
        assert_eq!(
            before,
            serde_json::to_string(&self.s).unwrap(),
            "a refused action changed the state"
        );
        err
    }

    pub fn legal(&self) -> Vec<Action> {
        Zones::legal_actions(&self.s)
    }

    pub fn is_legal(&self, a: &Action) -> bool {
        self.legal().contains(a)
    }

    pub fn c(&self, name: &str) -> usize {
        self.s
            .characters
            .iter()
            .position(|c| c.name == name)
            .unwrap_or_else(|| panic!("no character {name}"))
    }

    pub fn z(&self, name: &str) -> usize {
        self.s
            .zones
            .iter()
            .position(|z| z.name == name)
            .unwrap_or_else(|| panic!("no zone {name}"))
    }

    pub fn item(&self, name: &str) -> usize {
        self.s
            .items
            .iter()
            .position(|i| i.name == name && i.location != fray::rules::zones::Location::Gone)
            .unwrap_or_else(|| panic!("no item {name}"))
    }

    /// An item carried by `owner` (hand or pack).
    pub fn item_of(&self, owner: &str, name: &str) -> usize {
        use fray::rules::zones::Location;
        let c = self.c(owner);
        self.s
            .items
            .iter()
            .position(|i| {
                i.name == name
                    && matches!(i.location, Location::Hand(h) | Location::Pack(h) if h == c)
            })
            .unwrap_or_else(|| panic!("{owner} carries no {name}"))
    }

    pub fn health(&self, name: &str) -> u8 {
        self.s.characters[self.c(name)].health
    }

    pub fn status(&self, name: &str) -> Status {
        self.s.characters[self.c(name)].status
    }

    pub fn zone_of(&self, name: &str) -> String {
        self.s.zones[self.s.characters[self.c(name)].zone]
            .name
            .clone()
    }

    pub fn pending(&self) -> Pending {
        Zones::pending(&self.s)
    }

    /// Activates a character.
    pub fn activate(&mut self, name: &str) {
        let c = self.c(name);
        self.act(Action::Activate(c), &[]);
    }

    pub fn attack_decl(
        &self,
        who: &str,
        weapon: Option<&str>,
        target: &str,
        mode: AttackMode,
    ) -> AttackDecl {
        AttackDecl {
            attacker: self.c(who),
            weapon: weapon.map_or(Weapon::Unarmed, |w| Weapon::Item(self.item_of(who, w))),
            target: Target::Character(self.c(target)),
            mode,
        }
    }

    pub fn hit(who: &Table, attacker: &str, weapon: Option<&str>, target: &str) -> Action {
        Action::Attack(who.attack_decl(
            attacker,
            weapon,
            target,
            AttackMode::Damage { hold_back: false },
        ))
    }

    pub fn strike(&self, attacker: &str, weapon: Option<&str>, target: &str) -> Action {
        Table::hit(self, attacker, weapon, target)
    }

    pub fn react(&self, r: Reaction) -> Action {
        Action::React(r)
    }

    pub fn text(&self) -> String {
        self.log.join("\n")
    }
}

impl Table {
    /// Applies an attack, then declines any stunt and any reaction, feeding one run of dice to
    /// all of it; every scripted die must be used.
    pub fn attack_plain(&mut self, a: Action, dice: &[u8]) -> Vec<ZoneEvent> {
        let mut d = ScriptedDice::new(dice.iter().copied());
        let mut events = self.apply_with(&a, &mut d);
        events.extend(self.settle_with(&mut d));
        assert_eq!(d.remaining(), 0, "{a:?} left dice unused\n{}", self.text());
        events
    }

    /// Declines stunts and reactions until the attack under way is resolved.
    pub fn settle(&mut self, dice: &[u8]) -> Vec<ZoneEvent> {
        let mut d = ScriptedDice::new(dice.iter().copied());
        let events = self.settle_with(&mut d);
        assert_eq!(
            d.remaining(),
            0,
            "settling left dice unused\n{}",
            self.text()
        );
        events
    }

    fn settle_with(&mut self, d: &mut ScriptedDice) -> Vec<ZoneEvent> {
        let mut events = Vec::new();
        for _ in 0..20 {
            let legal = self.legal();
            let next = if legal.contains(&Action::NoStunt) {
                Action::NoStunt
            } else if legal.contains(&Action::React(Reaction::None)) {
                Action::React(Reaction::None)
            } else {
                break;
            };
            events.extend(self.apply_with(&next, d));
        }
        events
    }

    fn apply_with(&mut self, a: &Action, d: &mut ScriptedDice) -> Vec<ZoneEvent> {
        let events = Zones::apply(&mut self.s, a, d)
            .unwrap_or_else(|e| panic!("{a:?} refused: {e}\nlog:\n{}", self.text()));
        self.log.extend(events.iter().map(|e| e.english(&self.s)));
        events
    }

    pub fn set_health(&mut self, name: &str, h: u8) {
        let c = self.c(name);
        self.s.characters[c].health = h;
    }
}
