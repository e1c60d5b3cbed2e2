//! How `fray play` was asked to run: from the command line, or from the web page's address.

use std::path::PathBuf;

use crate::game::battle::BattleSetup;

/// How `fray play` was asked to run.
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// Go straight into this battle, skipping the menu.
    pub battle: Option<BattleSetup>,
    /// Quit after this many frames.
    pub frames: Option<u32>,
    pub screenshot: Option<PathBuf>,
    /// Take the screenshot as soon as an attack's line is drawn on the board (within
    /// `frames`), rather than at the last frame.
    pub shot_on_attack: bool,
    /// Take it as soon as a roll's dice have settled on the board.
    pub shot_on_dice: bool,
    /// Take it at a critical hit's moment, its flash still bright.
    pub shot_on_critical: bool,
    /// Open the menu with the battle's scenario and seats chosen instead of the battle.
    pub menu: bool,
    /// Go on to the result screen as soon as the battle ends, as its button would.
    pub result: bool,
    /// Take the first this many decisions a person faces with the choice the menu starts on.
    pub take: u32,
    /// Stop taking them at the first decision whose title holds these words.
    pub take_until: Option<String>,
    /// At that decision, the menu's rows opened one step after another.
    pub open: Vec<usize>,
    /// The table rolls its own dice (the menu's box, ticked).
    pub table_dice: bool,
    /// Resume the newest unfinished saved battle.
    pub resume_latest: bool,
    /// The language of the words for this run, over the settings'.
    pub lang: Option<crate::words::Lang>,
    /// Start a campaign and open its camp.
    pub campaign: Option<CampaignLaunch>,
}

/// A campaign `fray play --campaign` starts.
#[derive(Clone, Debug, Default)]
pub struct CampaignLaunch {
    pub id: String,
    pub seed: u64,
    /// Into this many of its battles at once, one after another (with `go_on`).
    pub fight: u32,
    /// From the result screen on to the camp at once.
    pub go_on: bool,
    /// Who sits where in that battle, over the camp's (the person at the company's side).
    pub seats: Option<(
        Vec<crate::game::battle::SeatKind>,
        crate::game::battle::SeatKind,
    )>,
}

impl Launch {
    /// Whether it records frames for a test or a screenshot, which must keep coming rather than
    /// wait for input.
    pub fn scripted(&self) -> bool {
        self.frames.is_some() || self.screenshot.is_some()
    }

    /// Whether it asks anything of the dev tools (`dev/autopilot.rs`).
    pub fn piloted(&self) -> bool {
        self.scripted() || self.take > 0
    }
}

/// Settings from the web page's address (`?scenario=…&seats=ai,ai&seed=7&fast=1&frames=…`,
/// or `?lesson=…`).
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
