//! The battle at the table: opening it with its seats (and its lesson, if it is one), taking
//! the choices made for it, and the phase it is in, read from the core's pending decision, the
//! seats, the steps still on screen and the lesson. Above `flow`, which holds the states and
//! the battle, and the resources that follow the battle's news: nothing below reaches up here.

use bevy::prelude::*;

use super::flow::{AppState, Battle, BattleCount, BattleSet, BattleSetup, Choose, Notice, Phase};
use super::lesson::LessonRun;
use super::seats::{SeatKind, Seats};
use super::showing::Showing;
use crate::rules::battle::{Pending, Seat};

pub struct TablePlugin;

impl Plugin for TablePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LoneTaken>()
            .add_systems(OnEnter(AppState::Battle), begin_battle)
            .add_systems(OnExit(AppState::Result), end_battle)
            .add_systems(OnEnter(AppState::Learn), end_battle)
            .add_systems(
                Update,
                (
                    take_lone_choices
                        .in_set(BattleSet::Apply)
                        .before(apply_choices)
                        .run_if(in_state(Phase::Deciding))
                        .run_if(not(resource_exists::<LessonRun>)),
                    apply_choices
                        .in_set(BattleSet::Apply)
                        .run_if(not(resource_exists::<LessonRun>)),
                    sync_phase.in_set(BattleSet::Phase),
                ),
            );
    }
}

/// The phase the battle should be in, from the core's pending decision, the seats, the steps
/// still on screen and the lesson, if the battle is one.
pub fn phase_for(
    battle: &Battle,
    seats: &Seats,
    showing: &Showing,
    lesson: Option<&LessonRun>,
) -> Phase {
    if !showing.is_empty() {
        return Phase::Showing;
    }
    // In a lesson nobody but the learner decides: the other side's actions are the lesson's.
    if let Some(lesson) = lesson
        && !lesson.waits_for_learner()
    {
        return Phase::Lesson;
    }
    match battle.session().pending() {
        Pending::Over(_) => Phase::Over,
        Pending::Decide { seat, .. } => {
            if battle.session().watch_len().is_some() {
                return Phase::Watching;
            }
            if seats.kind(*seat) != SeatKind::Person && lesson.is_none() {
                return Phase::AiThinking;
            }
            // The board the next person sees may show what the last one must not, or the
            // other way round. Before the first decision nobody holds the screen: whoever
            // pressed Start may sit at any other seat, so it is passed when the side to act
            // keeps anything from another.
            if lesson.is_none() && seats.people() > 1 && seats.holder != Some(*seat) {
                let hidden = match seats.holder {
                    Some(holder) => {
                        battle.session().hides_from(holder) || battle.session().hides_from(*seat)
                    }
                    None => battle
                        .session()
                        .seats()
                        .into_iter()
                        .any(|(other, _)| other != *seat && battle.session().hides_from(other)),
                };
                if hidden {
                    return Phase::PassScreen;
                }
            }
            Phase::Deciding
        }
    }
}

/// The seat whose person is deciding now, if a person is.
pub fn person_deciding(battle: &Battle, seats: &Seats, lesson: Option<&LessonRun>) -> Option<Seat> {
    // In a lesson the learner decides only where the step waits for them; the other side's
    // moves are the lesson's.
    if lesson.is_some_and(|l| !l.waits_for_learner()) {
        return None;
    }
    battle
        .session()
        .pending()
        .seat()
        .filter(|s| seats.kind(*s) == SeatKind::Person)
}

fn begin_battle(
    mut commands: Commands,
    setup: Res<BattleSetup>,
    speech: Res<crate::game::settings::Speech>,
    mut count: ResMut<BattleCount>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<AppState>>,
) {
    let opened = match &setup.lesson {
        Some(start) => super::lesson::open(start).map(|(b, run)| (b, Some(run))),
        None => Battle::start(&setup).map(|b| (b, None)),
    };
    match opened {
        Ok((mut b, lesson)) => {
            count.0 += 1;
            b.numbered(count.0);
            let seats: Vec<Seat> = b.session().seats().into_iter().map(|(s, _)| s).collect();
            // A lesson's learner sits at every seat; the lesson plays the other side.
            let (kinds, gm) = if lesson.is_some() {
                (vec![SeatKind::Person; seats.len()], SeatKind::Person)
            } else {
                (setup.seats.clone(), setup.gm)
            };
            commands.insert_resource(Seats::new(kinds, &seats, gm));
            if let Some(run) = lesson {
                commands.insert_resource(run);
            }
            commands.insert_resource(b);
        }
        Err(e) => {
            crate::game::platform::web::announce(&format!("FRAY ERROR {e}"));
            notice.0 = Some(e.said(&speech));
            next.set(AppState::Menu);
        }
    }
}

/// The battle, its seats and its lesson live from the start of a battle to the end of its
/// result screen.
fn end_battle(mut commands: Commands) {
    commands.remove_resource::<Battle>();
    commands.remove_resource::<Seats>();
    commands.remove_resource::<LessonRun>();
}

/// A person's decision with one legal choice offers nothing to decide: it is taken by itself,
/// and the notice says what was taken; so is a routine one, with its plain answer, where the
/// person's settings ask for it. (A lesson's steps are the lesson's to take; the table
/// rolling its own dice answers for the roll, not for the choice.)
fn take_lone_choices(
    battle: Res<Battle>,
    speech: Res<crate::game::settings::Speech>,
    seats: Res<Seats>,
    asking: Option<Res<super::table_dice::TableAsk>>,
    settings: Option<Res<crate::game::settings::Settings>>,
    mut taken_for: Local<Option<(u64, u64)>>,
    mut choose: MessageWriter<Choose>,
    mut said: ResMut<LoneTaken>,
) {
    let now = (battle.serial(), battle.version());
    if asking.is_some()
        || *taken_for == Some(now)
        || battle.session().watch_len().is_some()
        || person_deciding(&battle, &seats, None).is_none()
    {
        return;
    }
    let routine = settings
        .is_some_and(|s| s.routine_answered)
        .then(|| battle.session().routine_choice())
        .flatten();
    let (i, why) = match (battle.session().legal_len(), routine) {
        (1, _) => (0, "lone-taken"),
        (_, Some(i)) => (i, "lone-routine"),
        _ => return,
    };
    let Some(taken) = battle.session().choice(i) else {
        return;
    };
    *taken_for = Some(now);
    let described = fray_words::Value::Text(battle.say(&speech, &battle.session().describe(i)));
    said.0 = Some(speech.say_with(why, &[("choice", described)]));
    choose.write(Choose(taken));
}

/// What the notice says once a lone choice taken by itself is applied.
#[derive(Resource, Default)]
struct LoneTaken(Option<String>);

/// Applies the actions people, the AI or a replay chose. A refused action is reported, never
/// fatal. (A lesson's are judged first: `lesson::take_lesson_choices`.)
fn apply_choices(
    mut commands: Commands,
    mut reader: MessageReader<Choose>,
    mut battle: ResMut<Battle>,
    mut seats: ResMut<Seats>,
    asking: Option<Res<super::table_dice::TableAsk>>,
    mut notice: ResMut<Notice>,
    mut lone: ResMut<LoneTaken>,
    speech: Res<crate::game::settings::Speech>,
) {
    // While the table rolls for one decision, no other is taken.
    if asking.is_some() {
        reader.clear();
        return;
    }
    for Choose(action) in reader.read() {
        let holder = person_deciding(&battle, &seats, None);
        match super::table_dice::apply_asking(&mut commands, &mut battle, action) {
            Ok(applied) => {
                if holder.is_some() {
                    seats.holder = holder;
                }
                notice.0 = lone.0.take();
                if !applied {
                    // The table is asked for a roll: the rest waits.
                    reader.clear();
                    return;
                }
                // Every choice of this frame was made for the decision just taken (a click
                // beside a lone choice taken by itself, say): none is the next one's.
                reader.clear();
                return;
            }
            Err(e) => notice.0 = Some(battle.refusal(&speech, &e)),
        }
    }
}

/// Keeps the phase state in step with the core.
pub fn sync_phase(
    battle: Res<Battle>,
    seats: Res<Seats>,
    showing: Res<Showing>,
    lesson: Option<Res<LessonRun>>,
    phase: Res<State<Phase>>,
    mut next: ResMut<NextState<Phase>>,
) {
    let want = phase_for(&battle, &seats, &showing, lesson.as_deref());
    if *phase.get() != want {
        next.set(want);
    }
}
