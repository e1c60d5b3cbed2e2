//! A campaign in the shell: its battle fought from camp with the company cast in, kept in the
//! campaign's one save after every action and resumed from it, no decision taken back in
//! ironman, and the result screen's way on to the next camp.

use bevy::prelude::*;

use crate::headless::{enter, phase, prefs_dir};
use fray::ai::Level;
use fray::campaign::{self, At, Run};
use fray::game::battle::SeatKind;
use fray::game::battle::{AppState, Battle, BattleSetup, Phase};
use fray::game::campaign::{Campaigning, GoOnAsked, fight};
use fray::game::platform::Prefs;
use fray::save::Store;

/// The app in camp before the campaign's first battle, that battle set up with the AI in
/// every seat.
fn camp_app(id: &str, ironman: bool, prefs: Prefs) -> App {
    let c = campaign::load(id).unwrap();
    let run = Run::new(id, &c, ironman, 3).unwrap();
    let mut campaigning = Campaigning::new(run, c);
    let mut setup = BattleSetup::default();
    fight(&mut campaigning, &mut setup).unwrap();
    setup.seats = vec![SeatKind::Ai(Level::Easy); setup.seats.len()];
    setup.gm = SeatKind::Ai(Level::Easy);
    let mut app = App::new();
    app.insert_resource(prefs);
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
        fray::game::LogicPlugin,
    ));
    app.insert_resource(fray::game::battle::Pace {
        pause: 0.0,
        fast: false,
        budget: 100_000,
    });
    app.insert_resource(setup);
    app.insert_resource(campaigning);
    app.update();
    enter(&mut app, AppState::Battle);
    app
}

fn saved_run(dir: &std::path::Path) -> Run {
    let store = fray::save::DirStore::new(dir.join("saves"));
    let text = store
        .read("campaign")
        .unwrap()
        .expect("the campaign is kept");
    Run::from_text(&text).unwrap()
}

#[test]
fn a_campaign_battle_is_kept_in_the_campaign_and_goes_on_to_the_next_camp() {
    let dir = prefs_dir();
    let mut app = camp_app("the-goblin-year", true, Prefs::in_dir(&dir));
    {
        let b = app.world().resource::<Battle>();
        assert!(b.ironman(), "an ironman campaign's battle");
        let seats = app.world().resource::<fray::game::battle::Seats>();
        assert!(!fray::game::input::may_undo(b, seats));
    }
    // The company fights as the scenario's travellers, cast in by name.
    let names: Vec<String> = app
        .world()
        .resource::<Campaigning>()
        .run
        .company
        .members
        .iter()
        .map(|m| m.name().to_string())
        .collect();
    for n in &names {
        let b = app.world().resource::<Battle>();
        let id = (0..16).find(|&i| b.session().character_name(i) == *n);
        assert!(id.is_some(), "{n} fights");
    }
    let mut frames = 0;
    let mut halfway = None;
    while phase(&app) != Some(Phase::Over) {
        app.update();
        frames += 1;
        assert!(frames < 20_000, "the battle ends");
        let taken = app.world().resource::<Battle>().taken();
        if halfway.is_none() && taken >= 6 {
            // Kept after every action: the campaign's save holds the battle so far.
            app.update();
            let kept = saved_run(&dir);
            let battle = kept.battle.expect("the battle under way is kept");
            assert_eq!(
                battle.taken(),
                app.world().resource::<Battle>().taken(),
                "kept as it stands"
            );
            halfway = Some((
                battle,
                app.world().resource::<Battle>().session().state_hash(),
            ));
        }
    }
    // The battle kept halfway resumes into the same state it was kept in.
    if let Some((save, hash)) = halfway {
        let c = app.world().resource::<Campaigning>();
        let written = c.written.clone().expect("the battle's own scenario");
        let resumed = Battle::resume_written(&save, Some(&written)).unwrap();
        assert_eq!(
            resumed.session().state_hash(),
            hash,
            "resumed as it was kept"
        );
    }
    enter(&mut app, AppState::Result);
    app.insert_resource(GoOnAsked);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<AppState>>().get(),
        AppState::Camp
    );
    let c = app.world().resource::<Campaigning>();
    assert_eq!(c.run.record.len(), 1, "one battle fought");
    assert!(c.run.battle.is_none(), "no battle under way in camp");
    assert!(
        !matches!(c.run.at, At::Camp(ref id) if id == "road"),
        "gone on"
    );
    assert_eq!(saved_run(&dir), c.run, "the camp is kept as it stands");
}

#[test]
fn a_damaged_campaign_save_is_set_aside_and_said() {
    let dir = prefs_dir();
    let store = fray::save::DirStore::new(dir.join("saves"));
    store
        .write("campaign", "Run(version: 1, campaign: ")
        .unwrap();
    let mut app = crate::headless::app_keeping(BattleSetup::default(), Prefs::in_dir(&dir));
    enter(&mut app, AppState::Camp);
    let notice = app.world().resource::<fray::game::battle::Notice>();
    let said = notice.0.clone().unwrap_or_default();
    assert!(said.contains("set aside"), "{said}");
    assert!(
        store.read("campaign").unwrap().is_none(),
        "no longer in its slot"
    );
    assert!(
        store.names().iter().any(|n| n.starts_with("campaign.")),
        "kept under another name: {:?}",
        store.names()
    );
}

#[test]
fn the_camp_goes_into_its_battle_by_enter_and_back_to_the_menu_by_escape() {
    let dir = prefs_dir();
    let c = campaign::load("the-wardens-road").unwrap();
    let run = Run::new("the-wardens-road", &c, false, 1).unwrap();
    let mut app = App::new();
    app.insert_resource(Prefs::in_dir(&dir));
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
        fray::game::LogicPlugin,
    ));
    app.insert_resource(fray::game::input::Settle::after(0.0));
    app.insert_resource(Campaigning::new(run, c));
    app.update();
    enter(&mut app, AppState::Camp);
    crate::headless::press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(
        *app.world().resource::<State<AppState>>().get(),
        AppState::Battle,
        "Enter in camp goes into the battle"
    );
    let setup = app.world().resource::<BattleSetup>();
    assert!(
        setup.campaign && setup.written.is_some(),
        "the campaign's battle"
    );
    assert_eq!(setup.scenario, "the-bog-road");
    // Back in camp, Escape leaves for the menu and the campaign stays kept.
    enter(&mut app, AppState::Camp);
    crate::headless::press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(
        *app.world().resource::<State<AppState>>().get(),
        AppState::Menu
    );
    assert!(!app.world().contains_resource::<Campaigning>());
}
