//! The board's geometry: where zones and tokens sit, laid out from the map's links, who is
//! looking, and the camera that frames it all and turns clicks into choices. `board_marks`
//! paints it.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::*;

use bevy_egui::EguiPrimaryContextPass;

use super::board_marks::{BoardArea, draw_board_marks};
use super::flow::{AppState, Battle, Choose, person_deciding};
use super::input::{Cursor, GameAction};
use super::overlay::PanelsDrawn;
use super::seats::{SeatKind, Seats};
use crate::rules::zones::{Action, State as ZState};

pub const ZONE_W: f32 = 230.0;
pub const ZONE_H: f32 = 150.0;
const GAP_X: f32 = 60.0;
const GAP_Y: f32 = 40.0;
/// Room the side panels take, so the board is centred in what is left.
pub const LEFT_PANEL: f32 = 300.0;
pub const RIGHT_PANEL: f32 = 320.0;

pub const FACTION_COLOURS: [Color; 4] = [
    Color::srgb(0.25, 0.55, 0.95),
    Color::srgb(0.90, 0.35, 0.30),
    Color::srgb(0.35, 0.80, 0.40),
    Color::srgb(0.85, 0.70, 0.25),
];

#[derive(Component)]
pub struct BoardCamera;

/// Where each zone's centre is, in world units.
#[derive(Resource, Default, Debug, Clone)]
pub struct Layout {
    pub centres: Vec<Vec2>,
}

/// Lays zones out in columns by their distance from the first zone, so neighbours sit side by
/// side and the map reads left to right.
pub fn layout(s: &ZState) -> Layout {
    let n = s.zones.len();
    let mut layer = vec![usize::MAX; n];
    let mut order = Vec::new();
    for start in 0..n {
        if layer[start] != usize::MAX {
            continue;
        }
        let base = order
            .iter()
            .map(|&z: &usize| layer[z] + 1)
            .max()
            .unwrap_or(0);
        layer[start] = base;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(z) = queue.pop_front() {
            order.push(z);
            for &nb in &s.zones[z].neighbours {
                if layer[nb] == usize::MAX {
                    layer[nb] = layer[z] + 1;
                    queue.push_back(nb);
                }
            }
        }
    }
    let columns = layer.iter().copied().max().unwrap_or(0) + 1;
    let mut rows = vec![0usize; columns];
    let mut slot = vec![0usize; n];
    for &z in &order {
        slot[z] = rows[layer[z]];
        rows[layer[z]] += 1;
    }
    let width = columns as f32 * (ZONE_W + GAP_X) - GAP_X;
    let centres = (0..n)
        .map(|z| {
            let col = layer[z] as f32;
            let count = rows[layer[z]] as f32;
            let x = -width / 2.0 + ZONE_W / 2.0 + col * (ZONE_W + GAP_X);
            let y = ((count - 1.0) / 2.0 - slot[z] as f32) * (ZONE_H + GAP_Y);
            Vec2::new(x, y)
        })
        .collect();
    Layout { centres }
}

/// Where a character's token sits inside its zone.
pub fn token_position(s: &ZState, lay: &Layout, c: usize) -> Vec2 {
    let z = s.characters[c].zone;
    let here: Vec<usize> = (0..s.characters.len())
        .filter(|&o| s.characters[o].zone == z)
        .collect();
    let i = here.iter().position(|&o| o == c).unwrap_or(0);
    let per_row = 4;
    let (row, col) = (i / per_row, i % per_row);
    let in_row = (here.len() - row * per_row).min(per_row) as f32;
    let centre = lay.centres.get(z).copied().unwrap_or_default();
    Vec2::new(
        centre.x + (col as f32 - (in_row - 1.0) / 2.0) * 54.0,
        centre.y + 12.0 - row as f32 * 58.0,
    )
}

/// Which faction's eyes the board is drawn for: hidden enemies of that faction are not shown.
/// With no person at the screen (AI against AI) everything is shown.
pub fn viewer(battle: &Battle, seats: &Seats) -> Option<usize> {
    if seats.people() == 0 {
        return None;
    }
    person_deciding(battle, seats)
        .or(battle.screen_holder)
        .or_else(|| (0..seats.0.len()).find(|&f| seats.kind(f) == SeatKind::Person))
}

pub fn zone_colour(z: &crate::rules::zones::Zone) -> Color {
    if z.dark {
        Color::srgb(0.10, 0.10, 0.20)
    } else if z.barrier {
        Color::srgb(0.34, 0.33, 0.36)
    } else if z.concealment {
        Color::srgb(0.16, 0.30, 0.18)
    } else if z.hazard.is_some() {
        Color::srgb(0.35, 0.18, 0.16)
    } else if z.cover {
        Color::srgb(0.33, 0.27, 0.18)
    } else {
        Color::srgb(0.22, 0.24, 0.22)
    }
}

pub fn zone_features(z: &crate::rules::zones::Zone) -> String {
    let mut f = Vec::new();
    if z.cover {
        f.push("cover".to_string());
    }
    if z.concealment {
        f.push("concealment".to_string());
    }
    if z.dark {
        f.push("dark".to_string());
    }
    if z.barrier {
        f.push("barrier".to_string());
    }
    if let Some(h) = &z.hazard {
        f.push(format!("hazard: {} {}", h.name, h.damage));
    }
    f.join(", ")
}

pub struct BoardPlugin;

impl Plugin for BoardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Layout>()
            .init_resource::<BoardArea>()
            .add_systems(Startup, spawn_camera)
            .add_systems(
                Update,
                (sync_layout, fit_camera, camera_keys)
                    .chain()
                    .run_if(in_state(AppState::Battle)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                draw_board_marks
                    .after(PanelsDrawn)
                    .run_if(in_state(AppState::Battle)),
            )
            .add_systems(OnExit(AppState::Battle), forget_layout);
    }
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, BoardCamera));
}

/// The next battle may have another map with as many zones.
fn forget_layout(mut lay: ResMut<Layout>) {
    lay.centres.clear();
}

/// Lays the map out again when a battle starts (a new map) or changes.
fn sync_layout(battle: Option<Res<Battle>>, mut lay: ResMut<Layout>, mut last: Local<u64>) {
    let Some(battle) = battle else {
        return;
    };
    if *last == battle.version && lay.centres.len() == battle.state.zones.len() {
        return;
    }
    *last = battle.version;
    *lay = layout(&battle.state);
}

/// A link between two zones drawn from border to border, not across the boxes.
pub fn edge_to_edge(a: Vec2, b: Vec2) -> (Vec2, Vec2) {
    let d = b - a;
    let t = |d: Vec2| -> f32 {
        let tx = if d.x.abs() > 1e-3 {
            (ZONE_W / 2.0) / d.x.abs()
        } else {
            f32::MAX
        };
        let ty = if d.y.abs() > 1e-3 {
            (ZONE_H / 2.0) / d.y.abs()
        } else {
            f32::MAX
        };
        tx.min(ty).min(0.5)
    };
    let k = t(d);
    (a + d * k, b - d * k)
}

/// Zooms and centres the camera so the whole map fits between the side panels.
pub fn fit_camera(
    lay: Res<Layout>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut cam: Query<(&mut Transform, &mut Projection), With<BoardCamera>>,
    mut last: Local<(usize, u32, u32)>,
) {
    let key = (
        lay.centres.len(),
        window.physical_width(),
        window.physical_height(),
    );
    if lay.centres.is_empty() || *last == key {
        return;
    }
    *last = key;
    let Ok((mut t, mut proj)) = cam.single_mut() else {
        return;
    };
    let (mut min, mut max) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for c in &lay.centres {
        min = min.min(*c - Vec2::new(ZONE_W, ZONE_H) / 2.0);
        max = max.max(*c + Vec2::new(ZONE_W, ZONE_H) / 2.0);
    }
    let size = max - min + Vec2::splat(40.0);
    let avail = Vec2::new(
        (window.width() - LEFT_PANEL - RIGHT_PANEL).max(200.0),
        (window.height() - 40.0).max(200.0),
    );
    let scale = (size.x / avail.x).max(size.y / avail.y).max(1.0);
    if let Projection::Orthographic(o) = proj.as_mut() {
        o.scale = scale;
    }
    let centre = (min + max) / 2.0;
    // Shift the view so the map sits in the middle of the space the panels leave.
    t.translation.x = centre.x + (RIGHT_PANEL - LEFT_PANEL) / 2.0 * scale;
    t.translation.y = centre.y + 20.0 * scale;
}

fn camera_keys(
    actions: Single<&ActionState<GameAction>>,
    mut cam: Query<(&mut Transform, &mut Projection), With<BoardCamera>>,
) {
    let Ok((mut t, mut proj)) = cam.single_mut() else {
        return;
    };
    let step = 40.0;
    if actions.pressed(&GameAction::PanLeft) {
        t.translation.x -= step;
    }
    if actions.pressed(&GameAction::PanRight) {
        t.translation.x += step;
    }
    if actions.pressed(&GameAction::PanUp) {
        t.translation.y += step;
    }
    if actions.pressed(&GameAction::PanDown) {
        t.translation.y -= step;
    }
    if let Projection::Orthographic(o) = proj.as_mut() {
        if actions.just_pressed(&GameAction::ZoomIn) {
            o.scale = (o.scale * 0.85).max(0.3);
        }
        if actions.just_pressed(&GameAction::ZoomOut) {
            o.scale = (o.scale / 0.85).min(4.0);
        }
    }
}

/// Clicking the board: a zone one may move to is a move; a token filters the choices to it.
#[allow(clippy::too_many_arguments)] // a system's parameters are the data it reads
pub fn click_board(
    actions: Single<&ActionState<GameAction>>,
    window: Single<&Window, With<PrimaryWindow>>,
    cam: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    battle: Option<Res<Battle>>,
    seats: Option<Res<Seats>>,
    lay: Res<Layout>,
    mut cursor: ResMut<Cursor>,
    mut choose: MessageWriter<Choose>,
) {
    if !actions.just_pressed(&GameAction::Select) {
        return;
    }
    let (Some(battle), Some(seats)) = (battle, seats) else {
        return;
    };
    if person_deciding(&battle, &seats).is_none() {
        return;
    }
    let Some(screen) = window.cursor_position() else {
        return;
    };
    let (camera, tf) = *cam;
    let Ok(world) = camera.viewport_to_world_2d(tf, screen) else {
        return;
    };
    let s = &battle.state;
    for c in 0..s.characters.len() {
        if token_position(s, &lay, c).distance(world) <= 22.0 {
            cursor.target = Some(c);
            cursor.index = 0;
            return;
        }
    }
    for (z, centre) in lay.centres.iter().enumerate() {
        let d = (world - *centre).abs();
        if d.x <= ZONE_W / 2.0 && d.y <= ZONE_H / 2.0 {
            let mv = Action::Move(z);
            if battle.legal().contains(&mv) {
                choose.write(Choose(mv));
            }
            return;
        }
    }
}
