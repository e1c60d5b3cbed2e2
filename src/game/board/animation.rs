//! The board tells the story: each event of the log plays as a short animation over the
//! tokens (a move slides, an attack draws its line, damage rises over the target), one after
//! another at the AI's pace. Nothing waits for them: a choice can be made while they play, the
//! skip key (K) ends them, and clicking a log line plays that event again.

use std::collections::VecDeque;

use bevy::prelude::*;
use leafwing_input_manager::prelude::ActionState;

use crate::game::battle::{AppState, Battle, BattleSet, News, Pace};
use crate::game::input::GameAction;
use crate::game::settings::Settings;

/// More waiting than this and the oldest are dropped: the board keeps up with the battle.
const MOST_QUEUED: usize = 24;

/// The animations under way: the log entry on the board and how far it has gone (0 to 1), and
/// those waiting. Fed by the battle's news.
#[derive(Resource, Clone, Debug, Default)]
pub struct Playing {
    pub now: Option<(usize, f32)>,
    pub waiting: VecDeque<usize>,
    /// Reduced motion: each event is shown at its end for its time.
    pub calm: bool,
    calm_clock: f32,
    /// The small moments among those queued (a state, a turn's pips, a banner): they play
    /// quicker, and a busy board drops them before any blow, fall or roll.
    small: std::collections::BTreeSet<usize>,
}

/// How much quicker a small moment plays than a big one.
const SMALL_PACE: f32 = 3.0;

/// Whether an event is a small moment: words that weigh nothing, or a banner.
pub fn is_small(visual: &crate::present::Visual) -> bool {
    use crate::present::{Tone, Visual};
    matches!(
        visual,
        Visual::Float {
            tone: Tone::Plain,
            ..
        } | Visual::Banner { .. }
    )
}

/// Where a calm animation is shown: its end, the dice settled and the shake spent.
const SETTLED: f32 = 0.97;

/// The board's clock moving on: what reads it runs after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Played;

impl Playing {
    /// Queues log entries to play, in order, each with whether it is a small moment. Past
    /// `MOST_QUEUED` the oldest small moment goes first, then the oldest of the rest.
    pub fn queue(&mut self, entries: impl IntoIterator<Item = (usize, bool)>) {
        for (e, small) in entries {
            self.waiting.push_back(e);
            if small {
                self.small.insert(e);
            }
        }
        while self.waiting.len() > MOST_QUEUED {
            let drop = self
                .waiting
                .iter()
                .position(|e| self.small.contains(e))
                .unwrap_or(0);
            if let Some(e) = self.waiting.remove(drop) {
                self.small.remove(&e);
            }
        }
    }

    /// Plays one entry again at once (a click on its log line).
    pub fn replay(&mut self, entry: usize) {
        self.now = Some((entry, self.start()));
        self.calm_clock = 0.0;
    }

    /// Where an animation starts: its beginning, or its end when calm.
    fn start(&self) -> f32 {
        if self.calm { SETTLED } else { 0.0 }
    }

    /// Ends every animation.
    pub fn skip(&mut self) {
        self.now = None;
        self.waiting.clear();
        self.small.clear();
    }

    /// Moves the clock on by `step`, a fraction of one animation (of a big moment: a small
    /// one goes quicker).
    pub fn advance(&mut self, step: f32) {
        let start = self.start();
        let step = match self.now {
            Some((e, _)) if self.small.contains(&e) => step * SMALL_PACE,
            _ => step,
        };
        match &mut self.now {
            Some((_, t)) if self.calm => {
                *t = SETTLED;
                self.calm_clock += step;
                if self.calm_clock >= 1.0 {
                    self.now = None;
                }
            }
            Some((_, t)) => {
                *t += step;
                if *t >= 1.0 {
                    self.now = None;
                }
            }
            None => {
                self.now = self.waiting.pop_front().map(|e| (e, start));
                // What has played is forgotten; what waits, or plays now, is kept.
                let (waiting, now) = (&self.waiting, self.now);
                self.small
                    .retain(|e| now.is_some_and(|(n, _)| n == *e) || waiting.contains(e));
                self.calm_clock = 0.0;
            }
        }
    }

    pub fn is_idle(&self) -> bool {
        self.now.is_none() && self.waiting.is_empty()
    }
}

/// How long one animation lasts: the AI's pause, shorter with the fast AI.
pub fn duration(pace: &Pace) -> f32 {
    if pace.fast {
        0.2
    } else {
        pace.pause.clamp(0.3, 0.8)
    }
}

pub struct AnimationPlugin;

impl Plugin for AnimationPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Playing>()
            .add_systems(OnEnter(AppState::Battle), |mut p: ResMut<Playing>| {
                *p = Playing::default()
            })
            .add_systems(
                Update,
                (follow_news, skip_key, play.in_set(Played))
                    .chain()
                    .in_set(BattleSet::Follow),
            )
            .add_systems(
                Update,
                calm_board
                    .before(Played)
                    .run_if(resource_exists::<Settings>),
            );
    }
}

/// Reduced motion, as the settings say.
fn calm_board(settings: Res<Settings>, mut playing: ResMut<Playing>) {
    playing.calm = settings.reduced_motion;
}

fn follow_news(mut news: MessageReader<News>, battle: Res<Battle>, mut playing: ResMut<Playing>) {
    for n in news.read() {
        match n {
            News::Applied { log, .. } => playing.queue(log.clone().map(|e| {
                let small = battle
                    .log()
                    .get(e)
                    .and_then(|l| l.visual.as_ref())
                    .is_some_and(is_small);
                (e, small)
            })),
            News::Replaced => *playing = Playing::default(),
        }
    }
}

fn play(time: Res<Time>, pace: Res<Pace>, battle: Res<Battle>, mut playing: ResMut<Playing>) {
    let step = time.delta_secs() / duration(&pace);
    // Entries with nothing to show pass at once.
    for _ in 0..MOST_QUEUED {
        playing.advance(step);
        match playing.now {
            Some((e, _)) if battle.log().get(e).is_none_or(|l| l.visual.is_none()) => {
                playing.now = None;
            }
            _ => break,
        }
    }
}

fn skip_key(actions: Single<&ActionState<GameAction>>, mut playing: ResMut<Playing>) {
    if actions.just_pressed(&GameAction::Skip) {
        playing.skip();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn animations_play_in_turn_and_the_skip_ends_them() {
        let mut p = Playing::default();
        p.queue([(3, false), (4, false)]);
        p.advance(0.5);
        assert_eq!(p.now, Some((3, 0.0)));
        p.advance(0.5);
        p.advance(0.6);
        assert_eq!(p.now, None, "the first is over");
        p.advance(0.1);
        assert_eq!(p.now, Some((4, 0.0)));
        p.skip();
        assert!(p.is_idle());
        p.queue((0..100).map(|e| (e, false)));
        assert_eq!(p.waiting.len(), MOST_QUEUED, "the board keeps up");
        assert_eq!(p.waiting.front(), Some(&76));
        p.replay(2);
        assert_eq!(p.now, Some((2, 0.0)));
    }

    /// A small moment (a turn's pips, a banner) plays quicker than a blow, and a busy board
    /// drops small moments before any big one.
    #[test]
    fn small_moments_pass_quicker_and_go_first_from_a_busy_board() {
        let mut p = Playing::default();
        p.queue([(1, true), (2, false)]);
        p.advance(0.1);
        assert_eq!(p.now, Some((1, 0.0)));
        p.advance(0.4);
        assert_eq!(p.now, None, "the small one is over in a third of the time");
        p.advance(0.1);
        assert_eq!(p.now, Some((2, 0.0)));
        p.advance(0.4);
        assert!(p.now.is_some(), "the big one takes its full time");
        p.skip();
        // Thirty entries, every third big: the board keeps every big one it can.
        p.queue((0..30).map(|e| (e, e % 3 != 0)));
        assert_eq!(p.waiting.len(), MOST_QUEUED);
        assert!(
            (0..30)
                .filter(|e| e % 3 == 0)
                .all(|e| p.waiting.contains(&e))
        );
        assert_eq!(p.waiting.front(), Some(&0), "the oldest big one is kept");
    }

    #[test]
    fn calm_animations_show_their_end_for_their_time() {
        let mut p = Playing {
            calm: true,
            ..Playing::default()
        };
        p.queue([(3, false), (4, false)]);
        p.advance(0.1);
        assert_eq!(p.now, Some((3, SETTLED)), "it starts at its end");
        p.advance(0.5);
        assert_eq!(p.now, Some((3, SETTLED)), "and stays there");
        p.advance(0.6);
        assert_eq!(p.now, None, "for its time");
        p.advance(0.1);
        assert_eq!(p.now, Some((4, SETTLED)));
    }
}
