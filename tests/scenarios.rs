//! Scenario validation: every built-in scenario loads, and each kind of mistake in a scenario
//! file is reported as `file:line: message`, with the line of the mistake itself.
//!
//! The cases start from `BASE`, a small but complete scenario laid out one thing a line, and
//! replace whole lines of it. A line replaced by an empty string is blanked rather than
//! removed, so the line numbers of everything else stay where `BASE` shows them.

mod support;

#[path = "generate/cases.rs"]
mod generated;

use fray::catalogue;
use fray::rules::battle::Ruleset;
use fray::rules::zones::Zones;
use fray::scenario::{self, DataErrors, Setup};

const FILE: &str = "case.ron";

// Line numbers matter: see the table below.
const BASE: &str = r#"// A small scenario for validation cases.
Scenario(
    name: "Base",
    rules: Zones((
        started_by: Some("Wardens"),
        options: (),
        gear: {
            "Stick": Weapon((damage: 6, kind: Melee)),
        },
        zones: [
            (name: "Bank", neighbours: ["Ford"], cover: true),
            (name: "Ford", neighbours: ["Far"], hazard: Some((name: "Deep water", damage: 6))),
            (name: "Far", neighbours: []),
        ],
        fixtures: [
            (name: "Sluice", zone: "Bank", effect: Trap("Ford")),
        ],
        ground: [
            (item: "Plank", zone: "Ford"),
        ],
        factions: [
            (name: "Wardens", characters: [
                (name: "Aldo", str: 12, agi: 11, wit: 12, health: 10, armour: Some("Mail"),
                 hands: ["Sword", "Shield"], pack: ["Javelin", "Stick"], zone: "Bank"),
            ]),
            (name: "Reavers", characters: [
                (name: "Brannoc", str: 14, agi: 10, wit: 9, health: 12,
                 hands: ["Spear"], pack: ["Dagger"], damaged: ["Dagger"], zone: "Far"),
            ]),
        ],
    )),
)
"#;

/// `BASE` with whole lines (1-based) replaced.
fn with(edits: &[(usize, &str)]) -> String {
    let mut lines: Vec<String> = BASE.lines().map(str::to_string).collect();
    for &(n, text) in edits {
        assert!(n >= 1 && n <= lines.len(), "no line {n} in BASE");
        lines[n - 1] = text.to_string();
    }
    lines.join("\n") + "\n"
}

fn errors_of(src: &str) -> DataErrors {
    match scenario::load_str("case", FILE, src) {
        Ok(_) => panic!("the scenario should have been refused:\n{src}"),
        Err(e) => e,
    }
}

/// One mistake: the lines changed, the line the error must name, and a phrase its message
/// must contain.
struct Case {
    what: &'static str,
    edits: &'static [(usize, &'static str)],
    line: usize,
    phrase: &'static str,
}

const CASES: &[Case] = &[
    Case {
        what: "unknown field in the options",
        edits: &[(
            6,
            r#"        options: (fast_slow: true, chaos_secs: Some(9)),"#,
        )],
        line: 6,
        phrase: "chaos_secs",
    },
    Case {
        what: "unknown field in a weapon",
        edits: &[(
            8,
            r#"            "Stick": Weapon((damage: 6, kind: Melee, rnage: 2)),"#,
        )],
        line: 8,
        phrase: "rnage",
    },
    Case {
        what: "unknown field in a hazard",
        edits: &[(
            12,
            r#"            (name: "Ford", neighbours: ["Far"], hazard: Some((name: "Deep water", damage: 6, dmg: 2))),"#,
        )],
        line: 12,
        phrase: "dmg",
    },
    Case {
        what: "gear defined twice",
        edits: &[(
            8,
            r#"            "Stick": Weapon((damage: 6, kind: Melee)), "Stick": Weapon((damage: 4, kind: Melee)),"#,
        )],
        line: 8,
        phrase: "\"Stick\" is defined twice",
    },
    Case {
        what: "fixture defined twice",
        edits: &[(
            16,
            r#"            (name: "Sluice", zone: "Bank", effect: Trap("Ford")), (name: "Sluice", zone: "Ford", effect: Trap("Ford")),"#,
        )],
        line: 16,
        phrase: "fixture \"Sluice\" is defined twice",
    },
    Case {
        what: "a passage worked from a zone it does not join",
        edits: &[(
            16,
            r#"            (name: "Sluice", zone: "Bank", effect: Passage("Ford", "Far")),"#,
        )],
        line: 16,
        phrase: "a passage is worked from one of the two zones it joins",
    },
    Case {
        what: "a die with no faces",
        edits: &[(
            8,
            r#"            "Stick": Weapon((damage: 0, kind: Melee)),"#,
        )],
        line: 8,
        phrase: "a die has 1 to 100 faces, not 0",
    },
    Case {
        what: "a die with more faces than the game rolls",
        edits: &[(
            12,
            r#"            (name: "Ford", neighbours: ["Far"], hazard: Some((name: "Deep water", damage: 200))),"#,
        )],
        line: 12,
        phrase: "not 200",
    },
    Case {
        what: "unknown field in a fixture",
        edits: &[(
            16,
            r#"            (name: "Sluice", zone: "Bank", effect: Trap("Ford"), hidden: true),"#,
        )],
        line: 16,
        phrase: "hidden",
    },
    Case {
        what: "RON syntax error: a missing comma between fields",
        edits: &[(3, r#"    name: "Base""#)],
        line: 4,
        phrase: "Expected comma",
    },
    Case {
        what: "missing required field",
        edits: &[(
            23,
            r#"                (name: "Aldo", str: 12, agi: 11, health: 10, armour: Some("Mail"),"#,
        )],
        line: 24,
        phrase: "wit",
    },
    Case {
        what: "unknown field",
        edits: &[(
            27,
            r#"                (name: "Brannoc", str: 14, agi: 10, wit: 9, health: 12, luck: 3,"#,
        )],
        line: 27,
        phrase: "luck",
    },
    Case {
        what: "empty scenario name",
        edits: &[(3, r#"    name: "  ","#)],
        line: 3,
        phrase: "the scenario needs a name",
    },
    Case {
        what: "unknown zone in a character's zone",
        edits: &[(
            28,
            r#"                 hands: ["Spear"], pack: ["Dagger"], damaged: ["Dagger"], zone: "Moor"),"#,
        )],
        line: 28,
        phrase: r#"character "Brannoc": zone "Moor" does not exist"#,
    },
    Case {
        what: "neighbour that does not exist",
        edits: &[(
            11,
            r#"            (name: "Bank", neighbours: ["Ford", "Moon"], cover: true),"#,
        )],
        line: 11,
        phrase: r#"zone "Bank": neighbour "Moon" does not exist"#,
    },
    Case {
        what: "zone neighbouring itself",
        edits: &[(13, r#"            (name: "Far", neighbours: ["Far"]),"#)],
        line: 13,
        phrase: r#"zone "Far" cannot neighbour itself"#,
    },
    Case {
        what: "zone defined twice (the second definition is named)",
        edits: &[(
            14,
            "            (name: \"Bank\", neighbours: []),\n        ],",
        )],
        line: 14,
        phrase: r#"zone "Bank" is defined twice"#,
    },
    Case {
        what: "hazard damage that is not a standard die",
        edits: &[(
            12,
            r#"            (name: "Ford", neighbours: ["Far"], hazard: Some((name: "Deep water", damage: 5))),"#,
        )],
        line: 12,
        phrase: "hazard damage must be a standard die, not a d5",
    },
    Case {
        what: "unknown gear name in hands",
        edits: &[(
            28,
            r#"                 hands: ["Spaer"], pack: ["Dagger"], damaged: ["Dagger"], zone: "Far"),"#,
        )],
        line: 28,
        phrase: r#"character "Brannoc": unknown gear "Spaer""#,
    },
    Case {
        what: "unknown gear name in the pack",
        edits: &[(
            24,
            r#"                 hands: ["Sword", "Shield"], pack: ["Javelin", "Stik"], zone: "Bank"),"#,
        )],
        line: 24,
        phrase: r#"character "Aldo": unknown gear "Stik""#,
    },
    Case {
        what: "unknown armour",
        edits: &[(
            23,
            r#"                (name: "Aldo", str: 12, agi: 11, wit: 12, health: 10, armour: Some("Mial"),"#,
        )],
        line: 23,
        phrase: r#"character "Aldo": unknown gear "Mial""#,
    },
    Case {
        what: "armour carried in hands",
        edits: &[(
            28,
            r#"                 hands: ["Plate"], pack: ["Dagger"], damaged: ["Dagger"], zone: "Far"),"#,
        )],
        line: 28,
        phrase: r#"armour "Plate" is worn (armour: …), not carried"#,
    },
    Case {
        what: "non-armour given as armour",
        edits: &[(
            23,
            r#"                (name: "Aldo", str: 12, agi: 11, wit: 12, health: 10, armour: Some("Sword"),"#,
        )],
        line: 23,
        phrase: r#"character "Aldo": "Sword" is not armour"#,
    },
    Case {
        what: "attribute above 20",
        edits: &[(
            27,
            r#"                (name: "Brannoc", str: 21, agi: 10, wit: 9, health: 12,"#,
        )],
        line: 27,
        phrase: "STR must be from 1 to 20 (a d20 save), not 21",
    },
    Case {
        what: "attribute 0",
        edits: &[(
            27,
            r#"                (name: "Brannoc", str: 14, agi: 0, wit: 9, health: 12,"#,
        )],
        line: 27,
        phrase: "AGI must be from 1 to 20 (a d20 save), not 0",
    },
    Case {
        what: "hurt past health",
        edits: &[(
            27,
            r#"                (name: "Brannoc", str: 14, agi: 10, wit: 9, health: 12, hurt: 12,"#,
        )],
        line: 27,
        phrase: r#"character "Brannoc": hurt 12 leaves no health of 12"#,
    },
    Case {
        what: "health 0",
        edits: &[(
            27,
            r#"                (name: "Brannoc", str: 14, agi: 10, wit: 9, health: 0,"#,
        )],
        line: 27,
        phrase: r#"character "Brannoc": health must be from 1 to 50, not 0"#,
    },
    Case {
        what: "speed 0",
        edits: &[(
            27,
            r#"                (name: "Brannoc", str: 14, agi: 10, wit: 9, health: 12, speed: 0,"#,
        )],
        line: 27,
        phrase: r#"character "Brannoc": speed must be at least 1"#,
    },
    Case {
        what: "duplicate character name (the second one is named)",
        edits: &[(
            27,
            r#"                (name: "Aldo", str: 14, agi: 10, wit: 9, health: 12,"#,
        )],
        line: 27,
        phrase: r#"character "Aldo" appears twice"#,
    },
    Case {
        what: "fewer than two factions",
        edits: &[(26, ""), (27, ""), (28, ""), (29, "")],
        line: 21,
        phrase: "a fight needs at least two factions, found 1",
    },
    Case {
        what: "faction with no characters",
        edits: &[
            (26, r#"            (name: "Reavers", characters: []),"#),
            (27, ""),
            (28, ""),
            (29, ""),
        ],
        line: 26,
        phrase: r#"faction "Reavers" has no characters"#,
    },
    Case {
        what: "faction named twice",
        edits: &[(26, r#"            (name: "Wardens", characters: ["#)],
        line: 26,
        phrase: r#"faction "Wardens" is named twice"#,
    },
    Case {
        what: "started_by naming an unknown faction",
        edits: &[(5, r#"        started_by: Some("Wardenz"),"#)],
        line: 5,
        phrase: r#"started_by: no faction is named "Wardenz""#,
    },
    Case {
        what: "a melee weapon with a range",
        edits: &[(
            8,
            r#"            "Stick": Weapon((damage: 6, kind: Melee, range: 2)),"#,
        )],
        line: 8,
        phrase: r#"gear "Stick": a melee weapon has no range (found 2)"#,
    },
    Case {
        what: "a ranged weapon without a range",
        edits: &[(
            8,
            r#"            "Stick": Weapon((damage: 6, kind: Ranged)),"#,
        )],
        line: 8,
        phrase: "a ranged weapon needs a range of at least 1 zone",
    },
    Case {
        what: "an indirect weapon with range < 2",
        edits: &[(
            8,
            r#"            "Stick": Weapon((damage: 6, kind: Indirect, range: 1)),"#,
        )],
        line: 8,
        phrase: "indirect fire only reaches beyond half range, so its range must be at least 2",
    },
    Case {
        what: "a weapon die that is not a standard die",
        edits: &[(
            8,
            r#"            "Stick": Weapon((damage: 7, kind: Melee)),"#,
        )],
        line: 8,
        phrase: "damage must be a d4, d6, d8, d10, d12 or d20, not a d7",
    },
    Case {
        what: "a weapon taking three hands",
        edits: &[(
            8,
            r#"            "Stick": Weapon((damage: 6, kind: Melee, hands: 3)),"#,
        )],
        line: 8,
        phrase: "a weapon takes 1 or 2 hands, not 3",
    },
    Case {
        what: "armour beyond the catalogue",
        edits: &[(
            8,
            r#"            "Stick": Weapon((damage: 6, kind: Melee)), "Tin": Armour(6),"#,
        )],
        line: 8,
        phrase: r#"gear "Tin": armour 6 is beyond anything in the catalogue (0 to 5)"#,
    },
    Case {
        what: "more than two hands of gear",
        edits: &[(
            24,
            r#"                 hands: ["Sword", "Shield", "Stick"], pack: ["Javelin"], zone: "Bank"),"#,
        )],
        line: 24,
        phrase: r#"character "Aldo" holds more than two hands' worth of gear (3)"#,
    },
    Case {
        what: "`damaged` naming gear the character lacks",
        edits: &[(
            28,
            r#"                 hands: ["Spear"], pack: ["Dagger"], damaged: ["Sword"], zone: "Far"),"#,
        )],
        line: 28,
        phrase: r#"character "Brannoc": damaged "Sword" is not among their gear"#,
    },
    Case {
        what: "trap fixture on a zone without a hazard",
        edits: &[(
            16,
            r#"            (name: "Sluice", zone: "Bank", effect: Trap("Far")),"#,
        )],
        line: 16,
        phrase: r#"fixture "Sluice": zone "Far" has no hazard to unleash"#,
    },
    Case {
        what: "fixture in an unknown zone",
        edits: &[(
            16,
            r#"            (name: "Sluice", zone: "Weir", effect: Trap("Ford")),"#,
        )],
        line: 16,
        phrase: r#"fixture "Sluice": zone "Weir" does not exist"#,
    },
    Case {
        what: "a passage joining a zone to itself",
        edits: &[(
            16,
            r#"            (name: "Sluice", zone: "Bank", effect: Passage("Ford", "Ford")),"#,
        )],
        line: 16,
        phrase: r#"fixture "Sluice": a passage joins two different zones"#,
    },
    Case {
        what: "ground item in an unknown zone",
        edits: &[(19, r#"            (item: "Plank", zone: "Weir"),"#)],
        line: 19,
        phrase: r#"ground item "Plank": zone "Weir" does not exist"#,
    },
    Case {
        what: "unknown ground item",
        edits: &[(19, r#"            (item: "Plonk", zone: "Ford"),"#)],
        line: 19,
        phrase: r#"ground item: unknown gear "Plonk""#,
    },
    Case {
        what: "armour lying on the ground",
        edits: &[(19, r#"            (item: "Mail", zone: "Ford"),"#)],
        line: 19,
        phrase: r#"ground item "Mail": armour cannot be changed during a fight"#,
    },
    Case {
        what: "chaos_seconds 0",
        edits: &[(6, "        options: (chaos_seconds: Some(0)),")],
        line: 6,
        phrase: "chaos_seconds: a declaration limit of 0 seconds leaves no time to declare anything",
    },
];

#[test]
fn the_base_scenario_is_valid() {
    let loaded = scenario::load_str("case", FILE, BASE).unwrap_or_else(|e| panic!("{e}"));
    let Setup::Zones(setup) = &loaded.setup else {
        panic!("a Zones scenario")
    };
    let s = &setup.state;
    assert_eq!(loaded.id, "case");
    assert_eq!(s.scenario, "case");
    assert_eq!(s.zones.len(), 3);
    assert_eq!(s.characters.len(), 2);
    assert_eq!(Zones::faction_names(s), ["Wardens", "Reavers"]);
    assert_eq!(setup.started_by, Some(0));
    // Neighbours are mutual: Far lists none of its own but borders Ford.
    assert_eq!(s.zones[2].neighbours, [1]);
    // The pre-damaged dagger is damaged.
    let dagger = s.items.iter().find(|i| i.name == "Dagger").unwrap();
    assert!(dagger.damaged);
}

#[test]
fn every_kind_of_mistake_names_its_line() {
    assert!(CASES.len() >= 12);
    let mut failures = Vec::new();
    for case in CASES {
        let src = with(case.edits);
        let errors = match scenario::load_str("case", FILE, &src) {
            Ok(_) => {
                failures.push(format!("{}: accepted", case.what));
                continue;
            }
            Err(e) => e,
        };
        if errors.0.len() != 1 {
            failures.push(format!(
                "{}: expected exactly one error, got {}:\n{errors}",
                case.what,
                errors.0.len()
            ));
            continue;
        }
        let e = &errors.0[0];
        let shown = errors.to_string();
        let prefix = format!("{FILE}:{}: ", case.line);
        if e.file != FILE || e.line != case.line || !e.text().contains(case.phrase) {
            failures.push(format!(
                "{}: expected line {} and \"{}\", got: {shown}",
                case.what, case.line, case.phrase
            ));
        } else if !shown.starts_with(&prefix) {
            failures.push(format!(
                "{}: Display should start with \"{prefix}\": {shown}",
                case.what
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

/// Each case's message is distinct: the table really covers different mistakes.
#[test]
fn the_cases_are_distinct_mistakes() {
    let mut phrases: Vec<&str> = CASES.iter().map(|c| c.phrase).collect();
    phrases.sort_unstable();
    phrases.dedup();
    assert_eq!(phrases.len(), CASES.len());
}

#[test]
fn several_mistakes_are_reported_at_once_in_file_order() {
    let src = with(&[
        (5, r#"        started_by: Some("Wardenz"),"#),
        (
            8,
            r#"            "Stick": Weapon((damage: 6, kind: Melee, range: 2)),"#,
        ),
        (
            11,
            r#"            (name: "Bank", neighbours: ["Ford", "Moon"], cover: true),"#,
        ),
        (
            16,
            r#"            (name: "Sluice", zone: "Bank", effect: Trap("Far")),"#,
        ),
        (
            27,
            r#"                (name: "Brannoc", str: 21, agi: 10, wit: 9, health: 0,"#,
        ),
        (
            28,
            r#"                 hands: ["Spaer"], pack: ["Dagger"], damaged: ["Dagger"], zone: "Moor"),"#,
        ),
    ]);
    let errors = errors_of(&src);
    let texts: Vec<(usize, String)> = errors.0.iter().map(|e| (e.line, e.text())).collect();
    let got: Vec<(usize, &str)> = texts.iter().map(|(l, t)| (*l, t.as_str())).collect();
    let want: &[(usize, &str)] = &[
        (5, "no faction is named \"Wardenz\""),
        (8, "a melee weapon has no range"),
        (11, "neighbour \"Moon\" does not exist"),
        (16, "has no hazard to unleash"),
        (27, "STR must be from 1 to 20"),
        (27, "health must be from 1 to 50"),
        (28, "zone \"Moor\" does not exist"),
        (28, "unknown gear \"Spaer\""),
    ];
    assert_eq!(got.len(), want.len(), "{errors}");
    for ((gl, gm), (wl, wm)) in got.iter().zip(want) {
        assert_eq!(gl, wl, "{errors}");
        assert!(gm.contains(wm), "expected \"{wm}\" in \"{gm}\"\n{errors}");
    }
    // Display: one `file:line: message` a line.
    let shown = errors.to_string();
    assert_eq!(shown.lines().count(), want.len());
    for (line, (wl, _)) in shown.lines().zip(want) {
        assert!(line.starts_with(&format!("{FILE}:{wl}: ")), "{line}");
    }
}

#[test]
fn every_builtin_scenario_loads_and_starts() {
    assert!(scenario::BUILTIN.len() >= 3);
    assert!(
        scenario::BUILTIN
            .iter()
            .any(|(n, _)| *n == scenario::DEFAULT)
    );
    for (name, _) in scenario::BUILTIN {
        let loaded = catalogue::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(loaded.id, *name);
        assert!(fray::rulesets::IDS.contains(&loaded.ruleset()), "{name}");
        assert!(!loaded.scenario.name.trim().is_empty(), "{name}");
        assert!(
            !loaded.scenario.teaches.trim().is_empty(),
            "{name}: teaches nothing"
        );
        assert!(loaded.setup.factions().len() >= 2, "{name}");
        assert!(!loaded.setup.seats().is_empty(), "{name}: no seat to take");
        let (events, legal) = loaded.setup.visit(Starts);
        assert!(events > 0, "{name}: the start says nothing");
        assert!(legal > 0, "{name}: nothing to do at the start");
    }
    let rulesets: std::collections::BTreeSet<&str> = scenario::BUILTIN
        .iter()
        .map(|(n, _)| scenario::builtin(n).unwrap().unwrap().ruleset())
        .collect();
    assert_eq!(
        rulesets.len(),
        fray::rulesets::IDS.len(),
        "every ruleset has scenarios"
    );
}

/// A scenario started under its ruleset: how many events the start wrote, how many choices
/// the first decision has.
struct Starts;

impl fray::rulesets::Visit for Starts {
    type Out = (usize, usize);
    fn visit<G: fray::rulesets::Game>(self, setup: &G::Setup) -> (usize, usize) {
        let mut dice = fray::rules::SeededDice::new(1);
        let (state, events) = G::start(setup, &mut dice).unwrap();
        (events.len(), G::legal_actions(&state).len())
    }
}

#[test]
fn builtin_scenario_files_match_the_assets() {
    let dir = support::root().join("assets/scenarios");
    for (name, src) in scenario::BUILTIN {
        let path = dir.join(format!("{name}.ron"));
        let on_disk = std::fs::read_to_string(&path).unwrap();
        assert_eq!(&on_disk, src, "{name}");
        let loaded = scenario::load_path(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(loaded.id, *name);
    }
}

#[test]
fn an_unknown_scenario_names_the_builtin_ones() {
    let e = catalogue::load("no-such").expect_err("there is no such scenario");
    assert_eq!(e.0.len(), 1);
    let shown = e.to_string();
    assert!(shown.starts_with("no-such:0: "), "{shown}");
    assert!(
        shown.contains("no built-in scenario by that name"),
        "{shown}"
    );
    for (name, _) in scenario::BUILTIN {
        assert!(shown.contains(name), "{shown} should name {name}");
    }
}

#[test]
fn an_unreadable_path_is_reported() {
    let dir = std::env::temp_dir().join(format!("fray-scenarios-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A directory exists but cannot be read as a file.
    let e = scenario::load_path(&dir).expect_err("a directory is not a scenario");
    let shown = e.to_string();
    assert!(shown.contains(":0: cannot read"), "{shown}");
    let _ = std::fs::remove_dir(&dir);
}

#[test]
fn a_scenario_file_on_disk_carries_its_path_in_errors() {
    let path = std::env::temp_dir().join(format!("fray-bad-{}.ron", std::process::id()));
    let src = with(&[(13, r#"            (name: "Far", neighbours: ["Far"]),"#)]);
    std::fs::write(&path, &src).unwrap();
    let e = catalogue::load(path.to_str().unwrap()).expect_err("the scenario is bad");
    let _ = std::fs::remove_file(&path);
    let shown = e.to_string();
    assert_eq!(
        shown,
        format!(
            "{}:13: zone \"Far\" cannot neighbour itself",
            path.display()
        )
    );
}

// Three actions: the same kind of table, on a small scenario of its own.

const TEAMS_BASE: &str = r#"// A small Three actions scenario for validation cases.
Scenario(
    name: "Teams base",
    teaches: "Validation.",
    rules: Teams((
        map: (width: 6, height: 5,
            walls: [(2, 2)],
            cover: [(3, 1)],
            exits: [(5, 4)],
        ),
        items: {
            "spear": (weapon: Some((damage: 4, critical_damage: 8, damage_type: Piercing))),
            "shield": (block: Some(3)),
            "bow": (hands: 2, weapon: Some((attributes: [Dexterity], damage: 3, critical_damage: 6, damage_type: Piercing, reach: 0, range: 20))),
        },
        tasks: [
            (name: "lever", at: (5, 0), attribute: Strength, skill: Athletics, difficulty: 7, team: Some("Reds")),
        ],
        started_by: "Blues",
        attacked: Some("Reds"),
        round_limit: 6,
        teams: [
            (name: "Blues", objective: Protect(character: "Ann", rounds: 3), characters: [
                (name: "Ann", at: (0, 0), hands: ["spear", "shield"], stats: (strength: 8, athletics: 4)),
                (name: "Bo", at: (0, 2), hands: ["bow"]),
            ]),
            (name: "Reds", objective: Task("lever"), characters: [
                (name: "Cal", at: (4, 3), hands: ["spear"]),
            ]),
        ],
    )),
)
"#;

/// `TEAMS_BASE` with whole lines (1-based) replaced.
fn teams_with(edits: &[(usize, &str)]) -> String {
    let mut lines: Vec<String> = TEAMS_BASE.lines().map(str::to_string).collect();
    for &(n, text) in edits {
        assert!(n >= 1 && n <= lines.len(), "no line {n} in TEAMS_BASE");
        lines[n - 1] = text.to_string();
    }
    lines.join("\n") + "\n"
}

const TEAMS_CASES: &[Case] = &[
    Case {
        what: "an exit listed twice",
        edits: &[(9, "            exits: [(5, 4), (5, 4)],")],
        line: 9,
        phrase: "map: exit (5, 4) is listed twice",
    },
    Case {
        what: "an objective's square listed twice",
        edits: &[(
            23,
            r#"            (name: "Blues", objective: Reach([(5, 4), (5, 4)]), characters: ["#,
        )],
        line: 23,
        phrase: r#"team "Blues": objective square (5, 4) is listed twice"#,
    },
    Case {
        what: "unknown item in a character's hands",
        edits: &[(
            25,
            r#"                (name: "Bo", at: (0, 2), hands: ["bwo"]),"#,
        )],
        line: 25,
        phrase: r#"character "Bo": unknown item "bwo""#,
    },
    Case {
        what: "a wall off the map",
        edits: &[(7, "            walls: [(2, 2), (6, 1)],")],
        line: 7,
        phrase: "walls square (6, 1) lies off the 6×5 map",
    },
    Case {
        what: "two characters on one square",
        edits: &[(
            28,
            r#"                (name: "Cal", at: (0, 2), hands: ["spear"]),"#,
        )],
        line: 28,
        phrase: r#"character "Cal" stands at (0, 2), where "Bo" already stands"#,
    },
    Case {
        what: "a character on a wall",
        edits: &[(
            28,
            r#"                (name: "Cal", at: (2, 2), hands: ["spear"]),"#,
        )],
        line: 28,
        phrase: r#"character "Cal" stands at (2, 2), on a wall"#,
    },
    Case {
        what: "an unknown team started the fight",
        edits: &[(19, r#"        started_by: "Blue","#)],
        line: 19,
        phrase: r#"started_by: no team is named "Blue" (teams: Blues, Reds)"#,
    },
    Case {
        what: "an objective naming an unknown character",
        edits: &[(
            23,
            r#"            (name: "Blues", objective: Protect(character: "Anne", rounds: 3), characters: ["#,
        )],
        line: 23,
        phrase: r#"team "Blues": the objective names "Anne", who is not in the battle"#,
    },
    Case {
        what: "an objective naming an unknown task",
        edits: &[(
            27,
            r#"            (name: "Reds", objective: Task("bell"), characters: ["#,
        )],
        line: 27,
        phrase: r#"the objective names the task "bell", which is not among the tasks"#,
    },
    Case {
        what: "a die without faces",
        edits: &[(
            24,
            r#"                (name: "Ann", at: (0, 0), hands: ["spear", "shield"], stats: (strength: 0, athletics: 4)),"#,
        )],
        line: 24,
        phrase: r#"character "Ann": strength is a die without faces (0)"#,
    },
    Case {
        what: "a skill die of no standard size",
        edits: &[(
            24,
            r#"                (name: "Ann", at: (0, 0), hands: ["spear", "shield"], stats: (strength: 8, athletics: 5)),"#,
        )],
        line: 24,
        phrase: "athletics must be a d4, d6, d8, d10, d12 or d20 (0 untrained), not a d5",
    },
    Case {
        what: "an unknown field in a character's stats",
        edits: &[(
            24,
            r#"                (name: "Ann", at: (0, 0), hands: ["spear", "shield"], stats: (strength: 8, athletic: 4)),"#,
        )],
        line: 24,
        phrase: "athletic",
    },
    Case {
        what: "more than two hands' worth held",
        edits: &[(
            24,
            r#"                (name: "Ann", at: (0, 0), hands: ["spear", "bow"], stats: (strength: 8, athletics: 4)),"#,
        )],
        line: 24,
        phrase: r#"character "Ann" holds more than two hands' worth (3)"#,
    },
    Case {
        what: "a weapon with neither reach nor range",
        edits: &[(
            14,
            r#"            "bow": (hands: 2, weapon: Some((attributes: [Dexterity], damage: 3, critical_damage: 6, damage_type: Piercing, reach: 0))),"#,
        )],
        line: 14,
        phrase: r#"item "bow": a weapon needs a reach or a range"#,
    },
    Case {
        what: "an exit on a wall",
        edits: &[(9, "            exits: [(2, 2)],")],
        line: 9,
        phrase: "exit (2, 2) is on a wall",
    },
    Case {
        what: "a task for an unknown team",
        edits: &[(
            17,
            r#"            (name: "lever", at: (5, 0), attribute: Strength, skill: Athletics, difficulty: 7, team: Some("Greens")),"#,
        )],
        line: 17,
        phrase: r#"task "lever": no team is named "Greens""#,
    },
    Case {
        what: "a character named twice",
        edits: &[(
            28,
            r#"                (name: "Bo", at: (4, 3), hands: ["spear"]),"#,
        )],
        line: 28,
        phrase: r#"character "Bo" appears twice"#,
    },
    Case {
        what: "no round to fight",
        edits: &[(21, "        round_limit: 0,")],
        line: 21,
        phrase: "round_limit: the battle needs at least one round",
    },
];

#[test]
fn the_teams_base_scenario_is_valid() {
    let loaded = scenario::load_str("case", FILE, TEAMS_BASE).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.ruleset(), "teams");
    let Setup::Teams(setup) = &loaded.setup else {
        panic!("a Three actions scenario")
    };
    assert_eq!(setup.name, "case");
    assert_eq!(setup.teams.len(), 2);
    assert_eq!(setup.characters.len(), 3);
    assert_eq!(setup.characters[2].team, 1);
    assert_eq!(setup.started_by, 0);
    assert_eq!(setup.attacked, Some(1));
    assert_eq!(setup.round_limit, 6);
    // Dice by their faces, a skill left out untrained, the rest the plain fighter's.
    let ann = &setup.characters[0];
    assert_eq!(ann.stats.strength, fray::rules::Die::D8);
    assert_eq!(ann.stats.athletics, Some(fray::rules::Die::D4));
    assert_eq!(ann.stats.medicine, None);
    assert_eq!(ann.stats.evasion, 6);
    assert_eq!(ann.gear.len(), 2);
    assert!(ann.gear.iter().all(|g| g.held));
    assert_eq!(ann.gear[1].item.block, Some(3));
    use fray::rules::teams::Objective;
    assert_eq!(
        setup.teams[0].objective,
        Objective::Protect {
            character: 0,
            rounds: 3
        }
    );
    assert_eq!(setup.teams[1].objective, Objective::Task { task: 0 });
    assert_eq!(setup.tasks[0].team, Some(1));
    assert!(setup.validate().is_ok());
}

#[test]
fn every_kind_of_teams_mistake_names_its_line() {
    let mut failures = Vec::new();
    for case in TEAMS_CASES {
        let src = teams_with(case.edits);
        let errors = match scenario::load_str("case", FILE, &src) {
            Ok(_) => {
                failures.push(format!("{}: accepted", case.what));
                continue;
            }
            Err(e) => e,
        };
        let shown = errors.to_string();
        if errors.0.len() != 1 {
            failures.push(format!(
                "{}: expected exactly one error, got {}:\n{shown}",
                case.what,
                errors.0.len()
            ));
            continue;
        }
        let e = &errors.0[0];
        if e.line != case.line || !e.text().contains(case.phrase) {
            failures.push(format!(
                "{}: expected line {} and \"{}\", got: {shown}",
                case.what, case.line, case.phrase
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        TEAMS_CASES.len(),
        failures.join("\n")
    );
}

#[test]
fn several_teams_mistakes_are_reported_at_once() {
    let src = teams_with(&[
        (7, "            walls: [(2, 2), (9, 9)],"),
        (
            25,
            r#"                (name: "Bo", at: (0, 7), hands: ["bwo"]),"#,
        ),
        (19, r#"        started_by: "Greens","#),
    ]);
    let errors = scenario::load_str("case", FILE, &src).expect_err("three mistakes");
    let lines: Vec<usize> = errors.0.iter().map(|e| e.line).collect();
    // In the order of their lines.
    assert_eq!(lines, [7, 19, 25, 25], "{errors}");
    assert!(errors.to_string().contains("off the map"), "{errors}");
}

/// Every number of the shipped Three actions scenarios replaced, one at a time, by values at
/// and past the edges: each file loads or is refused with errors, and nothing panics.
#[test]
fn teams_scenarios_with_odd_numbers_load_or_are_refused_without_panicking() {
    for name in [
        "the-alarm",
        "goblin-ambush",
        "shield-wall",
        "goblin-warren",
        "goblin-raid",
    ] {
        let src = scenario::BUILTIN
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap()
            .1;
        let body = &src[src.find("Scenario(").unwrap()..];
        let offset = src.len() - body.len();
        let mut numbers = Vec::new();
        let bytes = src.as_bytes();
        let mut i = offset;
        while i < bytes.len() {
            if bytes[i].is_ascii_digit() && !bytes[i - 1].is_ascii_alphanumeric() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                numbers.push((start, i));
            } else {
                i += 1;
            }
        }
        assert!(numbers.len() > 50, "{name}");
        let mut refused = 0;
        for &(a, b) in &numbers {
            for v in ["0", "1", "7", "64", "255"] {
                let edited = format!("{}{v}{}", &src[..a], &src[b..]);
                match scenario::load_str(name, FILE, &edited) {
                    Err(e) => {
                        refused += 1;
                        assert!(!e.0.is_empty());
                        for err in &e.0 {
                            assert!(err.line >= 1 && err.line <= edited.lines().count() + 1);
                        }
                    }
                    // What is accepted plays: a few random actions from the start.
                    Ok(loaded) => loaded.setup.visit(Plays),
                }
            }
        }
        assert!(refused > 0, "{name}: some edits must be mistakes");
    }
}

/// A scenario started and played for a while with random legal actions.
struct Plays;

impl fray::rulesets::Visit for Plays {
    type Out = ();
    fn visit<G: fray::rulesets::Game>(self, setup: &G::Setup) {
        use fray::ai::{Policy, RandomPolicy};
        let mut dice = fray::rules::SeededDice::new(3);
        let (mut s, _) = G::start(setup, &mut dice).unwrap();
        let mut p = RandomPolicy::new(3);
        for _ in 0..150 {
            let legal = G::legal_actions(&s);
            if legal.is_empty() {
                break;
            }
            let a = Policy::<G>::choose(&mut p, &s, &legal);
            G::apply(&mut s, &a, &mut dice).unwrap();
        }
    }
}

/// Thousands of mistakes in one file are each reported, at their own line. (How fast: a file
/// of 60,000 takes under a second with `fray check`; see `scenario::check::Report`.)
#[test]
fn thousands_of_mistakes_are_each_named_at_their_line() {
    let n = 3000;
    let chars: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"                (name: "C{i}", str: 10, agi: 10, wit: 10, health: 10, hands: ["Spaer{i}"], zone: "Bank"),"#
            )
        })
        .collect();
    let src = format!(
        "Scenario(\n    name: \"Many\",\n    rules: Zones((\n        zones: [(name: \"Bank\", neighbours: [])],\n        factions: [\n            (name: \"A\", characters: [\n{}\n            ]),\n            (name: \"B\", characters: [(name: \"Z\", str: 10, agi: 10, wit: 10, health: 10, zone: \"Bank\")]),\n        ],\n    )),\n)\n",
        chars.join("\n")
    );
    let errors = errors_of(&src);
    // The faction is over its limit too, said once at its line.
    assert_eq!(errors.0.len(), n + 1);
    assert_eq!(errors.0[0].line, 6);
    assert!(
        errors.0[0]
            .text()
            .contains("faction \"A\": characters: 3000, over the limit of 64"),
        "{}",
        errors.0[0]
    );
    for (i, e) in errors.0[1..].iter().enumerate() {
        assert_eq!(e.line, i + 7, "{e}");
        assert!(e.text().contains(&format!("\"Spaer{i}\"")), "{e}");
    }
}

/// The initiative die has a face for each faction, the deviation die one for each neighbouring
/// zone: beyond the largest die, a scenario is refused at its line rather than rolling a die
/// that cannot exist.
#[test]
fn more_factions_or_neighbours_than_a_die_can_hold_are_refused() {
    let factions: Vec<String> = (0..101)
        .map(|i| format!(r#"(name: "F{i}", characters: [(name: "C{i}", str: 10, agi: 10, wit: 10, health: 10, zone: "Z0")])"#))
        .collect();
    let src = format!(
        "Scenario(\n    name: \"Crowd\",\n    rules: Zones((\n        zones: [(name: \"Z0\", neighbours: [])],\n        factions: [\n{}\n        ],\n    )),\n)\n",
        factions.join(",\n")
    );
    let e = errors_of(&src);
    assert_eq!(e.0.len(), 1, "{e}");
    assert_eq!(e.0[0].line, 5, "{e}");
    assert!(
        e.0[0]
            .text()
            .contains("101 factions: the initiative die has at most 100 faces"),
        "{e}"
    );

    let names: Vec<String> = (1..=101).map(|i| format!("\"Z{i}\"")).collect();
    let zones: Vec<String> = (1..=101)
        .map(|i| format!("(name: \"Z{i}\", neighbours: [])"))
        .collect();
    let src = format!(
        "Scenario(\n    name: \"Hub\",\n    rules: Zones((\n        zones: [\n            (name: \"Z0\", neighbours: [{}]),\n{}\n        ],\n        factions: [\n            (name: \"A\", characters: [(name: \"Ann\", str: 10, agi: 10, wit: 10, health: 10, zone: \"Z0\")]),\n            (name: \"B\", characters: [(name: \"Bob\", str: 10, agi: 10, wit: 10, health: 10, zone: \"Z1\")]),\n        ],\n    )),\n)\n",
        names.join(", "),
        zones.join(",\n")
    );
    let e = errors_of(&src);
    // So many zones are over the map's limit as well.
    assert_eq!(e.0.len(), 2, "{e}");
    assert_eq!(e.0[0].line, 4, "{e}");
    assert!(
        e.0[0].text().contains("zones: 102, over the limit of 64"),
        "{e}"
    );
    assert_eq!(e.0[1].line, 5, "{e}");
    assert!(
        e.0[1].text().contains("zone \"Z0\" has 101 neighbours"),
        "{e}"
    );
}

#[test]
fn a_teams_scenario_may_script_objective_changes_and_older_ones_save_as_before() {
    // teams.objectives: the alarm's guards forget the bell once their captain is down, and
    // from round 3 the players must reach the corner; both read by name.
    let src =
        std::fs::read_to_string(support::root().join("assets/scenarios/the-alarm.ron")).unwrap();
    let changes = r#"        round_limit: 6,
        objective_changes: [
            (team: "Guards", when: Down("Captain Aubrey"), objective: Defeat,
             text: "With their captain down, the guards forget the bell."),
            (team: "Players", when: Round(3), objective: Reach([(0, 0)])),
        ],
"#;
    let changed = src.replacen("        round_limit: 6,\n", changes, 1);
    assert_ne!(changed, src);
    let loaded =
        scenario::load_str("alarm", "alarm.ron", &changed).unwrap_or_else(|e| panic!("{e}"));
    let Setup::Teams(setup) = loaded.setup else {
        panic!("a Three actions scenario")
    };
    use fray::rules::teams::{ChangeWhen, Objective, ObjectiveChange, Pos};
    let captain = setup
        .characters
        .iter()
        .position(|c| c.name == "Captain Aubrey")
        .unwrap();
    assert_eq!(
        setup.objective_changes,
        vec![
            ObjectiveChange {
                team: 1,
                when: ChangeWhen::Down(captain),
                objective: Objective::Defeat,
                text: "With their captain down, the guards forget the bell.".into(),
            },
            ObjectiveChange {
                team: 0,
                when: ChangeWhen::Round(3),
                objective: Objective::Reach {
                    squares: vec![Pos::new(0, 0)]
                },
                text: String::new(),
            },
        ]
    );
    let mut dice = fray::rules::SeededDice::new(1);
    let (state, _) = fray::rules::teams::Teams::start(&setup, &mut dice).unwrap();
    assert_eq!(state.changes, setup.objective_changes);
    // The unchanged scenario saves its state without the new field, as before, and a state
    // saved without it reads back.
    let Setup::Teams(plain) = catalogue::load("the-alarm").unwrap().setup else {
        panic!("a Three actions scenario")
    };
    let (state, _) = fray::rules::teams::Teams::start(&plain, &mut dice).unwrap();
    let json = serde_json::to_string(&state).unwrap();
    assert!(!json.contains("changes"), "{json}");
    let back: fray::rules::teams::State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, state);
}

/// `n` copies of `f(i)`, joined by `sep`.
fn many(n: usize, sep: &str, f: impl Fn(usize) -> String) -> String {
    (0..n).map(f).collect::<Vec<_>>().join(sep)
}

/// Asserts that `src` is refused with an error at `line` whose message holds `phrase`.
fn refused_at(what: &str, src: &str, line: usize, phrase: &str) {
    let e = errors_of(src);
    assert!(
        e.0.iter()
            .any(|x| x.line == line && x.text().contains(phrase)),
        "{what}: wanted line {line}: {phrase}\ngot:\n{}",
        e.0.iter()
            .take(5)
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A small Coterie scenario with room for long lists, laid out one list a line.
fn coterie_with(
    cskills: &str,
    cnuances: &str,
    ctraits: &str,
    ptraits: &str,
    askills: &str,
    anuances: &str,
    foes: &str,
) -> String {
    format!(
        r#"Scenario(
    name: "Big",
    rules: Coterie((
        conflict: (
            name: "Brawl",
            skills: ["fighting"{cskills}],
            nuances: [{cnuances}],
            traits: [{ctraits}],
        ),
        party: (
            name: "A",
            traits: {{{ptraits}}},
            characters: [
                (name: "Ann", skills: {{"fighting": 3{askills}}}, nuances: [{anuances}]),
            ],
        ),
        foes: (
            name: "B",
            characters: [
                (name: "Bob", skills: {{"fighting": 3}}),{foes}
            ],
        ),
    )),
)
"#
    )
}

/// Every list the rules go through has a limit a real table stays far inside; above it the
/// scenario is refused at the list's line, with a message naming the limit.
#[test]
fn every_list_the_rules_iterate_has_a_limit() {
    // Coterie.
    let base = coterie_with("", "", "", "", "", "", "");
    scenario::load_str("case", FILE, &base).unwrap_or_else(|e| panic!("{e}"));
    let cases = [
        (
            "conflict skills",
            coterie_with(
                &many(32, "", |i| format!(", \"s{i}\"")),
                "",
                "",
                "",
                "",
                "",
                "",
            ),
            6,
            "the conflict's skills: 33, over the limit of 32",
        ),
        (
            "conflict nuances",
            coterie_with(
                "",
                &many(33, ", ", |i| format!("\"n{i}\"")),
                "",
                "",
                "",
                "",
                "",
            ),
            7,
            "the conflict's nuances: 33, over the limit of 32",
        ),
        (
            "conflict traits",
            coterie_with(
                "",
                "",
                &many(17, ", ", |i| format!("\"t{i}\"")),
                "",
                "",
                "",
                "",
            ),
            8,
            "the conflict's traits: 17, over the limit of 16",
        ),
        (
            "group traits",
            coterie_with(
                "",
                "",
                "",
                &many(17, ", ", |i| format!("\"t{i}\": 1")),
                "",
                "",
                "",
            ),
            12,
            "party: traits: 17, over the limit of 16",
        ),
        (
            "a character's skills",
            coterie_with(
                "",
                "",
                "",
                "",
                &many(32, "", |i| format!(", \"s{i}\": 1")),
                "",
                "",
            ),
            14,
            "Ann: skills: 33, over the limit of 32",
        ),
        (
            "a character's nuances",
            coterie_with(
                "",
                "",
                "",
                "",
                "",
                &many(33, ", ", |i| {
                    format!("(name: \"n{i}\", skill: \"fighting\", value: 1)")
                }),
                "",
            ),
            14,
            "Ann: nuances: 33, over the limit of 32",
        ),
        (
            "a group's characters",
            coterie_with(
                "",
                "",
                "",
                "",
                "",
                "",
                &many(64, "", |i| {
                    format!(" (name: \"B{i}\", skills: {{\"fighting\": 1}}),")
                }),
            ),
            19,
            "foes: characters: 65, over the limit of 64",
        ),
    ];
    for (what, src, line, phrase) in &cases {
        refused_at(what, src, *line, phrase);
    }

    // Zones.
    let zone_cases = [
        (
            "gear",
            with(&[(
                8,
                &format!(
                    r#"            "Stick": Weapon((damage: 6, kind: Melee)),{}"#,
                    many(256, "", |i| format!(
                        r#" "Stick{i}": Weapon((damage: 6, kind: Melee)),"#
                    ))
                ),
            )]),
            7,
            "gear: 257, over the limit of 256",
        ),
        (
            "zones",
            with(&[(
                13,
                &format!(
                    r#"            (name: "Far", neighbours: []),{}"#,
                    many(62, "", |i| format!(r#" (name: "Z{i}", neighbours: []),"#))
                ),
            )]),
            10,
            "zones: 65, over the limit of 64",
        ),
        (
            "fixtures",
            with(&[(
                16,
                &format!(
                    r#"            (name: "Sluice", zone: "Bank", effect: Trap("Ford")),{}"#,
                    many(64, "", |i| format!(
                        r#" (name: "Sluice{i}", zone: "Bank", effect: Trap("Ford")),"#
                    ))
                ),
            )]),
            15,
            "fixtures: 65, over the limit of 64",
        ),
        (
            "ground",
            with(&[(
                19,
                &format!(
                    r#"            (item: "Plank", zone: "Ford"),{}"#,
                    many(256, "", |_| r#" (item: "Plank", zone: "Ford"),"#
                        .to_string())
                ),
            )]),
            18,
            "ground: 257, over the limit of 256",
        ),
        (
            "a faction's characters",
            with(&[(
                28,
                &format!(
                    r#"                 hands: ["Spear"], pack: ["Dagger"], damaged: ["Dagger"], zone: "Far"),{}"#,
                    many(64, "", |i| format!(
                        r#" (name: "R{i}", str: 10, agi: 10, wit: 10, health: 10, zone: "Far"),"#
                    ))
                ),
            )]),
            26,
            "faction \"Reavers\": characters: 65, over the limit of 64",
        ),
        (
            "a character's pack",
            with(&[(
                24,
                &format!(
                    r#"                 hands: ["Sword", "Shield"], pack: [{}], zone: "Bank"),"#,
                    many(17, ", ", |_| "\"Stick\"".to_string())
                ),
            )]),
            24,
            "character \"Aldo\": pack: 17, over the limit of 16",
        ),
    ];
    for (what, src, line, phrase) in &zone_cases {
        refused_at(what, src, *line, phrase);
    }

    // Three actions.
    let teams_cases = [
        (
            "items",
            teams_with(&[(
                14,
                &format!(
                    r#"            "bow": (hands: 2, weapon: Some((attributes: [Dexterity], damage: 3, critical_damage: 6, damage_type: Piercing, reach: 0, range: 20))),{}"#,
                    many(254, "", |i| format!(r#" "shield{i}": (block: Some(3)),"#))
                ),
            )]),
            11,
            "items: 257, over the limit of 256",
        ),
        (
            "tasks",
            teams_with(&[(
                17,
                &format!(
                    r#"            (name: "lever", at: (5, 0), attribute: Strength, skill: Athletics, difficulty: 7, team: Some("Reds")),{}"#,
                    many(64, "", |i| format!(
                        r#" (name: "lever{i}", at: (5, 0), attribute: Strength, skill: Athletics, difficulty: 7),"#
                    ))
                ),
            )]),
            16,
            "tasks: 65, over the limit of 64",
        ),
        (
            "ground",
            teams_with(&[(
                18,
                &format!(
                    r#"        ], ground: [{}],"#,
                    many(257, ", ", |_| r#"(item: "spear", at: (1, 1))"#.to_string())
                ),
            )]),
            18,
            "ground: 257, over the limit of 256",
        ),
        (
            "teams",
            teams_with(&[(
                29,
                &format!(
                    "            ]),{}",
                    many(15, "", |i| {
                        let at = [
                            (0, 3),
                            (1, 3),
                            (2, 3),
                            (3, 3),
                            (5, 3),
                            (0, 4),
                            (1, 4),
                            (2, 4),
                            (3, 4),
                            (4, 4),
                            (5, 4),
                            (1, 0),
                            (2, 0),
                            (3, 0),
                            (4, 0),
                        ][i];
                        format!(
                            r#" (name: "T{i}", characters: [(name: "t{i}", at: ({}, {}))]),"#,
                            at.0, at.1
                        )
                    })
                ),
            )]),
            22,
            "teams: 17, over the limit of 16",
        ),
        (
            "a character's pack",
            teams_with(&[(
                25,
                &format!(
                    r#"                (name: "Bo", at: (0, 2), hands: ["bow"], pack: [{}]),"#,
                    many(17, ", ", |_| "\"spear\"".to_string())
                ),
            )]),
            25,
            "character \"Bo\": pack: 17, over the limit of 16",
        ),
    ];
    for (what, src, line, phrase) in &teams_cases {
        refused_at(what, src, *line, phrase);
    }
}
