//! Every roll of the rules core names the rules-notes paragraph behind it, so that a table rolling
//! its own dice (`HandDice`) is told which rule asks: whole seeded battles of every ruleset, each
//! roll checked for a paragraph id the notes know and none rolled without one.

use std::collections::BTreeSet;

use fray::ai::{Policy, RandomPolicy};
use fray::referee::HandDice;
use fray::rules::Line;
use fray::rules::battle::Ruleset;
use fray::rules::dice::{self, DiceError, DiceSource, Die, SeededDice};
use fray::rules::notes;
use fray::rulesets::{Game, Visit};
use fray::scenario;
use fray::sim;

use crate::teams_setups::{skirmish, three_way};

/// A battle still going after this many rounds is a bug (`fray sim`'s default limit).
const MAX_ROUNDS: u32 = 200;

/// Seeded dice that keep what each roll asked: `(die, why, rule)` for a roll that named its
/// rule, and apart, every roll that came through the rule-less `roll`. The numbers are the
/// seeded dice's own either way, so the battles are those the seeds always gave.
struct Asked {
    seeded: SeededDice,
    asked: Vec<(Die, Line, String)>,
    plain: Vec<(Die, Line)>,
}

impl Asked {
    fn new(seed: u64) -> Asked {
        Asked {
            seeded: SeededDice::new(seed),
            asked: Vec::new(),
            plain: Vec::new(),
        }
    }
}

impl DiceSource for Asked {
    fn roll(&mut self, die: Die, why: &Line) -> Result<u8, DiceError> {
        self.plain.push((die, why.clone()));
        self.seeded.roll(die, why)
    }

    fn roll_for(&mut self, die: Die, why: &Line, rule: &str) -> Result<u8, DiceError> {
        self.asked.push((die, why.clone(), rule.to_string()));
        self.seeded.roll_for(die, why, rule)
    }
}

/// Plays one battle of random legal actions with `Asked` dice; every seat, the GM's included,
/// decides at random.
fn play<G: Ruleset>(setup: &G::Setup, seed: u64) -> Asked {
    let mut dice = Asked::new(seed);
    let (mut s, _) = G::start(setup, &mut dice).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    let mut policies: Vec<Box<dyn Policy<G>>> = (0..G::faction_names(&s).len())
        .map(|f| Box::new(RandomPolicy::new(sim::policy_seed(seed, f))) as Box<dyn Policy<G>>)
        .collect();
    let mut gm = RandomPolicy::new(sim::policy_seed(seed, policies.len()));
    let result = sim::play_out::<G>(
        &mut s,
        &mut policies,
        &mut gm,
        &mut dice,
        MAX_ROUNDS,
        // Written, as a table's battle is: a quiet play-out's dice are told no purpose.
        false,
        |_, _| {},
    )
    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    assert!(
        result.outcome.is_some(),
        "seed {seed}: the battle did not end"
    );
    dice
}

/// Checks what one battle's dice were asked; returns the rules named.
fn check(what: &str, ruleset: &str, dice: &Asked) -> BTreeSet<String> {
    assert!(
        dice.plain.is_empty(),
        "{what}: rolled without naming a rule: {:?}",
        dice.plain
    );
    for (die, why, rule) in &dice.asked {
        assert!(
            !rule.is_empty(),
            "{what}: the {die} for {why} named no rule"
        );
        assert!(
            notes::paragraph(rule).is_some(),
            "{what}: the {die} for {why} names {rule}, which is no paragraph of the rules notes"
        );
        assert!(
            rule.starts_with(&format!("{ruleset}.")),
            "{what}: the {die} for {why} names {rule}, a paragraph of another ruleset's notes"
        );
        assert!(!why.is_empty(), "{what}: a {die} for {rule} has no purpose");
        assert!(
            from_the_catalogue(why),
            "{what}: the {die} for {rule} is told a purpose the catalogue does not word: {why}"
        );
    }
    dice.asked.iter().map(|(_, _, r)| r.clone()).collect()
}

/// Whether a line and every line inside it is a message of the catalogue, none written whole in
/// the referee's own English.
fn from_the_catalogue(line: &Line) -> bool {
    use fray::rules::line::Arg;
    line.as_written().is_none()
        && fray::words::english().has(&line.id)
        && line.args.iter().all(|(_, arg)| match arg {
            Arg::Line(inner) => inner.is_empty() || from_the_catalogue(inner),
            Arg::Lines(lines) => lines.iter().all(from_the_catalogue),
            _ => true,
        })
}

/// Several battles of one scenario, with its optional rules as it sets them and then all on.
struct Battles {
    name: &'static str,
    seeds: std::ops::Range<u64>,
}

impl Visit for Battles {
    /// (the ruleset, the rules its rolls named, how many rolls)
    type Out = (&'static str, BTreeSet<String>, usize);

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let mut all_on = setup.clone();
        for o in G::options(setup) {
            assert!(G::set_option(&mut all_on, o.key, true), "{}", o.key);
        }
        let mut rules = BTreeSet::new();
        let mut rolls = 0;
        for seed in self.seeds {
            for (with, setup) in [("as set", setup), ("all options on", &all_on)] {
                let what = format!("{} seed {seed} ({with})", self.name);
                let dice = play::<G>(setup, seed);
                rules.extend(check(&what, G::ID, &dice));
                rolls += dice.asked.len();
            }
        }
        (G::ID, rules, rolls)
    }
}

#[test]
fn every_roll_of_a_battle_names_its_rules_paragraph() {
    let mut by_ruleset: Vec<(&str, BTreeSet<String>, usize)> = Vec::new();
    for (name, _) in scenario::BUILTIN {
        let loaded = scenario::builtin(name).unwrap().unwrap();
        let (ruleset, rules, rolls) = loaded.setup.visit(Battles { name, seeds: 0..6 });
        match by_ruleset.iter_mut().find(|(r, _, _)| *r == ruleset) {
            Some((_, all, n)) => {
                all.extend(rules);
                *n += rolls;
            }
            None => by_ruleset.push((ruleset, rules, rolls)),
        }
    }
    // The Three actions setups built in code: more weapons and a third team.
    for (name, setup) in [("skirmish", skirmish()), ("three-way", three_way())] {
        let mut rules = BTreeSet::new();
        for seed in 0..6 {
            let dice = play::<fray::rules::teams::Teams>(&setup, seed);
            rules.extend(check(&format!("{name} seed {seed}"), "teams", &dice));
        }
        let teams = by_ruleset
            .iter_mut()
            .find(|(r, _, _)| *r == "teams")
            .unwrap();
        teams.1.extend(rules);
    }
    // The battles did roll, and for the rules each ruleset rolls most.
    let expect: &[(&str, &[&str])] = &[
        (
            "zones",
            &[
                "zones.attacking",
                "zones.impaired",
                "zones.gear-degradation",
            ],
        ),
        ("coterie", &["coterie.effort", "coterie.performance"]),
        ("teams", &["teams.attacks"]),
    ];
    for (ruleset, rules, rolls) in &by_ruleset {
        println!("{ruleset}: {rolls} rolls named {rules:?}");
    }
    for (ruleset, wanted) in expect {
        let (_, rules, rolls) = by_ruleset
            .iter()
            .find(|(r, _, _)| r == ruleset)
            .unwrap_or_else(|| panic!("no {ruleset} scenario was played"));
        assert!(*rolls > 100, "{ruleset}: only {rolls} rolls");
        for w in *wanted {
            assert!(
                rules.contains(*w),
                "{ruleset}: no roll named {w}: {rules:?}"
            );
        }
    }
}

#[test]
fn the_ai_s_guess_at_a_hidden_enemy_names_the_rule_that_hides_it() {
    let loaded = scenario::builtin("ambush").unwrap().unwrap();
    let scenario::Setup::Zones(setup) = loaded.setup else {
        panic!("a Zones scenario")
    };
    let (s, _) = setup.start(&mut SeededDice::new(1)).unwrap();
    let mut dice = Asked::new(1);
    for f in 0..s.factions.len() {
        <fray::rules::zones::Zones as Ruleset>::determinize(
            &s,
            fray::rules::battle::Seat::Faction(f),
            &mut dice,
        );
    }
    assert!(!dice.asked.is_empty(), "the ambushers lie hidden");
    check("ambush, determinized", "zones", &dice);
    assert!(dice.asked.iter().all(|(_, _, r)| r == "zones.sneaking"));
}

#[test]
fn a_table_rolling_its_own_dice_is_told_the_die_the_purpose_and_the_rule() {
    // The first roll of a Zones battle nobody started: the initiative die, one face a faction.
    let loaded = scenario::builtin("duel").unwrap().unwrap();
    let scenario::Setup::Zones(mut setup) = loaded.setup else {
        panic!("a Zones scenario")
    };
    setup.started_by = None;
    let mut prompt = Vec::new();
    let words = fray::words::english();
    let nobody = fray::rules::line::NoNames;
    let mut hand = HandDice::new(b"3\n1\n" as &[u8], &mut prompt, words, &nobody);
    <fray::rules::zones::Zones as Ruleset>::start(&setup, &mut hand).unwrap();
    let shown = String::from_utf8(prompt).unwrap();
    assert!(
        shown
            .starts_with("Roll a d2 for who holds the initiative (zones.initiative: Initiative): "),
        "{shown}"
    );
    assert!(shown.contains("'3' is not a face of a d2"), "{shown}");

    // A roll asked straight through the core's function.
    let mut prompt = Vec::new();
    let (s, _) =
        <fray::rules::zones::Zones as Ruleset>::start(&setup, &mut SeededDice::new(1)).unwrap();
    let mut hand = HandDice::new(b"4\n" as &[u8], &mut prompt, words, &s);
    let damage = Line::new("zones-roll-damage")
        .who("who", 0)
        .line("weapon", Line::new("zones-bare-hands"));
    let r = dice::roll_for(&mut hand, Die::D6, &damage, "zones.attacking").unwrap();
    assert_eq!(r.value, 4);
    let first = fray::rules::line::Named::who(&s, 0).to_string();
    assert_eq!(
        String::from_utf8(prompt).unwrap(),
        format!("Roll a d6 for {first}'s damage (bare hands) (zones.attacking: Attacking): ")
    );
}
