//! The menu by keyboard alone: a cursor over its rows (the top bar's buttons, each scenario,
//! the random skirmish's settings, the seats, the seed, the optional rules, Start). Up and
//! Down or Tab walk it; Left and Right change the row's value; Enter on a scenario selects it,
//! and only Start starts. The menu screen (`menu.rs`) draws the cursor where this puts it.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::skirmish::RandomSkirmish;
use crate::ai::Level;
use crate::game::battle::{AppState, BattleSetup, SavedBattles, SeatKind};
use crate::game::input::{GameAction, KeysScreen};
use crate::game::screens::menu_choices::{Catalogue, draw_skirmish, shown_options};
use crate::generate::{self, Size};

/// A row the keyboard can stand on, in the order the menu shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuRow {
    Continue,
    Learn,
    Keys,
    Credits,
    Scenario(usize),
    SkirmishRuleset,
    SkirmishSize,
    SkirmishSeed,
    SkirmishDraw,
    SkirmishSave,
    Seat(usize),
    Gm,
    Seed,
    Option(usize),
    TableDice,
    Start,
}

/// Where the keyboard stands on the menu. It starts on Start, so Enter plays the scenario
/// chosen, as it always has.
#[derive(Resource, Debug)]
pub struct MenuCursor {
    pub row: MenuRow,
    /// The keyboard moved it this frame: the menu scrolls it into view.
    pub moved: bool,
    pub credits: bool,
}

impl Default for MenuCursor {
    fn default() -> Self {
        MenuCursor {
            row: MenuRow::Start,
            moved: false,
            credits: false,
        }
    }
}

/// What the menu asks the app to do, besides changing the setup.
#[derive(Debug, PartialEq, Eq)]
enum MenuGo {
    Stay,
    Battle,
    Learn,
    Continue,
}

/// The seat choices, in the order Left and Right walk them.
pub const SEAT_KINDS: [SeatKind; 4] = [
    SeatKind::Person,
    SeatKind::Ai(Level::Easy),
    SeatKind::Ai(Level::Normal),
    SeatKind::Ai(Level::Hard),
];

/// The menu's rows as it shows them now.
pub fn rows(
    setup: &BattleSetup,
    catalogue: &Catalogue,
    saved: Option<&SavedBattles>,
) -> Vec<MenuRow> {
    let mut out = Vec::new();
    if saved.is_some_and(|s| s.latest().is_some()) {
        out.push(MenuRow::Continue);
    }
    out.extend([MenuRow::Learn, MenuRow::Keys, MenuRow::Credits]);
    out.extend((0..catalogue.0.len()).map(MenuRow::Scenario));
    out.extend([
        MenuRow::SkirmishRuleset,
        MenuRow::SkirmishSize,
        MenuRow::SkirmishSeed,
        MenuRow::SkirmishDraw,
        MenuRow::SkirmishSave,
    ]);
    let entry = catalogue.chosen(setup);
    if let Some(e) = entry {
        out.extend((0..e.seats.len()).map(MenuRow::Seat));
        if e.gm.is_some() {
            out.push(MenuRow::Gm);
        }
    }
    out.push(MenuRow::Seed);
    out.extend((0..shown_options(setup, entry).len()).map(MenuRow::Option));
    out.extend([MenuRow::TableDice, MenuRow::Start]);
    out
}

/// One step through a list that wraps: `by` is +1 or -1.
fn step<T: Copy + PartialEq>(list: &[T], now: T, by: isize) -> T {
    let n = list.len() as isize;
    let at = list.iter().position(|x| *x == now).unwrap_or(0) as isize;
    list[(at + by).rem_euclid(n) as usize]
}

/// A key on the menu, as the cursor's row takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuKey {
    Next,
    Previous,
    /// Left (-1) or Right (+1).
    Change(isize),
    Confirm,
    Digit(u8),
    Backspace,
}

/// Everything a menu key may change.
pub struct MenuWorld<'a> {
    pub cursor: &'a mut MenuCursor,
    pub setup: &'a mut BattleSetup,
    pub catalogue: &'a mut Catalogue,
    pub random: &'a mut RandomSkirmish,
    pub saved: Option<&'a SavedBattles>,
    pub keys_screen: &'a mut KeysScreen,
    pub notice: &'a mut Option<String>,
    /// The words a notice is written in.
    pub words: &'a crate::words::Words,
}

/// Takes one key: moves the cursor or acts on its row.
fn press(w: &mut MenuWorld, key: MenuKey) -> MenuGo {
    let rows = rows(w.setup, w.catalogue, w.saved);
    if !rows.contains(&w.cursor.row) {
        w.cursor.row = MenuRow::Start;
    }
    let row = w.cursor.row;
    match key {
        MenuKey::Next | MenuKey::Previous => {
            let by = if key == MenuKey::Next { 1 } else { -1 };
            w.cursor.row = step(&rows, row, by);
            w.cursor.moved = true;
            MenuGo::Stay
        }
        MenuKey::Confirm => confirm(w, row),
        MenuKey::Change(by) => {
            change(w, row, by);
            MenuGo::Stay
        }
        MenuKey::Digit(d) => {
            if let Some(seed) = seed_of(w, row) {
                *seed = seed.saturating_mul(10).saturating_add(u64::from(d));
            }
            MenuGo::Stay
        }
        MenuKey::Backspace => {
            if let Some(seed) = seed_of(w, row) {
                *seed /= 10;
            }
            MenuGo::Stay
        }
    }
}

fn seed_of<'b>(w: &'b mut MenuWorld, row: MenuRow) -> Option<&'b mut u64> {
    match row {
        MenuRow::Seed => Some(&mut w.setup.seed),
        MenuRow::SkirmishSeed => Some(&mut w.random.seed),
        _ => None,
    }
}

fn confirm(w: &mut MenuWorld, row: MenuRow) -> MenuGo {
    match row {
        MenuRow::Continue => return MenuGo::Continue,
        MenuRow::Learn => return MenuGo::Learn,
        MenuRow::Start => return MenuGo::Battle,
        MenuRow::Keys => w.keys_screen.open = true,
        MenuRow::Credits => w.cursor.credits = !w.cursor.credits,
        MenuRow::Scenario(i) => {
            if let Some(e) = w.catalogue.0.get(i) {
                select(w.setup, &e.id);
            }
        }
        MenuRow::SkirmishDraw => {
            *w.notice = draw_skirmish(w.random, w.catalogue, w.setup).err();
        }
        MenuRow::SkirmishSave => {
            *w.notice = Some(super::skirmish::save(w.words, &w.random.name()));
        }
        // Enter on a value moves it on, as Right does; the seeds are typed.
        MenuRow::SkirmishSeed | MenuRow::Seed => {}
        _ => change(w, row, 1),
    }
    MenuGo::Stay
}

/// Chooses the scenario `id`, with its own optional rules.
fn select(setup: &mut BattleSetup, id: &str) {
    if setup.scenario != id {
        setup.scenario = id.to_string();
        setup.options.clear();
    }
}

fn change(w: &mut MenuWorld, row: MenuRow, by: isize) {
    match row {
        MenuRow::Seat(f) => {
            let n = w.catalogue.chosen(w.setup).map_or(0, |e| e.seats.len());
            w.setup
                .seats
                .resize(n.max(f + 1), SeatKind::Ai(Level::Normal));
            w.setup.seats[f] = step(&SEAT_KINDS, w.setup.seats[f], by);
        }
        MenuRow::Gm => w.setup.gm = step(&SEAT_KINDS, w.setup.gm, by),
        MenuRow::Seed => w.setup.seed = w.setup.seed.saturating_add_signed(by as i64),
        MenuRow::SkirmishSeed => w.random.seed = w.random.seed.saturating_add_signed(by as i64),
        MenuRow::SkirmishRuleset => {
            w.random.ruleset = step(generate::RULESETS, w.random.ruleset, by)
        }
        MenuRow::SkirmishSize => w.random.size = step(&Size::ALL, w.random.size, by),
        MenuRow::Option(i) => {
            if let Some(rule) = shown_options(w.setup, w.catalogue.chosen(w.setup)).get(i) {
                let (key, on) = (rule.key, !rule.on);
                w.setup.set_option(key, on);
            }
        }
        MenuRow::TableDice => w.setup.table_dice = !w.setup.table_dice,
        _ => {}
    }
}

/// The keys of this frame, as the menu reads them.
fn keys_of(actions: &ActionState<GameAction>, raw: &ButtonInput<KeyCode>) -> Vec<MenuKey> {
    let mut out = Vec::new();
    let shift = raw.pressed(KeyCode::ShiftLeft) || raw.pressed(KeyCode::ShiftRight);
    if actions.just_pressed(&GameAction::Next) {
        out.push(MenuKey::Next);
    }
    if actions.just_pressed(&GameAction::Previous) {
        out.push(MenuKey::Previous);
    }
    // Tab walks the menu as Down does; Shift+Tab as Up.
    if actions.just_pressed(&GameAction::CycleTarget) {
        out.push(if shift {
            MenuKey::Previous
        } else {
            MenuKey::Next
        });
    }
    if actions.just_pressed(&GameAction::Less) {
        out.push(MenuKey::Change(-1));
    }
    if actions.just_pressed(&GameAction::More) {
        out.push(MenuKey::Change(1));
    }
    if actions.just_pressed(&GameAction::Confirm) {
        out.push(MenuKey::Confirm);
    }
    for (d, k) in crate::game::input::DIGIT_KEYS.iter().enumerate() {
        if raw.just_pressed(*k) {
            out.push(MenuKey::Digit(d as u8));
        }
    }
    if raw.just_pressed(KeyCode::Backspace) {
        out.push(MenuKey::Backspace);
    }
    out
}

pub struct MenuCursorPlugin;

impl Plugin for MenuCursorPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<MenuCursor>()
            .init_resource::<Catalogue>()
            .init_resource::<RandomSkirmish>()
            .add_systems(
                OnEnter(AppState::Menu),
                continue_first.after(crate::game::battle::list_saves),
            )
            .add_systems(
                Update,
                menu_keys
                    .after(crate::game::input::Settled)
                    .run_if(in_state(AppState::Menu))
                    .run_if(crate::game::input::keys_closed)
                    .run_if(crate::game::input::no_text_typed),
            );
    }
}

/// Coming to the menu with a battle left unfinished, the cursor stands on Continue, so Enter
/// goes on with it rather than starting another; else on Start.
fn continue_first(saved: Option<Res<SavedBattles>>, mut cursor: ResMut<MenuCursor>) {
    cursor.row = if saved.is_some_and(|s| s.latest().is_some()) {
        MenuRow::Continue
    } else {
        MenuRow::Start
    };
    cursor.moved = true;
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each argument is a resource it reads
fn menu_keys(
    actions: Single<&ActionState<GameAction>>,
    raw: Res<ButtonInput<KeyCode>>,
    (mut cursor, mut setup, mut catalogue, mut random): (
        ResMut<MenuCursor>,
        ResMut<BattleSetup>,
        ResMut<Catalogue>,
        ResMut<RandomSkirmish>,
    ),
    saved: Option<Res<SavedBattles>>,
    mut keys_screen: ResMut<KeysScreen>,
    mut notice: ResMut<crate::game::battle::Notice>,
    mut next: ResMut<NextState<AppState>>,
    speech: Res<crate::game::settings::Speech>,
) {
    cursor.moved = false;
    if actions.just_pressed(&GameAction::Learn) {
        next.set(AppState::Learn);
        return;
    }
    let mut w = MenuWorld {
        cursor: &mut cursor,
        setup: &mut setup,
        catalogue: &mut catalogue,
        random: &mut random,
        saved: saved.as_deref(),
        keys_screen: &mut keys_screen,
        notice: &mut notice.0,
        words: &speech,
    };
    for key in keys_of(&actions, &raw) {
        if take_key(&mut w, key, &mut next) {
            return;
        }
    }
}

/// Takes one key (a click is Enter on its row) and leaves the menu where it leads; true when
/// it left.
pub fn take_key(w: &mut MenuWorld, key: MenuKey, next: &mut NextState<AppState>) -> bool {
    let to = press(w, key);
    let left = to != MenuGo::Stay;
    go(to, w.setup, w.saved, next);
    left
}

/// Leaves the menu where a row took it: into a battle (new or continued) or the lessons.
fn go(
    go: MenuGo,
    setup: &mut BattleSetup,
    saved: Option<&SavedBattles>,
    next: &mut NextState<AppState>,
) {
    match go {
        MenuGo::Stay => {}
        MenuGo::Battle => {
            // The menu starts a battle, not the lesson last played nor the battle last resumed.
            setup.lesson = None;
            setup.resume = None;
            next.set(AppState::Battle);
        }
        MenuGo::Learn => next.set(AppState::Learn),
        MenuGo::Continue => {
            if let Some((slot, save)) = saved.and_then(|s| s.latest()) {
                *setup = BattleSetup::resuming(slot, save);
                next.set(AppState::Battle);
            }
        }
    }
}
