//! The board as a scene: every place and every character the viewer sees is an entity with a
//! `Transform`, spawned when a battle starts, kept in step with the core after every action
//! (a moved token slides to its new place), and despawned when the battle is left. It needs no
//! window: the headless app keeps the same scene the screen draws.

use bevy::prelude::*;

use crate::game::battle::{AppState, Battle, BattleSet, LessonRun, Seats, in_battle};
use crate::game::board::{Layout, layout, token_position, viewer};

/// A place of the board: a zone, a grid square, a track step, by its index in the board view.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPlace(pub usize);

/// A character's token, by the character's id.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub character: usize,
}

/// A token on its way from one place to another.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Slide {
    pub from: Vec2,
    pub to: Vec2,
    /// From 0 (at `from`) to 1 (arrived).
    pub done: f32,
}

/// How long a token takes to slide to its new place, in seconds.
pub const SLIDE_SECS: f32 = 0.3;

/// Tokens stand above the places they are in.
const TOKEN_Z: f32 = 1.0;

/// The scene is in step with the battle once these have run in a frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SceneSynced;

pub struct ScenePlugin;

impl Plugin for ScenePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(OnEnter(AppState::Battle), |mut commands: Commands| {
            commands.insert_resource(Layout::default())
        })
        .add_systems(
            Update,
            (sync_layout, sync_places, sync_tokens, slide)
                .chain()
                .in_set(SceneSynced)
                .after(BattleSet::Phase)
                .run_if(in_battle().and_then(resource_exists::<Layout>)),
        )
        .add_systems(OnExit(AppState::Battle), |mut commands: Commands| {
            commands.remove_resource::<Layout>()
        });
    }
}

/// Makes the view again when the battle changes or someone else looks.
fn sync_layout(
    battle: Res<Battle>,
    seats: Res<Seats>,
    lesson: Option<Res<LessonRun>>,
    mut lay: ResMut<Layout>,
) {
    let eyes = viewer(&battle, &seats, lesson.as_deref());
    let key = Some((battle.serial(), battle.version(), eyes));
    if lay.key == key {
        return;
    }
    let view = battle.session().board(eyes);
    let centres = if lay.view.places == view.places && lay.view.links == view.links {
        std::mem::take(&mut lay.centres)
    } else {
        layout(&view)
    };
    *lay = Layout::new(view, centres, key);
}

/// One entity for each place, at its centre.
fn sync_places(
    mut commands: Commands,
    lay: Res<Layout>,
    mut places: Query<(Entity, &BoardPlace, &mut Transform)>,
) {
    if !lay.is_changed() {
        return;
    }
    let mut seen = vec![false; lay.centres.len()];
    for (e, place, mut t) in &mut places {
        match lay.centres.get(place.0) {
            Some(c) if !seen[place.0] => {
                seen[place.0] = true;
                t.translation = c.extend(0.0);
            }
            _ => commands.entity(e).despawn(),
        }
    }
    for (i, c) in lay.centres.iter().enumerate() {
        if !seen[i] {
            commands.spawn((
                BoardPlace(i),
                Transform::from_translation(c.extend(0.0)),
                Visibility::default(),
                DespawnOnExit(AppState::Battle),
            ));
        }
    }
}

/// One entity for each token the viewer sees: a new one stands at its place, one whose place
/// changed slides there, one no longer seen (hidden, or gone) goes.
fn sync_tokens(
    mut commands: Commands,
    lay: Res<Layout>,
    mut tokens: Query<(Entity, &Token, &Transform, Option<&mut Slide>)>,
) {
    if !lay.is_changed() {
        return;
    }
    let wanted: Vec<(usize, Vec2)> = (0..lay.view.tokens.len())
        .map(|i| (lay.view.tokens[i].id, token_position(&lay, i)))
        .collect();
    let mut seen = Vec::new();
    for (e, token, t, slide) in &mut tokens {
        let Some(&(_, to)) = wanted.iter().find(|(c, _)| *c == token.character) else {
            commands.entity(e).despawn();
            continue;
        };
        if seen.contains(&token.character) {
            commands.entity(e).despawn();
            continue;
        }
        seen.push(token.character);
        let going = slide.as_ref().map_or(t.translation.truncate(), |s| s.to);
        if going != to {
            let from = t.translation.truncate();
            match slide {
                Some(mut s) => {
                    *s = Slide {
                        from,
                        to,
                        done: 0.0,
                    }
                }
                None => {
                    commands.entity(e).insert(Slide {
                        from,
                        to,
                        done: 0.0,
                    });
                }
            }
        }
    }
    for (character, at) in wanted {
        if !seen.contains(&character) {
            commands.spawn((
                Token { character },
                Transform::from_translation(at.extend(TOKEN_Z)),
                Visibility::default(),
                DespawnOnExit(AppState::Battle),
            ));
        }
    }
}

/// Moves sliding tokens on, easing in and out; an arrived one stops sliding.
fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut tokens: Query<(Entity, &mut Transform, &mut Slide)>,
) {
    for (e, mut t, mut s) in &mut tokens {
        s.done = (s.done + time.delta_secs() / SLIDE_SECS).min(1.0);
        let k = s.done * s.done * (3.0 - 2.0 * s.done);
        t.translation = s.from.lerp(s.to, k).extend(TOKEN_Z);
        if s.done >= 1.0 {
            commands.entity(e).remove::<Slide>();
        }
    }
}
