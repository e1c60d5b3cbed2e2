//! What the battle sounds like: a cue for each blow, step, guard and fall the board plays, the
//! dice rolling and settling, a decision taken, the turn coming to a person, the battle's end.
//! This half only decides which cue sounds and how hard (`Sound` messages), so a test can
//! count them without speakers; `speakers` plays them, and the music, at the player's volume.

mod speakers;

use bevy::prelude::*;

use crate::game::battle::{
    AppState, Battle, BattleSet, LessonRun, Moment, Phase, SeatKind, Seats, person_deciding,
};
use crate::game::board::SETTLE;
use crate::game::board::{Played, Playing};
use crate::present::{Tone, Visual};
use crate::rules::battle::{Outcome, Pending, Seat};

/// The effects, one file each under `assets/sound/` (made by `scripts/sound.py`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cue {
    Step,
    Swing,
    Hit,
    Critical,
    Miss,
    Guard,
    Fall,
    Blast,
    DiceRoll,
    DiceSettle,
    Tally,
    Choose,
    YourTurn,
    Victory,
    Defeat,
}

impl Cue {
    pub const ALL: [Cue; 15] = [
        Cue::Step,
        Cue::Swing,
        Cue::Hit,
        Cue::Critical,
        Cue::Miss,
        Cue::Guard,
        Cue::Fall,
        Cue::Blast,
        Cue::DiceRoll,
        Cue::DiceSettle,
        Cue::Tally,
        Cue::Choose,
        Cue::YourTurn,
        Cue::Victory,
        Cue::Defeat,
    ];

    /// The file under `assets/`.
    pub fn file(self) -> &'static str {
        match self {
            Cue::Step => "sound/step.wav",
            Cue::Swing => "sound/swing.wav",
            Cue::Hit => "sound/hit.wav",
            Cue::Critical => "sound/critical.wav",
            Cue::Miss => "sound/miss.wav",
            Cue::Guard => "sound/guard.wav",
            Cue::Fall => "sound/fall.wav",
            Cue::Blast => "sound/blast.wav",
            Cue::DiceRoll => "sound/dice-roll.wav",
            Cue::DiceSettle => "sound/dice-settle.wav",
            Cue::Tally => "sound/tally.wav",
            Cue::Choose => "sound/choose.wav",
            Cue::YourTurn => "sound/your-turn.wav",
            Cue::Victory => "sound/victory.wav",
            Cue::Defeat => "sound/defeat.wav",
        }
    }
}

/// The music: one loop for the menus, one for battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tune {
    Menu,
    Battle,
}

impl Tune {
    pub const ALL: [Tune; 2] = [Tune::Menu, Tune::Battle];

    pub fn file(self) -> &'static str {
        match self {
            Tune::Menu => "sound/music-menu.wav",
            Tune::Battle => "sound/music-battle.wav",
        }
    }

    /// What plays on a screen.
    pub fn for_state(state: AppState) -> Tune {
        match state {
            AppState::Menu | AppState::Learn | AppState::Camp => Tune::Menu,
            AppState::Battle | AppState::Result => Tune::Battle,
        }
    }
}

/// Every sound file, effects and music, under `assets/`. The browser's speakers fetch them all
/// at once; on the desktop only the tests read the list.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn files() -> impl Iterator<Item = &'static str> {
    Cue::ALL
        .iter()
        .map(|c| c.file())
        .chain(Tune::ALL.iter().map(|t| t.file()))
}

/// One effect to play: how loud against the effects volume (0 to 1), and how fast (a heavy
/// blow is played slower, so lower).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Sound {
    pub cue: Cue,
    pub gain: f32,
    pub speed: f32,
}

impl Sound {
    pub fn of(cue: Cue) -> Sound {
        Sound {
            cue,
            gain: 1.0,
            speed: 1.0,
        }
    }
}

/// Harm this large or more sounds as hard as a blow can.
const HEAVY: u32 = 12;

/// What the board's animation of `visual` sounds like. Plain words over a token (a state, a
/// turn's pips) and banners pass in silence: they come with almost every action, and a sound
/// for each would bury the blows; a roll's dice sound of their own (`cue_board`).
pub fn cue_of(visual: &Visual) -> Option<Sound> {
    let sound = match visual {
        Visual::Slide { .. } => Sound::of(Cue::Step),
        Visual::Strike { .. } => Sound::of(Cue::Swing),
        Visual::Float { tone, .. } => match *tone {
            Tone::Plain => return None,
            Tone::Harm(0) => Sound {
                gain: 0.5,
                ..Sound::of(Cue::Hit)
            },
            Tone::Harm(n) => {
                let k = n.min(HEAVY) as f32 / HEAVY as f32;
                Sound {
                    cue: Cue::Hit,
                    gain: 0.6 + 0.4 * k,
                    speed: 1.1 - 0.35 * k,
                }
            }
            Tone::Miss => Sound::of(Cue::Miss),
            Tone::Guard => Sound::of(Cue::Guard),
            Tone::Critical => Sound::of(Cue::Critical),
        },
        Visual::Fall { .. } => Sound::of(Cue::Fall),
        Visual::Flash { .. } => Sound::of(Cue::Blast),
        Visual::Tally { .. } => Sound::of(Cue::Tally),
        Visual::Banner { .. } => return None,
    };
    Some(sound)
}

/// How the battle ended for the people at the screen: a win for one of theirs (or, with no
/// person playing, for anyone) is a victory; a loss or a draw is not.
pub fn ending(outcome: &Outcome, seats: &Seats) -> Cue {
    match outcome {
        Outcome::Victory { winner, .. } => {
            let person_won = seats.kind(Seat::Faction(*winner)) == SeatKind::Person;
            if person_won || seats.people() == 0 {
                Cue::Victory
            } else {
                Cue::Defeat
            }
        }
        Outcome::Draw { .. } => Cue::Defeat,
    }
}

/// The cues, decided without speakers (the headless tests count them).
pub(super) fn plugin(app: &mut App) {
    app.add_message::<Sound>()
        .add_systems(
            Update,
            (cue_board.after(Played), cue_turns).in_set(BattleSet::Follow),
        )
        .add_systems(OnEnter(Phase::Over), cue_ending);
}

/// The speakers that play the cues, and the music, with a window only.
pub(super) fn windowed(app: &mut App) {
    app.add_plugins(speakers::SpeakersPlugin);
}

/// The event the board last sounded, and where its dice stood.
#[derive(Default)]
struct Heard {
    entry: Option<usize>,
    t: f32,
    dice_settled: bool,
}

/// Each event as the board starts playing it; a roll's dice as they tumble and as they settle.
fn cue_board(
    battle: Res<Battle>,
    playing: Res<Playing>,
    mut heard: Local<Heard>,
    mut out: MessageWriter<Sound>,
) {
    let Some((entry, t)) = playing.now else {
        return;
    };
    let Some(line) = battle.log().get(entry) else {
        return;
    };
    let rolled = line
        .explanation
        .as_ref()
        .is_some_and(|x| !x.dice.is_empty());
    // A new event, or the same one played again from its start (a click on its log line).
    if heard.entry != Some(entry) || t < heard.t {
        if let Some(s) = line.visual.as_ref().and_then(cue_of) {
            out.write(s);
        }
        if rolled && t < SETTLE {
            out.write(Sound::of(Cue::DiceRoll));
        }
        heard.dice_settled = false;
    }
    if rolled && !heard.dice_settled && t >= SETTLE {
        out.write(Sound::of(Cue::DiceSettle));
        heard.dice_settled = true;
    }
    heard.entry = Some(entry);
    heard.t = t;
}

/// Whether a person was deciding, and the battle as it was then.
#[derive(Default)]
struct Turns {
    deciding: bool,
    serial: u64,
    /// A lesson's answer is a decision taken too.
    at: Moment,
}

/// The turn coming to a person, and a person's decision taken.
fn cue_turns(
    battle: Res<Battle>,
    seats: Res<Seats>,
    phase: Res<State<Phase>>,
    lesson: Option<Res<LessonRun>>,
    mut last: Local<Turns>,
    mut out: MessageWriter<Sound>,
) {
    let deciding = *phase.get() == Phase::Deciding
        && person_deciding(&battle, &seats, lesson.as_deref()).is_some();
    let now = battle.moment(lesson.as_deref());
    let same_battle = last.serial == battle.serial();
    if same_battle && last.deciding && now != last.at {
        out.write(Sound::of(Cue::Choose));
    }
    if deciding && !(same_battle && last.deciding) {
        out.write(Sound::of(Cue::YourTurn));
    }
    *last = Turns {
        deciding,
        serial: battle.serial(),
        at: now,
    };
}

fn cue_ending(battle: Res<Battle>, seats: Res<Seats>, mut out: MessageWriter<Sound>) {
    if let Pending::Over(outcome) = battle.pending() {
        out.write(Sound::of(ending(&outcome, &seats)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toned(tone: Tone) -> Visual {
        Visual::toned(0, "", tone)
    }

    /// Every kind of moment the board plays has its own sound: a step, an attack on its way,
    /// a blow, a miss, a guard, a critical, a fall, a blast, an effort. Words and banners pass
    /// quietly (the dice they roll sound on their own).
    #[test]
    fn every_blow_step_and_fall_the_board_plays_has_a_sound() {
        let heard = |v: Visual| cue_of(&v).map(|s| s.cue);
        let cases = [
            (
                Visual::Slide {
                    token: 0,
                    from: 0,
                    to: 1,
                    text: String::new(),
                },
                Cue::Step,
            ),
            (Visual::Strike { from: 0, to: 1 }, Cue::Swing),
            (toned(Tone::Harm(3)), Cue::Hit),
            (toned(Tone::Miss), Cue::Miss),
            (toned(Tone::Guard), Cue::Guard),
            (toned(Tone::Critical), Cue::Critical),
            (Visual::Fall { token: 0 }, Cue::Fall),
            (Visual::Flash { place: 0 }, Cue::Blast),
            (
                Visual::Tally {
                    bars: vec![(0, 3)],
                    winner: None,
                },
                Cue::Tally,
            ),
        ];
        for (visual, cue) in cases {
            assert_eq!(heard(visual), Some(cue));
        }
        assert_eq!(heard(toned(Tone::Plain)), None);
        assert_eq!(
            heard(Visual::Banner {
                text: "Round 2".into()
            }),
            None
        );
    }

    #[test]
    fn a_heavier_blow_sounds_louder_and_lower() {
        let scratch = cue_of(&toned(Tone::Harm(2))).unwrap();
        let heavy = cue_of(&toned(Tone::Harm(15))).unwrap();
        assert!(heavy.gain > scratch.gain && heavy.gain <= 1.0);
        assert!(heavy.speed < scratch.speed);
    }

    #[test]
    fn a_person_hears_their_own_victory_or_defeat() {
        use crate::ai::Level;
        let seats = [Seat::Faction(0), Seat::Faction(1)];
        let person_first = Seats::new(
            vec![SeatKind::Person, SeatKind::Ai(Level::Normal)],
            &seats,
            SeatKind::Ai(Level::Normal),
        );
        let ais = Seats::new(vec![], &seats, SeatKind::Ai(Level::Normal));
        let won = |w| Outcome::Victory {
            winner: w,
            how: Default::default(),
        };
        assert_eq!(ending(&won(0), &person_first), Cue::Victory);
        assert_eq!(ending(&won(1), &person_first), Cue::Defeat);
        assert_eq!(ending(&won(1), &ais), Cue::Victory, "a battle watched");
        let draw = Outcome::Draw {
            how: Default::default(),
        };
        assert_eq!(ending(&draw, &person_first), Cue::Defeat);
    }

    /// Every sound is a WAV file that is there, none is left unused, and all of them together
    /// keep within the 2 MB the game allows its audio.
    #[test]
    fn the_sounds_are_wav_files_within_their_budget() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
        let files: Vec<&str> = files().collect();
        let mut total = 0;
        for f in &files {
            let bytes = std::fs::read(root.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
            assert!(
                bytes.len() > 44 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WAVE",
                "{f} is not a WAV file"
            );
            total += bytes.len();
        }
        assert!(total <= 2_000_000, "the sounds take {total} bytes");
        for entry in std::fs::read_dir(root.join("sound")).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".wav") {
                let path = format!("sound/{name}");
                assert!(files.contains(&path.as_str()), "{path} is never played");
            }
        }
    }
}
