//! The board drawn by Bevy: each place's ground and each character's token are sprites,
//! children of the scene's entities (`scene`), made again whenever the board changes; the links
//! between places are sprites of their own; and the event being played moves, shakes, flashes
//! and tips the tokens' sprites. Words and passing marks (names, costs, odds, the dice, the
//! lesson's pointer, condition badges) are drawn over them by egui (`marks`).

use bevy::prelude::*;

use crate::game::battle::{AppState, Battle, in_battle};
use crate::game::board::animation::Playing;
use crate::game::board::palette::{self, Shape, faction_shape};
use crate::game::board::scene::{BoardPlace, SceneSynced, Token};
use crate::game::board::textures::{self, Textures};
use crate::game::board::{BoardArea, Layout, character_position, edge_to_edge, token_size};
use crate::present::{Tone, Visual};

/// A link between two places, drawn under them.
#[derive(Component)]
pub struct Link;

/// The part of token `character` that an event moves and shakes; its pictures are children.
#[derive(Component, Clone, Copy)]
pub struct Body {
    pub character: usize,
    /// The token's radius, in world units.
    pub radius: f32,
}

/// The portrait of token `character`, which tips over when it falls.
#[derive(Component)]
pub struct Portrait {
    pub character: usize,
}

/// The red disc that flashes over token `character` when a blow lands.
#[derive(Component)]
pub struct Flash {
    pub character: usize,
}

/// How far the links sit under the places, and each picture above the one before it.
const LINK_Z: f32 = -0.5;
const STEP_Z: f32 = 0.01;

pub struct PicturesPlugin;

impl Plugin for PicturesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<BoardArea>()
            .add_systems(Startup, load)
            .add_systems(
                Update,
                (lay_links, dress_places, dress_tokens, play_on_tokens, cover)
                    .chain()
                    .after(SceneSynced)
                    .run_if(
                        in_battle()
                            .and_then(resource_exists::<Layout>)
                            .and_then(resource_exists::<Textures>),
                    ),
            );
    }
}

fn load(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    mut layouts: ResMut<Assets<TextureAtlasLayout>>,
) -> Result {
    commands.insert_resource(textures::make(&mut images, &mut layouts)?);
    Ok(())
}

/// The links as thin bars from edge to edge of the places they join, laid again only when
/// the places move.
fn lay_links(
    mut commands: Commands,
    lay: Res<Layout>,
    links: Query<Entity, With<Link>>,
    mut laid: Local<Vec<(Vec2, Vec2)>>,
) {
    if !lay.is_changed() {
        return;
    }
    let n = lay.centres.len();
    let wanted: Vec<(Vec2, Vec2)> = lay
        .view
        .links
        .iter()
        .filter(|&&(a, b)| a < n && b < n)
        .map(|&(a, b)| edge_to_edge(lay.centres[a], lay.centres[b], lay.size))
        .collect();
    if *laid == wanted && links.iter().len() == wanted.len() {
        return;
    }
    for e in &links {
        commands.entity(e).despawn();
    }
    let colour = Color::srgba_u8(242, 230, 178, 204);
    for &(a, b) in &wanted {
        let d = b - a;
        commands.spawn((
            Link,
            Sprite::from_color(colour, Vec2::new(d.length(), 2.0)),
            Transform::from_translation(((a + b) / 2.0).extend(LINK_Z))
                .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
            DespawnOnExit(AppState::Battle),
        ));
    }
    *laid = wanted;
}

/// Each place's ground: a rim, its colour, and where it has features a hatch and their
/// pictures (the first large and faint across it, the others small in its top corner).
fn dress_places(
    mut commands: Commands,
    lay: Res<Layout>,
    tex: Res<Textures>,
    places: Query<(Entity, &BoardPlace)>,
) {
    if !lay.is_changed() {
        return;
    }
    for (e, place) in &places {
        let Some(p) = lay.view.places.get(place.0) else {
            continue;
        };
        let mut parts = Vec::new();
        let size = lay.size;
        parts.push(Sprite::from_color(
            Color::srgba_u8(230, 230, 204, 128),
            size,
        ));
        let [r, g, b] = p.colour;
        parts.push(Sprite::from_color(Color::srgb_u8(r, g, b), size - 2.0));
        let grid = lay.view.grid;
        let mut small = Vec::new();
        if !p.terrain.is_empty() {
            parts.push(Sprite {
                image: tex.hatch.clone(),
                color: Color::srgba(1.0, 1.0, 1.0, 0.07),
                custom_size: Some(size - 2.0),
                image_mode: SpriteImageMode::Tiled {
                    tile_x: true,
                    tile_y: true,
                    stretch_value: 1.0,
                },
                ..default()
            });
            let side = size.min_element() * if grid { 0.62 } else { 0.5 };
            let faint = if grid { 70 } else { 46 };
            parts.extend(tex.icon(p.terrain[0], side, Color::srgba_u8(255, 255, 255, faint)));
            if !grid {
                let s = (size.y * 0.13).max(12.0);
                for (k, key) in p.terrain.iter().skip(1).enumerate() {
                    let at = Vec2::new(
                        size.x / 2.0 - 4.0 - s * (k as f32 + 0.5),
                        size.y / 2.0 - 4.0 - s / 2.0,
                    );
                    if let Some(icon) = tex.icon(key, s, Color::srgba_u8(255, 255, 255, 150)) {
                        small.push((icon, at));
                    }
                }
            }
        }
        commands
            .entity(e)
            .despawn_related::<Children>()
            .with_children(|c| {
                for (k, sprite) in parts.into_iter().enumerate() {
                    c.spawn((sprite, Transform::from_xyz(0.0, 0.0, k as f32 * STEP_Z)));
                }
                for (sprite, at) in small {
                    c.spawn((sprite, Transform::from_translation(at.extend(5.0 * STEP_Z))));
                }
            });
    }
}

/// Each token's pictures: its faction's shape in its faction's colour with a dark rim (the
/// shapes tell the sides apart without colour), its portrait, what it holds beside it, its
/// pools as bars across its lower half (so a character at full health never reads as
/// wounded), and the disc a blow flashes.
fn dress_tokens(
    mut commands: Commands,
    lay: Res<Layout>,
    tex: Res<Textures>,
    tokens: Query<(Entity, &Token)>,
) {
    if !lay.is_changed() {
        return;
    }
    for (e, token) in &tokens {
        let Some(i) = lay.view.tokens.iter().position(|t| t.id == token.character) else {
            continue;
        };
        let t = &lay.view.tokens[i];
        let (r, _, _) = token_size(&lay, i);
        let id = t.id;
        let mut parts: Vec<(Sprite, Vec2)> = Vec::new();
        let shape = faction_shape(t.faction);
        parts.push((
            tex.shape(shape, r + 1.5, Color::srgba_u8(0, 0, 0, 160)),
            Vec2::ZERO,
        ));
        parts.push((tex.shape(shape, r, palette::token_colour(t)), Vec2::ZERO));
        let portrait = tex.icon(t.portrait, r * 1.3, palette::ink_on(t));
        if let Some(w) = t.weapon {
            let s = r * 0.8;
            let at = Vec2::new(r * 0.72, -r * 0.38);
            parts.push((
                tex.shape(Shape::Disc, s * 0.55, Color::srgb_u8(28, 28, 32)),
                at,
            ));
            parts.extend(
                tex.icon(w, s * 0.8, Color::srgb_u8(230, 225, 210))
                    .map(|icon| (icon, at)),
            );
        }
        let h = (r * 0.13).max(3.0);
        let w = r * 1.3;
        for (k, pool) in t.pools.iter().enumerate() {
            let y = -(r * 0.55 + k as f32 * (h + 1.0) + h / 2.0);
            parts.push((
                Sprite::from_color(Color::srgba_u8(0, 0, 0, 200), Vec2::new(w, h)),
                Vec2::new(0.0, y),
            ));
            let f = pool.fraction();
            if f > 0.0 {
                parts.push((
                    Sprite::from_color(palette::pool_colour(f), Vec2::new(w * f, h)),
                    Vec2::new(-w / 2.0 + w * f / 2.0, y),
                ));
            }
        }
        let flash = tex.shape(Shape::Disc, r, Color::srgba_u8(255, 60, 40, 0));
        commands
            .entity(e)
            .despawn_related::<Children>()
            .with_children(|c| {
                c.spawn((
                    Body {
                        character: id,
                        radius: r,
                    },
                    Transform::default(),
                    Visibility::default(),
                ))
                .with_children(|b| {
                    let n = parts.len();
                    for (k, (sprite, at)) in parts.into_iter().enumerate() {
                        // The portrait goes on the shape, under the weapon and the bars.
                        let z = if k < 2 { k } else { k + 1 } as f32 * STEP_Z;
                        b.spawn((sprite, Transform::from_translation(at.extend(z))));
                    }
                    if let Some(p) = portrait {
                        b.spawn((
                            p,
                            Portrait { character: id },
                            Transform::from_xyz(0.0, r * 0.12, 2.0 * STEP_Z),
                        ));
                    }
                    b.spawn((
                        flash,
                        Flash { character: id },
                        Transform::from_xyz(0.0, 0.0, (n + 2) as f32 * STEP_Z),
                    ));
                });
            });
    }
}

/// What the event being played does to token `id` at `t` (0 to 1): a shake (-1 to 1, up to
/// 2 for a critical), a red flash (0 to 1) and how far it has tipped over (0 to 1). Harm shakes
/// its target by how much it is.
pub fn struck(visual: &Visual, id: usize, t: f32) -> Option<(f32, f32, f32)> {
    match *visual {
        Visual::Strike { to, .. } if to == id && t > 0.5 => {
            let k = (t - 0.5) * 2.0;
            Some(((k * 30.0).sin() * (1.0 - k), 1.0 - k, 0.0))
        }
        Visual::Float { token, tone, .. } if token == id => {
            let strength = match tone {
                Tone::Critical => 2.0,
                Tone::Harm(n) => (n as f32 / 8.0).clamp(0.25, 1.0),
                _ => return None,
            };
            Some(((t * 30.0).sin() * (1.0 - t) * strength, 1.0 - t, 0.0))
        }
        Visual::Fall { token } if token == id => Some((0.0, 0.0, (t * 1.6).min(1.0))),
        _ => None,
    }
}

/// Where a token sliding from place `from` stands at `t` (0 to 1), easing out; None if the
/// viewer does not see it or the place is gone.
pub fn sliding_at(lay: &Layout, id: usize, from: usize, t: f32) -> Option<Vec2> {
    let start = *lay.centres.get(from)?;
    let end = character_position(lay, id)?;
    let ease = 1.0 - (1.0 - t) * (1.0 - t);
    Some(start + (end - start) * ease)
}

/// The event being played, on the tokens: a move carries its token from where it was, a
/// blow shakes and flashes its target, a fall tips the portrait over. Between events every
/// token's pictures stand still on it.
#[allow(clippy::type_complexity)] // one query for each picture the events touch
fn play_on_tokens(
    playing: Res<Playing>,
    battle: Res<Battle>,
    lay: Res<Layout>,
    roots: Query<(&Token, &Transform)>,
    mut bodies: Query<(&Body, &mut Transform), Without<Token>>,
    mut portraits: Query<(&Portrait, &mut Transform), (Without<Body>, Without<Token>)>,
    mut flashes: Query<(&Flash, &mut Sprite)>,
) {
    let now = playing.now.and_then(|(e, t)| {
        let visual = battle.log().get(e)?.visual.clone()?;
        Some((visual, t))
    });
    let root = |id: usize| {
        roots
            .iter()
            .find(|(t, _)| t.character == id)
            .map(|(_, tf)| tf.translation.truncate())
    };
    for (body, mut tf) in &mut bodies {
        let id = body.character;
        let offset = match &now {
            Some((Visual::Slide { token, from, .. }, t)) if *token == id => {
                match (sliding_at(&lay, id, *from, *t), root(id)) {
                    (Some(p), Some(at)) => p - at,
                    _ => Vec2::ZERO,
                }
            }
            Some((v, t)) => struck(v, id, *t).map_or(Vec2::ZERO, |(shake, _, _)| {
                Vec2::new(shake * body.radius * 0.18, 0.0)
            }),
            None => Vec2::ZERO,
        };
        if tf.translation.truncate() != offset {
            tf.translation = offset.extend(0.0);
        }
    }
    let hit = |id: usize| {
        now.as_ref()
            .and_then(|(v, t)| struck(v, id, *t))
            .unwrap_or((0.0, 0.0, 0.0))
    };
    for (p, mut tf) in &mut portraits {
        let (_, _, tip) = hit(p.character);
        // Clockwise on the screen, as a token falls to its right.
        let turn = Quat::from_rotation_z(-tip * std::f32::consts::FRAC_PI_2);
        if tf.rotation != turn {
            tf.rotation = turn;
        }
    }
    for (f, mut sprite) in &mut flashes {
        let (_, flash, _) = hit(f.character);
        let alpha = 0.6 * flash;
        if sprite.color.alpha() != alpha {
            sprite.color.set_alpha(alpha);
        }
    }
}

/// While the board is covered (the pass-the-screen page), nothing of it shows.
#[allow(clippy::type_complexity)]
fn cover(
    area: Res<BoardArea>,
    mut shown: Query<&mut Visibility, Or<(With<Token>, With<BoardPlace>, With<Link>)>>,
) {
    let want = if area.0.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    for mut v in &mut shown {
        if *v != want {
            *v = want;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A blow shakes and flashes only its target, in the second half of the strike (when the
    /// line arrives), and dies down; a fall tips its token over, all the way by the end.
    #[test]
    fn a_blow_shakes_and_flashes_its_target_and_a_fall_tips_it_over() {
        let strike = Visual::Strike { from: 1, to: 2 };
        assert_eq!(
            struck(&strike, 2, 0.3),
            None,
            "the line is still on its way"
        );
        assert_eq!(struck(&strike, 1, 0.8), None, "the attacker stands still");
        let (_, early, _) = struck(&strike, 2, 0.55).unwrap();
        let (_, late, _) = struck(&strike, 2, 0.95).unwrap();
        assert!(
            early > 0.8 && late < 0.15,
            "the flash fades: {early} then {late}"
        );
        let shakes: Vec<f32> = (51..100)
            .map(|k| struck(&strike, 2, k as f32 / 100.0).unwrap().0)
            .collect();
        assert!(
            shakes.iter().any(|s| *s > 0.3) && shakes.iter().any(|s| *s < -0.3),
            "it shakes both ways"
        );
        let fall = Visual::Fall { token: 2 };
        assert_eq!(struck(&fall, 2, 0.0).unwrap().2, 0.0);
        assert_eq!(struck(&fall, 2, 1.0).unwrap().2, 1.0);
        assert_eq!(struck(&fall, 3, 1.0), None);
    }

    /// Harm shakes its target by how much it is, a critical hardest; plain words do not.
    #[test]
    fn harm_shakes_by_its_size_and_a_critical_hardest() {
        let most = |tone: Tone| {
            let v = Visual::toned(2, "", tone);
            (0..100)
                .filter_map(|k| struck(&v, 2, k as f32 / 100.0))
                .map(|s| s.0.abs())
                .fold(0.0, f32::max)
        };
        let (scratch, heavy, critical) = (
            most(Tone::Harm(2)),
            most(Tone::Harm(9)),
            most(Tone::Critical),
        );
        assert!(scratch > 0.0 && scratch < heavy && heavy < critical);
        assert_eq!(most(Tone::Plain), 0.0);
        assert_eq!(struck(&Visual::float(2, "turn"), 2, 0.5), None);
    }
}
