//! `fray play` (and `fray` alone): the game's window, or a battle played without one; and
//! `fray replay --watch`.

use std::path::Path;
use std::process::ExitCode;

use fray::words::Lang;

use super::said::{report, text};

/// How `fray play` opens the window.
#[derive(clap::Args)]
pub(super) struct PlayArgs {
    /// A built-in scenario's name or a scenario file.
    scenario: Option<String>,
    /// Open a lesson (`zones/01-a-round-and-a-turn`, see `fray lessons`) instead.
    #[arg(long)]
    lesson: Option<String>,
    /// Who sits at each faction, e.g. `person,ai` or `ai,ai`; `gm:person` seats a
    /// person at the GM's seat.
    #[arg(long)]
    seats: Option<String>,
    /// The dev tools' asks (`--frames`, `--screenshot`, `--take`), in a build with them.
    #[cfg(feature = "dev")]
    #[command(flatten)]
    pilot: PilotArgs,
    /// Open the menu with the scenario and seats chosen, rather than the battle (for the
    /// README's picture of the menu).
    #[arg(long)]
    menu: bool,
    /// Go on to the result screen as soon as the battle ends (for its picture).
    #[arg(long)]
    result: bool,
    /// Play the battle to its end without a window and print how it ended (needs --seats
    /// with no person).
    #[arg(long)]
    headless: bool,
    /// The table rolls its own dice: every roll is asked for and typed in.
    #[arg(long)]
    table_dice: bool,
    /// Resume the newest unfinished battle, as the menu's Continue does.
    #[arg(long = "continue")]
    resume: bool,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Start this campaign (a shipped one, a generated run as `run-zones-42`, or a file) and
    /// open its camp.
    #[arg(long)]
    campaign: Option<String>,
    /// With --campaign: go from the camp into its next battle at once, this many times (with
    /// --result and --go-on, one battle after another; --seats then seats the AI even at
    /// the company's side, for screenshots).
    #[arg(long, num_args = 0..=1, default_missing_value = "1", default_value_t = 0)]
    fight: u32,
    /// With --campaign and --result: go on from the result screen to the camp, as its
    /// button would.
    #[arg(long)]
    go_on: bool,
}

/// What `fray play` asks of the dev tools: a test's or a screenshot's recording.
#[cfg(feature = "dev")]
#[derive(clap::Args, Default)]
struct PilotArgs {
    /// Exit after this many frames (for tests and CI).
    #[arg(long)]
    frames: Option<u32>,
    /// Write a PNG of the last frame before exiting.
    #[arg(long)]
    screenshot: Option<std::path::PathBuf>,
    /// Take the screenshot as soon as an attack's line (in Coterie, the two efforts) is drawn (for CI).
    #[arg(long)]
    shot_on_attack: bool,
    /// Take the screenshot as soon as a roll's dice have settled on the board (for CI).
    #[arg(long)]
    shot_on_dice: bool,
    /// Take the screenshot at a critical hit's moment (for the README).
    #[arg(long)]
    shot_on_critical: bool,
    /// Take the first N decisions a person faces with the choice the menu starts on (for
    /// screenshots of a turn under way).
    #[arg(long, default_value_t = 0)]
    take: u32,
    /// With --take: stop taking at the first decision whose title holds these words (for
    /// screenshots of that decision).
    #[arg(long)]
    take_until: Option<String>,
    /// With --take-until: at that decision, open these rows of the menu one step after
    /// another, as Enter would (a verb's choices, a composed choice's next piece): `0,1` opens
    /// the first row, then the second row of what it lists.
    #[arg(long, value_delimiter = ',')]
    open: Vec<usize>,
}

impl Default for PlayArgs {
    /// The menu, as `fray` alone opens it.
    fn default() -> Self {
        PlayArgs {
            scenario: None,
            lesson: None,
            seats: None,
            #[cfg(feature = "dev")]
            pilot: PilotArgs::default(),
            menu: false,
            result: false,
            headless: false,
            table_dice: false,
            resume: false,
            seed: 1,
            campaign: None,
            fight: 0,
            go_on: false,
        }
    }
}

/// `fray play`: the window, in `lang` (None: as the settings say).
#[cfg(feature = "game")]
pub(super) fn play(args: PlayArgs, lang: Option<Lang>) -> ExitCode {
    use fray::game::{self, SeatKind, battle::BattleSetup};
    // What the window is told as it is; the rest chooses the battle, the lesson or the
    // campaign it opens with.
    let mut launch = game::Launch {
        battle: None,
        menu: args.menu,
        result: args.result,
        table_dice: args.table_dice,
        resume_latest: args.resume,
        lang,
        campaign: None,
        #[cfg(feature = "dev")]
        pilot: game::Pilot {
            frames: args.pilot.frames,
            screenshot: args.pilot.screenshot,
            shot_on_attack: args.pilot.shot_on_attack,
            shot_on_dice: args.pilot.shot_on_dice,
            shot_on_critical: args.pilot.shot_on_critical,
            take: args.pilot.take,
            take_until: args.pilot.take_until,
            open: args.pilot.open,
        },
    };
    let PlayArgs {
        scenario,
        lesson,
        seats,
        headless,
        seed,
        campaign,
        fight,
        go_on,
        ..
    } = args;
    if let Some(id) = campaign {
        if let Err(e) = fray::campaign::load(&id) {
            return report(e);
        }
        launch.campaign = Some(game::CampaignLaunch {
            id,
            seed,
            fight,
            go_on,
            seats: None,
        });
    }
    if scenario.is_some() || seats.is_some() {
        let mut setup = BattleSetup::default();
        if let Some(s) = scenario {
            if let Err(e) = fray::catalogue::load(&s) {
                return report(e);
            }
            setup.scenario = s;
        }
        if let Some(list) = seats {
            match game::battle::parse_seats(&list) {
                Ok((kinds, gm)) => {
                    setup.seats = kinds;
                    setup.gm = gm.unwrap_or(setup.gm);
                }
                Err(e) => return report(e),
            }
        }
        setup.seed = seed;
        // A campaign's battle is the camp's to set up: the seats asked for go to it.
        match &mut launch.campaign {
            Some(c) => c.seats = Some((setup.seats, setup.gm)),
            None => launch.battle = Some(setup),
        }
    }
    if let Some(id) = lesson {
        if let Err(e) = fray::lessons::check_lesson(&id) {
            return report(e);
        }
        launch.battle = Some(BattleSetup {
            lesson: Some(fray::game::battle::LessonStart::new(id)),
            ..BattleSetup::default()
        });
    }
    if headless {
        let Some(setup) = launch.battle else {
            return report(text("cli-headless-needs-battle", &[]));
        };
        if setup.seats.contains(&SeatKind::Person) || setup.gm == SeatKind::Person {
            return report(text("cli-headless-no-person", &[]));
        }
        say!("{}", game::run_headless(setup, 1_000_000));
        return ExitCode::SUCCESS;
    }
    match game::run(launch) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::FAILURE,
    }
}

#[cfg(feature = "game")]
pub(super) fn watch(file: &Path) -> ExitCode {
    use super::said::path_value;
    use fray::game::{self, battle::BattleSetup};
    use fray::replay::{self, ReplayDice};
    let (r, _) = match replay::load(file) {
        Ok(x) => x,
        Err(e) => return report(e),
    };
    let ReplayDice::Seed(seed) = r.dice else {
        return report(text("cli-watch-needs-seed", &[("file", path_value(file))]));
    };
    let setup = BattleSetup {
        scenario: r.scenario,
        seed,
        watch: Some(r.actions),
        ..BattleSetup::default()
    };
    game::run(game::Launch {
        battle: Some(setup),
        ..game::Launch::default()
    });
    ExitCode::SUCCESS
}

#[cfg(not(feature = "game"))]
pub(super) fn watch(_: &Path) -> ExitCode {
    report(text("cli-no-window-to-watch", &[]))
}

#[cfg(not(feature = "game"))]
pub(super) fn play(_: PlayArgs, _: Option<Lang>) -> ExitCode {
    use super::said::txt;
    eprintln!(
        "{}",
        text(
            "cli-no-window",
            &[
                ("sim", txt("`fray sim duel --games 100`")),
                ("build", txt("`cargo run --release`")),
            ],
        )
    );
    ExitCode::from(2)
}
