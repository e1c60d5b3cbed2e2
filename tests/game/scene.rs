//! The board as a scene: one entity for each place and for each token the viewer sees, where
//! the layout puts it, following the battle, gone with it.

use bevy::prelude::*;

use fray::ai::Level;
use fray::game::battle::SeatKind;
use fray::game::battle::{AppState, BattleSetup};
use fray::game::board::{BoardPlace, Slide, Token};
use fray::game::board::{Layout, token_position};

use crate::headless::app;

fn tokens(app: &mut App) -> Vec<(usize, Vec2, bool)> {
    let mut q = app
        .world_mut()
        .query::<(&Token, &Transform, Option<&Slide>)>();
    q.iter(app.world())
        .map(|(t, tr, s)| (t.character, tr.translation.truncate(), s.is_some()))
        .collect()
}

/// Where the layout puts each token the viewer sees, by character.
fn wanted(app: &App) -> Vec<(usize, Vec2)> {
    let lay = app.world().resource::<Layout>();
    (0..lay.view.tokens.len())
        .map(|i| (lay.view.tokens[i].id, token_position(lay, i)))
        .collect()
}

fn assert_in_step(app: &mut App, scenario: &str) {
    let mut want = wanted(app);
    let mut have: Vec<(usize, Vec2)> = tokens(app).into_iter().map(|(c, at, _)| (c, at)).collect();
    want.sort_by_key(|w| w.0);
    have.sort_by_key(|h| h.0);
    assert_eq!(
        have.iter().map(|h| h.0).collect::<Vec<_>>(),
        want.iter().map(|w| w.0).collect::<Vec<_>>(),
        "{scenario}: one token entity for each character seen"
    );
    for (h, w) in have.iter().zip(&want) {
        assert!(
            h.1.distance(w.1) < 0.01,
            "{scenario}: {} at {} not {}",
            h.0,
            h.1,
            w.1
        );
    }
    let places = app.world().resource::<Layout>().centres.clone();
    let mut q = app.world_mut().query::<(&BoardPlace, &Transform)>();
    let mut seen: Vec<(usize, Vec2)> = q
        .iter(app.world())
        .map(|(p, t)| (p.0, t.translation.truncate()))
        .collect();
    seen.sort_by_key(|p| p.0);
    assert_eq!(seen.len(), places.len(), "{scenario}: one entity a place");
    for (i, (p, at)) in seen.iter().enumerate() {
        assert_eq!(*p, i);
        assert_eq!(*at, places[i]);
    }
}

/// A battle of `scenario` between two easy AIs, from `seed`, in the headless app.
fn ai_battle(scenario: &str, seed: u64) -> App {
    app(BattleSetup {
        scenario: scenario.into(),
        seats: vec![SeatKind::Ai(Level::Easy), SeatKind::Ai(Level::Easy)],
        seed,
        ..BattleSetup::default()
    })
}

#[test]
fn the_board_is_a_scene_of_places_and_tokens_that_follows_the_battle_and_goes_with_it() {
    for scenario in ["duel", "wizards-and-bandits", "the-alarm"] {
        let mut app = ai_battle(scenario, 4);
        // The AI at its quick pace: each event's animation a moment, not a read.
        app.world_mut()
            .resource_mut::<fray::game::battle::Pace>()
            .fast = true;
        app.update();
        assert_in_step(&mut app, scenario);
        // Play on until a token has slid somewhere, then until it has arrived.
        let mut slid = 0;
        for _ in 0..20_000 {
            app.update();
            if tokens(&mut app).iter().any(|t| t.2) {
                slid += 1;
                let mut frames = 0;
                while tokens(&mut app).iter().any(|t| t.2) {
                    // Arriving takes a moment; the AI waits for the board's animations.
                    std::thread::sleep(std::time::Duration::from_millis(5));
                    app.update();
                    frames += 1;
                    assert!(frames < 2_000, "{scenario}: a token never arrived");
                }
                assert_in_step(&mut app, scenario);
                if slid == 2 {
                    break;
                }
            }
        }
        assert!(slid > 0, "{scenario}: no token ever moved");
        // Leaving the battle takes the whole scene with it.
        app.world_mut()
            .resource_mut::<NextState<AppState>>()
            .set(AppState::Result);
        app.update();
        app.update();
        let left = app
            .world_mut()
            .query_filtered::<Entity, Or<(With<Token>, With<BoardPlace>)>>()
            .iter(app.world())
            .count();
        assert_eq!(left, 0, "{scenario}: board entities outlived the battle");
    }
}

#[test]
fn at_the_start_every_token_reads_as_whole_with_its_pools_full() {
    use fray::game::battle::Battle;
    for (name, _) in fray::scenario::BUILTIN {
        let b = Battle::start(&BattleSetup {
            scenario: name.to_string(),
            ..BattleSetup::default()
        })
        .unwrap();
        for t in b.session().board(None).tokens {
            // No "5/6" inside a token: the pools are bars, and at the start they are full.
            assert!(
                !t.inside.contains('/'),
                "{name}: {} shows {}",
                t.label,
                t.inside
            );
            for p in &t.pools {
                assert!(p.most > 0, "{name}: {}'s {} holds nothing", t.label, p.what);
                assert_eq!(
                    p.fraction(),
                    1.0,
                    "{name}: {} starts with {}/{} {}",
                    t.label,
                    p.left,
                    p.most,
                    p.what
                );
            }
        }
    }
}

/// The camera frames the whole board between the panels, and frames it again when the window
/// is resized: every place shows whole in the room the panels leave at each size.
#[test]
fn the_camera_follows_the_window_as_it_is_resized() {
    use bevy::window::{PrimaryWindow, WindowResolution};
    use fray::game::board::SceneSynced;
    use fray::game::board::{BoardCamera, LEFT_PANEL, RIGHT_PANEL, TOP_BAR, fit_camera, on_screen};
    for scenario in ["hold-the-mill", "goblin-warren", "wizards-and-bandits"] {
        let mut app = app(BattleSetup {
            scenario: scenario.into(),
            seats: vec![SeatKind::Ai(Level::Easy), SeatKind::Ai(Level::Easy)],
            ..BattleSetup::default()
        });
        app.add_systems(Update, fit_camera.after(SceneSynced));
        let camera = app
            .world_mut()
            .spawn((
                BoardCamera,
                Transform::default(),
                Projection::Orthographic(OrthographicProjection::default_2d()),
            ))
            .id();
        let window = app
            .world_mut()
            .spawn((
                Window {
                    resolution: WindowResolution::new(1280, 720),
                    ..Window::default()
                },
                PrimaryWindow,
            ))
            .id();
        let mut scales = Vec::new();
        for (w, h) in [(1280u32, 720u32), (1920, 1080), (2560, 1440), (1280, 720)] {
            app.world_mut()
                .get_mut::<Window>(window)
                .unwrap()
                .resolution
                .set_physical_resolution(w, h);
            app.update();
            let (at, scale) = {
                let t = app.world().get::<Transform>(camera).unwrap();
                let Projection::Orthographic(o) = app.world().get::<Projection>(camera).unwrap()
                else {
                    panic!("a 2D camera");
                };
                (t.translation.truncate(), o.scale)
            };
            scales.push(scale);
            let screen = |p: Vec2| on_screen(p, at, scale, Vec2::new(w as f32, h as f32));
            let lay = app.world().resource::<Layout>();
            for c in &lay.centres {
                let a = screen(*c - lay.size / 2.0);
                let b = screen(*c + lay.size / 2.0);
                let (lo, hi) = (a.min(b), a.max(b));
                assert!(
                    lo.x >= LEFT_PANEL - 0.5
                        && hi.x <= w as f32 - RIGHT_PANEL + 0.5
                        && lo.y >= TOP_BAR - 0.5
                        && hi.y <= h as f32 + 0.5,
                    "{scenario} at {w}×{h}: a place at {lo}–{hi} is outside the board's room"
                );
            }
        }
        assert!(
            scales[1] < scales[0] || scales[0] <= 1.0,
            "{scenario}: a bigger window shows the board bigger ({scales:?})"
        );
        assert_eq!(
            scales[3], scales[0],
            "{scenario}: back to the first size, framed as at first"
        );
    }
}

/// The board is drawn by Bevy: each token is a body of sprites (its faction's shape in its
/// faction's colour, its portrait cut from the art's atlas, a bar for each pool), each place a
/// ground of sprites (its colour, the picture of its first feature), each link a sprite; and
/// all of them go with the battle.
#[test]
fn the_board_is_drawn_as_sprites_cut_from_the_art() {
    use fray::art::Atlas;

    use fray::game::board::{Body, Link, PicturesPlugin, Portrait};
    for scenario in ["hold-the-mill", "wizards-and-bandits", "goblin-ambush"] {
        let mut app = ai_battle(scenario, 2);
        // The headless app has started already: the art is made here, as the window's app
        // makes it when it starts.
        let mut images = Assets::<Image>::default();
        let mut layouts = Assets::<TextureAtlasLayout>::default();
        let art = fray::game::board::make_textures(&mut images, &mut layouts).unwrap();
        app.insert_resource(images)
            .insert_resource(layouts)
            .insert_resource(art)
            .add_plugins(PicturesPlugin);
        app.update();
        app.update();
        let lay = app.world().resource::<Layout>().clone();
        let world = app.world_mut();
        let sprites_under = |world: &mut World, e: Entity| -> Vec<Entity> {
            let mut out = Vec::new();
            let mut todo = vec![e];
            while let Some(x) = todo.pop() {
                if let Some(children) = world.get::<Children>(x) {
                    todo.extend(children.iter());
                }
                if world.get::<Sprite>(x).is_some() {
                    out.push(x);
                }
            }
            out
        };
        let roots: Vec<(Entity, usize)> = world
            .query::<(Entity, &Token)>()
            .iter(world)
            .map(|(e, t)| (e, t.character))
            .collect();
        assert_eq!(roots.len(), lay.view.tokens.len(), "{scenario}");
        for (e, id) in roots {
            let t = lay.view.tokens.iter().find(|t| t.id == id).unwrap();
            let parts = sprites_under(world, e);
            let colours: Vec<Color> = parts
                .iter()
                .map(|&p| world.get::<Sprite>(p).unwrap().color)
                .collect();
            assert!(
                colours.contains(&fray::game::board::token_colour(t)),
                "{scenario}: {} is not drawn in its side's colour: {colours:?}",
                t.label
            );
            let portrait: Vec<usize> = parts
                .iter()
                .filter(|&&p| world.get::<Portrait>(p).is_some())
                .filter_map(|&p| Some(world.get::<Sprite>(p)?.texture_atlas.as_ref()?.index))
                .collect();
            assert_eq!(
                portrait,
                vec![Atlas::get().index(t.portrait).unwrap()],
                "{scenario}: {}'s portrait",
                t.label
            );
            // A bar's back for each pool, each the token's width across.
            let body = world
                .get::<Children>(e)
                .unwrap()
                .iter()
                .find(|&c| world.get::<Body>(c).is_some())
                .expect("a token has a body");
            let r = world.get::<Body>(body).unwrap().radius;
            let backs = parts
                .iter()
                .filter(|&&p| {
                    let s = world.get::<Sprite>(p).unwrap();
                    s.color == Color::srgba_u8(0, 0, 0, 200)
                        && s.custom_size.is_some_and(|z| (z.x - r * 1.3).abs() < 0.01)
                })
                .count();
            assert_eq!(backs, t.pools.len(), "{scenario}: {}'s bars", t.label);
        }
        let places: Vec<(Entity, usize)> = world
            .query::<(Entity, &BoardPlace)>()
            .iter(world)
            .map(|(e, p)| (e, p.0))
            .collect();
        for (e, i) in places {
            let place = &lay.view.places[i];
            let [r, g, b] = place.colour;
            let parts = sprites_under(world, e);
            let sprites: Vec<&Sprite> = parts
                .iter()
                .map(|&p| world.get::<Sprite>(p).unwrap())
                .collect();
            assert!(
                sprites.iter().any(|s| s.color == Color::srgb_u8(r, g, b)),
                "{scenario}: place {i}'s ground is not its colour"
            );
            if let Some(first) = place.terrain.first() {
                let index = Atlas::get().index(first);
                assert!(
                    sprites
                        .iter()
                        .any(|s| s.texture_atlas.as_ref().map(|a| a.index) == index),
                    "{scenario}: place {i} does not show {first}"
                );
            }
        }
        let links = world.query::<&Link>().iter(world).count();
        assert_eq!(links, lay.view.links.len(), "{scenario}: one sprite a link");
        world
            .resource_mut::<NextState<AppState>>()
            .set(AppState::Result);
        app.update();
        app.update();
        let left = app.world_mut().query::<&Sprite>().iter(app.world()).count();
        assert_eq!(left, 0, "{scenario}: sprites outlived the battle");
    }
}
