//! The player's settings, kept between runs like the keys (`settings.ron`, or the browser's
//! storage): the volumes, the interface's size, calm motion, full screen, and routine prompts
//! answered for them. F3 opens them anywhere; the menu has a button.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::platform::Prefs;
use crate::rules::Line;
use crate::words::{Lang, Words};

const FILE: &str = "settings.ron";

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The interface's scale: 1.0 fits 1280×720; up to 2.0.
    pub text_size: f32,
    /// The board shows each event at its end, for its time, without sliding, shaking or dice
    /// tumbling.
    pub reduced_motion: bool,
    pub full_screen: bool,
    /// Prompts with a plain answer are answered for the person and said in the notice:
    /// bringing every relevant skill (Coterie), declining a reaction nothing can help
    /// (Three actions).
    pub routine_answered: bool,
    /// Every sound's volume, 0 to 1, times the effects' or the music's own.
    pub master_volume: f32,
    pub effects_volume: f32,
    pub music_volume: f32,
    /// Silence without losing the volumes set.
    pub muted: bool,
    /// The language of the words that come from the catalogues (`fray-words`).
    pub lang: Lang,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            text_size: 1.0,
            reduced_motion: false,
            full_screen: false,
            routine_answered: true,
            master_volume: 0.8,
            effects_volume: 1.0,
            music_volume: 0.5,
            muted: false,
            lang: Lang::English,
        }
    }
}

/// The sizes the interface can be set to.
pub const SIZES: std::ops::RangeInclusive<f32> = 1.0..=2.0;

/// A volume: silent to full.
pub const VOLUMES: std::ops::RangeInclusive<f32> = 0.0..=1.0;

impl Settings {
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .unwrap_or_else(|e| format!("// could not write the settings: {e}"))
    }

    /// The settings written in `text`; an error names `place` and the line.
    pub fn from_ron(text: &str, place: &Line) -> Result<Settings, Line> {
        let read: Settings =
            ron::from_str(text).map_err(|e| crate::game::platform::unreadable(place, &e))?;
        let line_of = |field: &str| {
            text.lines()
                .position(|l| l.contains(field))
                .map_or(1, |i| i + 1)
        };
        let ranged = [
            ("text_size", read.text_size, SIZES),
            ("master_volume", read.master_volume, VOLUMES),
            ("effects_volume", read.effects_volume, VOLUMES),
            ("music_volume", read.music_volume, VOLUMES),
        ];
        for (field, value, range) in ranged {
            if !range.contains(&value) {
                return Err(Line::new("settings-out-of-range")
                    .line("place", place.clone())
                    .number("line", line_of(field) as i64)
                    .name("field", field)
                    .name("value", value.to_string())
                    .name("low", range.start().to_string())
                    .name("high", range.end().to_string()));
            }
        }
        Ok(read)
    }

    /// Keeps the settings; an error says where and why not.
    pub fn keep(&self, prefs: &Prefs) -> Result<(), Line> {
        prefs.save(FILE, &self.to_ron())
    }
}

/// The player's words, in the language the settings choose.
#[derive(Resource, Deref)]
pub struct Speech(Words);

impl Default for Speech {
    fn default() -> Self {
        Speech(Words::new(Lang::English))
    }
}

/// The language `--lang` (or the page's `?lang=`) chose for this run, over the settings'.
#[derive(Resource, Clone, Copy, Debug)]
pub struct LaunchLang(pub Lang);

/// Whether the settings window is open, and what went wrong reading or keeping them.
#[derive(Resource, Default, Debug)]
pub struct SettingsScreen {
    pub open: bool,
    pub status: Option<Line>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Prefs>()
        .init_resource::<SettingsScreen>()
        .init_resource::<Speech>()
        .add_systems(PreStartup, load_settings)
        .add_systems(
            Update,
            (
                open_key,
                (full_screen, speak).run_if(resource_changed::<Settings>),
            ),
        );
}

/// The kept settings, or the defaults with a word in the window when they cannot be read.
pub fn load_settings(
    mut commands: Commands,
    prefs: Res<Prefs>,
    launch: Option<Res<LaunchLang>>,
    mut screen: ResMut<SettingsScreen>,
) {
    let (mut settings, broken) = prefs.read_or_default(FILE, Settings::from_ron);
    if let Some(e) = broken {
        screen.status = Some(Line::new("settings-using-defaults").line("why", e));
    }
    if let Some(l) = launch {
        settings.lang = l.0;
    }
    commands.insert_resource(settings);
}

/// The words in the language the settings choose, read anew when it changes.
fn speak(settings: Res<Settings>, mut speech: ResMut<Speech>) {
    if speech.lang() != settings.lang {
        *speech = Speech(Words::new(settings.lang));
    }
}

fn open_key(keys: Res<ButtonInput<KeyCode>>, mut screen: ResMut<SettingsScreen>) {
    if keys.just_pressed(KeyCode::F3) {
        screen.open = !screen.open;
    }
}

fn full_screen(settings: Res<Settings>, mut windows: Query<&mut Window>) {
    use bevy::window::{MonitorSelection, WindowMode};
    let mode = if settings.full_screen {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    for mut w in &mut windows {
        if w.mode != mode {
            w.mode = mode;
        }
    }
}

/// The settings window: each change is kept at once.
pub fn settings_window(
    mut contexts: bevy_egui::EguiContexts,
    prefs: Res<Prefs>,
    settings: Option<ResMut<Settings>>,
    mut screen: ResMut<SettingsScreen>,
    speech: Res<Speech>,
) -> Result {
    use bevy_egui::egui;
    let Some(mut settings) = settings else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    if ctx.zoom_factor() != settings.text_size {
        ctx.set_zoom_factor(settings.text_size);
    }
    if !screen.open {
        return Ok(());
    }
    let mut edited = settings.clone();
    let mut open = true;
    egui::Window::new(speech.say("settings-title"))
        .id(egui::Id::new("settings"))
        .open(&mut open)
        .collapsible(false)
        .show(&ctx, |ui| {
            let status = (screen.status.as_ref()).map(|s| speech.said(s));
            settings_ui(ui, &mut edited, &speech, status.as_deref())
        });
    if edited != *settings {
        screen.status = edited.keep(&prefs).err();
        *settings = edited;
    }
    if !open {
        screen.open = false;
    }
    Ok(())
}

/// The settings window's body: `edited` changed as the player sets it.
fn settings_ui(
    ui: &mut bevy_egui::egui::Ui,
    edited: &mut Settings,
    words: &Words,
    status: Option<&str>,
) {
    use crate::words::Value;
    use bevy_egui::egui;
    ui.label(words.say("settings-intro"));
    ui.separator();
    let percent = |v: f64, _| {
        words.say_with(
            "settings-percent",
            &[("value", Value::Number((v * 100.0).round()))],
        )
    };
    for (value, name) in [
        (&mut edited.master_volume, "settings-volume"),
        (&mut edited.effects_volume, "settings-effects"),
        (&mut edited.music_volume, "settings-music"),
    ] {
        ui.add(
            egui::Slider::new(value, VOLUMES)
                .step_by(0.05)
                .custom_formatter(percent)
                .text(words.say(name)),
        );
    }
    ui.checkbox(&mut edited.muted, words.say("settings-mute"));
    ui.separator();
    ui.add(
        egui::Slider::new(&mut edited.text_size, SIZES)
            .step_by(0.1)
            .custom_formatter(percent)
            .text(words.say("settings-text-size")),
    );
    ui.checkbox(
        &mut edited.reduced_motion,
        words.say("settings-reduced-motion"),
    );
    ui.checkbox(&mut edited.full_screen, words.say("settings-full-screen"));
    ui.checkbox(&mut edited.routine_answered, words.say("settings-routine"));
    ui.horizontal(|ui| {
        ui.label(words.say("settings-language"));
        for lang in Lang::ALL {
            ui.radio_value(&mut edited.lang, lang, lang.own_name());
        }
    });
    if let Some(s) = status {
        ui.colored_label(egui::Color32::from_rgb(255, 170, 90), s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_back_what_was_written_and_fill_in_what_is_missing() {
        let s = Settings {
            text_size: 1.5,
            reduced_motion: true,
            full_screen: false,
            routine_answered: false,
            master_volume: 0.25,
            effects_volume: 0.0,
            music_volume: 1.0,
            muted: true,
            lang: Lang::Pseudo,
        };
        assert_eq!(
            Settings::from_ron(&s.to_ron(), &Prefs::file("settings.ron")),
            Ok(s)
        );
        let partial =
            Settings::from_ron("(reduced_motion: true)", &Prefs::file("settings.ron")).unwrap();
        assert!(partial.reduced_motion);
        assert_eq!(partial.text_size, 1.0);
        assert!(
            partial.routine_answered,
            "routine prompts answered unless turned off"
        );
    }

    #[test]
    fn a_broken_settings_file_is_refused_at_its_line() {
        let place = Prefs::file("settings.ron");
        let refused = |text: &str| {
            let e = Settings::from_ron(text, &place).unwrap_err();
            crate::words::english().said(&e)
        };
        let e = refused("(\n  text_size: 1.2,\n  loud: true,\n)");
        assert!(e.starts_with("settings.ron:3:"), "{e}");
        assert_eq!(
            refused("(\n  full_screen: true,\n  text_size: 5.0,\n)"),
            "settings.ron:3: text_size is 5, and goes from 1 to 2"
        );
        assert_eq!(
            refused("(\n  music_volume: 1.5,\n)"),
            "settings.ron:2: music_volume is 1.5, and goes from 0 to 1"
        );
        // Under the pseudo-locale, only the file's place and the field's name stay as written.
        let e = Settings::from_ron("(\n  music_volume: 1.5,\n)", &place).unwrap_err();
        let pseudo = crate::words::Words::new(Lang::Pseudo).said(&e);
        assert!(!pseudo.contains("goes from"), "{pseudo}");
    }

    /// Under the pseudo-locale every word of the settings window is the catalogue's (none reads
    /// as plain English but the name of English itself), and none of the lengthened lines is
    /// cut off: each lies whole inside a 1280×720 window.
    #[test]
    fn the_settings_window_speaks_from_the_catalogue_and_fits_longer_words() {
        use bevy_egui::egui;
        let words = Words::new(Lang::Pseudo);
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0));
        let mut settings = Settings::default();
        let texts = crate::game::platform::drawn::texts_drawn(screen.size(), |ui| {
            egui::Window::new(words.say("settings-title"))
                .id(egui::Id::new("settings"))
                .show(ui.ctx(), |ui| {
                    settings_ui(ui, &mut settings, &words, Some("settings.ron"))
                });
        });
        assert!(
            texts.len() >= 12,
            "the window's words were drawn: {}",
            texts.len()
        );
        // Each language named in its own tongue, and the settings file's place, as written.
        let own: Vec<&str> = Lang::ALL
            .iter()
            .map(|l| l.own_name())
            .chain(["settings.ron"])
            .collect();
        crate::game::platform::spoken::assert_spoken("the settings window", &texts, &own);
        // A window, not a page that scrolls: it fits the screen's height too.
        for (text, rect) in texts.iter().filter(|(t, _)| !t.trim().is_empty()) {
            assert!(screen.contains_rect(*rect), "cut off: \"{text}\"");
        }
    }
}
