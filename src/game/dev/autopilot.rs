//! The dev tools that play the window for a test or a screenshot: `--frames N` quits after N
//! frames, `--screenshot FILE` captures the window then (or at an attack, a roll's dice or a
//! critical, `--shot-on-*`), `--take N` takes the person's first N decisions. Behind the `dev`
//! feature, which the shipped browser build leaves out.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::game::battle::{self, Battle};
use crate::game::{board, input};

/// What the dev tools are asked to do, from `fray play`'s command line.
#[derive(Clone, Debug, Default)]
pub struct Pilot {
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
    /// Take the first this many decisions a person faces with the choice the menu starts on.
    pub take: u32,
    /// Stop taking them at the first decision whose title holds these words.
    pub take_until: Option<String>,
    /// At that decision, the menu's rows opened one step after another.
    pub open: Vec<usize>,
}

/// The autopilot under way: what it was asked, what is left of it (`take` counts down,
/// `open` is used up), and what it has done.
#[derive(Resource, Clone, Debug, Default)]
struct Autopilot {
    asked: Pilot,
    shot_taken: bool,
    /// The battle's moment when the last decision was taken for the person.
    taken_at: Option<battle::Moment>,
}

/// The autopilot `pilot` asks for, in `app`.
pub fn fly(app: &mut App, pilot: &Pilot) {
    // Frames recorded for a test or a screenshot must keep coming rather than wait for input.
    if pilot.frames.is_some() || pilot.screenshot.is_some() {
        app.insert_resource(bevy::winit::WinitSettings::continuous());
    }
    app.insert_resource(Autopilot {
        asked: pilot.clone(),
        ..Autopilot::default()
    })
    .add_systems(
        Update,
        (
            autopilot,
            take_for_the_person.in_set(battle::BattleSet::Apply),
        ),
    );
}

/// `--take N`: the person's first N decisions, each the choice the menu starts on, once the
/// screen has settled on it.
fn take_for_the_person(
    mut pilot: ResMut<Autopilot>,
    battle: Res<Battle>,
    lesson: Option<Res<battle::LessonRun>>,
    mut showing: ResMut<battle::Showing>,
    phase: Res<State<battle::Phase>>,
    mut cursor: ResMut<input::Cursor>,
    mut choose: MessageWriter<battle::Choose>,
) {
    // The rules at work, read on as Enter does, while decisions remain to be taken.
    if pilot.asked.take > 0 && *phase.get() == battle::Phase::Showing {
        showing.pop_front();
        return;
    }
    if pilot.asked.take == 0
        || *phase.get() != battle::Phase::Deciding
        || pilot.taken_at == Some(battle.moment(lesson.as_deref()))
    {
        return;
    }
    if let (Some(until), crate::rules::battle::Pending::Decide { kind, .. }) =
        (&pilot.asked.take_until, battle.session().pending())
        && battle.session().title(*kind).contains(until.as_str())
    {
        // The steps of the menu asked for, as the person's Enter would take them, once the
        // menu has been set up for this decision.
        if cursor.moment != battle.moment(lesson.as_deref()) {
            return;
        }
        pilot.asked.take = 0;
        for &row in &pilot.asked.open {
            let rows = input::rows(&battle, &cursor);
            let Some(&r) = rows.get(row) else { break };
            if input::take_row(&battle, &mut cursor, r).is_some() {
                break;
            }
        }
        pilot.asked.open.clear();
        return;
    }
    let first = battle.session().first_choice().unwrap_or_else(|| {
        let rows = input::rows(&battle, &input::Cursor::default());
        rows.first().map_or(0, |&r| input::row_choice(r))
    });
    if let Some(c) = battle.session().choice(first) {
        pilot.asked.take -= 1;
        pilot.taken_at = Some(battle.moment(lesson.as_deref()));
        choose.write(battle::Choose(c));
    }
}

/// `--frames N --screenshot FILE`: after N frames, capture the window and quit.
fn autopilot(
    mut commands: Commands,
    frames: Res<bevy::diagnostic::FrameCount>,
    mut pilot: ResMut<Autopilot>,
    battle: Option<Res<Battle>>,
    mut playing: ResMut<board::Playing>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(n) = pilot.asked.frames else { return };
    if pilot.shot_taken {
        return;
    }
    // An attack's line (in Coterie, the two efforts' bars) fully drawn, or a roll's dice
    // settled: hold the picture still until it is taken.
    let wanted = |entry: &crate::session::LogEntry| {
        let attack = matches!(
            entry.visual,
            Some(crate::present::Visual::Strike { .. })
                | Some(crate::present::Visual::Tally {
                    winner: Some(_),
                    ..
                })
        );
        let dice = entry.visual.is_some()
            && entry
                .explanation
                .as_ref()
                .is_some_and(|x| !x.dice.is_empty());
        (pilot.asked.shot_on_attack && attack) || (pilot.asked.shot_on_dice && dice)
    };
    let critical = |entry: &crate::session::LogEntry| {
        pilot.asked.shot_on_critical
            && matches!(
                entry.visual,
                Some(crate::present::Visual::Float {
                    tone: crate::present::Tone::Critical,
                    ..
                })
            )
    };
    let drawn = battle.is_some_and(|b| {
        let drawn = playing
            .now
            .is_some_and(|(e, t)| t >= 0.5 && b.log().get(e).is_some_and(wanted));
        if drawn {
            playing.now = playing.now.map(|(e, _)| (e, 0.5));
        }
        // A critical is held early, its burst and flash at their brightest; one still
        // waiting its turn on a busy board is brought forward, not dropped.
        if let Some(i) = playing
            .waiting
            .iter()
            .position(|e| b.log().get(*e).is_some_and(critical))
        {
            let e = playing.waiting[i];
            playing.waiting.drain(..=i);
            playing.now = Some((e, 0.15));
        }
        let burst = playing
            .now
            .is_some_and(|(e, t)| t >= 0.15 && b.log().get(e).is_some_and(critical));
        if burst {
            playing.now = playing.now.map(|(e, _)| (e, 0.15));
        }
        drawn || burst
    });
    if frames.0 < n && !drawn {
        return;
    }
    pilot.shot_taken = true;
    match pilot.asked.screenshot.clone() {
        Some(path) => {
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path))
                .observe(
                    |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                        exit.write(AppExit::Success);
                    },
                );
        }
        None => {
            exit.write(AppExit::Success);
        }
    }
}
