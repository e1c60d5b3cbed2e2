//! The board painted: zones with their names, features and links, tokens with health and
//! names, and the highlights for the acting character and the choice under the cursor. It is
//! painted with egui, projected through the board camera, so the whole game has one renderer
//! for shapes and text: Bevy's sprite and text stacks would add megabytes to the browser
//! download for a few boxes, discs and labels.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{Align2, Color32, FontId, Pos2, Stroke};

use super::board::{
    BoardCamera, FACTION_COLOURS, Layout, ZONE_H, ZONE_W, edge_to_edge, token_position, viewer,
    zone_colour, zone_features,
};
use super::flow::{Battle, person_deciding};
use super::input::{Cursor, shown_choices};
use super::seats::Seats;
use crate::rules::zones::{Action, Character, State as ZState, Status, Target};

/// The acting character, and a character one may activate.
const GOLD: Color32 = Color32::from_rgb(255, 230, 51);
/// Zones one may move to.
const CYAN: Color32 = Color32::from_rgb(77, 230, 255);
/// What an attack under the cursor would hit.
const RED: Color32 = Color32::from_rgb(255, 89, 51);

/// The part of the screen the side panels leave to the board, in egui points; None while the
/// board is covered (the pass-the-screen page).
#[derive(Resource, Default)]
pub struct BoardArea(pub Option<egui::Rect>);

pub fn egui_colour(c: Color) -> Color32 {
    let c = c.to_srgba();
    Color32::from_rgba_unmultiplied(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
        (c.alpha * 255.0) as u8,
    )
}

/// World to screen through the board camera, and world lengths to screen lengths.
struct Projector<'a> {
    camera: &'a Camera,
    transform: &'a GlobalTransform,
    scale: f32,
}

impl Projector<'_> {
    fn at(&self, world: Vec2) -> Option<Pos2> {
        let p = self
            .camera
            .world_to_viewport(self.transform, world.extend(0.0))
            .ok()?;
        Some(Pos2::new(p.x, p.y))
    }
    fn len(&self, world: f32) -> f32 {
        world / self.scale
    }
    fn rect(&self, centre: Vec2, size: Vec2) -> Option<egui::Rect> {
        let a = self.at(centre - size / 2.0)?;
        let b = self.at(centre + size / 2.0)?;
        Some(egui::Rect::from_two_pos(a, b))
    }
}

/// What a token shows inside: health, 0 when down, X when dead.
pub fn token_inside(ch: &Character) -> String {
    match ch.status {
        Status::Active | Status::Surrendered => format!("{}", ch.health),
        Status::Incapacitated => "0".into(),
        Status::Dead => "X".into(),
        Status::Fled => String::new(),
    }
}

/// A token's caption: the name, shortened, and what is wrong with them.
pub fn token_label(ch: &Character) -> String {
    // The last word of a long name ("Captain Rusk" becomes "Rusk") keeps labels from colliding.
    let mut label = if ch.name.len() > 9 {
        ch.name
            .split_whitespace()
            .last()
            .unwrap_or(&ch.name)
            .to_string()
    } else {
        ch.name.clone()
    };
    let mut tags = Vec::new();
    match ch.status {
        Status::Incapacitated => tags.push("down"),
        Status::Dead => tags.push("dead"),
        Status::Surrendered => tags.push("surrendered"),
        _ => {}
    }
    if ch.concealed {
        tags.push("hidden");
    }
    if ch.grabbed_by.is_some() {
        tags.push("grabbed");
    }
    if ch.poisoned.is_some() {
        tags.push("poisoned");
    }
    if !tags.is_empty() {
        label = format!("{label} ({})", tags.join(", "));
    }
    label
}

/// Faction colours; paler while hidden, grey once out of the fight.
pub fn token_colour(ch: &Character) -> Color32 {
    let base = FACTION_COLOURS[ch.faction % FACTION_COLOURS.len()];
    egui_colour(match ch.status {
        Status::Active if ch.concealed => base.with_alpha(0.45),
        Status::Active => base,
        _ => Color::srgb(0.35, 0.35, 0.35),
    })
}

/// Whether the faction looking at the screen (None: everyone) cannot know this character is
/// there: an enemy keeping concealed.
pub fn hidden_from(ch: &Character, eyes: Option<usize>) -> bool {
    eyes.is_some_and(|v| ch.faction != v) && ch.concealed
}

/// Whether the viewer sees this character's token at all.
pub fn token_shown(ch: &Character, eyes: Option<usize>) -> bool {
    !hidden_from(ch, eyes) && !matches!(ch.status, Status::Fled)
}

pub fn draw_board_marks(
    mut contexts: EguiContexts,
    area: Res<BoardArea>,
    battle: Option<Res<Battle>>,
    seats: Option<Res<Seats>>,
    lay: Res<Layout>,
    cursor: Res<Cursor>,
    cam: Single<(&Camera, &GlobalTransform, &Projection), With<BoardCamera>>,
) -> Result {
    let (Some(battle), Some(seats), Some(clip)) = (battle, seats, area.0) else {
        return Ok(());
    };
    let s = &battle.state;
    if lay.centres.len() != s.zones.len() {
        return Ok(());
    }
    let (camera, transform, projection) = *cam;
    let scale = match projection {
        Projection::Orthographic(o) => o.scale,
        _ => 1.0,
    };
    let view = Projector {
        camera,
        transform,
        scale,
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("board-marks"),
        ))
        .with_clip_rect(clip);

    let link = Stroke::new(
        view.len(2.0).max(1.0),
        Color32::from_rgba_unmultiplied(242, 230, 178, 204),
    );
    let border = Stroke::new(1.0, Color32::from_rgba_unmultiplied(230, 230, 204, 128));
    for (z, zone) in s.zones.iter().enumerate() {
        for &n in &zone.neighbours {
            if n > z {
                let (a, b) = edge_to_edge(lay.centres[z], lay.centres[n]);
                if let (Some(a), Some(b)) = (view.at(a), view.at(b)) {
                    painter.line_segment([a, b], link);
                }
            }
        }
        let c = lay.centres[z];
        if let Some(r) = view.rect(c, Vec2::new(ZONE_W, ZONE_H)) {
            painter.rect_filled(r, 0.0, egui_colour(zone_colour(zone)));
            painter.rect_stroke(r, 0.0, border, egui::StrokeKind::Middle);
        }
        if let Some(top) = view.at(c + Vec2::new(0.0, ZONE_H / 2.0 - 6.0)) {
            painter.text(
                top,
                Align2::CENTER_TOP,
                &zone.name,
                FontId::proportional(view.len(17.0)),
                Color32::from_rgb(242, 237, 217),
            );
        }
        let features = zone_features(zone);
        if !features.is_empty()
            && let Some(bottom) = view.at(c - Vec2::new(0.0, ZONE_H / 2.0 - 5.0))
        {
            painter.text(
                bottom,
                Align2::CENTER_BOTTOM,
                features,
                FontId::proportional(view.len(12.0)),
                Color32::from_rgb(204, 204, 184),
            );
        }
    }

    let eyes = viewer(&battle, &seats);
    for (i, ch) in s.characters.iter().enumerate() {
        if !token_shown(ch, eyes) {
            continue;
        }
        let p = token_position(s, &lay, i);
        if let Some(centre) = view.at(p) {
            painter.circle_filled(centre, view.len(20.0), token_colour(ch));
            painter.text(
                centre,
                Align2::CENTER_CENTER,
                token_inside(ch),
                FontId::proportional(view.len(15.0)),
                Color32::WHITE,
            );
        }
        if let Some(below) = view.at(p - Vec2::new(0.0, 30.0)) {
            painter.text(
                below,
                Align2::CENTER_TOP,
                token_label(ch),
                FontId::proportional(view.len(11.0)),
                Color32::from_rgb(235, 235, 235),
            );
        }
    }

    let marks = Marks {
        painter: &painter,
        view: &view,
    };
    if let Some(t) = &s.turn
        && token_shown(&s.characters[t.character], eyes)
    {
        marks.ring(token_position(s, &lay, t.character), 25.0, GOLD);
    }
    if person_deciding(&battle, &seats).is_some() {
        let shown = shown_choices(&battle, cursor.target);
        for a in &shown {
            if let Action::Move(z) = a {
                marks.frame(lay.centres[*z], -8.0, CYAN.gamma_multiply(0.5));
            }
        }
        if let Some(a) = shown.get(cursor.index.min(shown.len().saturating_sub(1))) {
            marks.highlight(s, &lay, a);
        }
    }
    Ok(())
}

/// Outlines drawn in world units.
struct Marks<'a> {
    painter: &'a egui::Painter,
    view: &'a Projector<'a>,
}

impl Marks<'_> {
    fn ring(&self, at: Vec2, radius: f32, colour: Color32) {
        if let Some(p) = self.view.at(at) {
            self.painter
                .circle_stroke(p, self.view.len(radius), Stroke::new(2.0, colour));
        }
    }

    /// A zone's outline, grown (or shrunk, negative) by `grow` world units.
    fn frame(&self, at: Vec2, grow: f32, colour: Color32) {
        if let Some(r) = self.view.rect(at, Vec2::new(ZONE_W + grow, ZONE_H + grow)) {
            self.painter
                .rect_stroke(r, 0.0, Stroke::new(2.0, colour), egui::StrokeKind::Middle);
        }
    }

    /// Marks what the choice under the cursor would touch: its target, its zone, its character.
    fn highlight(&self, s: &ZState, lay: &Layout, a: &Action) {
        match a {
            Action::Attack(d) | Action::OpportunityAttack(d) => match d.target {
                Target::Character(t) => self.ring(token_position(s, lay, t), 28.0, RED),
                Target::Zone(z) => self.frame(lay.centres[z], 10.0, RED),
            },
            Action::Move(z) => self.frame(lay.centres[*z], 10.0, CYAN),
            Action::Activate(c) => self.ring(token_position(s, lay, *c), 28.0, GOLD),
            _ => {}
        }
    }
}
