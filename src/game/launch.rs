//! How `fray play` was asked to run, from the command line or from the web page's address,
//! and the app set up to open as asked: a battle, a saved one resumed, a lesson, a campaign.

use bevy::prelude::*;

use crate::game::battle::{self, AppState, BattleSetup, Pace, Phase};
use crate::game::platform::{self, web};
use crate::game::{campaign, settings};

/// How `fray play` was asked to run.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// Go straight into this battle, skipping the menu.
    pub battle: Option<BattleSetup>,
    /// Open the menu with the battle's scenario and seats chosen instead of the battle.
    pub menu: bool,
    /// Go on to the result screen as soon as the battle ends, as its button would.
    pub result: bool,
    /// The table rolls its own dice (the menu's box, ticked).
    pub table_dice: bool,
    /// Resume the newest unfinished saved battle.
    pub resume_latest: bool,
    /// The language of the words for this run, over the settings'.
    pub lang: Option<crate::words::Lang>,
    /// Start a campaign and open its camp.
    pub campaign: Option<campaign::CampaignLaunch>,
    /// What the dev tools are asked to do (`--frames`, `--screenshot`, `--take`).
    #[cfg(feature = "dev")]
    pub pilot: crate::game::dev::Pilot,
}

/// Settings from the web page's address (`?scenario=…&seats=ai,ai&seed=7&fast=1`,
/// `?lang=pseudo`, `?continue=1`, or `?lesson=…`).
pub fn from_query(mut launch: Launch) -> (Launch, bool) {
    let q = crate::game::platform::web::query();
    let get = |k: &str| q.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let mut fast = false;
    if get("scenario").is_some() || get("seats").is_some() {
        let mut setup = BattleSetup::default();
        if let Some(s) = get("scenario") {
            setup.scenario = s;
        }
        if let Some(list) = get("seats")
            && let Ok((seats, gm)) = crate::game::battle::parse_seats(&list)
        {
            setup.seats = seats;
            setup.gm = gm.unwrap_or(setup.gm);
        }
        if let Some(seed) = get("seed").and_then(|s| s.parse().ok()) {
            setup.seed = seed;
        }
        launch.battle = Some(setup);
    }
    // `?lang=pseudo` speaks the pseudo-locale.
    if let Some(l) = get("lang").and_then(|code| crate::words::Lang::from_code(&code)) {
        launch.lang = Some(l);
    }
    // `?continue=1` resumes the newest unfinished battle kept in this browser.
    if get("continue").is_some_and(|v| v == "1") {
        launch.resume_latest = true;
    }
    // `?lesson=zones/01-a-round-and-a-turn` opens a lesson.
    if let Some(id) = get("lesson") {
        launch.battle = Some(BattleSetup {
            lesson: Some(crate::game::battle::LessonStart::new(
                id.replace("%2F", "/"),
            )),
            ..BattleSetup::default()
        });
    }
    if get("fast").is_some_and(|v| v == "1") {
        fast = true;
    }
    (launch, fast)
}

/// Sets `app` up to open as `launch` asks (the window's plugins already in it): the language,
/// the battle (or the newest saved one, resumed), the table's dice, the campaign, the pace.
pub fn start(app: &mut App, launch: &Launch, fast: bool) {
    if let Some(l) = launch.lang {
        app.insert_resource(settings::LaunchLang(l));
    }
    let mut setup = launch.battle.clone();
    if launch.resume_latest {
        let saved = battle::SavedBattles::read(&platform::Prefs::default());
        match saved.latest() {
            Some((slot, save)) => setup = Some(BattleSetup::resuming(slot, save)),
            None => web::announce("FRAY NOTHING TO CONTINUE"),
        }
    }
    if launch.table_dice {
        match &mut setup {
            Some(b) => b.table_dice = true,
            None => {
                app.insert_resource(BattleSetup {
                    table_dice: true,
                    ..BattleSetup::default()
                });
            }
        }
    }
    if launch.result {
        app.add_systems(
            OnEnter(Phase::Over),
            |mut next: ResMut<NextState<AppState>>| next.set(AppState::Result),
        );
    }
    if let Some(c) = launch.campaign.clone() {
        campaign::launch(app, c);
    }
    if let Some(setup) = setup {
        app.insert_resource(setup);
        if !launch.menu {
            app.add_systems(Startup, |mut next: ResMut<NextState<AppState>>| {
                next.set(AppState::Battle)
            });
        }
    }
    if fast {
        app.insert_resource(Pace {
            fast: true,
            ..Pace::default()
        });
    }
}
