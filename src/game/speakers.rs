//! The sound played: each `Sound` the battle cues, and a music loop for the screen, at the
//! volumes the settings keep. The files load after the first frame (in the browser they are
//! fetched beside the page, so the game's own download carries none), and in the browser
//! nothing sounds before the player's first click or key, as browsers ask.

use bevy::audio::{
    AudioPlayer, AudioSink, AudioSinkPlayback, AudioSource, PlaybackSettings, Volume,
};
use bevy::prelude::*;
use std::collections::BTreeMap;

use crate::game::flow::AppState;
use crate::game::settings::Settings;
use crate::game::sound::{Cue, Sound, Tune};

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

/// The sounds' handles, once loaded.
#[derive(Resource)]
pub struct SoundBank {
    effects: BTreeMap<Cue, Handle<AudioSource>>,
    tunes: Vec<(Tune, Handle<AudioSource>)>,
}

/// The music now playing.
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
fn load_sounds(mut commands: Commands, assets: Res<AssetServer>, mut frames: Local<u32>) {
    *frames += 1;
    if *frames < 2 {
        return;
    }
    commands.insert_resource(SoundBank {
        effects: Cue::ALL.map(|c| (c, assets.load(c.file()))).into(),
        tunes: Tune::ALL.map(|t| (t, assets.load(t.file()))).to_vec(),
    });
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
    mut commands: Commands,
    mut sounds: MessageReader<Sound>,
    bank: Res<SoundBank>,
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
        if let Some(handle) = bank.effects.get(&s.cue) {
            commands.spawn((
                AudioPlayer(handle.clone()),
                PlaybackSettings::DESPAWN
                    .with_volume(Volume::Linear(volume))
                    .with_speed(s.speed),
            ));
        }
    }
}

/// The screen's loop, started when it changes and kept at the music volume; silent music is
/// stopped rather than played at nothing.
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

#[cfg(test)]
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
