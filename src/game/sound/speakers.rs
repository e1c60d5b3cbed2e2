//! The sound played: each `Sound` the battle cues, and a music loop for the screen, at the
//! volumes the settings keep. The files load after the first frame, and in the browser nothing
//! sounds before the player's first click or key, as browsers ask. The desktop plays them
//! through Bevy's audio; the browser through the page's own audio elements, which fetch them
//! beside the page (Bevy's audio would weigh more in the download than its budget has left).

#[cfg(not(target_arch = "wasm32"))]
use bevy::audio::{
    AudioPlayer, AudioSink, AudioSinkPlayback, AudioSource, PlaybackSettings, Volume,
};
use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use std::collections::BTreeMap;

use crate::game::battle::AppState;
use crate::game::settings::Settings;
#[cfg(not(target_arch = "wasm32"))]
use crate::game::sound::Cue;
use crate::game::sound::{Sound, Tune};

/// Which volume a sound answers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    Effects,
    Music,
}

/// How loud a sound of `gain` plays on `channel` (linear, 0 to 1); None when it would not be
/// heard at all, so nothing is started.
pub fn loudness(settings: &Settings, channel: Channel, gain: f32) -> Option<f32> {
    let level = match channel {
        Channel::Effects => settings.effects_volume,
        Channel::Music => settings.music_volume,
    };
    let v = if settings.muted {
        0.0
    } else {
        settings.master_volume * level * gain
    };
    (v > 0.0).then_some(v.min(1.0))
}

/// The sounds, once asked for: Bevy's handles on the desktop; in the browser the page has
/// been told to fetch them.
#[derive(Resource)]
pub struct SoundBank {
    #[cfg(not(target_arch = "wasm32"))]
    effects: BTreeMap<Cue, Handle<AudioSource>>,
    #[cfg(not(target_arch = "wasm32"))]
    tunes: Vec<(Tune, Handle<AudioSource>)>,
}

/// The music now playing.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Component)]
struct Music(Tune);

/// Whether the player has clicked or pressed a key yet (the browser's condition for sound).
#[derive(Resource, Default)]
struct Heard(bool);

pub struct SpeakersPlugin;

impl Plugin for SpeakersPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Heard>().add_systems(
            Update,
            (
                load_sounds.run_if(not(resource_exists::<SoundBank>)),
                listen_for_first_input,
                (play_effects, play_music)
                    .run_if(resource_exists::<SoundBank>.and_then(resource_exists::<Settings>)),
            )
                .chain(),
        );
    }
}

/// Loads every sound on the second frame, so the first is drawn without waiting for them.
fn load_sounds(
    mut commands: Commands,
    #[cfg(not(target_arch = "wasm32"))] assets: Res<AssetServer>,
    mut frames: Local<u32>,
) {
    *frames += 1;
    if *frames < 2 {
        return;
    }
    #[cfg(not(target_arch = "wasm32"))]
    commands.insert_resource(SoundBank {
        effects: Cue::ALL.map(|c| (c, assets.load(c.file()))).into(),
        tunes: Tune::ALL.map(|t| (t, assets.load(t.file()))).to_vec(),
    });
    #[cfg(target_arch = "wasm32")]
    {
        page::fetch_all();
        commands.insert_resource(SoundBank {});
    }
}

fn listen_for_first_input(
    mut heard: ResMut<Heard>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
) {
    if !heard.0 {
        // The desktop may sound at once; the browser keeps its audio shut until a gesture.
        heard.0 = !cfg!(target_arch = "wasm32")
            || keys.get_just_pressed().next().is_some()
            || mouse.get_just_pressed().next().is_some();
    }
}

fn play_effects(
    #[cfg(not(target_arch = "wasm32"))] mut commands: Commands,
    mut sounds: MessageReader<Sound>,
    #[cfg(not(target_arch = "wasm32"))] bank: Res<SoundBank>,
    settings: Res<Settings>,
    heard: Res<Heard>,
) {
    for s in sounds.read() {
        let Some(volume) = loudness(&settings, Channel::Effects, s.gain) else {
            continue;
        };
        if !heard.0 {
            continue;
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(handle) = bank.effects.get(&s.cue) {
            commands.spawn((
                AudioPlayer(handle.clone()),
                PlaybackSettings::DESPAWN
                    .with_volume(Volume::Linear(volume))
                    .with_speed(s.speed),
            ));
        }
        #[cfg(target_arch = "wasm32")]
        page::effect(s.cue.file(), volume, s.speed);
    }
}

/// The screen's loop, started when it changes and kept at the music volume; silent music is
/// stopped rather than played at nothing.
#[cfg(not(target_arch = "wasm32"))]
fn play_music(
    mut commands: Commands,
    state: Res<State<AppState>>,
    bank: Res<SoundBank>,
    settings: Res<Settings>,
    heard: Res<Heard>,
    mut playing: Query<(Entity, &Music, Option<&mut AudioSink>)>,
) {
    let want = Tune::for_state(*state.get());
    let volume = loudness(&settings, Channel::Music, 1.0).filter(|_| heard.0);
    let mut has = false;
    for (e, music, sink) in &mut playing {
        match volume {
            Some(v) if music.0 == want => {
                has = true;
                if let Some(mut sink) = sink
                    && sink.volume() != Volume::Linear(v)
                {
                    sink.set_volume(Volume::Linear(v));
                }
            }
            _ => commands.entity(e).despawn(),
        }
    }
    if !has
        && let Some(v) = volume
        && let Some((_, handle)) = bank.tunes.iter().find(|(t, _)| *t == want)
    {
        commands.spawn((
            Music(want),
            AudioPlayer(handle.clone()),
            PlaybackSettings::LOOP.with_volume(Volume::Linear(v)),
        ));
    }
}

#[cfg(target_arch = "wasm32")]
fn play_music(state: Res<State<AppState>>, settings: Res<Settings>, heard: Res<Heard>) {
    let volume = loudness(&settings, Channel::Music, 1.0).filter(|_| heard.0);
    page::music(Tune::for_state(*state.get()), volume);
}

/// The browser's speakers: an audio element for each effect as it sounds (the page's cache
/// holds the file), one looping for the music.
#[cfg(target_arch = "wasm32")]
mod page {
    use std::cell::RefCell;

    use web_sys::HtmlAudioElement;

    use crate::game::sound::Tune;

    thread_local! {
        static MUSIC: RefCell<Option<(Tune, HtmlAudioElement)>> = const { RefCell::new(None) };
        /// One element a file, fetched at once and kept, so the page has every sound to hand.
        static FETCHED: RefCell<Vec<HtmlAudioElement>> = const { RefCell::new(Vec::new()) };
    }

    fn element(file: &str) -> Option<HtmlAudioElement> {
        HtmlAudioElement::new_with_src(&format!("assets/{file}")).ok()
    }

    pub fn fetch_all() {
        FETCHED.with(|f| {
            f.borrow_mut()
                .extend(crate::game::sound::files().filter_map(|file| {
                    let a = element(file)?;
                    a.set_preload("auto");
                    Some(a)
                }));
        });
    }

    pub fn effect(file: &str, volume: f32, speed: f32) {
        if let Some(a) = element(file) {
            a.set_volume(f64::from(volume));
            a.set_playback_rate(f64::from(speed));
            // Refused before the first gesture: nothing is lost but that sound.
            let _ = a.play();
        }
    }

    pub fn music(want: Tune, volume: Option<f32>) {
        MUSIC.with(|m| {
            let mut m = m.borrow_mut();
            match (volume, m.as_ref()) {
                (Some(v), Some((tune, a))) if *tune == want => {
                    if (a.volume() - f64::from(v)).abs() > 1e-3 {
                        a.set_volume(f64::from(v));
                    }
                }
                (Some(v), _) => {
                    if let Some((_, old)) = m.take() {
                        let _ = old.pause();
                    }
                    if let Some(a) = element(want.file()) {
                        a.set_loop(true);
                        a.set_volume(f64::from(v));
                        let _ = a.play();
                        *m = Some((want, a));
                    }
                }
                (None, _) => {
                    if let Some((_, old)) = m.take() {
                        let _ = old.pause();
                    }
                }
            }
        });
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn app_with(settings: Settings) -> App {
        let mut app = App::new();
        app.add_plugins((
            MinimalPlugins,
            bevy::asset::AssetPlugin::default(),
            bevy::state::app::StatesPlugin,
            bevy::input::InputPlugin,
        ))
        .init_asset::<AudioSource>()
        .init_state::<AppState>()
        .add_message::<Sound>()
        .insert_resource(settings)
        .add_plugins(SpeakersPlugin);
        app
    }

    fn players_after_two_blows(settings: Settings) -> usize {
        let mut app = app_with(settings);
        // The sounds load on the second frame.
        for _ in 0..3 {
            app.update();
        }
        app.world_mut().write_message(Sound::of(Cue::Hit));
        app.world_mut().write_message(Sound::of(Cue::Fall));
        app.update();
        app.world_mut()
            .query::<&AudioPlayer>()
            .iter(app.world())
            .count()
    }

    /// At volume 0 not one sound is started, music or effect; at the usual volume each blow
    /// plays and the menu's music with them.
    #[test]
    fn at_volume_zero_nothing_plays() {
        let silent = Settings {
            master_volume: 0.0,
            ..Settings::default()
        };
        assert_eq!(players_after_two_blows(silent), 0);
        let muted = Settings {
            muted: true,
            ..Settings::default()
        };
        assert_eq!(players_after_two_blows(muted), 0);
        assert_eq!(players_after_two_blows(Settings::default()), 3);
    }

    #[test]
    fn nothing_is_heard_at_volume_zero_or_muted_and_the_volumes_multiply() {
        let mut s = Settings::default();
        s.master_volume = 0.5;
        s.effects_volume = 0.8;
        s.music_volume = 0.4;
        assert_eq!(loudness(&s, Channel::Effects, 1.0), Some(0.4));
        assert_eq!(loudness(&s, Channel::Music, 0.5), Some(0.1));
        s.effects_volume = 0.0;
        assert_eq!(loudness(&s, Channel::Effects, 1.0), None);
        assert!(loudness(&s, Channel::Music, 1.0).is_some());
        s.master_volume = 0.0;
        assert_eq!(loudness(&s, Channel::Music, 1.0), None);
        s.master_volume = 1.0;
        s.muted = true;
        assert_eq!(loudness(&s, Channel::Music, 1.0), None);
    }
}
