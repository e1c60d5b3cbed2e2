//! The player's settings, kept between runs like the keys (`settings.ron`, or the browser's
//! storage): the volumes, the interface's size, calm motion, full screen, and routine prompts
//! answered for them. F3 opens them anywhere; the menu has a button.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::prefs::Prefs;

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
    pub fn from_ron(text: &str, place: &str) -> Result<Settings, String> {
        let read: Settings = ron::from_str(text)
            .map_err(|e| format!("{place}:{}: {}", e.span.start.line, e.code))?;
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
                return Err(format!(
                    "{place}:{}: {field} is {value}, and goes from {} to {}",
                    line_of(field),
                    range.start(),
                    range.end()
                ));
            }
        }
        Ok(read)
    }

    /// Keeps the settings; an error says where and why not.
    pub fn keep(&self, prefs: &Prefs) -> Result<(), String> {
        prefs.save(FILE, &self.to_ron())
    }
}

/// Whether the settings window is open, and what went wrong reading or keeping them.
#[derive(Resource, Default, Debug)]
pub struct SettingsScreen {
    pub open: bool,
    pub status: Option<String>,
}

pub struct SettingsPlugin;

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Prefs>()
            .init_resource::<SettingsScreen>()
            .add_systems(PreStartup, load_settings)
            .add_systems(
                Update,
                (open_key, full_screen.run_if(resource_changed::<Settings>)),
            );
    }
}

/// The kept settings, or the defaults with a word in the window when they cannot be read.
pub fn load_settings(
    mut commands: Commands,
    prefs: Res<Prefs>,
    mut screen: ResMut<SettingsScreen>,
) {
    let (settings, broken) = prefs.read_or_default(FILE, Settings::from_ron);
    if let Some(e) = broken {
        screen.status = Some(format!("{e} (using the defaults)"));
    }
    commands.insert_resource(settings);
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
    egui::Window::new("Settings")
        .open(&mut open)
        .collapsible(false)
        .show(&ctx, |ui| {
            ui.label("F3 opens and closes this window. Each change is kept for the next time.");
            ui.separator();
            let percent = |v: f64, _| format!("{:.0}%", v * 100.0);
            for (value, name) in [
                (&mut edited.master_volume, "Volume"),
                (&mut edited.effects_volume, "Effects"),
                (&mut edited.music_volume, "Music"),
            ] {
                ui.add(
                    egui::Slider::new(value, VOLUMES)
                        .step_by(0.05)
                        .custom_formatter(percent)
                        .text(name),
                );
            }
            ui.checkbox(&mut edited.muted, "Mute");
            ui.separator();
            ui.add(
                egui::Slider::new(&mut edited.text_size, SIZES)
                    .step_by(0.1)
                    .custom_formatter(|v, _| format!("{:.0}%", v * 100.0))
                    .text("Text size"),
            );
            ui.checkbox(
                &mut edited.reduced_motion,
                "Reduced motion: each event shown at its end, nothing slides, shakes or tumbles",
            );
            ui.checkbox(&mut edited.full_screen, "Full screen");
            ui.checkbox(
                &mut edited.routine_answered,
                "Answer routine prompts for me: bring every skill, decline a reaction that cannot help",
            );
            if let Some(s) = &screen.status {
                ui.colored_label(egui::Color32::from_rgb(255, 170, 90), s);
            }
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
        };
        assert_eq!(Settings::from_ron(&s.to_ron(), "settings.ron"), Ok(s));
        let partial = Settings::from_ron("(reduced_motion: true)", "settings.ron").unwrap();
        assert!(partial.reduced_motion);
        assert_eq!(partial.text_size, 1.0);
        assert!(
            partial.routine_answered,
            "routine prompts answered unless turned off"
        );
    }

    #[test]
    fn a_broken_settings_file_is_refused_at_its_line() {
        let e = Settings::from_ron("(\n  text_size: 1.2,\n  loud: true,\n)", "settings.ron")
            .unwrap_err();
        assert!(e.starts_with("settings.ron:3:"), "{e}");
        let e = Settings::from_ron(
            "(\n  full_screen: true,\n  text_size: 5.0,\n)",
            "settings.ron",
        )
        .unwrap_err();
        assert_eq!(e, "settings.ron:3: text_size is 5, and goes from 1 to 2");
        let e = Settings::from_ron("(\n  music_volume: 1.5,\n)", "settings.ron").unwrap_err();
        assert_eq!(
            e,
            "settings.ron:2: music_volume is 1.5, and goes from 0 to 1"
        );
    }
}
