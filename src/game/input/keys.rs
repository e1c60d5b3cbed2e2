//! The key bindings: which keys take each of the game's actions, changed on the keys screen
//! and kept between runs (`keys.ron` in the configuration folder, or the browser's storage).
//! The screen itself answers to fixed keys (arrows, Enter, Delete, Escape), so that no binding
//! can lock a player out of mending the bindings.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::platform::Prefs;
use crate::rules::Line;

#[derive(
    Actionlike,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Reflect,
    serde::Serialize,
    serde::Deserialize,
)]
pub enum GameAction {
    /// Confirm the highlighted choice (Enter, Space).
    Confirm,
    /// Back out: clear the target filter, close a window (Escape).
    Cancel,
    /// Next and previous choice in the action menu (Down/Up, S/W).
    Next,
    Previous,
    /// Cycle the target filter through the characters the choices name (Tab).
    CycleTarget,
    /// End the turn, or pass (E).
    EndTurn,
    /// Open or close the combat log (L).
    Log,
    /// Open or close the help (H, F1).
    Help,
    /// Open or close the AI's reasoning (Y).
    Why,
    /// Speed up the AI's turns (F).
    SpeedUp,
    /// Pan and zoom the board (A, D, R, V; +/-).
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    ZoomIn,
    ZoomOut,
    /// Frame the whole board again (Home, 0).
    Fit,
    /// Select with the mouse (left button).
    Select,
    /// Skip the board's animations to the end (K).
    Skip,
    /// Open the lessons from the menu (G).
    Learn,
    /// Take back the last decision that rolled nothing and revealed nothing (U).
    Undo,
    /// Change the value under the menu's cursor: a seat, a seed, an option (Left, Right).
    Less,
    More,
}

impl GameAction {
    /// Every action the keys screen lists, in its order (Select is the mouse's, not listed).
    pub const ALL: [GameAction; 22] = [
        GameAction::Confirm,
        GameAction::Cancel,
        GameAction::Next,
        GameAction::Previous,
        GameAction::CycleTarget,
        GameAction::EndTurn,
        GameAction::Log,
        GameAction::Help,
        GameAction::Why,
        GameAction::SpeedUp,
        GameAction::Skip,
        GameAction::PanLeft,
        GameAction::PanRight,
        GameAction::PanUp,
        GameAction::PanDown,
        GameAction::ZoomIn,
        GameAction::ZoomOut,
        GameAction::Fit,
        GameAction::Learn,
        GameAction::Undo,
        GameAction::Less,
        GameAction::More,
    ];

    /// The message of what the action does, for the keys screen and the help.
    pub fn message(self) -> &'static str {
        use GameAction::*;
        match self {
            Confirm => "key-action-confirm",
            Cancel => "key-action-cancel",
            Next => "key-action-next",
            Previous => "key-action-previous",
            CycleTarget => "key-action-cycle-target",
            EndTurn => "key-action-end-turn",
            Log => "key-action-log",
            Help => "key-action-help",
            Why => "key-action-why",
            SpeedUp => "key-action-speed-up",
            Skip => "key-action-skip",
            PanLeft => "key-action-pan-left",
            PanRight => "key-action-pan-right",
            PanUp => "key-action-pan-up",
            PanDown => "key-action-pan-down",
            ZoomIn => "key-action-zoom-in",
            ZoomOut => "key-action-zoom-out",
            Fit => "key-action-fit",
            Learn => "key-action-learn",
            Undo => "key-action-undo",
            Less => "key-action-less",
            More => "key-action-more",
            Select => "key-action-select",
        }
    }
}

/// The names printed on the keys, as the keys' labels write them.
#[cfg(test)]
pub fn key_names() -> Vec<String> {
    default_keys()
        .into_iter()
        .map(|(_, k)| key_name(k))
        .collect()
}

/// The keys each action starts with.
pub fn default_keys() -> Vec<(GameAction, KeyCode)> {
    use GameAction::*;
    vec![
        (Confirm, KeyCode::Enter),
        (Confirm, KeyCode::Space),
        (Confirm, KeyCode::NumpadEnter),
        (Cancel, KeyCode::Escape),
        (Next, KeyCode::ArrowDown),
        (Next, KeyCode::KeyS),
        (Previous, KeyCode::ArrowUp),
        (Previous, KeyCode::KeyW),
        (CycleTarget, KeyCode::Tab),
        (EndTurn, KeyCode::KeyE),
        (Log, KeyCode::KeyL),
        (Help, KeyCode::KeyH),
        (Help, KeyCode::F1),
        (Why, KeyCode::KeyY),
        (SpeedUp, KeyCode::KeyF),
        (Skip, KeyCode::KeyK),
        (Learn, KeyCode::KeyG),
        (Undo, KeyCode::KeyU),
        (Less, KeyCode::ArrowLeft),
        (More, KeyCode::ArrowRight),
        (PanLeft, KeyCode::KeyA),
        (PanRight, KeyCode::KeyD),
        (PanUp, KeyCode::KeyR),
        (PanDown, KeyCode::KeyV),
        (ZoomIn, KeyCode::Equal),
        (ZoomIn, KeyCode::NumpadAdd),
        (ZoomOut, KeyCode::Minus),
        (ZoomOut, KeyCode::NumpadSubtract),
        (Fit, KeyCode::Home),
        (Fit, KeyCode::Digit0),
    ]
}

/// The file (or storage key) the bindings are kept in.
pub const FILE: &str = "keys.ron";

/// The digit keys, 0 to 9, each at its own number: typed seeds, a lesson's answers.
pub const DIGIT_KEYS: [KeyCode; 10] = [
    KeyCode::Digit0,
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// Each action's keys, in the order the keys screen lists them.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bindings(pub Vec<(GameAction, Vec<KeyCode>)>);

impl Default for Bindings {
    fn default() -> Self {
        let defaults = default_keys();
        Bindings(
            GameAction::ALL
                .iter()
                .map(|&a| {
                    let keys = defaults
                        .iter()
                        .filter(|(b, _)| *b == a)
                        .map(|&(_, k)| k)
                        .collect();
                    (a, keys)
                })
                .collect(),
        )
    }
}

impl Bindings {
    pub fn keys(&self, action: GameAction) -> &[KeyCode] {
        self.0
            .iter()
            .find(|(a, _)| *a == action)
            .map_or(&[], |(_, k)| k.as_slice())
    }

    /// The keys of an action in `words`, for the help and the menus: "Enter or Space".
    pub fn words(&self, words: &fray_words::Words, action: GameAction) -> String {
        let names: Vec<String> = self.keys(action).iter().map(|&k| key_name(k)).collect();
        match names.split_first() {
            None => words.say("keys-none"),
            Some((first, rest)) => rest.iter().fold(first.clone(), |all, one| {
                use fray_words::Value;
                let (all, one) = (Value::Text(all), Value::Text(one.clone()));
                words.say_with("keys-or", &[("keys", all), ("key", one)])
            }),
        }
    }

    /// A button's reminder of its key: "Log (L)".
    pub fn label(&self, text: &str, action: GameAction) -> String {
        match self.keys(action).first() {
            Some(&k) => format!("{text}  ({})", key_name(k)),
            None => text.to_string(),
        }
    }

    /// `key` now takes `action`, and no other: one key, one meaning.
    pub fn bind(&mut self, action: GameAction, key: KeyCode) {
        for (a, keys) in &mut self.0 {
            keys.retain(|&k| k != key);
            if *a == action {
                keys.push(key);
            }
        }
    }

    pub fn clear(&mut self, action: GameAction) {
        if let Some((_, keys)) = self.0.iter_mut().find(|(a, _)| *a == action) {
            keys.clear();
        }
    }

    pub fn input_map(&self) -> InputMap<GameAction> {
        let mut map = InputMap::default();
        for (a, keys) in &self.0 {
            for &k in keys {
                map.insert(*a, k);
            }
        }
        map.insert(GameAction::Select, MouseButton::Left);
        map
    }

    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new().depth_limit(2);
        let body = ron::ser::to_string_pretty(self, pretty).unwrap_or_default();
        format!(
            "// Fray's key bindings: (action, [keys]). Delete this file for the defaults.\n{body}\n"
        )
    }

    /// Bindings read back; an action the file leaves out keeps its default keys (a newer game
    /// may add actions). An error names the place and line.
    pub fn from_ron(text: &str, place: &Line) -> Result<Bindings, Line> {
        let read: Bindings =
            ron::from_str(text).map_err(|e| crate::game::platform::unreadable(place, &e))?;
        let mut out = Bindings::default();
        for (a, keys) in read.0 {
            if let Some(slot) = out.0.iter_mut().find(|(b, _)| *b == a) {
                slot.1 = keys;
            }
        }
        Ok(out)
    }
}

/// A key's name as a player reads it: "E", "7", "Enter", "Down".
pub fn key_name(k: KeyCode) -> String {
    // Serde's name for the key ("KeyE"): the browser build writes a derived Debug as a bare
    // type name.
    let debug = ron::to_string(&k).unwrap_or_default();
    for prefix in ["Key", "Digit", "Arrow"] {
        if let Some(rest) = debug.strip_prefix(prefix)
            && !rest.is_empty()
        {
            return rest.to_string();
        }
    }
    match k {
        KeyCode::Equal => "=".into(),
        KeyCode::Minus => "-".into(),
        KeyCode::NumpadAdd => "Numpad +".into(),
        KeyCode::NumpadSubtract => "Numpad -".into(),
        _ => debug,
    }
}

/// The keys screen: open or not, the row under the cursor, and the action waiting for a key.
#[derive(Resource, Default, Debug)]
pub struct KeysScreen {
    pub open: bool,
    pub row: usize,
    pub listening: Option<GameAction>,
    /// What became of the last change: saved, or why not.
    pub status: Option<Line>,
}

/// Run condition: the game's own keys are not taken while the keys screen is open.
pub fn keys_closed(screen: Res<KeysScreen>) -> bool {
    !screen.open
}

/// Nobody is typing into a text field, so the keys are the game's.
pub fn no_text_typed(wants: Option<Res<bevy_egui::input::EguiWantsInput>>) -> bool {
    wants.is_none_or(|w| !w.wants_keyboard_input())
}

pub struct KeyBindingsPlugin;

impl Plugin for KeyBindingsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Prefs>()
            .init_resource::<KeysScreen>()
            .add_systems(PreStartup, load_bindings)
            .add_systems(
                Update,
                (
                    screen_keys,
                    apply_bindings.run_if(resource_exists_and_changed::<Bindings>),
                    announce_screen,
                )
                    .chain(),
            );
    }
}

/// The kept bindings, or the defaults with a word on the keys screen when they cannot be read.
pub fn load_bindings(mut commands: Commands, prefs: Res<Prefs>, mut screen: ResMut<KeysScreen>) {
    let (bindings, broken) = prefs.read_or_default(FILE, Bindings::from_ron);
    if let Some(e) = broken {
        screen.status = Some(Line::new("keys-using-defaults").line("why", e));
    }
    commands.insert_resource(bindings);
}

/// The input map follows the bindings.
fn apply_bindings(
    mut commands: Commands,
    bindings: Res<Bindings>,
    maps: Query<Entity, With<InputMap<GameAction>>>,
) {
    for e in &maps {
        commands.entity(e).insert(bindings.input_map());
    }
    if maps.is_empty() {
        commands.spawn(bindings.input_map());
    }
}

/// Changes the bindings and keeps them.
pub fn change(
    bindings: &mut Bindings,
    prefs: &Prefs,
    screen: &mut KeysScreen,
    f: impl FnOnce(&mut Bindings),
) {
    f(bindings);
    screen.status = Some(match prefs.save(FILE, &bindings.to_ron()) {
        Ok(()) => Line::new("prefs-saved-in").line("place", prefs.place(FILE)),
        Err(e) => e,
    });
}

/// The keys screen by keyboard: F2 opens and closes it; Up/Down pick an action, Enter waits
/// for its new key, Delete clears its keys, R resets them all, Escape closes (or stops waiting).
fn screen_keys(
    keys: Res<ButtonInput<KeyCode>>,
    prefs: Res<Prefs>,
    bindings: Option<ResMut<Bindings>>,
    mut screen: ResMut<KeysScreen>,
) {
    let Some(mut bindings) = bindings else {
        return;
    };
    if let Some(action) = screen.listening {
        let pressed = keys.get_just_pressed().next().copied();
        match pressed {
            Some(KeyCode::Escape) => screen.listening = None,
            Some(k) => {
                change(&mut bindings, &prefs, &mut screen, |b| b.bind(action, k));
                screen.listening = None;
            }
            None => {}
        }
        return;
    }
    if keys.just_pressed(KeyCode::F2) {
        screen.open = !screen.open;
        return;
    }
    if !screen.open {
        return;
    }
    let n = GameAction::ALL.len();
    if keys.just_pressed(KeyCode::ArrowDown) {
        screen.row = (screen.row + 1) % n;
    }
    if keys.just_pressed(KeyCode::ArrowUp) {
        screen.row = (screen.row + n - 1) % n;
    }
    let action = GameAction::ALL[screen.row.min(n - 1)];
    if keys.just_pressed(KeyCode::Enter) {
        screen.listening = Some(action);
    }
    if keys.just_pressed(KeyCode::Delete) || keys.just_pressed(KeyCode::Backspace) {
        change(&mut bindings, &prefs, &mut screen, |b| b.clear(action));
    }
    if keys.just_pressed(KeyCode::KeyR) {
        change(&mut bindings, &prefs, &mut screen, |b| {
            *b = Bindings::default()
        });
    }
    if keys.just_pressed(KeyCode::Escape) {
        screen.open = false;
    }
}

/// The keys screen's state as a line for the page (and the browser test, which waits on each
/// step rather than guessing how long a frame takes): "FRAY KEYS OPEN", "FRAY KEYS WAITING
/// Confirm", "FRAY KEYS OPEN · Saved in …", "FRAY KEYS CLOSED". Said only when it changes, and
/// not at all until the screen is first opened, so that it never hides the menu's line.
fn announce_screen(
    screen: Res<KeysScreen>,
    speech: Res<crate::game::settings::Speech>,
    mut last: Local<Option<String>>,
) {
    // The line is written only when the screen has changed, not every frame.
    if !screen.is_changed() {
        return;
    }
    let line = screen_line(&screen, &speech);
    if last.as_deref() == Some(line.as_str()) || (last.is_none() && !screen.open) {
        return;
    }
    crate::game::platform::web::announce(&line);
    *last = Some(line);
}

fn screen_line(screen: &KeysScreen, words: &crate::words::Words) -> String {
    match (screen.open, screen.listening, &screen.status) {
        // Serde's name: the browser build's Debug is shallow (the bare type name).
        (_, Some(action), _) => format!(
            "FRAY KEYS WAITING {}",
            ron::to_string(&action).unwrap_or_default()
        ),
        (true, None, Some(status)) => format!("FRAY KEYS OPEN · {}", words.said(status)),
        (true, None, None) => "FRAY KEYS OPEN".into(),
        (false, None, _) => "FRAY KEYS CLOSED".into(),
    }
}

/// The keys screen's window: each action, its keys, and buttons to change them.
pub fn keys_window(
    mut contexts: bevy_egui::EguiContexts,
    prefs: Res<Prefs>,
    bindings: Option<ResMut<Bindings>>,
    mut screen: ResMut<KeysScreen>,
    speech: Res<crate::game::settings::Speech>,
) -> Result {
    use bevy_egui::egui;
    let Some(mut bindings) = bindings else {
        return Ok(());
    };
    if !screen.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut open = true;
    let mut asked = None;
    egui::Window::new(speech.say("keys-title"))
        .open(&mut open)
        .collapsible(false)
        .show(&ctx, |ui| {
            asked = keys_page(ui, &speech, &bindings, &screen)
        });
    match asked {
        Some(KeysAsk::Listen(row, action)) => {
            screen.row = row;
            screen.listening = Some(action);
        }
        Some(KeysAsk::Clear(row, action)) => {
            screen.row = row;
            change(&mut bindings, &prefs, &mut screen, |b| b.clear(action));
        }
        Some(KeysAsk::Reset) => change(&mut bindings, &prefs, &mut screen, |b| {
            *b = Bindings::default()
        }),
        None => {}
    }
    if !open {
        screen.open = false;
        screen.listening = None;
    }
    Ok(())
}

/// What a click on the keys window asks for.
enum KeysAsk {
    /// Wait for this row's action's new key.
    Listen(usize, GameAction),
    /// Clear this row's action's keys.
    Clear(usize, GameAction),
    /// Every key back as it came.
    Reset,
}

/// The keys window's page, drawn from what it reads: each action, its keys and their buttons,
/// and what the last change did.
fn keys_page(
    ui: &mut bevy_egui::egui::Ui,
    speech: &fray_words::Words,
    bindings: &Bindings,
    screen: &KeysScreen,
) -> Option<KeysAsk> {
    use bevy_egui::egui;
    let mut asked = None;
    ui.label(speech.say("keys-how"));
    ui.separator();
    egui::Grid::new("keys").striped(true).show(ui, |ui| {
        for (row, &action) in GameAction::ALL.iter().enumerate() {
            let here = row == screen.row;
            let words = if here {
                egui::RichText::new(speech.say(action.message())).strong()
            } else {
                egui::RichText::new(speech.say(action.message()))
            };
            ui.label(words);
            let keys = if screen.listening == Some(action) {
                speech.say("keys-listening")
            } else {
                bindings.words(speech, action)
            };
            if ui.selectable_label(here, keys).clicked() {
                asked = Some(KeysAsk::Listen(row, action));
            }
            if ui.small_button(speech.say("keys-clear")).clicked() {
                asked = Some(KeysAsk::Clear(row, action));
            }
            ui.end_row();
        }
    });
    ui.separator();
    ui.horizontal(|ui| {
        if ui.button(speech.say("keys-reset")).clicked() {
            asked = Some(KeysAsk::Reset);
        }
        if let Some(s) = &screen.status {
            let said = speech.said(s);
            ui.label(egui::RichText::new(said).small().weak());
        }
    });
    asked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_bound_to_one_action_leaves_the_other_it_had() {
        let mut b = Bindings::default();
        assert!(b.keys(GameAction::EndTurn).contains(&KeyCode::KeyE));
        b.bind(GameAction::Confirm, KeyCode::KeyE);
        assert!(b.keys(GameAction::Confirm).contains(&KeyCode::KeyE));
        assert!(!b.keys(GameAction::EndTurn).contains(&KeyCode::KeyE));
        let english = fray_words::english();
        assert_eq!(b.words(english, GameAction::EndTurn), "(no key)");
        assert_eq!(b.words(english, GameAction::Next), "Down or S");
    }

    #[test]
    fn bindings_read_back_what_was_written_and_fill_in_what_is_missing() {
        let mut b = Bindings::default();
        b.bind(GameAction::Skip, KeyCode::KeyJ);
        assert_eq!(
            Bindings::from_ron(&b.to_ron(), &Prefs::file("keys.ron")).unwrap(),
            b
        );
        let partial = Bindings::from_ron("([(Log, [KeyQ])])", &Prefs::file("keys.ron")).unwrap();
        assert_eq!(partial.keys(GameAction::Log), &[KeyCode::KeyQ]);
        assert_eq!(
            partial.keys(GameAction::Help),
            Bindings::default().keys(GameAction::Help)
        );
    }

    #[test]
    fn a_broken_bindings_file_is_refused_at_its_line() {
        let e = Bindings::from_ron(
            "([\n  (Log, [KeyQ]),\n  (Fly, [KeyZ]),\n])",
            &Prefs::file("keys.ron"),
        )
        .unwrap_err();
        let e = crate::words::english().said(&e);
        assert!(e.starts_with("keys.ron:3:"), "{e}");
        assert!(e.contains("Fly"), "{e}");
    }

    #[test]
    fn the_keys_screen_tells_the_page_each_step() {
        let mut screen = KeysScreen::default();
        let words = crate::words::english();
        assert_eq!(screen_line(&screen, words), "FRAY KEYS CLOSED");
        screen.open = true;
        assert_eq!(screen_line(&screen, words), "FRAY KEYS OPEN");
        screen.listening = Some(GameAction::Confirm);
        assert_eq!(screen_line(&screen, words), "FRAY KEYS WAITING Confirm");
        screen.listening = None;
        let place = Prefs::file("keys.ron");
        screen.status = Some(Line::new("prefs-saved-in").line("place", place));
        assert_eq!(
            screen_line(&screen, words),
            "FRAY KEYS OPEN · Saved in keys.ron"
        );
    }

    /// Under the pseudo-locale the keys window (its title, every action and its keys, one
    /// waiting for its key, the buttons and what the last change did) says nothing in plain
    /// English but the names on the keys, and cuts none of its lengthened words off.
    #[test]
    fn the_keys_window_speaks_from_the_catalogue() {
        use crate::game::platform::spoken;
        use bevy_egui::egui;
        let words = fray_words::Words::new(crate::words::Lang::Pseudo);
        let screen = KeysScreen {
            open: true,
            row: 2,
            listening: Some(GameAction::Confirm),
            status: Some(Line::new("prefs-saved-in").line("place", Prefs::file("keys.ron"))),
        };
        let bindings = Bindings::default();
        // The page in a panel of the screen's width (a window's first frame is a sizing pass
        // that draws nothing), under the window's title.
        let texts = crate::game::platform::drawn::texts_drawn(egui::vec2(1280.0, 720.0), |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                ui.heading(words.say("keys-title"));
                keys_page(ui, &words, &bindings, &screen);
            });
        });
        assert!(
            texts.len() > GameAction::ALL.len() * 3,
            "{} texts",
            texts.len()
        );
        let names = key_names();
        let own: Vec<&str> = names
            .iter()
            .map(String::as_str)
            .chain(["keys.ron"])
            .collect();
        spoken::assert_spoken("the keys window", &texts, &own);
    }

    #[test]
    fn key_names_read_as_a_player_says_them() {
        assert_eq!(key_name(KeyCode::KeyE), "E");
        assert_eq!(key_name(KeyCode::ArrowDown), "Down");
        assert_eq!(key_name(KeyCode::Digit7), "7");
        assert_eq!(key_name(KeyCode::Enter), "Enter");
    }
}
