//! The board's geometry, for any ruleset: where its places and tokens sit (laid out from the
//! places' links, or where the ruleset puts them), who is looking, and the camera that frames
//! it all and turns clicks into choices. `scene` keeps its entities, `pictures` draws them as
//! sprites, `marks` writes and marks over them, `animation` plays the events on it.

mod animation;
mod atlas;
mod dice;
mod icons;
mod marks;
mod palette;
mod pictures;
mod redraw;
mod scene;
mod textures;

// What the screens, the sound and the tests read of the board; the rest stays inside it.
pub use animation::{Played, Playing};
pub use atlas::Art;
pub use dice::SETTLE;
pub use icons::shapes as icon_shapes;
pub use marks::{GOLD, egui_colour, paint_event};
pub use palette::{POINTER, faction_color, ink_on, pool_colour, token_colour};
pub use pictures::{Body, Link, PicturesPlugin, Portrait};
pub use scene::{BoardPlace, SceneSynced, Slide, Token};
pub use textures::make as make_textures;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::*;

use bevy_egui::EguiPrimaryContextPass;

use crate::game::battle::{Battle, Choose, LessonRun, Seats, in_battle, person_deciding};
use crate::game::board::marks::{OddsBox, draw_board_marks};
use crate::game::input::{Cursor, GameAction};
use crate::present::{BoardView, Tone, Visual};
use crate::rules::battle::Seat;

pub const ZONE_W: f32 = 230.0;
pub const ZONE_H: f32 = 220.0;
/// The part of the screen the side panels leave to the board, in egui points; None while the
/// board is covered (the pass-the-screen page).
#[derive(Resource, Default)]
pub struct BoardArea(pub Option<bevy_egui::egui::Rect>);

/// How far beyond a token the ring marking whose turn it is reaches.
pub const RING: f32 = 5.0;
/// From a token's edge to its label: room for the rings that mark the token.
pub const LABEL_GAP: f32 = 6.0;
/// A zone's name across its top takes this much height, its features along its bottom
/// `FEATURE_STRIP`.
pub const NAME_STRIP: f32 = 30.0;
pub const FEATURE_STRIP: f32 = 26.0;
/// The board's words, in world units. They are chosen so that the fitted board of every
/// shipped scenario writes nothing under 12 logical pixels at 1280×720 (a test checks it):
/// a place's name, its features, a token's name.
pub const NAME_FONT: f32 = 20.0;
pub const FEATURE_FONT: f32 = 17.0;
pub const LABEL_FONT: f32 = 18.0;
/// A heading over a part of the board (a group's track).
pub const HEADING_FONT: f32 = 24.0;
/// A token's radius in a zone or on a track; the narrowest room a token and its name get.
pub const TOKEN_R: f32 = 22.0;
const MIN_STEP: f32 = 68.0;
/// A grid square's side, in world units: room for one token and its name.
pub const SQUARE: f32 = 88.0;
/// On a grid: a token's radius and its name's size.
pub const GRID_TOKEN_R: f32 = 20.0;
pub const GRID_FONT: f32 = 15.0;
const GAP_X: f32 = 40.0;
const GAP_Y: f32 = 40.0;
/// Room the side panels take, so the board is centred in what is left.
pub const LEFT_PANEL: f32 = 260.0;
pub const RIGHT_PANEL: f32 = 250.0;
/// The top bar's height, which the board leaves free.
pub const TOP_BAR: f32 = 40.0;

/// A card over the foot of the window, as the board is framed about it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Card {
    /// Its height with its margin (logical pixels); 0 for none.
    pub below: f32,
    /// The most world units a screen pixel may hold for the board's words to stay legible:
    /// the board shrinks to clear the card no further than this.
    pub legible: f32,
}

impl Card {
    pub const NONE: Card = Card {
        below: 0.0,
        legible: 0.0,
    };
}

#[derive(Component)]
pub struct BoardCamera;

/// The board as the viewer sees it now, and where each place's centre is, in world units. It
/// belongs to one battle: made when the battle starts, removed when it ends.
#[derive(Resource, Default, Debug, Clone)]
pub struct Layout {
    pub view: BoardView,
    pub centres: Vec<Vec2>,
    /// How big each place is drawn: a zone's box, or a grid square.
    pub size: Vec2,
    /// The battle (serial, version) and viewer the view was made for.
    pub(super) key: Option<(u64, u64, Option<Seat>)>,
    /// On a grid, the size of its words in world units (see [`Layout::new`]).
    pub grid_font: f32,
}

impl Layout {
    /// The board `view` with its places at `centres`, made for `key`: the places' size and a
    /// grid's word size are worked out here, once, not at every token drawn or hovered.
    pub fn new(
        view: BoardView,
        centres: Vec<Vec2>,
        key: Option<(u64, u64, Option<Seat>)>,
    ) -> Layout {
        let mut lay = Layout {
            size: place_size(&view),
            view,
            centres,
            key,
            grid_font: GRID_FONT,
        };
        if lay.view.grid {
            lay.grid_font = fitted_grid_font(&lay);
        }
        lay
    }
}

/// Where each place's centre is: where the ruleset puts it, or, for places it leaves to the
/// shell, in columns by their distance from the first place, so neighbours sit side by side
/// and the map reads left to right.
pub fn layout(view: &BoardView) -> Vec<Vec2> {
    let n = view.places.len();
    let mut neighbours = vec![Vec::new(); n];
    for &(a, b) in &view.links {
        if a < n && b < n {
            neighbours[a].push(b);
            neighbours[b].push(a);
        }
    }
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
            for &nb in &neighbours[z] {
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
    (0..n)
        .map(|z| {
            if let (true, Some((x, y))) = (view.grid, view.places[z].at) {
                // Row 0 at the top, as the map is written.
                return Vec2::new(x * SQUARE, -y * SQUARE);
            }
            if let Some((x, y)) = view.places[z].at {
                let size = place_size(view);
                return Vec2::new(x * (size.x + PLACED_GAP), y * (size.y + PLACED_GAP));
            }
            let col = layer[z] as f32;
            let count = rows[layer[z]] as f32;
            let x = -width / 2.0 + ZONE_W / 2.0 + col * (ZONE_W + GAP_X);
            let y = ((count - 1.0) / 2.0 - slot[z] as f32) * (ZONE_H + GAP_Y);
            Vec2::new(x, y)
        })
        .collect()
}

/// Where the `i`th token of the view sits inside its place.
pub fn token_position(lay: &Layout, i: usize) -> Vec2 {
    let view = &lay.view;
    let place = view.tokens[i].place;
    if view.grid {
        // One standing token a square, between its square's name and its own; a fallen one
        // beside it shifts a little.
        let slot = view.tokens[..i].iter().filter(|t| t.place == place).count();
        let centre = lay.centres.get(place).copied().unwrap_or_default();
        return centre + Vec2::new(slot as f32 * 10.0, -(slot as f32) * 10.0);
    }
    let here = view.tokens.iter().filter(|t| t.place == place).count();
    let slot = view.tokens[..i].iter().filter(|t| t.place == place).count();
    let centre = lay.centres.get(place).copied().unwrap_or_default();
    centre + crowd(here, lay.size).at[slot]
}

/// How the tokens of a zone holding `n` stand: each token's offset from the zone's centre, how
/// big they are drawn, and the cell under each that its label may fill. Cells never overlap
/// each other or another token, and all stay inside the zone between its name and features,
/// so a label cut to its cell never covers another (up to 8 in a zone; more wrap into further
/// rows below).
#[derive(Clone, Debug, PartialEq)]
pub struct Crowd {
    pub at: Vec<Vec2>,
    pub radius: f32,
    pub font: f32,
    /// A label's cell: its width and height (two lines: the name, then what is wrong).
    pub cell: Vec2,
}

pub fn crowd(n: usize, size: Vec2) -> Crowd {
    let inner = size.x - 12.0;
    // As many to a row as leave each its narrowest room; past two rows, one more to a row.
    let fit = ((inner / MIN_STEP).floor() as usize).clamp(1, 4);
    let per_row = (if n > 2 * fit { fit + 1 } else { fit }).min(n.max(1));
    let step = (inner / per_row as f32).min(110.0);
    // Tokens a row too narrow for (a track's step holding a large side) are drawn smaller,
    // so that the ring marking one never reaches its neighbour.
    let radius = TOKEN_R.min(step / 2.0 - RING);
    let font = LABEL_FONT;
    let cell = Vec2::new(step - 4.0, font * 1.2);
    // A row: room for the ring that marks a token, the token, a gap, its label's cell.
    let row_height = RING + 2.0 * radius + LABEL_GAP + cell.y + 2.0;
    let rows = n.div_ceil(per_row).max(1);
    // The rows centred between the place's name and its features.
    let top = (rows as f32 * row_height) / 2.0 - (NAME_STRIP - FEATURE_STRIP) / 2.0;
    let at = (0..n)
        .map(|slot| {
            let (row, col) = (slot / per_row, slot % per_row);
            let in_row = (n - row * per_row).min(per_row) as f32;
            Vec2::new(
                (col as f32 - (in_row - 1.0) / 2.0) * step,
                top - RING - radius - row as f32 * row_height,
            )
        })
        .collect();
    Crowd {
        at,
        radius,
        font,
        cell,
    }
}

/// The cell a token's label may fill, centred under it: (min, max) corners.
pub fn label_cell(crowd: &Crowd, at: Vec2) -> (Vec2, Vec2) {
    let top = at.y - crowd.radius - LABEL_GAP;
    (
        Vec2::new(at.x - crowd.cell.x / 2.0, top - crowd.cell.y),
        Vec2::new(at.x + crowd.cell.x / 2.0, top),
    )
}

/// `text` as much of it as fits in `width`, by `measure`: whole, or cut short with "…".
pub fn fit(text: &str, width: f32, measure: impl Fn(&str) -> f32) -> String {
    if measure(text) <= width {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    for n in (0..chars.len()).rev() {
        let cut: String = chars[..n].iter().collect::<String>().trim_end().to_string() + "…";
        if measure(&cut) <= width {
            return cut;
        }
    }
    String::new()
}

/// Token `i`'s radius, label font and label width, in world units: as its zone's crowd
/// allows, or a square's worth on a grid.
pub fn token_size(lay: &Layout, i: usize) -> (f32, f32, f32) {
    let view = &lay.view;
    if view.grid {
        return (GRID_TOKEN_R, lay.grid_font, SQUARE - 4.0);
    }
    let place = view.tokens[i].place;
    let here = view.tokens.iter().filter(|t| t.place == place).count();
    let c = crowd(here, lay.size);
    (c.radius, c.font, c.cell.x)
}

/// How big character `id`'s token is drawn (20 if the viewer does not see it).
pub fn character_radius(lay: &Layout, id: usize) -> f32 {
    lay.view
        .tokens
        .iter()
        .position(|t| t.id == id)
        .map_or(20.0, |i| token_size(lay, i).0)
}

/// Where character `id`'s token sits, if the viewer sees it.
pub fn character_position(lay: &Layout, id: usize) -> Option<Vec2> {
    let i = lay.view.tokens.iter().position(|t| t.id == id)?;
    Some(token_position(lay, i))
}

/// Whose eyes the board is drawn for: what is hidden from that seat is not shown. With no
/// person at the screen (AI against AI) everything is shown.
pub fn viewer(battle: &Battle, seats: &Seats, lesson: Option<&LessonRun>) -> Option<Seat> {
    if seats.people() == 0 {
        return None;
    }
    person_deciding(battle, seats, lesson)
        .or(seats.holder)
        .or_else(|| seats.first_person())
}

/// The screens' panels are laid out; what they leave is the board's (`BoardArea`), painted
/// after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PanelsDrawn;

/// The board as a scene and its animations: no window needed, the headless app keeps them too.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((animation::AnimationPlugin, scene::ScenePlugin));
}

/// The board on screen: its pictures, the marks over them, the camera, the mouse on it, and the
/// frames drawn while it is busy.
pub(super) fn windowed(app: &mut App) {
    app.add_plugins((atlas::AtlasPlugin, board_views, pictures::PicturesPlugin))
        .add_systems(
            Update,
            (
                click_board.run_if(resource_exists::<Layout>),
                camera_mouse,
                hover_board,
            )
                .in_set(crate::game::battle::BattleSet::Apply)
                .run_if(not(bevy_egui::input::egui_wants_any_pointer_input)),
        )
        .add_plugins(redraw::plugin);
}

fn board_views(app: &mut App) {
    app.init_resource::<BoardArea>()
        .init_resource::<Hovered>()
        .init_resource::<HoveredPlace>()
        .init_resource::<Shaken>()
        .init_resource::<OddsBox>()
        .add_systems(Startup, spawn_camera)
        .add_systems(PreUpdate, unshake)
        .add_systems(
            PostUpdate,
            shake_board
                .before(bevy::transform::TransformSystems::Propagate)
                .run_if(resource_exists::<Battle>),
        )
        .add_systems(
            Update,
            (fit_camera, camera_keys)
                .chain()
                .after(crate::game::board::scene::SceneSynced)
                .run_if(in_battle().and_then(resource_exists::<Layout>)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw_board_marks
                .after(PanelsDrawn)
                .run_if(in_battle().and_then(resource_exists::<Layout>)),
        );
}

/// How far the whole board shakes at `t` of an event, in screen pixels: a critical and a fall
/// shake it, heavy harm a little, anything else not at all; it dies down as the event plays.
pub fn shake(visual: &Visual, t: f32) -> f32 {
    let strength = match visual {
        Visual::Float {
            tone: Tone::Critical,
            ..
        } => 9.0,
        Visual::Fall { .. } => 7.0,
        Visual::Float {
            tone: Tone::Harm(n),
            ..
        } if *n >= 8 => 4.0,
        _ => return 0.0,
    };
    strength * (1.0 - t).clamp(0.0, 1.0).powi(2)
}

/// The shake the camera carries this frame: added after every system has moved the camera,
/// taken off before any moves it again, so panning and framing never see it.
#[derive(Resource, Default)]
struct Shaken(Vec2);

fn unshake(mut shaken: ResMut<Shaken>, mut cam: Query<&mut Transform, With<BoardCamera>>) {
    if shaken.0 == Vec2::ZERO {
        return;
    }
    for mut t in &mut cam {
        t.translation -= shaken.0.extend(0.0);
    }
    shaken.0 = Vec2::ZERO;
}

fn shake_board(
    playing: Res<crate::game::board::animation::Playing>,
    battle: Res<Battle>,
    mut shaken: ResMut<Shaken>,
    mut cam: Query<(&mut Transform, &Projection), With<BoardCamera>>,
) {
    // Reduced motion: nothing shakes.
    if playing.calm {
        return;
    }
    let Some((e, t)) = playing.now else {
        return;
    };
    let Some(visual) = battle.log().get(e).and_then(|l| l.visual.as_ref()) else {
        return;
    };
    let px = shake(visual, t);
    if px == 0.0 {
        return;
    }
    for (mut tf, proj) in &mut cam {
        let scale = match proj {
            Projection::Orthographic(o) => o.scale,
            _ => 1.0,
        };
        let off = Vec2::new((t * 90.0).sin(), (t * 71.0).cos()) * px * scale;
        tf.translation += off.extend(0.0);
        shaken.0 = off;
    }
}

/// Without multisampling: the board is sprites whose pictures carry their own smooth edges,
/// and egui smooths its own shapes, so four samples a pixel would only quadruple the work of
/// drawing, which is the software renderers' (the browser's without a graphics card, Xvfb's)
/// slowest step.
fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, bevy::render::view::Msaa::Off, BoardCamera));
}

/// How big a place is drawn: a grid square, the size the ruleset asks for, or a zone's box.
pub fn place_size(view: &BoardView) -> Vec2 {
    if view.grid {
        Vec2::splat(SQUARE)
    } else if let Some((w, h)) = view.place_size {
        Vec2::new(w, h)
    } else {
        Vec2::new(ZONE_W, ZONE_H)
    }
}

/// Between places the ruleset puts where it wants (a track's steps).
const PLACED_GAP: f32 = 18.0;

/// Where a heading's centre is, in world units: its place units as `Place::at` counts them.
pub fn heading_position(lay: &Layout, h: &crate::present::Heading) -> Vec2 {
    let (x, y) = h.at;
    Vec2::new(x * (lay.size.x + PLACED_GAP), y * (lay.size.y + PLACED_GAP))
}

/// The words of a grid (names on tokens and squares), in world units: big enough to read at
/// the smallest window the game fits, 1280×720, however many squares the camera must frame
/// there (a big map, framed smaller, writes them larger).
fn fitted_grid_font(lay: &Layout) -> f32 {
    let (_, scale) = framing(
        &framed_points(lay),
        lay.size,
        Vec2::new(1280.0, 720.0),
        Card::NONE,
    );
    GRID_FONT.max(MIN_TEXT_PX * scale)
}

/// The least size of any word on the board at 1280×720, in screen pixels.
pub const MIN_TEXT_PX: f32 = 12.5;

/// The size of the smallest word the board writes (world units): places' names and
/// features, headings, tokens' names.
pub fn smallest_font(lay: &Layout) -> f32 {
    let view = &lay.view;
    let places = if view.grid {
        lay.grid_font
    } else if view.places.iter().any(|p| !p.features.is_empty()) {
        FEATURE_FONT.min(NAME_FONT)
    } else {
        NAME_FONT
    };
    let headings = if view.headings.is_empty() {
        f32::MAX
    } else {
        HEADING_FONT
    };
    (0..view.tokens.len())
        .map(|i| token_size(lay, i).1)
        .fold(places.min(headings), f32::min)
}

/// The points the camera frames: every place's centre and, for each heading, a point whose
/// place-sized box reaches just past the heading, so the fitted board shows its words too.
pub fn framed_points(lay: &Layout) -> Vec<Vec2> {
    let mut points = lay.centres.clone();
    for h in &lay.view.headings {
        let at = heading_position(lay, h);
        let reach = lay.size.y / 2.0 - HEADING_FONT * 0.8;
        points.push(at - Vec2::new(0.0, at.y.signum() * reach));
    }
    points
}

/// A link between two places drawn from border to border, not across the boxes.
pub fn edge_to_edge(a: Vec2, b: Vec2, size: Vec2) -> (Vec2, Vec2) {
    let d = b - a;
    let t = |d: Vec2| -> f32 {
        let tx = if d.x.abs() > 1e-3 {
            (size.x / 2.0) / d.x.abs()
        } else {
            f32::MAX
        };
        let ty = if d.y.abs() > 1e-3 {
            (size.y / 2.0) / d.y.abs()
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
    actions: Single<&ActionState<GameAction>>,
    settings: Option<Res<crate::game::settings::Settings>>,
    lesson: Option<Res<LessonRun>>,
    mut last: Local<(u64, usize, u32, u32, u32, u32)>,
) {
    if actions.just_pressed(&GameAction::Fit) {
        *last = Default::default();
    }
    // The side panels grow with the text size, and the board fits between them.
    let zoom = settings.map_or(1.0, |s| s.text_size);
    // A lesson's card at the foot of the window, which the board is framed above.
    let below = lesson.map_or(0.0, |l| l.card());
    // A new battle (another map), a new window size or text size, or a lesson's card grown,
    // frames the board again.
    let key = (
        lay.key.map_or(0, |(serial, _, _)| serial),
        lay.centres.len(),
        window.physical_width(),
        window.physical_height(),
        (zoom * 100.0) as u32,
        below as u32,
    );
    if lay.centres.is_empty() || *last == key {
        return;
    }
    *last = key;
    let Ok((mut t, mut proj)) = cam.single_mut() else {
        return;
    };
    let card = Card {
        below,
        legible: smallest_font(&lay) / MIN_TEXT_PX,
    };
    let (at, scale) = framing_at(
        &framed_points(&lay),
        lay.size,
        Vec2::new(window.width(), window.height()),
        zoom,
        card,
    );
    if let Projection::Orthographic(o) = proj.as_mut() {
        o.scale = scale;
    }
    t.translation.x = at.x;
    t.translation.y = at.y;
}

/// A world point on a `window` of logical pixels, for a 2D camera at `at` zoomed out by
/// `scale` (y downwards, as the screen counts): what the fitted camera's sums come to.
pub fn on_screen(p: Vec2, at: Vec2, scale: f32, window: Vec2) -> Vec2 {
    let d = (p - at) / scale;
    Vec2::new(window.x / 2.0 + d.x, window.y / 2.0 - d.y)
}

/// [`framing`] with the panels grown by the text size `zoom`: framed as for a window smaller
/// by it, whose panels are their usual size (the same place to look at, a zoom larger by it).
pub fn framing_at(
    centres: &[Vec2],
    size: Vec2,
    window: Vec2,
    zoom: f32,
    card: Card,
) -> (Vec2, f32) {
    // Words drawn `zoom` times the size hold as legible at a scale `zoom` times larger.
    let card = Card {
        legible: card.legible * zoom,
        ..card
    };
    let (at, scale) = framing(centres, size, window / zoom, card);
    (at, scale / zoom)
}

/// Where the camera looks and how far it is zoomed out (world units a screen pixel) so that
/// every place, `size` big around its centre, shows whole in the room the side panels and
/// the top bar leave of a `window` (logical pixels), in the middle of it. A `card` over the
/// foot of the window takes its room from the board as far as the board's words stay
/// legible; past that the board keeps their size and stands as high as the top bar lets it.
pub fn framing(centres: &[Vec2], size: Vec2, window: Vec2, card: Card) -> (Vec2, f32) {
    let (mut min, mut max) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for c in centres {
        min = min.min(*c - size / 2.0);
        max = max.max(*c + size / 2.0);
    }
    let span = max - min + Vec2::splat(40.0);
    let avail = Vec2::new(
        (window.x - LEFT_PANEL - RIGHT_PANEL).max(200.0),
        (window.y - TOP_BAR).max(200.0),
    );
    let fit = |room: Vec2| (span.x / room.x).max(span.y / room.y).max(1.0);
    let alone = fit(avail);
    let clear = fit(Vec2::new(avail.x, (avail.y - card.below).max(200.0)));
    let scale = alone.max(clear.min(card.legible));
    let lift = card.below.min(avail.y - span.y / scale).max(0.0);
    let centre = (min + max) / 2.0;
    // Shift the view so the map sits in the middle of the space the panels (and the card, as
    // far as it lifts the board) leave.
    let at = Vec2::new(
        centre.x + (RIGHT_PANEL - LEFT_PANEL) / 2.0 * scale,
        centre.y + (TOP_BAR - lift) / 2.0 * scale,
    );
    (at, scale)
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
            o.scale = zoomed(o.scale, 1.0);
        }
        if actions.just_pressed(&GameAction::ZoomOut) {
            o.scale = zoomed(o.scale, -1.0);
        }
    }
}

/// The mouse on the board: the wheel zooms about the point under the cursor; dragging with
/// the right or middle button pans. Over a panel the mouse is the panel's.
pub fn camera_mouse(
    scroll: Res<bevy::input::mouse::AccumulatedMouseScroll>,
    motion: Res<bevy::input::mouse::AccumulatedMouseMotion>,
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut cam: Query<(&Camera, &GlobalTransform, &mut Transform, &mut Projection), With<BoardCamera>>,
) {
    let Ok((camera, global, mut t, mut proj)) = cam.single_mut() else {
        return;
    };
    let Projection::Orthographic(o) = proj.as_mut() else {
        return;
    };
    if buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle) {
        // The board follows the hand: world moves with the cursor, y up.
        t.translation.x -= motion.delta.x * o.scale;
        t.translation.y += motion.delta.y * o.scale;
    }
    let lines = match scroll.unit {
        bevy::input::mouse::MouseScrollUnit::Line => scroll.delta.y,
        bevy::input::mouse::MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    };
    if lines != 0.0 {
        let before = o.scale;
        let after = zoomed(before, lines);
        // Keep the point under the cursor where it is.
        if let Some(at) = window.cursor_position()
            && let Ok(world) = camera.viewport_to_world_2d(global, at)
        {
            let kept = zoom_about(t.translation.truncate(), world, before, after);
            t.translation.x = kept.x;
            t.translation.y = kept.y;
        }
        o.scale = after;
    }
}

/// The character under the mouse on the board, whose card the left panel shows.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct Hovered(pub Option<usize>);

/// The place under the mouse on the board (none while a token is under it): a place a choice
/// goes to is marked there, as the highlighted row's is, before it is clicked.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct HoveredPlace(pub Option<usize>);

pub fn hover_board(
    window: Single<&Window, With<PrimaryWindow>>,
    cam: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    lay: Option<Res<Layout>>,
    mut hovered: ResMut<Hovered>,
    mut place: ResMut<HoveredPlace>,
) {
    let (camera, tf) = *cam;
    let world = window
        .cursor_position()
        .and_then(|p| camera.viewport_to_world_2d(tf, p).ok());
    let found = lay
        .as_ref()
        .zip(world)
        .and_then(|(lay, w)| character_at(lay, w));
    let under = match found {
        Some(_) => None,
        None => lay
            .as_ref()
            .zip(world)
            .and_then(|(lay, w)| place_at(lay, w)),
    };
    // Only a change marks a resource changed, so nothing redraws for a still mouse.
    hovered.set_if_neq(Hovered(found));
    place.set_if_neq(HoveredPlace(under));
}

/// The place whose ground is at the world point `at`.
pub fn place_at(lay: &Layout, at: Vec2) -> Option<usize> {
    lay.centres.iter().position(|centre| {
        let d = (at - *centre).abs();
        d.x <= lay.size.x / 2.0 && d.y <= lay.size.y / 2.0
    })
}

/// The character whose token (with the ring that marks it) is at the world point `at`.
pub fn character_at(lay: &Layout, at: Vec2) -> Option<usize> {
    (0..lay.view.tokens.len())
        .find(|&i| token_position(lay, i).distance(at) <= token_size(lay, i).0 + RING)
        .map(|i| lay.view.tokens[i].id)
}

/// Where the camera looks after zooming from `before` to `after` about the world point
/// `fixed`, so that the point stays under the cursor.
pub fn zoom_about(centre: Vec2, fixed: Vec2, before: f32, after: f32) -> Vec2 {
    fixed + (centre - fixed) * (after / before)
}

/// The zoom after `lines` of the wheel (up zooms in), within what the keys allow.
pub fn zoomed(scale: f32, lines: f32) -> f32 {
    (scale * 0.85f32.powf(lines)).clamp(0.3, 4.0)
}

/// Clicking the board: a place one may go to is that choice; an enemy one may strike at is
/// that attack (the one whose odds stand beside them); another token filters the choices to it.
#[allow(clippy::too_many_arguments)] // a system's parameters are the data it reads
pub fn click_board(
    actions: Single<&ActionState<GameAction>>,
    window: Single<&Window, With<PrimaryWindow>>,
    cam: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    battle: Res<Battle>,
    seats: Res<Seats>,
    lesson: Option<Res<LessonRun>>,
    lay: Res<Layout>,
    odds_box: Option<Res<OddsBox>>,
    mut cursor: ResMut<Cursor>,
    mut choose: MessageWriter<Choose>,
) {
    if !actions.just_pressed(&GameAction::Select) {
        return;
    }
    if person_deciding(&battle, &seats, lesson.as_deref()).is_none() {
        return;
    }
    let Some(screen) = window.cursor_position() else {
        return;
    };
    // The odds beside a target strike when clicked, as the target does.
    if let Some(i) = odds_box.and_then(|b| b.under(screen))
        && let Some(c) = battle.session().choice(i)
    {
        choose.write(Choose(c));
        return;
    }
    let (camera, tf) = *cam;
    let Ok(world) = camera.viewport_to_world_2d(tf, screen) else {
        return;
    };
    if let Some(id) = character_at(&lay, world) {
        if let Some(c) = crate::game::input::token_clicked(&battle, &mut cursor, id) {
            choose.write(Choose(c));
        }
        return;
    }
    if let Some(c) = place_at(&lay, world)
        .and_then(|z| battle.session().place_choice(z))
        .and_then(|i| battle.session().choice(i))
    {
        choose.write(Choose(c));
    }
}

#[cfg(test)]
mod text_size_tests {
    use super::*;

    /// At any text size the whole map stands between the side panels, grown with the text,
    /// and under the top bar: at 150% on 1920×1080 as at 100% on 1280×720.
    #[test]
    fn the_board_fits_between_the_panels_at_every_text_size() {
        let centres = [
            Vec2::new(0.0, 0.0),
            Vec2::new(900.0, 300.0),
            Vec2::new(450.0, -200.0),
        ];
        let size = Vec2::new(ZONE_W, ZONE_H);
        for (window, zoom) in [
            (Vec2::new(1280.0, 720.0), 1.0),
            (Vec2::new(1920.0, 1080.0), 1.5),
            (Vec2::new(1920.0, 1080.0), 2.0),
        ] {
            // With a lesson's card below, the board stands above it.
            for below in [0.0, 180.0] {
                let card = Card {
                    below,
                    legible: f32::MAX,
                };
                let (at, scale) = framing_at(&centres, size, window, zoom, card);
                for c in centres {
                    for corner in [c - size / 2.0, c + size / 2.0] {
                        let p = on_screen(corner, at, scale, window);
                        assert!(
                            p.x >= LEFT_PANEL * zoom - 0.5
                                && p.x <= window.x - RIGHT_PANEL * zoom + 0.5,
                            "at {zoom}: x {} outside the panels",
                            p.x
                        );
                        assert!(
                            p.y >= TOP_BAR * zoom - 0.5 && p.y <= window.y - below * zoom + 0.5,
                            "at {zoom}, {below} below: y {} outside the room",
                            p.y
                        );
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod weight_tests {
    use super::*;
    use crate::game::board::marks::float_size;

    fn toned(tone: Tone) -> Visual {
        Visual::toned(0, "", tone)
    }

    /// A critical and a fall shake the board, heavy harm a little, a scratch or a step not at
    /// all; every shake dies down by the event's end.
    #[test]
    fn big_moments_shake_the_board_and_small_ones_do_not() {
        let early = |v: &Visual| shake(v, 0.1);
        assert!(early(&toned(Tone::Critical)) > early(&Visual::Fall { token: 0 }));
        assert!(early(&Visual::Fall { token: 0 }) > early(&toned(Tone::Harm(9))));
        assert!(early(&toned(Tone::Harm(9))) > 0.0);
        assert_eq!(early(&toned(Tone::Harm(2))), 0.0);
        assert_eq!(early(&toned(Tone::Miss)), 0.0);
        assert_eq!(early(&Visual::Strike { from: 0, to: 1 }), 0.0);
        assert_eq!(shake(&toned(Tone::Critical), 1.0), 0.0);
    }

    /// Damage stands as large as it is: a critical's words and a blow for 12 far larger than
    /// a scratch for 2, which is still larger than plain words.
    #[test]
    fn damage_is_sized_by_the_harm() {
        let (plain, scratch, heavy, critical) = (
            float_size(Tone::Plain),
            float_size(Tone::Harm(2)),
            float_size(Tone::Harm(12)),
            float_size(Tone::Critical),
        );
        assert!(plain < scratch && scratch < heavy);
        assert!(heavy >= 1.9 * scratch, "{heavy} against {scratch}");
        assert!(critical >= 1.5 * scratch);
        assert!(
            float_size(Tone::Harm(1000)) <= 60.0,
            "huge harm still fits the board"
        );
    }
}

#[cfg(test)]
mod crowd_tests {
    use super::*;

    fn overlap(a: (Vec2, Vec2), b: (Vec2, Vec2)) -> bool {
        a.0.x < b.1.x && b.0.x < a.1.x && a.0.y < b.1.y && b.0.y < a.1.y
    }

    /// A token with the ring that marks whose turn it is.
    fn token_box(c: &Crowd, at: Vec2) -> (Vec2, Vec2) {
        let r = c.radius + RING;
        (at - Vec2::splat(r), at + Vec2::splat(r))
    }

    /// From one to eight tokens in a zone, no label's cell covers another's or another token,
    /// and every token and cell stays inside the zone, clear of its name and its features.
    #[test]
    fn labels_never_overlap_for_up_to_eight_in_a_zone() {
        let inside = (
            Vec2::new(-ZONE_W / 2.0, -ZONE_H / 2.0 + FEATURE_STRIP),
            Vec2::new(ZONE_W / 2.0, ZONE_H / 2.0 - NAME_STRIP),
        );
        let within = |r: (Vec2, Vec2)| {
            r.0.x >= inside.0.x && r.0.y >= inside.0.y && r.1.x <= inside.1.x && r.1.y <= inside.1.y
        };
        for n in 1..=8 {
            let c = crowd(n, Vec2::new(ZONE_W, ZONE_H));
            assert_eq!(c.at.len(), n);
            let cells: Vec<_> = c.at.iter().map(|&p| label_cell(&c, p)).collect();
            let tokens: Vec<_> = c.at.iter().map(|&p| token_box(&c, p)).collect();
            for i in 0..n {
                assert!(
                    within(cells[i]) && within(tokens[i]),
                    "{n} tokens: {i} leaves the zone"
                );
                assert!(c.cell.x >= 40.0, "{n} tokens: room for a short name");
                for j in 0..n {
                    if i != j {
                        assert!(!overlap(cells[i], cells[j]), "{n}: labels {i} and {j}");
                        assert!(!overlap(tokens[i], tokens[j]), "{n}: tokens {i} and {j}");
                    }
                    assert!(
                        !overlap(cells[i], tokens[j]),
                        "{n}: label {i} and token {j}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_label_too_long_for_its_cell_is_cut_short() {
        let measure = |s: &str| s.chars().count() as f32 * 6.0;
        assert_eq!(fit("Teodor", 60.0, measure), "Teodor");
        let cut = fit("Teodor (poisoned)", 60.0, measure);
        assert!(cut.ends_with('…') && measure(&cut) <= 60.0, "{cut}");
        assert_eq!(cut, "Teodor (p…");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::battle::{Battle, BattleSetup};

    type Box2 = (Vec2, Vec2);

    fn overlap(a: Box2, b: Box2) -> bool {
        a.0.x < b.1.x - 0.01 && b.0.x < a.1.x - 0.01 && a.0.y < b.1.y - 0.01 && b.0.y < a.1.y - 0.01
    }

    fn board_of(name: &str) -> Layout {
        let b = Battle::start(&BattleSetup {
            scenario: name.to_string(),
            ..BattleSetup::default()
        })
        .unwrap();
        let view = b.session().board(None);
        let centres = layout(&view);
        Layout::new(view, centres, None)
    }

    /// A lesson's card takes its room from the board as far as the board's words stay legible,
    /// and past that lifts it as high as it goes: on every lesson's board at 1280×720, with a
    /// card of any height a lesson's takes, the board is never larger than alone, stands whole
    /// between the panels and under the top bar, keeps its smallest word at the least legible
    /// size (or its size alone, if smaller), and either clears the card or stands as high and
    /// as small as that lets it.
    #[test]
    fn a_lesson_card_takes_room_from_the_board_while_its_words_stay_legible() {
        let window = Vec2::new(1280.0, 720.0);
        let mut files: Vec<_> = std::fs::read_dir("assets/lessons/scenarios")
            .unwrap()
            .map(|f| f.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty());
        let mut clear = 0;
        for file in &files {
            let name = file.to_string_lossy().to_string();
            let lay = board_of(&name);
            let smallest = words_and_tokens(&lay)
                .0
                .iter()
                .map(|(_, font, _)| *font)
                .fold(f32::MAX, f32::min);
            assert_eq!(smallest_font(&lay), smallest, "{name}");
            let points = framed_points(&lay);
            let (_, alone) = framing(&points, lay.size, window, Card::NONE);
            for below in [120.0, 180.0, 320.0] {
                let card = Card {
                    below,
                    legible: smallest / MIN_TEXT_PX,
                };
                let (at, scale) = framing(&points, lay.size, window, card);
                assert!(scale >= alone, "{name}: the card grew the board");
                assert!(
                    smallest / scale >= (smallest / alone).min(MIN_TEXT_PX) - 0.01,
                    "{name}, a card {below} tall: words of {:.1} px",
                    smallest / scale
                );
                let (mut top, mut foot) = (f32::MAX, f32::MIN);
                for c in &points {
                    for corner in [*c - lay.size / 2.0, *c + lay.size / 2.0] {
                        let p = on_screen(corner, at, scale, window);
                        assert!(
                            p.x >= LEFT_PANEL - 0.5 && p.x <= window.x - RIGHT_PANEL + 0.5,
                            "{name}: a place's corner at {p} is off the board's room"
                        );
                        top = top.min(p.y);
                        foot = foot.max(p.y);
                    }
                }
                assert!(top >= TOP_BAR - 0.5, "{name}: the board under the top bar");
                let above = foot <= window.y - below + 0.5;
                // The room's margin, 20 points above the board's first place.
                let highest = top <= TOP_BAR + 20.0 / scale + 0.5;
                assert!(
                    above || (highest && scale >= card.legible.max(alone) - 1e-4),
                    "{name}, a card {below} tall: the board's foot at {foot}, its top at {top}"
                );
                // A lesson's grid clears a card of the usual height altogether; a map of zones
                // three deep or Coterie's tracks stand too tall for it.
                if below == 180.0 && lay.view.grid {
                    assert!(above, "{name}: the board's foot at {foot}, under the card");
                    clear += 1;
                }
            }
        }
        assert!(clear >= 4, "grids among the lessons: {clear}");
    }

    /// The words a board writes, each with the box it may fill (world units), and the
    /// tokens' boxes with the ring that marks them.
    fn words_and_tokens(lay: &Layout) -> (Vec<(String, f32, Box2)>, Vec<Box2>) {
        let (view, size) = (&lay.view, lay.size);
        let mut words = Vec::new();
        for (z, p) in view.places.iter().enumerate() {
            let c = lay.centres[z];
            let top = c.y + size.y / 2.0;
            let bottom = c.y - size.y / 2.0;
            let (name_font, strip) = if view.grid {
                (lay.grid_font, lay.grid_font * 1.25)
            } else {
                (NAME_FONT, NAME_STRIP)
            };
            let wide = (
                Vec2::new(c.x - size.x / 2.0, 0.0),
                Vec2::new(c.x + size.x / 2.0, 0.0),
            );
            if !p.name.is_empty() {
                let b = (Vec2::new(wide.0.x, top - strip), Vec2::new(wide.1.x, top));
                words.push((p.name.clone(), name_font, b));
            }
            if !p.features.is_empty() && !view.grid {
                let b = (
                    Vec2::new(wide.0.x, bottom),
                    Vec2::new(wide.1.x, bottom + FEATURE_STRIP),
                );
                words.push((p.features.clone(), FEATURE_FONT, b));
            }
        }
        for h in &view.headings {
            let at = heading_position(lay, h);
            let half = Vec2::new(
                h.text.chars().count() as f32 * HEADING_FONT * 0.3,
                HEADING_FONT * 0.6,
            );
            words.push((h.text.clone(), HEADING_FONT, (at - half, at + half)));
        }
        let mut tokens = Vec::new();
        for (i, t) in view.tokens.iter().enumerate() {
            let p = token_position(lay, i);
            let (r, font, cell) = token_size(lay, i);
            tokens.push((p - Vec2::splat(r + RING), p + Vec2::splat(r + RING)));
            let top = p.y - r - LABEL_GAP;
            words.push((
                t.label.clone(),
                font,
                (
                    Vec2::new(p.x - cell / 2.0, top - font * 1.2),
                    Vec2::new(p.x + cell / 2.0, top),
                ),
            ));
        }
        (words, tokens)
    }

    /// Zooming with the wheel keeps the point under the cursor where it was on the screen, and
    /// stays within the keys' bounds.
    #[test]
    fn the_wheel_zooms_about_the_point_under_the_cursor() {
        let window = Vec2::new(1280.0, 720.0);
        let (centre, before) = (Vec2::new(100.0, -40.0), 1.5);
        let cursor_world = Vec2::new(400.0, 120.0);
        let cursor_screen = on_screen(cursor_world, centre, before, window);
        let after = zoomed(before, 2.0);
        assert!(after < before, "up zooms in");
        let moved = zoom_about(centre, cursor_world, before, after);
        let again = on_screen(cursor_world, moved, after, window);
        assert!(
            (again - cursor_screen).length() < 1e-3,
            "{again} against {cursor_screen}"
        );
        assert_eq!(zoomed(0.31, 5.0), 0.3);
        assert_eq!(zoomed(3.9, -5.0), 4.0);
    }

    /// A scenario's `icon:` is the portrait its token shows; without one, the name, side and
    /// gear choose.
    #[test]
    fn a_token_wears_the_portrait_its_scenario_names() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(root.join("assets/scenarios/wizards-and-bandits.ron"))
            .unwrap()
            .replace(
                "(name: \"Odran\",",
                "(name: \"Odran\", icon: Some(\"portrait.elf\"),",
            );
        let dir = std::env::temp_dir().join(format!("fray-icon-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("icons.ron");
        std::fs::write(&path, text).unwrap();
        let b = Battle::start(&BattleSetup {
            scenario: path.to_string_lossy().into_owned(),
            ..BattleSetup::default()
        })
        .unwrap();
        let view = b.session().board(None);
        let portrait = |name: &str| {
            view.tokens
                .iter()
                .find(|t| t.name == name)
                .unwrap()
                .portrait
        };
        assert_eq!(portrait("Odran"), "portrait.elf");
        assert_eq!(portrait("Maelis"), "portrait.wizard");
        assert_eq!(portrait("Grell"), "portrait.bandit");
        std::fs::remove_dir_all(&dir).ok();
    }

    /// Every shipped scenario's board as the camera first frames it at 1280×720: no word
    /// under 12 logical pixels; no word's room over another's or over a token, and no token
    /// over another.
    #[test]
    fn every_board_writes_legibly_at_1280_by_720() {
        let window = Vec2::new(1280.0, 720.0);
        // The shipped boards, and random skirmishes of every ruleset and size.
        let mut names: Vec<String> = crate::scenario::BUILTIN
            .iter()
            .map(|(n, _)| n.to_string())
            .collect();
        for ruleset in crate::rulesets::IDS {
            for size in ["small", "medium", "large"] {
                for seed in 1..=4 {
                    names.push(format!("random-{ruleset}-{size}-{seed}"));
                }
            }
        }
        let mut zone_pairs = 0;
        for name in &names {
            let lay = board_of(name);
            let (_, scale) = framing(&framed_points(&lay), lay.size, window, Card::NONE);
            let (words, tokens) = words_and_tokens(&lay);
            assert!(!tokens.is_empty(), "{name}: a board with tokens");
            for (i, (text, font, b)) in words.iter().enumerate() {
                assert!(
                    font / scale >= 12.0,
                    "{name}: \"{text}\" at {:.1} px (scale {scale:.2})",
                    font / scale
                );
                for (other, _, o) in &words[i + 1..] {
                    assert!(!overlap(*b, *o), "{name}: \"{text}\" over \"{other}\"");
                }
                for (k, t) in tokens.iter().enumerate() {
                    assert!(!overlap(*b, *t), "{name}: \"{text}\" over token {k}");
                }
            }
            for (i, a) in tokens.iter().enumerate() {
                for (j, b) in tokens.iter().enumerate().skip(i + 1) {
                    // Two on one square: the fallen one lies beside, as a tabletop shows it.
                    // Two in one zone are the zone's crowd, each in a room of its own.
                    let same = lay.view.tokens[i].place == lay.view.tokens[j].place;
                    let square = same && lay.view.grid;
                    zone_pairs += usize::from(same && !lay.view.grid);
                    assert!(square || !overlap(*a, *b), "{name}: tokens {i} and {j}");
                }
            }
        }
        assert!(zone_pairs > 0, "no two tokens met in one zone");
    }

    #[test]
    fn the_fitted_camera_shows_every_place_whole_between_the_panels() {
        for (name, _) in crate::scenario::BUILTIN {
            let b = Battle::start(&BattleSetup {
                scenario: name.to_string(),
                ..BattleSetup::default()
            })
            .unwrap();
            let view = b.session().board(None);
            let centres = layout(&view);
            let size = place_size(&view);
            for window in [
                Vec2::new(1280.0, 720.0),
                Vec2::new(1920.0, 1080.0),
                Vec2::new(2560.0, 1440.0),
            ] {
                let (at, scale) = framing(&centres, size, window, Card::NONE);
                for c in &centres {
                    for corner in [c - size / 2.0, c + size / 2.0] {
                        let s = on_screen(corner, at, scale, window);
                        assert!(
                            s.x >= LEFT_PANEL - 0.5
                                && s.x <= window.x - RIGHT_PANEL + 0.5
                                && s.y >= TOP_BAR - 0.5
                                && s.y <= window.y + 0.5,
                            "{name} at {window}: a place's corner at {s} is off the board's room"
                        );
                    }
                }
            }
        }
    }
}
