//! The headless app: the game's logic plugins without a window, driven frame by frame. The
//! phase states must follow the core, AI battles must end, and a person's seat must be
//! playable from simulated keys alone.

#![cfg(feature = "game")]

mod headless;
mod support;

// Nothing lost: saves, resuming, undo and the table's dice (one test binary with the rest, so
// that the game is linked once).
#[path = "game/saves.rs"]
mod saves;

// The board as a scene of entities.
#[path = "game/scene.rs"]
mod scene;

// The menu by keys, and quick taps.
#[path = "game/menu.rs"]
mod menu;

// The words of the choices.
#[path = "game/words.rs"]
mod words;

// No prompt without a choice.
#[path = "game/prompts.rs"]
mod prompts;

// A campaign's battle, kept in its save, and the way on to camp.
#[path = "game/campaign.rs"]
mod campaign;

use bevy::prelude::*;
use fray::words::InEnglish;

use fray::ai::Level;
use fray::game::battle::Showing;
use fray::game::battle::phase_for;
use fray::game::battle::{Battle, BattleSetup, Phase};
use fray::game::battle::{SeatKind, Seats};
use fray::game::input::shown_choices;
use fray::rules::battle::DecisionKind as K;
use fray::rules::battle::Pending;
use fray::rules::zones::{Action, Reaction, Stunt, Zones};
use headless::{app, deciding, phase, press, wanted_phase};

/// After a frame, the phase is the one the core's pending decision calls for, or the
/// transition to it is already queued for the next frame.
fn assert_phase_follows_core(app: &App) {
    let w = app.world();
    let Some(want) = wanted_phase(app) else {
        return;
    };
    let queued = match w.resource::<NextState<Phase>>() {
        NextState::Pending(p) | NextState::PendingIfNeq(p) => Some(*p),
        NextState::Unchanged => None,
    };
    let now = phase(app);
    assert!(
        now == Some(want) || queued == Some(want),
        "phase {now:?} (queued {queued:?}) but the core asks for {want:?}"
    );
}

#[test]
fn ai_against_ai_battles_of_every_scenario_play_to_the_end_frame_by_frame() {
    for (name, _) in fray::scenario::BUILTIN {
        let mut app = app(BattleSetup {
            scenario: name.to_string(),
            seats: vec![SeatKind::Ai(Level::Normal), SeatKind::Ai(Level::Easy)],
            seed: 5,
            ..BattleSetup::default()
        });
        let mut frames = 0;
        let mut saw_thinking = false;
        while phase(&app) != Some(Phase::Over) {
            app.update();
            frames += 1;
            assert_phase_follows_core(&app);
            saw_thinking |= phase(&app) == Some(Phase::AiThinking);
            assert!(frames < 20_000, "{name}: the battle did not end");
        }
        assert!(saw_thinking);
        let b = app.world().resource::<Battle>();
        assert!(matches!(b.pending(), Pending::Over(_)), "{name}");
        assert!(b.taken() > 0);
        // The replay of what the shell did gives the same final state.
        let r = b.replay("zones.ron").expect("a Zones battle is a replay");
        let src = fray::replay::to_ron(&r);
        let run =
            fray::replay::run(&fray::replay::parse("x.ron", &src).unwrap(), "x.ron", &src).unwrap();
        assert_eq!(Some(run.final_hash), r.final_hash);
    }
}

/// The Zones battle under way.
fn zones(app: &App) -> &fray::game::battle::Typed<Zones> {
    app.world()
        .resource::<Battle>()
        .typed::<Zones>()
        .expect("a Zones battle")
}

/// The choices the action menu shows, as the ruleset's actions.
fn shown(app: &App) -> Vec<Action> {
    let legal = zones(app).legal();
    shown_choices(app.world().resource::<Battle>(), None)
        .into_iter()
        .map(|i| legal[i].clone())
        .collect()
}

/// Picks `action` with the keyboard alone: Down to it, then Enter.
fn pick(app: &mut App, action: &Action) {
    let shown = shown(app);
    let i = shown
        .iter()
        .position(|a| a == action)
        .unwrap_or_else(|| panic!("{action:?} is not among {shown:?}"));
    for _ in 0..i {
        press(app, KeyCode::ArrowDown);
    }
    let before = zones(app).actions().len();
    press(app, KeyCode::Enter);
    let b = zones(app);
    assert_eq!(b.actions().len(), before + 1, "Enter did not choose");
    assert_eq!(b.actions().last(), Some(action));
}

const SPARRING: &str = r#"Scenario(name: "Sparring", rules: Zones((
    started_by: Some("Reds"),
    zones: [(name: "Yard", neighbours: ["Gate"]), (name: "Gate", neighbours: [])],
    factions: [
        (name: "Reds", characters: [(name: "Ann", str: 10, agi: 10, wit: 10, health: 10, zone: "Yard", hands: ["Sword"])]),
        (name: "Blues", characters: [(name: "Bob", str: 10, agi: 10, wit: 10, health: 10, zone: "Yard", hands: ["Sword"])]),
    ],
)))"#;

/// Two people at the screen, Ann and Bob face to face.
fn sparring(tag: &str) -> App {
    let path = std::env::temp_dir().join(format!("fray-sparring-{tag}-{}.ron", std::process::id()));
    std::fs::write(&path, SPARRING).unwrap();
    let app = app(BattleSetup {
        scenario: path.display().to_string(),
        seats: vec![SeatKind::Person, SeatKind::Person],
        seed: 3,
        ..BattleSetup::default()
    });
    let _ = std::fs::remove_file(&path);
    app
}

#[test]
fn a_person_answers_a_stunt_and_a_reaction_prompt_with_the_keyboard() {
    let mut app = sparring("stunt");
    assert_eq!(deciding(&app), Some(K::Initiative));
    pick(&mut app, &Action::ChooseFirst(0));
    app.update();
    assert_eq!(deciding(&app), Some(K::Activation));
    pick(&mut app, &Action::Activate(0));
    app.update();
    assert_eq!(deciding(&app), Some(K::Turn));
    let attack = shown(&app)
        .into_iter()
        .find(|a| matches!(a, Action::Attack(d) if matches!(d.mode, fray::rules::zones::AttackMode::Damage { hold_back: false }) && d.weapon != fray::rules::zones::Weapon::Unarmed))
        .unwrap();
    pick(&mut app, &attack);
    app.update();
    assert_eq!(deciding(&app), Some(K::Stunt), "Ann may offer a stunt");
    pick(&mut app, &Action::ProposeStunt(Stunt::Drive(1)));
    app.update();
    // Bob's side now answers: the harm offered instead of damage.
    assert_eq!(deciding(&app), Some(K::Stunt));
    pick(&mut app, &Action::RefuseStunt);
    app.update();
    assert_eq!(
        deciding(&app),
        Some(K::Reaction),
        "refusing leads to the reaction prompt"
    );
    pick(&mut app, &Action::React(Reaction::Dodge));
    app.update();
    let b = app.world().resource::<Battle>();
    assert!(b.log().iter().any(|e| {
        b.say(fray::words::english(), &e.line)
            .contains("Bob tries to dodge")
    }));
    assert!(b.log().iter().any(|e| {
        e.explanation
            .as_ref()
            .is_some_and(|x| x.rule == "zones.reactions")
    }));
    assert!(
        zones(&app).state().characters[1].acted,
        "the dodge spent Bob's turn"
    );
}

#[test]
fn keys_rebound_on_the_keys_screen_work_and_are_kept_for_the_next_run() {
    use fray::game::input::GameAction;
    use fray::game::input::{Bindings, KeysScreen};
    let dir = headless::prefs_dir();
    let setup = || BattleSetup {
        scenario: "duel".into(),
        seats: vec![SeatKind::Person, SeatKind::Person],
        seed: 3,
        ..BattleSetup::default()
    };
    let mut app = headless::app_keeping(setup(), fray::game::platform::Prefs::in_dir(&dir));
    let taken = |app: &App| app.world().resource::<Battle>().taken();
    press(&mut app, KeyCode::F2);
    assert!(app.world().resource::<KeysScreen>().open);
    // While the screen is open the game's keys are the screen's: Enter takes no choice.
    press(&mut app, KeyCode::Enter);
    assert_eq!(taken(&app), 0);
    assert_eq!(
        app.world().resource::<KeysScreen>().listening,
        Some(GameAction::Confirm)
    );
    press(&mut app, KeyCode::KeyJ);
    assert!(
        app.world()
            .resource::<Bindings>()
            .keys(GameAction::Confirm)
            .contains(&KeyCode::KeyJ)
    );
    let kept = std::fs::read_to_string(dir.join("keys.ron")).expect("the bindings are saved");
    assert!(kept.contains("KeyJ"), "{kept}");
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<KeysScreen>().open);
    // J now confirms the highlighted choice.
    press(&mut app, KeyCode::KeyJ);
    assert_eq!(taken(&app), 1, "J took the choice");
    // Clearing a binding from the screen by keyboard: Down to the Cancel row, Delete.
    press(&mut app, KeyCode::F2);
    press(&mut app, KeyCode::ArrowDown);
    press(&mut app, KeyCode::Delete);
    assert!(
        app.world()
            .resource::<Bindings>()
            .keys(GameAction::Cancel)
            .is_empty()
    );
    drop(app);
    // The next run reads them back.
    let app = headless::app_keeping(setup(), fray::game::platform::Prefs::in_dir(&dir));
    let b = app.world().resource::<Bindings>();
    assert!(b.keys(GameAction::Confirm).contains(&KeyCode::KeyJ));
    assert!(b.keys(GameAction::Cancel).is_empty());
}

#[test]
fn a_broken_bindings_file_is_named_and_the_defaults_used() {
    use fray::game::input::GameAction;
    use fray::game::input::{Bindings, KeysScreen};
    let dir = headless::prefs_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("keys.ron"),
        "([\n (Confirm, [KeyJ]),\n (Confirm, Jump),\n])",
    )
    .unwrap();
    let app = headless::app_keeping(
        BattleSetup::default(),
        fray::game::platform::Prefs::in_dir(&dir),
    );
    let status = app
        .world()
        .resource::<KeysScreen>()
        .status
        .as_ref()
        .map(|s| fray::words::english().said(s))
        .unwrap_or_default();
    assert!(status.contains("keys.ron:3:"), "{status}");
    assert_eq!(
        app.world().resource::<Bindings>().keys(GameAction::Confirm),
        Bindings::default().keys(GameAction::Confirm)
    );
}

#[test]
fn the_end_turn_key_ends_a_turn_and_passes() {
    let mut app = sparring("end-turn");
    pick(&mut app, &Action::ChooseFirst(0));
    press(&mut app, KeyCode::KeyE);
    assert_eq!(zones(&app).actions().last(), Some(&Action::Pass));
}

fn duel_character(i: usize) -> fray::rules::zones::Character {
    let loaded = fray::scenario::builtin("duel").unwrap().unwrap();
    let fray::scenario::Setup::Zones(z) = loaded.setup else {
        panic!("a Zones scenario")
    };
    z.state.characters[i].clone()
}

#[test]
fn tokens_show_health_and_a_short_name_with_what_is_wrong() {
    use fray::present::zones::{hidden_from, token_inside, token_label, token_shown};
    use fray::rules::battle::Seat;
    use fray::rules::zones::Status;
    let en = fray::words::english();
    let mut ch = duel_character(0);
    ch.name = "Captain Aldric Rusk".into();
    ch.health = 7;
    assert_eq!(token_inside(&ch), "7");
    assert_eq!(
        token_label(en, &ch),
        "Rusk",
        "a long name keeps its last word"
    );
    ch.concealed = true;
    ch.poisoned = Some(fray::rules::dice::Die::D4);
    assert_eq!(token_label(en, &ch), "Rusk (hidden, poisoned)");
    let own = Some(Seat::Faction(ch.faction));
    let enemy = Some(Seat::Faction(ch.faction + 1));
    assert!(token_shown(&ch, own), "one's own hidden are shown");
    assert!(!token_shown(&ch, enemy), "the enemy's hidden are not");
    assert!(token_shown(&ch, None), "AI against AI shows everything");
    assert!(token_shown(&ch, Some(Seat::Gm)), "the GM sees everything");
    assert!(
        hidden_from(&ch, enemy) && !hidden_from(&ch, own),
        "the character list leaves out the enemy's hidden, as the board does"
    );
    ch.status = Status::Dead;
    ch.concealed = false;
    ch.poisoned = None;
    assert_eq!(token_inside(&ch), "X");
    assert_eq!(token_label(en, &ch), "Rusk (dead)");
    ch.status = Status::Fled;
    assert!(!token_shown(&ch, None), "the fled leave the board");
}

#[test]
fn the_menu_shows_each_scenarios_own_optional_rules_until_changed() {
    use fray::game::screens::{Catalogue, shown_options};
    let catalogue = Catalogue::default();
    let entry = |id: &str| catalogue.0.iter().find(|e| e.id == id);
    let mut setup = BattleSetup {
        scenario: "hold-the-mill".into(),
        ..BattleSetup::default()
    };
    let on = |rules: &[fray::rules::battle::OptionalRule], key: &str| {
        rules.iter().find(|r| r.key == key).unwrap().on
    };
    let mill = shown_options(&setup, entry("hold-the-mill"));
    assert!(
        on(&mill, "fast_slow"),
        "Hold the Mill plays with fast and slow activations"
    );
    assert!(!on(&mill, "chaos_seconds"));
    let chaos = mill.iter().find(|r| r.key == "chaos_seconds").unwrap();
    let label = chaos.label.english(&fray::rules::line::NoNames);
    assert!(label.contains("15 s to declare"), "{label}");
    assert!(!on(&shown_options(&setup, entry("duel")), "fast_slow"));
    setup.set_option("fast_slow", false);
    setup.set_option("chaos_seconds", true);
    let changed = shown_options(&setup, entry("hold-the-mill"));
    assert!(
        !on(&changed, "fast_slow"),
        "unticking overrides the scenario"
    );
    assert!(on(&changed, "chaos_seconds"));
    // And the battle starts with what the menu shows.
    let b = Battle::start(&setup).unwrap();
    let opts = &b.typed::<Zones>().unwrap().state().options;
    assert!(!opts.fast_slow);
    assert_eq!(opts.chaos_seconds, Some(15));
}

/// Every character the game can show (the text in the shell, the rules core, the scenario
/// loader and the AI, the rules notes, the scenarios and the gear) has a glyph in a face of each
/// font family it ships, so nothing shows as a box. Comments and the command line's own
/// source are not shown in the window and are left out.
#[test]
fn the_game_fonts_draw_every_character_the_game_writes() {
    use skrifa::MetadataProvider;
    fn walk(dir: &std::path::Path, out: &mut String) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let code = std::fs::read_to_string(&p).unwrap();
                for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
                    out.push_str(line);
                }
            } else if p
                .extension()
                .is_some_and(|e| e == "ron" || e == "md" || e == "ftl")
            {
                out.push_str(&std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    let root = support::root();
    let mut text = String::new();
    for dir in [
        "src/game",
        "crates/content/src/present",
        "crates/rules/src",
        "crates/content/src/scenario",
        "crates/ai/src",
        "crates/content/src/lessons",
        "crates/words/src",
        "assets",
    ] {
        walk(&root.join(dir), &mut text);
    }
    let mut chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    chars.sort();
    chars.dedup();
    assert!(chars.contains(&'—'), "the walk found the game's text");
    let defs = fray::game::platform::fonts::definitions();
    assert_eq!(defs.families.len(), 2, "proportional and monospace");
    for (family, faces) in &defs.families {
        let maps: Vec<skrifa::charmap::Charmap> = faces
            .iter()
            .map(|name| {
                skrifa::FontRef::new(&defs.font_data[name].font)
                    .unwrap()
                    .charmap()
            })
            .collect();
        let missing: String = chars
            .iter()
            .filter(|&&c| maps.iter().all(|m| m.map(c).is_none()))
            .collect();
        assert!(
            missing.is_empty(),
            "{family:?} has no glyph for {missing:?}"
        );
    }
}

/// A Coterie conflict with a person at every player's character's seat, the GM the AI: the
/// phase loop goes round through its states, the screen stopping on each step of the
/// resolution, the harm menu composes a mixed result, and the players fall back after a loss,
/// all by keys.
#[test]
fn a_coterie_conflict_goes_round_its_phase_loop_by_keys() {
    use fray::rules::coterie::{Action as C, Coterie, Stage};
    let mut saw_mixed = false;
    let mut saw_fall_back = false;
    let mut phases = std::collections::BTreeSet::new();
    let mut beats = std::collections::BTreeSet::new();
    for seed in 1..40 {
        let mut app = app(BattleSetup {
            scenario: "wizards-and-bandits".into(),
            seats: vec![SeatKind::Person; 3],
            gm: SeatKind::Ai(Level::Normal),
            seed,
            ..BattleSetup::default()
        });
        let mut frames = 0;
        while phase(&app) != Some(Phase::Over) {
            frames += 1;
            assert!(frames < 20_000, "seed {seed}: the conflict did not end");
            let b = app.world().resource::<Battle>();
            let want = wanted_phase(&app).unwrap();
            let now = phase(&app);
            // The resolution's steps wait for the person to read them.
            if now == Some(Phase::Showing) && want == Phase::Showing {
                let beat = app.world().resource::<Showing>().front().unwrap();
                assert!(!beat.lines.is_empty(), "{}", beat.title);
                beats.insert(beat.title.clone());
                press(&mut app, KeyCode::Enter);
                continue;
            }
            let Some(kind) = deciding(&app).filter(|_| now == Some(want)) else {
                app.update();
                continue;
            };
            // Bringing every skill is answered for the person (their settings' routine).
            if b.session().routine_choice().is_some() || b.session().legal_len() == 1 {
                app.update();
                continue;
            }
            phases.insert(format!("{kind:?}"));
            let c = b.typed::<Coterie>().unwrap();
            let legal = c.legal().to_vec();
            let i = match &c.state().stage {
                Stage::Harm { .. } => legal
                    .iter()
                    .position(|a| matches!(a, C::Inflict(p) if p.len() > 1))
                    .unwrap_or(0),
                Stage::FallBack { .. } => {
                    legal.iter().position(|a| *a == C::FallBack(true)).unwrap()
                }
                _ => 0,
            };
            let chosen = legal[i].clone();
            let before = c.actions().len();
            headless::choose_by_keys(&mut app, i);
            if c_irreversible(&app, i) {
                // Falling back cannot be taken back: the first Enter only asks.
                let c = app.world().resource::<Battle>().typed::<Coterie>().unwrap();
                assert_eq!(c.actions().len(), before, "seed {seed}: asked first");
                press(&mut app, KeyCode::Enter);
            }
            let c = app.world().resource::<Battle>().typed::<Coterie>().unwrap();
            assert_eq!(
                c.actions().get(before),
                Some(&chosen),
                "seed {seed}: Enter chose"
            );
            saw_mixed |= matches!(&chosen, C::Inflict(p) if p.len() > 1);
            saw_fall_back |= chosen == C::FallBack(true);
        }
        if saw_mixed && saw_fall_back {
            break;
        }
    }
    assert!(saw_mixed, "a mixed result was composed");
    assert!(saw_fall_back, "the players fell back");
    for p in ["Commit", "Special", "Harm"] {
        assert!(phases.contains(p), "the phase loop showed {p}: {phases:?}");
    }
    for b in [
        "The efforts tallied",
        "Both sides roll 2d6",
        "The margin and its degree",
        "Each character's performance",
    ] {
        assert!(beats.contains(b), "the screen stopped on {b}: {beats:?}");
    }
}

/// Whether choice `i` of the battle under way is one the menu asks about twice.
fn c_irreversible(app: &App, i: usize) -> bool {
    app.world().resource::<Battle>().session().irreversible(i)
}

/// The browser build writes a derived `{:?}` as a bare type name, so neither the shell nor
/// the presentation it draws ever shows a player text made with it.
#[test]
fn the_shell_writes_no_text_with_debug_formatting() {
    fn walk(p: &std::path::Path, seen: &mut usize) {
        if p.is_dir() {
            for entry in std::fs::read_dir(p).unwrap() {
                walk(&entry.unwrap().path(), seen);
            }
        } else {
            *seen += 1;
            let code = std::fs::read_to_string(&p).unwrap();
            for (n, line) in code.lines().enumerate() {
                assert!(
                    !line.contains(":?}") || line.trim_start().starts_with("//"),
                    "{}:{}: {line}",
                    p.display(),
                    n + 1
                );
            }
        }
    }
    let mut seen = 0;
    for place in [
        "src/game",
        "crates/content/src/present",
        "crates/content/src/session.rs",
    ] {
        walk(&support::root().join(place), &mut seen);
    }
    assert!(seen > 30, "the shell's files were read ({seen})");
}

const TEAMS_SPARRING: &str = r#"Scenario(name: "Shield Sparring", rules: Teams((
    map: (width: 6, height: 3),
    items: {
        "sword": (metal: true, parry: Some(2), weapon: Some((proficiencies: [Martial], damage: 4, critical_damage: 7, damage_type: Slashing))),
        "shield": (block: Some(3)),
    },
    started_by: "Reds",
    attacked: Some("Blues"),
    teams: [
        (name: "Reds", characters: [(name: "Ann", at: (2, 1), hands: ["sword", "shield"], stats: (martial: 1))]),
        (name: "Blues", characters: [(name: "Bob", at: (3, 1), hands: ["sword", "shield"], stats: (martial: 1))]),
    ],
)))"#;

fn teams(app: &App) -> &fray::game::battle::Typed<fray::rules::teams::Teams> {
    app.world()
        .resource::<Battle>()
        .typed::<fray::rules::teams::Teams>()
        .expect("a Three actions battle")
}

/// Down to the first choice that `want` accepts, opening its verb first where the menu lists
/// verbs, then Enter; what was chosen.
fn choose_teams(
    app: &mut App,
    want: impl Fn(&fray::rules::teams::Action) -> bool,
) -> fray::rules::teams::Action {
    let legal = teams(app).legal();
    let i = shown_choices(app.world().resource::<Battle>(), None)
        .into_iter()
        .find(|&i| want(&legal[i]))
        .unwrap_or_else(|| panic!("not among {legal:?}"));
    let action = legal[i];
    headless::choose_by_keys(app, i);
    assert_eq!(teams(app).actions().last(), Some(&action), "Enter chose");
    app.update();
    action
}

/// A Three actions battle with two people at the screen: Ann attacks until a blow lands, and
/// Bob's seat answers the reaction prompt with the keyboard, choosing among the reactions
/// offered: block, parry, dodge or none.
#[test]
fn a_person_answers_a_three_actions_reaction_prompt_with_the_keyboard() {
    use fray::rules::teams::Action as T;
    let path = std::env::temp_dir().join(format!("fray-teams-sparring-{}.ron", std::process::id()));
    std::fs::write(&path, TEAMS_SPARRING).unwrap();
    let mut app = app(BattleSetup {
        scenario: path.display().to_string(),
        seats: vec![SeatKind::Person, SeatKind::Person],
        seed: 3,
        ..BattleSetup::default()
    });
    let _ = std::fs::remove_file(&path);
    // Ann is her side's only fighter: giving her the turn is no choice, and is taken by
    // itself.
    assert_eq!(deciding(&app), Some(K::Turn));
    assert_eq!(teams(&app).actions().first(), Some(&T::Activate(0)));
    // Three attacks a turn: at least one of them hits on this seed, and a hit asks Bob.
    let mut attacks = 0;
    while deciding(&app) == Some(K::Turn) {
        assert!(attacks < 3, "Ann has no fourth action");
        choose_teams(&mut app, |a| matches!(a, T::Attack { target: 1, .. }));
        attacks += 1;
    }
    assert_eq!(
        deciding(&app),
        Some(K::Reaction),
        "Bob's seat is asked how to react"
    );
    let offered = teams(&app).legal().to_vec();
    assert!(offered.contains(&T::Dodge), "{offered:?}");
    assert!(offered.contains(&T::NoReaction), "{offered:?}");
    assert!(
        offered.iter().any(|a| matches!(a, T::Parry(_))),
        "{offered:?}"
    );
    let stamina = teams(&app).state().characters[1].stamina;
    let block = choose_teams(&mut app, |a| matches!(a, T::Block(_)));
    assert!(matches!(block, T::Block(_)));
    assert_eq!(
        teams(&app).state().characters[1].stamina,
        stamina - 1,
        "the block cost Bob a point of stamina"
    );
    let b = app.world().resource::<Battle>();
    assert!(
        b.log()
            .iter()
            .any(|e| b.say(fray::words::english(), &e.line) == "Bob reacts: block."),
        "the log tells of the block: {:?}",
        b.log()
            .iter()
            .map(|e| b.say(fray::words::english(), &e.line))
            .collect::<Vec<_>>()
    );
}

/// Random battles of scenario `name` under ruleset `G`, `battles` of them, each of up to 600
/// choices made at random: `look` sees the battle before each choice.
fn random_battles<G: fray::rulesets::Game>(
    name: &str,
    battles: u64,
    look: &mut dyn FnMut(&fray::game::battle::Typed<G>),
) {
    use fray::game::battle::Session;
    struct Play<'a, G: fray::rulesets::Game>(u64, &'a mut dyn FnMut(&fray::game::battle::Typed<G>));
    impl<G: fray::rulesets::Game> fray::rulesets::Visit for Play<'_, G> {
        type Out = ();
        fn visit<H: fray::rulesets::Game>(self, setup: &H::Setup) {
            let setup = (setup as &dyn std::any::Any)
                .downcast_ref::<G::Setup>()
                .expect("a scenario of the ruleset asked for");
            for seed in 0..self.0 {
                let mut dice = fray::rules::SeededDice::new(seed);
                let (state, _) = G::start(setup, &mut dice).unwrap();
                let mut s = fray::game::battle::Typed::<G>::new(state, None);
                let mut rng = seed;
                for _ in 0..600 {
                    let n = s.legal_len();
                    if n == 0 {
                        break;
                    }
                    (self.1)(&s);
                    rng = rng
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let c = s.choice((rng >> 33) as usize % n).unwrap();
                    if s.apply(&c, &mut dice).is_err() {
                        break;
                    }
                }
            }
        }
    }
    fray::catalogue::load(name)
        .unwrap()
        .setup
        .visit(Play::<G>(battles, look));
}

/// Irreversible choices (surrender, flight, falling back) never come first: a newcomer pressing
/// Enter on the choice selected to begin with takes a safe one. Random battles of every shipped
/// scenario, at every decision.
#[test]
fn the_first_listed_choice_is_never_one_that_cannot_be_taken_back() {
    use fray::game::battle::Session;
    fn check<G: fray::rulesets::Game>(name: &str) -> usize {
        let mut seen = 0;
        random_battles::<G>(name, 12, &mut |s| {
            let flags: Vec<bool> = (0..s.legal_len()).map(|i| s.irreversible(i)).collect();
            seen += flags.iter().filter(|&&f| f).count();
            if flags.iter().any(|&f| !f) {
                assert!(
                    !flags[0],
                    "{}: the first choice",
                    s.describe(0).english(s.named())
                );
            }
            // Every reversible choice comes before every irreversible one.
            assert!(flags.windows(2).all(|w| w[0] <= w[1]), "{flags:?}");
        });
        seen
    }
    let mut irreversible_seen = 0;
    for (name, _) in fray::scenario::BUILTIN {
        irreversible_seen += match fray::catalogue::load(name).unwrap().ruleset() {
            "zones" => check::<Zones>(name),
            "coterie" => check::<fray::rules::coterie::Coterie>(name),
            _ => check::<fray::rules::teams::Teams>(name),
        };
    }
    assert!(
        irreversible_seen > 0,
        "the battles met irreversible choices"
    );
}

/// Choosing a surrender asks again: the first Enter only arms it.
#[test]
fn a_surrender_is_taken_only_when_confirmed() {
    let mut app = sparring("surrender");
    pick(&mut app, &Action::ChooseFirst(0));
    app.update();
    pick(&mut app, &Action::Activate(0));
    app.update();
    let shown = shown(&app);
    assert_ne!(shown[0], Action::Surrender);
    assert_eq!(shown.last(), Some(&Action::Surrender), "{shown:?}");
    for _ in 0..shown.len() - 1 {
        press(&mut app, KeyCode::ArrowDown);
    }
    let before = zones(&app).actions().len();
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        zones(&app).actions().len(),
        before,
        "one Enter does not surrender"
    );
    press(&mut app, KeyCode::Enter);
    assert_eq!(zones(&app).actions().last(), Some(&Action::Surrender));
}

/// The turn's line says what the character has done: after a move, "moved yes", whether or
/// not an enemy could strike as they went.
#[test]
fn the_situation_line_tells_a_move_made() {
    use fray::present::Present;
    let mut app = sparring("moved");
    pick(&mut app, &Action::ChooseFirst(0));
    app.update();
    pick(&mut app, &Action::Activate(0));
    app.update();
    let before = Zones::situation(fray::words::english(), zones(&app).state()).unwrap();
    assert!(before.contains("moved no"), "{before}");
    pick(&mut app, &Action::Move(1));
    app.update();
    // Bob may strike at Ann as she leaves: his side declines.
    if shown(&app).contains(&Action::DeclineOpportunity) {
        pick(&mut app, &Action::DeclineOpportunity);
        app.update();
    }
    let after = Zones::situation(fray::words::english(), zones(&app).state()).unwrap();
    assert!(
        after.contains("Ann") && after.contains("moved yes"),
        "{after}"
    );
}

/// The result screen's "again": the same scenario and seats, from the same seed (the same
/// battle, opening for opening) or a new one.
#[test]
fn a_battle_can_be_played_again_from_the_same_seed_or_a_new_one() {
    use fray::game::battle::AppState;
    let mut app = app(BattleSetup {
        scenario: "duel".into(),
        seats: vec![SeatKind::Ai(Level::Normal), SeatKind::Ai(Level::Normal)],
        seed: 11,
        ..BattleSetup::default()
    });
    let first = |app: &App| {
        let b = app.world().resource::<Battle>();
        (
            b.seed(),
            b.serial(),
            b.log()
                .iter()
                .take(3)
                .map(|e| b.say(fray::words::english(), &e.line))
                .collect::<Vec<_>>(),
        )
    };
    let (seed, serial, opening) = first(&app);
    let again = |app: &mut App, new_seed: bool| {
        app.world_mut()
            .resource_mut::<NextState<AppState>>()
            .set(AppState::Result);
        app.update();
        let seed = app.world().resource::<Battle>().seed();
        app.world_mut()
            .resource_mut::<BattleSetup>()
            .again(seed, new_seed);
        app.world_mut()
            .resource_mut::<NextState<AppState>>()
            .set(AppState::Battle);
        app.update();
        app.update();
    };
    again(&mut app, false);
    let (seed2, serial2, opening2) = first(&app);
    assert_eq!((seed2, &opening2), (seed, &opening));
    assert_eq!(serial2, serial + 1, "a battle of its own");
    again(&mut app, true);
    let (seed3, _, _) = first(&app);
    assert_ne!(seed3, seed);
}

/// A random skirmish opens in the shell by its name (the battle it names, with the generated
/// scenario's name), and the result screen's "a new random skirmish" is the next seed's.
#[test]
fn a_random_skirmish_opens_by_its_name_and_the_new_one_is_the_next_seed_s() {
    use fray::game::battle::AppState;
    use fray::generate::{Balancing, Size, generate};
    let mut app = app(BattleSetup {
        scenario: "random-zones-small-4".into(),
        seats: vec![SeatKind::Ai(Level::Normal), SeatKind::Ai(Level::Normal)],
        seed: 3,
        ..BattleSetup::default()
    });
    let made = |seed| generate("zones", seed, Size::Small, &Balancing::default()).unwrap();
    let b = app.world().resource::<Battle>();
    assert_eq!(b.scenario(), "random-zones-small-4");
    assert_eq!(b.name(), made(4).scenario.name);
    let next = fray::game::screens::next_after(&b.scenario()).unwrap();
    assert_eq!(next, "random-zones-small-5");
    app.world_mut().resource_mut::<BattleSetup>().scenario = next;
    headless::enter(&mut app, AppState::Result);
    headless::enter(&mut app, AppState::Battle);
    assert_eq!(
        app.world().resource::<Battle>().name(),
        made(5).scenario.name
    );
}

/// At every decision `risky` picks in random battles of `names`, every choice shows its odds.
/// Returns how many choices were checked.
fn odds_at_risky_choices<G: fray::rulesets::Game>(
    names: &[&str],
    risky: impl Fn(&G::State) -> bool,
) -> usize {
    use fray::game::battle::Session;
    let mut seen = 0;
    for name in names {
        random_battles::<G>(name, 20, &mut |s| {
            if risky(s.state()) {
                for i in 0..s.legal_len() {
                    assert!(
                        s.odds(i).is_some(),
                        "no odds for {}",
                        s.describe(i).english(s.named())
                    );
                    seen += 1;
                }
            }
        });
    }
    seen
}

/// Every choice that risks something shows its odds first: answering a stunt, each reaction
/// to an attack, each morale choice.
#[test]
fn every_risky_zones_choice_shows_its_odds() {
    use fray::rules::zones::{AttackStep, Stage};
    let seen =
        odds_at_risky_choices::<Zones>(&["duel", "ambush", "hold-the-mill"], |s| match s.stage {
            Stage::Attack => s
                .attack
                .as_ref()
                .is_some_and(|a| !matches!(a.step, AttackStep::ProposeStunt)),
            Stage::Morale => true,
            _ => false,
        });
    assert!(seen > 100, "{seen} risky choices met");
}

#[test]
fn every_risky_three_actions_and_coterie_choice_shows_its_odds() {
    use fray::rules::coterie::{Coterie, Stage as C};
    use fray::rules::teams::{Stage as T, Teams};
    let seen = odds_at_risky_choices::<Teams>(
        &[
            "the-alarm",
            "goblin-ambush",
            "shield-wall",
            "goblin-warren",
            "goblin-raid",
        ],
        |s| matches!(s.stage, T::Defend | T::Fortify),
    );
    assert!(seen > 50, "{seen} defences met");
    let seen = odds_at_risky_choices::<Coterie>(
        &["wizards-and-bandits", "duel-at-the-gate", "the-chase"],
        |s| {
            matches!(
                s.stage,
                C::Harm { .. } | C::Draw | C::FallBack { .. } | C::FoesFallBack { .. } | C::Flee(_)
            )
        },
    );
    assert!(seen > 50, "{seen} harm, draw and flight choices met");
}

/// The board plays what happens: every event a battle of each ruleset gives has its visual,
/// a blow's damage rises over its target, the skip key ends the animations, and a person's
/// choice is taken while they play.
#[test]
fn the_board_plays_each_event_and_never_makes_a_choice_wait() {
    use fray::present::Visual;
    for name in ["duel", "wizards-and-bandits", "the-alarm"] {
        let mut app = app(BattleSetup {
            scenario: name.into(),
            seats: vec![SeatKind::Ai(Level::Normal); 8],
            gm: SeatKind::Ai(Level::Normal),
            seed: 4,
            ..BattleSetup::default()
        });
        for _ in 0..400 {
            app.update();
        }
        let b = app.world().resource::<Battle>();
        let start = b.log().iter().position(|e| e.visual.is_some()).unwrap_or(0);
        assert!(b.log().len() > 20, "{name}: the battle went on");
        assert!(
            b.log()[start..].iter().all(|e| e.visual.is_some()),
            "{name}: every event has its visual"
        );
        let blows = b
            .log()
            .iter()
            .filter(
                |e| matches!(&e.visual, Some(Visual::Float { text, .. }) if text.starts_with('−')),
            )
            .count();
        let strikes = b
            .log()
            .iter()
            .filter(|e| matches!(e.visual, Some(Visual::Strike { .. })))
            .count();
        if name != "wizards-and-bandits" {
            assert!(
                blows > 0 && strikes > 0,
                "{name}: blows {blows}, strikes {strikes}"
            );
        }
    }
    // Two people: Ann's attack plays on the board; Bob's side answers at once, and K ends
    // whatever is still playing.
    let mut app = sparring("animations");
    pick(&mut app, &Action::ChooseFirst(0));
    pick(&mut app, &Action::Activate(0));
    let attack = shown(&app)
        .into_iter()
        .find(|a| matches!(a, Action::Attack(_)))
        .unwrap();
    pick(&mut app, &attack);
    let playing = !app
        .world()
        .resource::<fray::game::board::Playing>()
        .is_idle();
    assert!(playing, "the attack is on the board");
    let before = zones(&app).actions().len();
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        zones(&app).actions().len(),
        before + 1,
        "the choice was taken while the board played"
    );
    press(&mut app, KeyCode::KeyK);
    assert!(
        app.world()
            .resource::<fray::game::board::Playing>()
            .is_idle(),
        "K skips"
    );
}

/// The icon a condition's words under a token call for; None for one no icon stands for.
fn icon_for(words: &str) -> Option<fray::present::Icon> {
    use fray::present::Icon;
    if let Some(n) = words.strip_prefix("fatigue ") {
        return Some(Icon::Fatigue(n.parse().expect("a count of fatigue")));
    }
    Some(match words {
        "down" | "out cold" => Icon::Down,
        "dead" => Icon::Dead,
        "hidden" => Icon::Hidden,
        "grabbed" => Icon::Grabbed,
        "poisoned" => Icon::Poisoned,
        "surrendered" => Icon::Surrendered,
        "prone" => Icon::Prone,
        "guarding" => Icon::Guarding,
        "in cover" => Icon::InCover,
        "ready" => Icon::Ready,
        "harmed" | "bloodied" => Icon::Hurt,
        "gone" => return None,
        other => panic!("a condition the test does not know: {other:?}"),
    })
}

/// Conditions show as icons on the tokens as well as in words under them: each condition
/// named under a token shows as its own icon, and no icon shows without its condition, in
/// random battles of every ruleset; the icons met are many kinds. Coterie draws two icons no
/// words name: wounds (its wounds-left bar short of full) and a duel (the token in the duels'
/// place).
#[test]
fn conditions_show_as_icons_on_the_tokens() {
    use fray::game::battle::Session;
    use fray::present::Icon;
    use std::collections::BTreeSet;
    fn check<G: fray::rulesets::Game>(name: &str, battles: u64, seen: &mut BTreeSet<String>) {
        let coterie = fray::catalogue::load(name).unwrap().ruleset() == "coterie";
        random_battles::<G>(name, battles, &mut |s| {
            let view = s.board(None);
            for t in &view.tokens {
                let mut wanted: Vec<Icon> = t
                    .note
                    .split(", ")
                    .filter(|w| !w.is_empty())
                    .filter_map(icon_for)
                    .collect();
                if view.places[t.place].name == "Duels" {
                    wanted.push(Icon::Dueling);
                }
                let wounded = t
                    .pools
                    .iter()
                    .any(|p| p.what == "wounds left" && p.left < p.most);
                if wounded {
                    wanted.push(Icon::Hurt);
                }
                for i in &wanted {
                    assert!(
                        t.icons.contains(i),
                        "{name}: {} is {} but shows {:?}, not {i:?}",
                        t.label,
                        t.note,
                        t.icons
                    );
                }
                for i in &t.icons {
                    // A Coterie foe's wounds have no bar to tell them by.
                    let foe_hurt = coterie && *i == Icon::Hurt && t.pools.is_empty();
                    assert!(
                        wanted.contains(i) || foe_hurt,
                        "{name}: {} is {:?} but shows {i:?}",
                        t.label,
                        t.note
                    );
                    let kind = match i {
                        Icon::Fatigue(_) => "Fatigue".to_string(),
                        other => format!("{other:?}"),
                    };
                    seen.insert(kind);
                }
            }
        });
    }
    let mut seen = BTreeSet::new();
    check::<Zones>("ambush", 8, &mut seen);
    check::<Zones>("hold-the-mill", 8, &mut seen);
    check::<fray::rules::teams::Teams>("goblin-ambush", 8, &mut seen);
    check::<fray::rules::teams::Teams>("shield-wall", 8, &mut seen);
    // A random party seldom starts a duel and lives to fight it: more conflicts, and cheap.
    check::<fray::rules::coterie::Coterie>("wizards-and-bandits", 40, &mut seen);
    check::<fray::rules::coterie::Coterie>("duel-at-the-gate", 40, &mut seen);
    for kind in [
        "Down", "Dead", "Hidden", "Prone", "Hurt", "Fatigue", "Dueling",
    ] {
        assert!(seen.contains(kind), "no {kind} icon met in {seen:?}");
    }
}

/// The bars the board paints for a tally, at the end of its animation: each filled rectangle
/// (screen points, y down) with its colour.
fn tally_drawn(
    lay: &fray::game::board::Layout,
    visual: &fray::present::Visual,
) -> Vec<(bevy_egui::egui::Rect, bevy_egui::egui::Color32)> {
    use bevy_egui::egui;
    let ctx = egui::Context::default();
    let clip = egui::Rect::from_center_size(egui::Pos2::ZERO, egui::vec2(1e5, 1e5));
    let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
        let painter = ui.ctx().layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("t"),
        ));
        fray::game::board::paint_event(
            &painter,
            &|w: Vec2| Some(egui::pos2(w.x, -w.y)),
            1.0,
            lay,
            visual,
            1.0,
            "",
            clip,
        );
    });
    // No renderer takes the font texture here.
    out.textures_delta.clear();
    out.shapes
        .iter()
        .filter_map(|c| match &c.shape {
            egui::epaint::Shape::Rect(r) => Some((r.rect, r.fill)),
            _ => None,
        })
        .collect()
}

/// Coterie's efforts rise as bars out of each group's ground, each as long as its effort, the
/// two side by side at the result with the winner's marked: the bars the board paints, read
/// from its painter.
#[test]
fn coterie_efforts_are_drawn_as_bars_side_by_side() {
    use fray::game::board::GOLD;
    use fray::game::board::Layout;
    use fray::present::Visual;
    let mut app = app(BattleSetup {
        scenario: "wizards-and-bandits".into(),
        seats: vec![SeatKind::Ai(Level::Normal); 8],
        gm: SeatKind::Ai(Level::Normal),
        seed: 4,
        ..BattleSetup::default()
    });
    for _ in 0..200 {
        app.update();
    }
    let lay = app.world().resource::<Layout>().clone();
    let b = app.world().resource::<Battle>();
    let tallies: Vec<&Visual> = b
        .log()
        .iter()
        .filter_map(|e| match &e.visual {
            Some(v @ Visual::Tally { .. }) => Some(v),
            _ => None,
        })
        .collect();
    let (mut alone, mut results) = (0, 0);
    for (k, v) in tallies.iter().enumerate() {
        let Visual::Tally { bars, winner } = v else {
            unreachable!()
        };
        let drawn = tally_drawn(&lay, v);
        assert_eq!(drawn.len(), bars.len(), "a bar for each effort: {v:?}");
        let most = bars.iter().map(|b| b.1).max().unwrap();
        for (i, ((place, effort), (rect, fill))) in bars.iter().zip(&drawn).enumerate() {
            // Out of its group's place, as long as its effort: the largest one and a half places.
            let centre = lay.centres[*place];
            assert!((rect.center().x - centre.x).abs() < 0.01, "{v:?}: {rect:?}");
            let long = 1.5 * lay.size.y * (*effort).max(0) as f32 / most.max(1) as f32;
            assert!(
                (rect.height() - long).abs() < 0.01,
                "{v:?}: the bar of {effort} is {} long, not {long}",
                rect.height()
            );
            assert_eq!(
                *fill == GOLD,
                *winner == Some(i),
                "{v:?}: the winner's in gold"
            );
        }
        match (bars.len(), winner) {
            (1, None) => alone += 1,
            (2, Some(w)) => {
                // The result's two are the efforts just rolled, side by side.
                let rolled: Vec<i32> = tallies[k.saturating_sub(2)..k]
                    .iter()
                    .filter_map(|t| match t {
                        Visual::Tally { bars, winner: None } if bars.len() == 1 => Some(bars[0].1),
                        _ => None,
                    })
                    .collect();
                assert_eq!(rolled, vec![bars[0].1, bars[1].1], "{v:?}");
                assert_eq!(bars[*w].1, most, "{v:?}: the winner's bar is the longest");
                assert!(
                    !drawn[0].0.intersects(drawn[1].0),
                    "{v:?}: one over the other"
                );
                results += 1;
            }
            _ => {}
        }
    }
    assert!(alone > 0, "an effort alone: {tallies:?}");
    assert!(results > 0, "the two efforts with a winner: {tallies:?}");
}

/// The rules notes' Markdown is rendered, not shown raw: the roll breakdown's quote carries no
/// `##` or `**` once drawn, and its words are all there.
#[test]
fn the_rules_notes_are_drawn_from_their_markdown() {
    use bevy_egui::egui;
    let note = fray::rules::notes::paragraph("zones.saves").unwrap();
    assert!(note.contains("## ") && note.contains("**"), "{note}");
    let ctx = egui::Context::default();
    let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
        fray::game::screens::show_note(ui, note);
    });
    // No renderer takes the font texture here.
    out.textures_delta.clear();
    let mut drawn = String::new();
    for clipped in &out.shapes {
        if let egui::epaint::Shape::Text(t) = &clipped.shape {
            drawn.push_str(t.galley.text());
            drawn.push(' ');
        }
    }
    assert!(!drawn.contains("##") && !drawn.contains("**"), "{drawn}");
    assert!(drawn.contains("Reading"), "{drawn}");
    assert!(drawn.contains("d20"), "{drawn}");
}

/// The menu shows each scenario with a drawing of its map (its places, the ways between them,
/// the sides' tokens), its ruleset in a line and what it teaches.
#[test]
fn the_menu_draws_each_scenarios_map_and_says_its_ruleset() {
    let catalogue = fray::game::screens::Catalogue::default();
    assert_eq!(catalogue.0.len(), fray::scenario::BUILTIN.len());
    for e in &catalogue.0 {
        assert!(
            !e.map.places.is_empty() && !e.map.tokens.is_empty(),
            "{}",
            e.id
        );
        let ruleset = fray::catalogue::load(&e.id).unwrap().ruleset();
        let prefix = match ruleset {
            "zones" => "Zones:",
            "coterie" => "Coterie:",
            _ => "Three actions:",
        };
        let about = e.about(fray::words::english());
        assert!(about.starts_with(prefix), "{}: {about}", e.id);
        assert!(
            about.lines().count() == 2,
            "{}: the ruleset, then what it teaches",
            e.id
        );
    }
}

/// Hot-seat: before the first decision nobody has the screen, so when the side to act hides
/// someone from the other, the pass-the-screen card comes first; a battle with nothing hidden
/// starts at its decision.
#[test]
fn a_hot_seat_battle_with_hidden_characters_starts_behind_the_pass_the_screen_card() {
    use fray::game::input::take_screen;
    let people = |scenario: &str| BattleSetup {
        scenario: scenario.into(),
        seed: 1,
        seats: vec![SeatKind::Person, SeatKind::Person],
        ..BattleSetup::default()
    };
    let b = Battle::start(&people("ambush")).unwrap();
    let quiet = Showing::default();
    let seat = b.session().pending().seat().unwrap();
    let sitting = |kinds: Vec<SeatKind>| {
        let all: Vec<_> = b.session().seats().into_iter().map(|(s, _)| s).collect();
        Seats::new(kinds, &all, SeatKind::Person)
    };
    let mut seats = sitting(vec![SeatKind::Person; 2]);
    // Against the AI there is nobody to pass the screen to.
    let one = sitting(vec![SeatKind::Person, SeatKind::Ai(Level::Normal)]);
    assert!(
        b.session()
            .seats()
            .into_iter()
            .any(|(s, _)| s != seat && b.session().hides_from(s)),
        "the ambush hides its ambushers from the other side"
    );
    assert_eq!(phase_for(&b, &seats, &quiet, None), Phase::PassScreen);
    take_screen(&b, &mut seats);
    assert_ne!(phase_for(&b, &seats, &quiet, None), Phase::PassScreen);
    let fresh = Battle::start(&people("ambush")).unwrap();
    assert_ne!(phase_for(&fresh, &one, &quiet, None), Phase::PassScreen);
    let duel = Battle::start(&people("duel")).unwrap();
    seats.holder = None;
    assert_ne!(
        phase_for(&duel, &seats, &quiet, None),
        Phase::PassScreen,
        "nothing hidden in the duel"
    );
}

/// The top bar holds in one line at 1280×720 whatever it says: the longest "Deciding: …" any
/// shipped scenario's seats can show (an AI's) and every button; every title a decision can
/// have, as the left panel's heading, takes at most three lines and is never cut short.
#[test]
fn every_prompt_title_fits_the_screen_at_1280_by_720() {
    use bevy_egui::egui;
    use fray::game::input::Bindings;
    use fray::game::screens::{TopButtons, decision_heading, status_words, top_bar};
    let ctx = egui::Context::default();
    ctx.set_fonts(fray::game::platform::fonts::definitions());
    let keys = Bindings::default();
    let buttons = TopButtons {
        fast: false,
        log: false,
        why: false,
        help: false,
        undo: true,
        keys: &keys,
        words: fray::words::english(),
    };
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 720.0),
        )),
        ..egui::RawInput::default()
    };
    // A first pass loads the fonts.
    ctx.run_ui(input(), |_| {}).textures_delta.clear();
    let mut checked = 0;
    for (name, _) in fray::scenario::BUILTIN {
        let b = Battle::start(&BattleSetup {
            scenario: name.to_string(),
            ..BattleSetup::default()
        })
        .unwrap();
        let mut deciders: Vec<String> = b.session().faction_names().to_vec();
        deciders.push("the GM".into());
        for kind in [
            K::Initiative,
            K::Activation,
            K::Turn,
            K::Reaction,
            K::Stunt,
            K::Morale,
            K::Harm,
            K::Draw,
            K::Commit,
            K::Special,
            K::Review,
        ] {
            let title = b.session().title(kind);
            for who in &deciders {
                let words = status_words(
                    &b,
                    fray::words::english(),
                    Phase::Deciding,
                    &format!("{who}, the AI (normal)"),
                );
                let mut right = 0.0;
                let mut lines = 0;
                let mut out = ctx.run_ui(input(), |ui| {
                    egui::Panel::top("top").show(ui, |ui| {
                        top_bar(ui, &words, &buttons);
                        right = ui.min_rect().right();
                    });
                    egui::Panel::left("choices")
                        .exact_size(fray::game::board::LEFT_PANEL)
                        .show(ui, |ui| {
                            let r = decision_heading(ui, &title);
                            let row =
                                ui.fonts_mut(|f| f.row_height(&egui::FontId::proportional(17.0)));
                            lines = (r.rect.height() / row).floor() as usize;
                            assert!(
                                r.rect.right() <= fray::game::board::LEFT_PANEL,
                                "{name}: {title:?} runs out of the panel"
                            );
                        });
                });
                // Nothing draws the frame: its texture changes are let go.
                out.textures_delta.clear();
                assert!(
                    right <= 1280.0,
                    "{name}: the top bar runs to {right} px with {words:?}"
                );
                assert!(lines <= 3, "{name}: {title:?} takes {lines} lines");
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
}

/// A person in the GM's seat makes the GM's real decisions, by keys, with the players' and the
/// opposition's seats taken by the AI: allowing a special action or making it milder, composing
/// the opposition's harm after its victory, and taking a major loss or falling back.
#[test]
fn a_person_in_the_gm_seat_makes_the_gms_real_decisions() {
    use fray::game::battle::person_deciding;
    use fray::rules::battle::Seat;
    use fray::rules::coterie::{Coterie, Stage};
    let (mut review, mut compose, mut fall_back) = (false, false, false);
    for seed in 1..=12u64 {
        for scenario in ["wizards-and-bandits", "duel-at-the-gate", "the-free-blades"] {
            let mut app = app(BattleSetup {
                scenario: scenario.into(),
                seats: vec![SeatKind::Ai(Level::Easy), SeatKind::Ai(Level::Easy)],
                gm: SeatKind::Person,
                seed,
                ..BattleSetup::default()
            });
            let mut frames = 0;
            while phase(&app) != Some(Phase::Over) && frames < 6_000 {
                frames += 1;
                let b = app.world().resource::<Battle>();
                let seats = app.world().resource::<Seats>();
                if phase(&app) == Some(Phase::Showing) {
                    press(&mut app, KeyCode::Enter);
                    continue;
                }
                if phase(&app) != wanted_phase(&app)
                    || deciding(&app).is_none()
                    || person_deciding(b, seats, None) != Some(Seat::Gm)
                {
                    app.update();
                    continue;
                }
                let c = b.typed::<Coterie>().unwrap();
                let n = c.legal().len();
                match &c.state().stage {
                    Stage::Review { .. } if n == 2 => review = true,
                    Stage::Harm { .. } if n >= 3 => compose = true,
                    Stage::FoesFallBack { .. } => fall_back = true,
                    _ => {}
                }
                // The last choice, so that the milder special action and falling back are
                // taken too (a choice that cannot be taken back asks twice).
                let i = n - 1;
                let before = c.actions().len();
                let chosen = c.legal()[i].clone();
                let asks_twice = b.session().irreversible(i);
                headless::choose_by_keys(&mut app, i);
                if asks_twice {
                    press(&mut app, KeyCode::Enter);
                }
                let c = app.world().resource::<Battle>().typed::<Coterie>().unwrap();
                assert_eq!(
                    c.actions().get(before),
                    Some(&chosen),
                    "the GM's choice was taken"
                );
            }
            if review && compose && fall_back {
                return;
            }
        }
    }
    panic!(
        "the GM's seat met: review {review}, composing harm {compose}, falling back {fall_back}"
    );
}

/// The frame after an AI's choice, the `Phase` state still says the AI is thinking while the
/// core already waits for a person. The screen reads the phase the core calls for, so its top
/// bar never names a person under "The AI is thinking", nor an AI seat as deciding by hand.
#[test]
fn the_screen_never_names_a_person_while_the_ai_thinks() {
    use fray::game::battle::LessonRun;
    use fray::game::screens::deciding_words;
    use fray::game::screens::status_words;
    let mut app = app(BattleSetup {
        scenario: "wizards-and-bandits".into(),
        seats: vec![SeatKind::Person, SeatKind::Ai(Level::Normal)],
        gm: SeatKind::Ai(Level::Normal),
        seed: 3,
        ..BattleSetup::default()
    });
    let (mut lagging, mut thinking, mut people) = (0, 0, 0);
    for _ in 0..400 {
        let w = app.world();
        let (b, seats, showing) = (
            w.resource::<Battle>(),
            w.resource::<Seats>(),
            w.resource::<Showing>(),
        );
        let shown = phase_for(b, seats, showing, w.get_resource::<LessonRun>());
        let words = status_words(
            b,
            fray::words::english(),
            shown,
            &deciding_words(b, fray::words::english(), seats),
        )
        .join(" · ");
        lagging += usize::from(phase(&app) != Some(shown));
        match shown {
            Phase::AiThinking => {
                thinking += 1;
                assert!(words.contains(", the AI (normal)"), "{words}");
            }
            Phase::Deciding => {
                people += 1;
                assert!(!words.contains("the AI"), "{words}");
                // The person declares or brings by the menu's first choice, once the keys
                // (which follow the state) are theirs.
                if phase(&app) == Some(Phase::Deciding) {
                    headless::choose_by_keys(&mut app, 0);
                    continue;
                }
            }
            Phase::Over => break,
            _ => {}
        }
        if shown == Phase::Showing {
            press(&mut app, KeyCode::Enter);
        } else {
            app.update();
        }
    }
    assert!(thinking > 0 && people > 0, "{thinking} {people}");
    // The state did lag the core on some frames: what the screen reads instead was needed.
    assert!(lagging > 0);
}
