//! What is drawn over the board's sprites (`pictures`), with egui through the board camera:
//! the places' names and features, the tokens' names, counts and condition badges, the events
//! played on them (a blow's line, a fall's cross, a number floating up, a roll's dice), and the
//! highlights for the acting character and the choice under the cursor. Words stay with egui,
//! whose one font the game already ships: Bevy's text stack would add megabytes to the
//! browser download.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{Align2, Color32, FontId, Pos2, Stroke};

use crate::game::battle::{Battle, LessonRun, Seats, person_deciding};
use crate::game::board::animation::Playing;
use crate::game::board::{
    BoardCamera, FEATURE_FONT, HEADING_FONT, LABEL_GAP, Layout, NAME_FONT, character_position,
    character_radius, token_position,
};
use crate::game::input::{Cursor, attack_on, filtered_choices, highlighted_row, row_choice, rows};
use crate::present::{Focus, Mark, Token, Tone, Visual};

/// The acting character, and a character one may activate.
pub const GOLD: Color32 = Color32::from_rgb(255, 230, 51);
/// Places one may go to.
const CYAN: Color32 = Color32::from_rgb(77, 230, 255);
/// A move that sets off an enemy's blow.
const ORANGE: Color32 = Color32::from_rgb(255, 150, 40);
/// What an attack under the cursor would hit.
const RED: Color32 = Color32::from_rgb(255, 89, 51);
/// An attack's line on its way to the target.
pub const STRIKE: Color32 = Color32::from_rgb(255, 60, 200);
/// A selected character's reach, fainter than the places the choices go to.
const REACH: Color32 = Color32::from_rgb(120, 170, 255);

pub use super::BoardArea;

pub fn egui_colour(c: Color) -> Color32 {
    let c = c.to_srgba();
    Color32::from_rgba_unmultiplied(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
        (c.alpha * 255.0) as u8,
    )
}

/// Where a box of `size` stands beside a token at `at` on the screen, `reach` points out from
/// its centre: right of it, else left, above or below, the first place that covers none of the
/// tokens (`discs`: centre and radius) and stays inside `clip`; where every place would, the
/// one that covers fewest. Odds over an ally or another enemy hide what they are about.
pub fn clear_spot(
    at: Pos2,
    reach: f32,
    size: egui::Vec2,
    discs: &[(Pos2, f32)],
    clip: egui::Rect,
) -> egui::Rect {
    let (w, h) = (size.x, size.y);
    let spots = [
        at + egui::vec2(reach, -h / 2.0),
        at + egui::vec2(-reach - w, -h / 2.0),
        at + egui::vec2(-w / 2.0, -reach - h),
        at + egui::vec2(-w / 2.0, reach),
    ]
    .map(|min| egui::Rect::from_min_size(min, size));
    let covered = |r: &egui::Rect| {
        let over = discs
            .iter()
            .filter(|(c, radius)| r.distance_to_pos(*c) < *radius)
            .count();
        over + usize::from(!clip.contains_rect(*r)) * discs.len().max(1)
    };
    spots
        .iter()
        .copied()
        .min_by_key(|r| covered(r))
        .unwrap_or(spots[0])
}

/// World to screen (the board camera's, or a test's), and world lengths to screen lengths.
/// Where an attack's odds stand on screen (the window's pixels) and the choice they are for:
/// a click there strikes, as a click on the target does.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct OddsBox(pub Option<(Rect, usize)>);

impl OddsBox {
    /// The box for choice `i` as egui drew it (`rect` in points, larger than the window's
    /// pixels by the text size `zoom`).
    pub fn drawn(rect: egui::Rect, zoom: f32, i: usize) -> OddsBox {
        let px = |p: Pos2| Vec2::new(p.x, p.y) * zoom;
        OddsBox(Some((Rect::from_corners(px(rect.min), px(rect.max)), i)))
    }

    /// The attack whose odds stand under `at` (window pixels), if any.
    pub fn under(&self, at: Vec2) -> Option<usize> {
        self.0.filter(|(r, _)| r.contains(at)).map(|(_, i)| i)
    }
}

struct Projector<'a> {
    to_screen: &'a dyn Fn(Vec2) -> Option<Pos2>,
    scale: f32,
}

impl Projector<'_> {
    fn at(&self, world: Vec2) -> Option<Pos2> {
        (self.to_screen)(world)
    }
    fn len(&self, world: f32) -> f32 {
        world / self.scale
    }
    /// A font of `world` units at this zoom, to the whole point: each new size has its letters
    /// drawn into egui's font texture anew, and a zoom's every fraction of a point would be one.
    fn font(&self, world: f32) -> FontId {
        FontId::proportional(self.len(world).round().max(1.0))
    }
    fn rect(&self, centre: Vec2, size: Vec2) -> Option<egui::Rect> {
        let a = self.at(centre - size / 2.0)?;
        let b = self.at(centre + size / 2.0)?;
        Some(egui::Rect::from_two_pos(a, b))
    }
}

/// What is written on a token over its pictures: the count inside it (a zone token's
/// health), and its conditions as badges on its rim.
fn paint_token_overlay(painter: &egui::Painter, centre: Pos2, r: f32, t: &Token) {
    if !t.inside.is_empty() {
        let font = FontId::proportional((r * 0.55).max(11.0).round());
        let at = centre + egui::vec2(-r * 0.78, -r * 0.62);
        let galley = painter.layout_no_wrap(t.inside.clone(), font, Color32::WHITE);
        let pill = egui::Rect::from_center_size(at, galley.size() + egui::vec2(6.0, 2.0));
        painter.rect_filled(pill, 4.0, Color32::from_rgb(28, 28, 32));
        painter.galley(pill.min + egui::vec2(3.0, 1.0), galley, Color32::WHITE);
    }
    let badge = crate::game::board::icons::badge_radius(r);
    for (&icon, at) in t.icons.iter().zip(crate::game::board::icons::badge_centres(
        centre,
        r,
        t.icons.len(),
    )) {
        painter.extend(crate::game::board::icons::shapes(icon, at, badge));
    }
}

#[allow(clippy::too_many_arguments)] // a system's parameters are the data it reads
pub fn draw_board_marks(
    mut contexts: EguiContexts,
    area: Res<BoardArea>,
    battle: Res<Battle>,
    speech: Res<crate::game::settings::Speech>,
    seats: Res<Seats>,
    (lesson, playing): (Option<Res<LessonRun>>, Res<Playing>),
    lay: Res<Layout>,
    cursor: Res<Cursor>,
    cam: Single<(&Camera, &GlobalTransform, &Projection), With<BoardCamera>>,
    (hovered, hovered_place): (
        Res<crate::game::board::Hovered>,
        Res<crate::game::board::HoveredPlace>,
    ),
    roots: Query<(&crate::game::board::scene::Token, &Transform)>,
    mut odds_box: ResMut<OddsBox>,
) -> Result {
    odds_box.0 = None;
    let Some(clip) = area.0 else {
        return Ok(());
    };
    let view_of = &lay.view;
    if lay.centres.len() != view_of.places.len() {
        return Ok(());
    }
    let (camera, transform, projection) = *cam;
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let ctx = contexts.ctx_mut()?;
    // The camera counts the window's pixels; egui's points are larger by the text size.
    let zoom = ctx.zoom_factor();
    let to_screen = |world: Vec2| {
        let p = camera
            .world_to_viewport(transform, world.extend(0.0))
            .ok()?;
        Some(Pos2::new(p.x / zoom, p.y / zoom))
    };
    let scale = scale * zoom;
    let view = Projector {
        to_screen: &to_screen,
        scale,
    };
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("board-marks"),
        ))
        .with_clip_rect(clip);

    let size = lay.size;
    for (z, place) in view_of.places.iter().enumerate() {
        let c = lay.centres[z];
        let name_font = if view_of.grid {
            lay.grid_font
        } else {
            NAME_FONT
        };
        if !place.name.is_empty()
            && let Some(top) = view.at(c + Vec2::new(0.0, size.y / 2.0 - 4.0))
        {
            painter.text(
                top,
                Align2::CENTER_TOP,
                &place.name,
                view.font(name_font),
                Color32::from_rgb(242, 237, 217),
            );
        }
        // A square is too small for words beside its token: its ground is its picture, and
        // its words are in the tooltip.
        if !view_of.grid
            && !place.features.is_empty()
            && let Some(bottom) = view.at(c - Vec2::new(0.0, size.y / 2.0 - 4.0))
        {
            let width = view.len(size.x - 8.0);
            let font = view.font(FEATURE_FONT);
            let measure = |text: &str| {
                painter
                    .layout_no_wrap(text.to_string(), font.clone(), Color32::WHITE)
                    .size()
                    .x
            };
            painter.text(
                bottom,
                Align2::CENTER_BOTTOM,
                crate::game::board::fit(&place.features, width, measure),
                font.clone(),
                Color32::from_rgb(214, 214, 194),
            );
        }
    }
    for h in &view_of.headings {
        let at = crate::game::board::heading_position(&lay, h);
        if let Some(at) = view.at(at) {
            let colour = h.faction.map_or(Color32::from_rgb(242, 237, 217), |f| {
                egui_colour(crate::game::board::palette::faction_color(f))
            });
            painter.text(
                at,
                Align2::CENTER_CENTER,
                &h.text,
                view.font(HEADING_FONT),
                colour,
            );
        }
    }

    // The event the board is playing, and how far it has gone.
    let now = playing.now.and_then(|(e, t)| {
        let entry = battle.log().get(e)?;
        Some((entry.visual.clone()?, t, battle.say(&speech, &entry.line)))
    });
    let sliding = match &now {
        Some((Visual::Slide { token, .. }, _, _)) => Some(*token),
        _ => None,
    };
    for (i, t) in view_of.tokens.iter().enumerate() {
        if sliding == Some(t.id) {
            continue;
        }
        // Where the token's sprites stand now (on their way, after a move).
        let p = roots.iter().find(|(r, _)| r.character == t.id).map_or_else(
            || token_position(&lay, i),
            |(_, tf)| tf.translation.truncate(),
        );
        let (radius, font, cell) = crate::game::board::token_size(&lay, i);
        if let Some(centre) = view.at(p) {
            paint_token_overlay(&painter, centre, view.len(radius), t);
        }
        // The name, cut to the label's cell so that no two labels ever cover each other;
        // what is wrong is the icons on the token (and words in its tooltip and card).
        let width = view.len(cell);
        let font_id = view.font(font);
        let measure = |text: &str| {
            painter
                .layout_no_wrap(text.to_string(), font_id.clone(), Color32::WHITE)
                .size()
                .x
        };
        if !t.label.is_empty() {
            let top = p - Vec2::new(0.0, radius + LABEL_GAP);
            if let Some(at) = view.at(top) {
                painter.text(
                    at,
                    Align2::CENTER_TOP,
                    crate::game::board::fit(&t.label, width, measure),
                    font_id.clone(),
                    Color32::from_rgb(240, 240, 240),
                );
            }
        }
    }

    let marks = Marks {
        painter: &painter,
        view: &view,
        lay: &lay,
    };
    if let Some((visual, t, text)) = &now {
        paint_event(&painter, &to_screen, scale, &lay, visual, *t, text, clip);
        // The roll's dice, if the event rolled any, by what they were rolled for.
        if let Some(x) = playing
            .now
            .and_then(|(e, _)| battle.log().get(e)?.explanation.as_ref())
            && super::dice::decisive(x, visual)
        {
            super::dice::paint_big(&painter, clip, x, &battle.explain(&speech, x), *t);
        } else if let Some(x) = playing
            .now
            .and_then(|(e, _)| battle.log().get(e)?.explanation.as_ref())
        {
            let at = super::dice::anchor(
                visual,
                |c| character_position(&lay, c),
                |p| lay.centres.get(p).copied(),
            )
            .and_then(|(w, over)| {
                let lift = over.map_or(0.0, |c| {
                    view.len(character_radius(&lay, c)) + super::dice::LIFT
                });
                Some(view.at(w)? - egui::vec2(0.0, lift))
            })
            .unwrap_or(egui::pos2(clip.center().x, clip.max.y - 40.0));
            super::dice::paint(&painter, at, &x.dice, &x.dropped, *t, 1.0);
        }
    }
    if let Some(c) = view_of.active
        && let Some(at) = character_position(&lay, c)
    {
        marks.ring(
            at,
            character_radius(&lay, c) + crate::game::board::RING,
            GOLD,
        );
    }
    // A lesson's finger on what its step is about.
    if let Some(lesson) = &lesson {
        // The pointer keeps its colour (a screenshot checks for it); its arrow bobs.
        let bob = 6.0 * (ctx.input(|i| i.time) as f32 * 4.0).sin().abs();
        let colour = crate::game::board::palette::POINTER;
        match lesson.pointer(battle.session()) {
            Some(crate::game::battle::PointAt::Token(c)) => {
                if let Some(at) = character_position(&lay, c) {
                    let r = character_radius(&lay, c);
                    marks.ring(at, r + 12.0, colour);
                    marks.arrow_down(at + Vec2::new(0.0, r + 14.0 + bob), colour);
                }
            }
            Some(crate::game::battle::PointAt::Place(z)) => {
                marks.frame(z, 16.0, colour);
                if let Some(&c) = lay.centres.get(z) {
                    marks.arrow_down(c + Vec2::new(0.0, lay.size.y / 2.0 + 10.0 + bob), colour);
                }
            }
            _ => {}
        }
    }
    if person_deciding(&battle, &seats, lesson.as_deref()).is_some() {
        // Every place the choices listed go to is lit, with what going there costs (the
        // first choice's, a move before a sprint); the highlighted row's is marked. `costed`
        // holds the lit places.
        let mut costed = std::collections::BTreeSet::new();
        let mut lit = false;
        for i in filtered_choices(&battle, &cursor) {
            let focus = battle.session().focus(i);
            let (z, colour) = match focus.place {
                Some((z, Mark::Go)) => (z, CYAN.gamma_multiply(0.5)),
                Some((z, Mark::Risk)) => (z, ORANGE.gamma_multiply(0.7)),
                _ => continue,
            };
            lit = true;
            marks.frame(z, -8.0, colour);
            if costed.insert(z)
                && let Some(cost) = &focus.cost
            {
                marks.cost(z, cost);
            }
        }
        // A character selected whose moves are not among the choices (one not yet activated,
        // an ally waiting, an enemy): where a move of its own could take it, lit faintly with
        // what it costs, so a reach is weighed before the character is chosen.
        if !lit && let Some(t) = cursor.target {
            for (z, cost) in battle.session().reach(t) {
                marks.frame(z, -8.0, REACH);
                if !cost.is_empty() {
                    marks.cost(z, &cost);
                }
            }
        }
        let highlighted = highlighted_row(&rows(&battle, &cursor), &cursor)
            .map(|row| battle.session().focus(row_choice(row)));
        if let Some(focus) = &highlighted {
            marks.highlight(focus);
        }
        // The place under the mouse, if a choice goes there: marked as the highlighted row's
        // is, and a move that sets off a blow says so beside it, before the click.
        if let Some(i) = hovered_place
            .0
            .filter(|z| costed.contains(z))
            .and_then(|z| battle.session().place_choice(z))
        {
            let focus = battle.session().focus(i);
            marks.highlight(&focus);
            if let Some((z, Mark::Risk)) = focus.place
                && let Some(words) = battle.session().odds(i)
            {
                marks.odds_beside_place(z, &words);
            }
        }
        // The odds of striking at someone stand beside them: the enemy under the mouse, else
        // the target of the highlighted attack.
        let target = hovered.0.or_else(|| {
            highlighted
                .and_then(|f| f.token)
                .filter(|(_, m)| *m == Mark::Harm)
                .map(|(c, _)| c)
        });
        if let Some(t) = target
            && let Some(i) = attack_on(&battle, &cursor, t)
            && let Some(odds) = battle.session().odds(i)
            && let Some(r) = marks.odds_beside(t, &odds)
        {
            *odds_box = OddsBox::drawn(r, zoom, i);
        }
    }
    Ok(())
}

/// What the board draws of an event `t` of the way through its animation (0 to 1), `text`
/// its words: through `to_screen` from the world, `scale` world units a point, within `clip`.
/// The board's own drawing, and a test's reading of what is drawn.
#[allow(clippy::too_many_arguments)] // the picture's parts, each needed
pub fn paint_event(
    painter: &egui::Painter,
    to_screen: &dyn Fn(Vec2) -> Option<Pos2>,
    scale: f32,
    lay: &Layout,
    visual: &Visual,
    t: f32,
    text: &str,
    clip: egui::Rect,
) {
    let view = Projector { to_screen, scale };
    Marks {
        painter,
        view: &view,
        lay,
    }
    .animate(visual, t, text, clip);
}

/// How large words over a token stand (points at the board's own zoom): harm by how much,
/// so a critical for 17 does not read like a scratch for 2.
pub fn float_size(tone: Tone) -> f32 {
    match tone {
        Tone::Plain => 18.0,
        Tone::Miss => 17.0,
        Tone::Guard => 20.0,
        Tone::Harm(n) => (20.0 + 2.5 * n as f32).min(54.0),
        Tone::Critical => 40.0,
    }
}

fn float_colour(tone: Tone, text: &str) -> Color32 {
    match tone {
        Tone::Plain if text.starts_with('−') => RED,
        Tone::Plain => GOLD,
        Tone::Harm(_) => RED,
        Tone::Miss => Color32::from_gray(175),
        Tone::Guard => REACH,
        Tone::Critical => ORANGE,
    }
}

/// A flash over the whole board that fades as the event plays.
fn flash(colour: Color32, t: f32) -> Color32 {
    let alpha = (70.0 * (1.0 - t * 1.6).max(0.0)) as u8;
    Color32::from_rgba_unmultiplied(colour.r(), colour.g(), colour.b(), alpha)
}

fn mark_colour(m: Mark) -> Color32 {
    match m {
        Mark::Harm => RED,
        Mark::Go => CYAN,
        Mark::Risk => ORANGE,
        Mark::Pick => GOLD,
    }
}

/// Outlines drawn in world units.
struct Marks<'a> {
    painter: &'a egui::Painter,
    view: &'a Projector<'a>,
    lay: &'a Layout,
}

impl Marks<'_> {
    fn ring(&self, at: Vec2, radius: f32, colour: Color32) {
        if let Some(p) = self.view.at(at) {
            self.painter
                .circle_stroke(p, self.view.len(radius), Stroke::new(2.0, colour));
        }
    }

    /// A place's outline, grown (or shrunk, negative) by `grow` world units.
    fn frame(&self, place: usize, grow: f32, colour: Color32) {
        let Some(&at) = self.lay.centres.get(place) else {
            return;
        };
        if let Some(r) = self.view.rect(at, self.lay.size + Vec2::splat(grow)) {
            self.painter
                .rect_stroke(r, 0.0, Stroke::new(2.0, colour), egui::StrokeKind::Middle);
        }
    }

    /// An arrow pointing down at `tip` (world), from above it.
    fn arrow_down(&self, tip: Vec2, colour: Color32) {
        let (Some(a), Some(b)) = (self.view.at(tip + Vec2::new(0.0, 40.0)), self.view.at(tip))
        else {
            return;
        };
        let stroke = Stroke::new(5.0, colour);
        self.painter.line_segment([a, b], stroke);
        self.painter.add(egui::Shape::convex_polygon(
            vec![b, b + egui::vec2(-10.0, -14.0), b + egui::vec2(10.0, -14.0)],
            colour,
            Stroke::NONE,
        ));
    }

    /// Rays bursting out of a token: a critical's gold, a fall's red.
    fn burst(&self, at: Vec2, radius: f32, t: f32, colour: Color32) {
        let reach = radius * (1.0 + 1.4 * (t * 2.5).min(1.0));
        let colour = colour.gamma_multiply((1.0 - t).clamp(0.0, 1.0));
        for k in 0..12 {
            let a = k as f32 * std::f32::consts::TAU / 12.0;
            let dir = Vec2::new(a.cos(), a.sin());
            if let (Some(from), Some(to)) = (
                self.view.at(at + dir * radius * 1.05),
                self.view.at(at + dir * reach),
            ) {
                self.painter
                    .line_segment([from, to], Stroke::new(self.view.len(4.0).max(2.0), colour));
            }
        }
    }

    /// One event on its way, `t` from 0 to 1.
    fn animate(&self, visual: &Visual, t: f32, text: &str, clip: egui::Rect) {
        let ease = 1.0 - (1.0 - t) * (1.0 - t);
        let fade = |c: Color32| c.gamma_multiply((1.0 - t).clamp(0.0, 1.0) * 0.9 + 0.1);
        let view = self.view;
        match visual {
            Visual::Slide {
                token: id,
                from,
                text: what,
                ..
            } => {
                // The token's sprites slide (`pictures`); what the move is called
                // travels over it.
                let Some(p) = crate::game::board::pictures::sliding_at(self.lay, *id, *from, t)
                else {
                    return;
                };
                if let Some(at) = view.at(p) {
                    let r = view.len(character_radius(self.lay, *id));
                    if !what.is_empty() {
                        self.painter.text(
                            at - egui::vec2(0.0, r + 4.0),
                            Align2::CENTER_BOTTOM,
                            what,
                            view.font(13.0),
                            CYAN,
                        );
                    }
                }
            }
            Visual::Strike { from, to } => {
                let (Some(a), Some(b)) = (
                    character_position(self.lay, *from),
                    character_position(self.lay, *to),
                ) else {
                    return;
                };
                // From edge to edge of the two tokens.
                let dir = (b - a).normalize_or_zero();
                let (a, b) = (
                    a + dir * character_radius(self.lay, *from),
                    b - dir * (character_radius(self.lay, *to) + 2.0),
                );
                let reach = a + (b - a) * (2.0 * t).min(1.0);
                if let (Some(a), Some(tip)) = (view.at(a), view.at(reach)) {
                    let stroke = Stroke::new(view.len(4.0).max(2.0), STRIKE);
                    self.painter.line_segment([a, tip], stroke);
                    let back = (a - tip).normalized() * view.len(14.0);
                    let side = egui::vec2(-back.y, back.x) * 0.5;
                    self.painter.add(egui::Shape::convex_polygon(
                        vec![tip, tip + back + side, tip + back - side],
                        STRIKE,
                        Stroke::NONE,
                    ));
                }
            }
            Visual::Float {
                token: id,
                text: what,
                tone,
            } => {
                let Some(p) = character_position(self.lay, *id) else {
                    return;
                };
                let r = character_radius(self.lay, *id);
                // A big moment's words swell in before they rise.
                let swell = match tone {
                    Tone::Critical | Tone::Harm(_) => 1.0 + 0.6 * (1.0 - (t * 5.0).min(1.0)),
                    _ => 1.0,
                };
                if let Some(at) = view.at(p + Vec2::new(0.0, r + 6.0 + 24.0 * ease)) {
                    self.painter.text(
                        at,
                        Align2::CENTER_BOTTOM,
                        what,
                        view.font(float_size(*tone) * swell),
                        fade(float_colour(*tone, what)),
                    );
                }
                if *tone == Tone::Critical {
                    self.burst(p, r, t, GOLD);
                    self.painter
                        .rect_filled(clip, 0.0, flash(Color32::from_rgb(255, 220, 120), t));
                }
            }
            Visual::Fall { token: id } => {
                let Some(p) = character_position(self.lay, *id) else {
                    return;
                };
                // A fall darkens the board red for a moment and says who fell across its
                // top: it cannot pass unseen.
                self.painter
                    .rect_filled(clip, 0.0, flash(Color32::from_rgb(200, 20, 20), t));
                self.burst(p, character_radius(self.lay, *id), t, RED);
                let r = character_radius(self.lay, *id) * (0.5 + 0.7 * ease);
                if let (Some(a), Some(b), Some(c), Some(d)) = (
                    view.at(p + Vec2::new(-r, r)),
                    view.at(p + Vec2::new(r, -r)),
                    view.at(p + Vec2::new(r, r)),
                    view.at(p + Vec2::new(-r, -r)),
                ) {
                    let stroke = Stroke::new(view.len(7.0).max(3.0), RED);
                    self.painter.line_segment([a, b], stroke);
                    self.painter.line_segment([c, d], stroke);
                }
                self.painter.text(
                    clip.center_top() + egui::vec2(0.0, 14.0),
                    Align2::CENTER_TOP,
                    text,
                    FontId::proportional(24.0),
                    Color32::from_rgb(255, 120, 100),
                );
            }
            Visual::Flash { place } => {
                if let Some(&c) = self.lay.centres.get(*place)
                    && let Some(r) = view.rect(c, self.lay.size)
                {
                    let glow = Color32::from_rgba_unmultiplied(255, 150, 40, 110);
                    self.painter.rect_filled(r, 0.0, fade(glow));
                }
            }
            Visual::Tally { bars, winner } => {
                // Each bar grows out of its place's far edge, away from the other bars, as
                // long as its number: the largest one and a half places.
                let most = bars.iter().map(|&(_, v)| v.max(1)).max().unwrap_or(1) as f32;
                let grow = (2.0 * t).min(1.0);
                let mid = bars
                    .iter()
                    .filter_map(|&(p, _)| self.lay.centres.get(p))
                    .map(|c| c.y)
                    .sum::<f32>()
                    / bars.len().max(1) as f32;
                for (i, &(place, value)) in bars.iter().enumerate() {
                    let Some(&c) = self.lay.centres.get(place) else {
                        continue;
                    };
                    let dir = if c.y < mid { -1.0 } else { 1.0 };
                    let long = 1.5 * self.lay.size.y * value.max(0) as f32 / most * grow;
                    let w = self.lay.size.x * 0.18;
                    let base = c + Vec2::new(0.0, dir * self.lay.size.y * 0.5);
                    let colour = if *winner == Some(i) {
                        GOLD
                    } else if winner.is_some() {
                        Color32::from_rgb(150, 150, 150)
                    } else {
                        CYAN
                    };
                    if let (Some(a), Some(b)) = (
                        view.at(base + Vec2::new(-w / 2.0, 0.0)),
                        view.at(base + Vec2::new(w / 2.0, dir * long)),
                    ) {
                        self.painter
                            .rect_filled(egui::Rect::from_two_pos(a, b), 2.0, colour);
                    }
                    if let Some(end) = view.at(base + Vec2::new(0.0, dir * (long + 4.0))) {
                        let align = if dir > 0.0 {
                            Align2::CENTER_BOTTOM
                        } else {
                            Align2::CENTER_TOP
                        };
                        self.painter
                            .text(end, align, value.to_string(), view.font(26.0), colour);
                    }
                }
                self.painter.text(
                    clip.center_top() + egui::vec2(0.0, 14.0),
                    Align2::CENTER_TOP,
                    text,
                    FontId::proportional(16.0),
                    Color32::from_rgb(240, 235, 215),
                );
            }
            Visual::Banner { .. } => {
                self.painter.text(
                    clip.center_top() + egui::vec2(0.0, 14.0),
                    Align2::CENTER_TOP,
                    text,
                    FontId::proportional(16.0),
                    fade(Color32::from_rgb(240, 235, 215)),
                );
            }
        }
    }

    /// What going to a place costs, small, at a size read whatever the zoom. A grid square's
    /// middle is free (a move never ends on a token); a zone's holds its tokens, so there the
    /// cost goes in its top left corner, clear of its name.
    fn cost(&self, place: usize, text: &str) {
        let Some(&c) = self.lay.centres.get(place) else {
            return;
        };
        let (spot, align) = if self.lay.view.grid {
            (c, Align2::CENTER_CENTER)
        } else {
            let half = self.lay.size / 2.0;
            (c + Vec2::new(-half.x + 8.0, half.y - 6.0), Align2::LEFT_TOP)
        };
        if let Some(at) = self.view.at(spot) {
            self.painter.text(
                at,
                align,
                text,
                FontId::proportional(12.0),
                Color32::from_rgb(200, 240, 255),
            );
        }
    }

    /// An attack's odds in a box beside its target, at a size read at a glance whatever the
    /// zoom, kept inside the board's room.
    fn odds_beside(&self, target: usize, odds: &str) -> Option<egui::Rect> {
        let at = character_position(self.lay, target)?;
        self.words_beside(at, character_radius(self.lay, target) + 6.0, odds)
    }

    /// What a move to `place` sets off, in the same box, beside the place.
    fn odds_beside_place(&self, place: usize, words: &str) {
        let Some(&at) = self.lay.centres.get(place) else {
            return;
        };
        let _ = self.words_beside(at, self.lay.size.x / 2.0 + 6.0, words);
    }

    /// Words in a box `reach` world units right of `at` (left of it past the board's edge).
    fn words_beside(&self, at: Vec2, reach: f32, odds: &str) -> Option<egui::Rect> {
        let anchor = self.view.at(at + Vec2::new(reach, 0.0))?;
        let galley = self.painter.layout(
            odds.to_string(),
            FontId::proportional(14.0),
            Color32::WHITE,
            220.0,
        );
        let clip = self.painter.clip_rect();
        let centre = self.view.at(at)?;
        let discs: Vec<(Pos2, f32)> = (0..self.lay.view.tokens.len())
            .filter_map(|i| {
                let p = self.view.at(super::token_position(self.lay, i))?;
                Some((p, self.view.len(super::token_size(self.lay, i).0)))
            })
            .collect();
        let rect = clear_spot(
            centre,
            anchor.x - centre.x,
            galley.size() + egui::vec2(12.0, 8.0),
            &discs,
            clip,
        );
        self.painter
            .rect_filled(rect, 4.0, Color32::from_rgba_unmultiplied(20, 20, 24, 230));
        self.painter.rect_stroke(
            rect,
            4.0,
            egui::Stroke::new(1.5, RED),
            egui::StrokeKind::Inside,
        );
        self.painter
            .galley(rect.min + egui::vec2(6.0, 4.0), galley, Color32::WHITE);
        Some(rect)
    }

    /// Marks what the choice under the cursor would touch: its character, its place.
    fn highlight(&self, focus: &Focus) {
        if let Some((c, m)) = focus.token
            && let Some(at) = character_position(self.lay, c)
        {
            self.ring(at, character_radius(self.lay, c) + 8.0, mark_colour(m));
        }
        if let Some((z, m)) = focus.place {
            self.frame(z, 10.0, mark_colour(m));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{OddsBox, clear_spot};

    /// A click on the odds strikes with their attack: where they stand in the window's pixels,
    /// at any text size, and nowhere else.
    #[test]
    fn a_click_on_the_odds_takes_their_attack() {
        use bevy::math::Vec2;
        use bevy_egui::egui;
        let drawn = egui::Rect::from_min_max(egui::pos2(100.0, 100.0), egui::pos2(200.0, 140.0));
        let at_100 = OddsBox::drawn(drawn, 1.0, 4);
        assert_eq!(at_100.under(Vec2::new(150.0, 120.0)), Some(4));
        assert_eq!(at_100.under(Vec2::new(210.0, 120.0)), None);
        let at_150 = OddsBox::drawn(drawn, 1.5, 4);
        assert_eq!(at_150.under(Vec2::new(290.0, 200.0)), Some(4));
        assert_eq!(
            at_150.under(Vec2::new(120.0, 120.0)),
            None,
            "in points, not pixels"
        );
        assert_eq!(OddsBox::default().under(Vec2::new(150.0, 120.0)), None);
    }
    use bevy_egui::egui::{Pos2, Rect, pos2, vec2};

    /// The odds box stands beside its target where it covers no other token: right, else left,
    /// above, below; inside the board.
    #[test]
    fn the_odds_beside_a_target_cover_no_token() {
        let board = Rect::from_min_max(pos2(0.0, 0.0), pos2(800.0, 600.0));
        let at = pos2(400.0, 300.0);
        let size = vec2(120.0, 40.0);
        let target = (at, 20.0);
        let over = |r: Rect, discs: &[(Pos2, f32)]| {
            discs
                .iter()
                .any(|(c, radius)| r.distance_to_pos(*c) < *radius)
        };
        // Nothing about: to the right.
        let r = clear_spot(at, 26.0, size, &[target], board);
        assert!(r.left() > at.x && !over(r, &[target]));
        // An ally to the right: to the left.
        let ally = (pos2(480.0, 300.0), 20.0);
        let r = clear_spot(at, 26.0, size, &[target, ally], board);
        assert!(
            r.right() < at.x && !over(r, &[target, ally]),
            "box at {}, {}",
            r.left(),
            r.top()
        );
        // And an enemy to the left: above.
        let enemy = (pos2(320.0, 300.0), 20.0);
        let r = clear_spot(at, 26.0, size, &[target, ally, enemy], board);
        assert!(
            r.bottom() < at.y && !over(r, &[target, ally, enemy]),
            "box at {}, {}",
            r.left(),
            r.top()
        );
        // At the board's right edge: not past it.
        let edge = pos2(780.0, 300.0);
        let r = clear_spot(edge, 26.0, size, &[(edge, 20.0)], board);
        assert!(board.contains_rect(r), "box at {}, {}", r.left(), r.top());
    }
}
