//! Input through leafwing-input-manager: named actions with default mouse and keyboard
//! bindings, so every decision is reachable from the keyboard and keys can be rebound; the
//! cursor over a decision's choices and the rows it moves along, which the battle screen's
//! keys (`screens/battle_keys.rs`) and the board's clicks both move; an Enter let go while the
//! screen settles. The bindings themselves, kept between runs and changed on the keys screen,
//! are `keys`.

mod keys;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::game::battle::{AppState, Battle, BattleSet, Choice, Moment, Phase, Seats};

#[cfg(test)]
pub use keys::key_names;
pub use keys::{Bindings, GameAction, KeysScreen, default_keys, key_name};
pub(crate) use keys::{DIGIT_KEYS, keys_closed, keys_window, load_bindings, no_text_typed};

/// The keyboard's place in the action menu (a row of [`rows`]), the target filter and the
/// verb opened.
#[derive(Resource, Default, Debug)]
pub struct Cursor {
    pub index: usize,
    pub target: Option<usize>,
    /// The verb whose choices the menu lists, opened from a long menu's verb row.
    pub verb: Option<&'static str>,
    /// The steps of a composed choice taken so far (Coterie's harm, piece by piece).
    pub picked: Vec<String>,
    /// The decision the cursor was set up for.
    pub moment: Moment,
    /// A choice that cannot be taken back, chosen once: choosing it again takes it.
    pub armed: Option<usize>,
}

impl Cursor {
    /// The choices about `target` (all of them for None), from the top: out of any verb or
    /// composition.
    pub fn filter_to(&mut self, target: Option<usize>) {
        self.target = target;
        self.verb = None;
        self.picked.clear();
        self.index = 0;
    }
}

/// Choice `i`, taken: at once, or, for one that cannot be taken back, the second time.
pub fn pick(battle: &Battle, cursor: &mut Cursor, i: usize) -> Option<Choice> {
    if battle.session().irreversible(i) && cursor.armed != Some(i) {
        cursor.armed = Some(i);
        return None;
    }
    cursor.armed = None;
    battle.session().choice(i)
}

/// Which windows are open: none to begin with (a lesson opens the log).
#[derive(Resource, Debug, Default)]
pub struct Panels {
    pub log: bool,
    pub help: bool,
    pub why: bool,
    /// The log entry whose roll breakdown is open.
    pub breakdown: Option<usize>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<GameAction>::default())
        .init_resource::<Cursor>()
        .init_resource::<Panels>()
        .init_resource::<Settle>()
        .configure_sets(Update, Settled.before(BattleSet::Apply))
        .add_systems(Update, let_go_of_stale_enter.in_set(Settled))
        .add_plugins(keys::KeyBindingsPlugin)
        .add_systems(
            PreUpdate,
            keep_quick_taps.after(leafwing_input_manager::plugin::InputManagerSystem::Update),
        )
        // The log is folded away so the board has the room, except in a lesson, which
        // points at it; L opens and closes it.
        .add_systems(
            OnEnter(AppState::Battle),
            |setup: Res<crate::game::battle::BattleSetup>, mut panels: ResMut<Panels>| {
                panels.log = setup.lesson.is_some();
            },
        );
}

/// How long after the screen changes (another state, phase or decision) an Enter is taken as
/// meant for the screen before. A person pressing Enter on a prompt that changes under their
/// finger (an AI's move, the last step of a battle) would otherwise answer the new one unseen.
#[derive(Resource, Debug)]
pub struct Settle {
    pub grace: f32,
    seen: Option<(AppState, Option<Phase>, Option<(u64, u64)>)>,
    since: f32,
    /// An Enter let go is held down still: it stays let go until the key comes up.
    swallowing: bool,
}

impl Default for Settle {
    fn default() -> Self {
        Settle::after(0.3)
    }
}

impl Settle {
    /// Enter is taken only `grace` seconds after the screen changed.
    pub fn after(grace: f32) -> Settle {
        Settle {
            grace,
            seen: None,
            since: 0.0,
            swallowing: false,
        }
    }
}

/// The screen settling: what reads Enter runs after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Settled;

/// Lets go of an Enter pressed while the screen is still new: it acts on nothing, and holding
/// it down does not press it again.
fn let_go_of_stale_enter(
    time: Res<Time>,
    app_state: Res<State<AppState>>,
    phase: Option<Res<State<Phase>>>,
    battle: Option<Res<Battle>>,
    mut settle: ResMut<Settle>,
    mut actions: Query<&mut ActionState<GameAction>>,
) {
    let screen = (
        *app_state.get(),
        phase.map(|p| *p.get()),
        battle.map(|b| (b.serial(), b.version())),
    );
    let now = time.elapsed_secs();
    if settle.seen != Some(screen) {
        settle.seen = Some(screen);
        settle.since = now;
    }
    let fresh = now - settle.since < settle.grace;
    for mut state in &mut actions {
        if !state.pressed(&GameAction::Confirm) {
            settle.swallowing = false;
        } else if settle.swallowing || (fresh && state.just_pressed(&GameAction::Confirm)) {
            settle.swallowing = true;
            state.release(&GameAction::Confirm);
        }
    }
}

/// A key or a click let go before the frame that reads it is still a press: leafwing reads
/// whether a button is down once a frame, which misses a quick tap on a slow machine, while
/// Bevy's own input keeps it as pressed this frame.
fn keep_quick_taps(
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    bindings: Res<keys::Bindings>,
    mut actions: Query<&mut ActionState<GameAction>>,
) {
    let tapped = |held: bool, just: bool| just && !held;
    for mut state in &mut actions {
        for (action, codes) in &bindings.0 {
            if codes
                .iter()
                .any(|k| tapped(keys.pressed(*k), keys.just_pressed(*k)))
                && !state.just_pressed(action)
            {
                state.press(action);
            }
        }
        if tapped(
            mouse.pressed(MouseButton::Left),
            mouse.just_pressed(MouseButton::Left),
        ) && !state.just_pressed(&GameAction::Select)
        {
            state.press(&GameAction::Select);
        }
    }
}

/// The choices the menu shows, in order, as indices into the legal actions: all of them, or
/// those naming the filtered character.
pub fn shown_choices(battle: &Battle, target: Option<usize>) -> Vec<usize> {
    let all: Vec<usize> = (0..battle.session().legal_len()).collect();
    match target {
        None => all,
        Some(t) => {
            let filtered: Vec<usize> = all
                .iter()
                .copied()
                .filter(|&i| battle.session().focus(i).names.contains(&t))
                .collect();
            if filtered.is_empty() { all } else { filtered }
        }
    }
}

/// The most rows the action menu lists at once: past it, choices come under their verbs.
pub const MAX_ROWS: usize = 12;

/// The most cards a composed choice shows at once: past it, it is composed step by step.
pub const MAX_CARDS: usize = 6;

/// A row of the action menu: a choice, a verb that opens its choices, or the next step of a
/// composed choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    Choice(usize),
    Verb {
        verb: &'static str,
        /// How many choices it opens, and the first of them.
        count: usize,
        first: usize,
    },
    /// Step `depth` of a composition, as choice `at` takes it; `count` choices go on from it.
    Part {
        at: usize,
        depth: usize,
        count: usize,
    },
}

impl Row {
    /// Whether choice `i` is this row or under it.
    pub fn holds(self, battle: &Battle, i: usize) -> bool {
        match self {
            Row::Choice(c) => c == i,
            Row::Verb { verb, .. } => battle.session().verb(i) == Some(verb),
            Row::Part { at, depth, .. } => {
                match (battle.session().parts(at), battle.session().parts(i)) {
                    (Some(a), Some(b)) => b.len() > depth && a[..=depth] == b[..=depth],
                    _ => false,
                }
            }
        }
    }

    /// The words of a step of a composition.
    pub fn part_words(self, battle: &Battle) -> Option<String> {
        match self {
            Row::Part { at, depth, .. } => battle.session().parts(at)?.get(depth).cloned(),
            _ => None,
        }
    }
}

/// The rows of a decision whose choices are composed step by step, past [`MAX_CARDS`] of
/// them: the choices the steps taken make whole, then each next step once. None where the
/// decision is not so composed.
fn composed_rows(battle: &Battle, cursor: &Cursor, shown: &[usize]) -> Option<Vec<Row>> {
    if shown.len() <= MAX_CARDS {
        return None;
    }
    let parts: Vec<(usize, Vec<String>)> = shown
        .iter()
        .map(|&i| battle.session().parts(i).map(|p| (i, p)))
        .collect::<Option<_>>()?;
    let depth = cursor.picked.len();
    let going: Vec<&(usize, Vec<String>)> = parts
        .iter()
        .filter(|(_, p)| p.starts_with(&cursor.picked))
        .collect();
    let mut out: Vec<Row> = going
        .iter()
        .filter(|(_, p)| p.len() == depth)
        .map(|(i, _)| Row::Choice(*i))
        .collect();
    // Each next step once, with its row in `out`.
    let mut steps: Vec<(&str, usize)> = Vec::new();
    for (i, p) in going.iter().filter(|(_, p)| p.len() > depth) {
        let step = p[depth].as_str();
        match steps.iter().find(|(s, _)| *s == step) {
            Some(&(_, r)) => {
                if let Row::Part { count, .. } = &mut out[r] {
                    *count += 1;
                }
            }
            None => {
                steps.push((step, out.len()));
                out.push(Row::Part {
                    at: *i,
                    depth,
                    count: 1,
                });
            }
        }
    }
    Some(out)
}

/// The verb the cursor opened, where any of `shown` comes under it (a verb opened on an
/// earlier list, or with another target, is passed over).
fn open_verb(battle: &Battle, cursor: &Cursor, shown: &[usize]) -> Option<&'static str> {
    cursor
        .verb
        .filter(|&v| shown.iter().any(|&i| battle.session().verb(i) == Some(v)))
}

/// The choices under the cursor's filters: the target's, and the verb opened.
pub fn filtered_choices(battle: &Battle, cursor: &Cursor) -> Vec<usize> {
    let shown = shown_choices(battle, cursor.target);
    match open_verb(battle, cursor, &shown) {
        Some(v) => shown
            .into_iter()
            .filter(|&i| battle.session().verb(i) == Some(v))
            .collect(),
        None => shown,
    }
}

/// The action menu's rows: every choice where they fit in [`MAX_ROWS`] (or a verb is open);
/// otherwise each verb once, in the order its first choice comes, and the choices without a
/// verb (or alone under theirs) on rows of their own.
pub fn rows(battle: &Battle, cursor: &Cursor) -> Vec<Row> {
    let shown = filtered_choices(battle, cursor);
    if cursor.verb.is_none()
        && let Some(rows) = composed_rows(battle, cursor, &shown)
    {
        return rows;
    }
    if open_verb(battle, cursor, &shown).is_some() || shown.len() <= MAX_ROWS {
        return shown.into_iter().map(Row::Choice).collect();
    }
    let mut out: Vec<Row> = Vec::new();
    for i in shown {
        let Some(v) = battle.session().verb(i) else {
            out.push(Row::Choice(i));
            continue;
        };
        match out
            .iter_mut()
            .find(|r| matches!(r, Row::Verb { verb, .. } if *verb == v))
        {
            Some(Row::Verb { count, .. }) => *count += 1,
            _ => out.push(Row::Verb {
                verb: v,
                count: 1,
                first: i,
            }),
        }
    }
    // The ruleset's first verbs lead, in its order; the rest keep theirs.
    let first = battle.session().verbs_first();
    let rank = |r: &Row| match r {
        Row::Verb { verb, .. } => first.iter().position(|v| v == verb).unwrap_or(first.len()),
        Row::Choice(_) | Row::Part { .. } => first.len(),
    };
    out.sort_by_key(rank);
    out.into_iter()
        .map(|r| match r {
            Row::Verb {
                count: 1, first, ..
            } => Row::Choice(first),
            r => r,
        })
        .collect()
}

/// The attack whose odds stand beside character `t` on the board: the highlighted row's if
/// it strikes at them, else the first choice listed that does (one whose focus marks their
/// token as harmed).
pub fn attack_on(battle: &Battle, cursor: &Cursor, t: usize) -> Option<usize> {
    let strikes = |i: usize| {
        battle
            .session()
            .focus(i)
            .token
            .is_some_and(|(c, m)| c == t && m == crate::present::Mark::Harm)
    };
    highlighted_row(&rows(battle, cursor), cursor)
        .map(row_choice)
        .filter(|&i| strikes(i))
        .or_else(|| (0..battle.session().legal_len()).find(|&i| strikes(i)))
}

/// A click on character `t`'s token: the attack whose odds stand beside them, taken (see
/// [`pick`]), where a choice strikes at them; otherwise the choices about them, filtered.
pub fn token_clicked(battle: &Battle, cursor: &mut Cursor, t: usize) -> Option<Choice> {
    if let Some(i) = attack_on(battle, cursor, t) {
        return pick(battle, cursor, i);
    }
    cursor.filter_to(Some(t));
    None
}

/// The row the cursor stands on among `rows` (the last, if it stood past them).
pub fn highlighted_row(rows: &[Row], cursor: &Cursor) -> Option<Row> {
    rows.get(cursor.index.min(rows.len().saturating_sub(1)))
        .copied()
}

/// The row holding choice `i`, or the first.
pub fn row_of(battle: &Battle, rows: &[Row], i: usize) -> usize {
    rows.iter().position(|r| r.holds(battle, i)).unwrap_or(0)
}

/// The choice a row stands for on the board: itself, a verb's first, or a step's.
pub fn row_choice(row: Row) -> usize {
    match row {
        Row::Choice(i) => i,
        Row::Verb { first, .. } => first,
        Row::Part { at, .. } => at,
    }
}

/// Characters named by the current choices, for Tab, in id order.
pub fn targets(battle: &Battle) -> Vec<usize> {
    let mut named: Vec<usize> = (0..battle.session().legal_len())
        .flat_map(|i| battle.session().focus(i).names)
        .collect();
    named.sort_unstable();
    named.dedup();
    named
}

/// A row taken: a choice chosen (see [`pick`]), or a verb opened.
pub fn take_row(battle: &Battle, cursor: &mut Cursor, row: Row) -> Option<Choice> {
    match row {
        Row::Choice(i) => pick(battle, cursor, i),
        Row::Verb { verb, .. } => {
            cursor.verb = Some(verb);
            cursor.index = 0;
            cursor.armed = None;
            None
        }
        Row::Part { .. } => {
            cursor.picked.extend(row.part_words(battle));
            cursor.index = 0;
            cursor.armed = None;
            None
        }
    }
}

/// Esc: a step of a composition taken back, else out of the verb opened (back onto its
/// row), else off the target filter.
pub fn back(battle: &Battle, cursor: &mut Cursor) {
    if cursor.picked.pop().is_some() {
        cursor.index = 0;
        return;
    }
    match cursor.verb.take() {
        Some(v) => {
            let rows = rows(battle, cursor);
            cursor.index = rows
                .iter()
                .position(|r| matches!(r, Row::Verb { verb, .. } if *verb == v))
                .unwrap_or(0);
        }
        None => cursor.filter_to(None),
    }
}

/// The person whose decision is pending now holds the screen.
pub fn take_screen(battle: &Battle, seats: &mut Seats) {
    if let Some(seat) = battle.session().pending().seat() {
        seats.holder = Some(seat);
    }
}

/// Whether the person at the screen may take back the last decision now: it rolled nothing
/// and revealed nothing, a person took it, and that person is still the one deciding (in
/// hot-seat, never once the other side has decided). (A lesson's line is never taken back:
/// its screens do not ask.)
pub fn may_undo(battle: &Battle, seats: &Seats) -> bool {
    let Some(seat) = battle.session().undoable() else {
        return false;
    };
    if battle.ironman() {
        return false;
    }
    battle.session().watch_len().is_none()
        && seats.kind(seat) == crate::game::battle::SeatKind::Person
        && battle.session().pending().seat() == Some(seat)
}
