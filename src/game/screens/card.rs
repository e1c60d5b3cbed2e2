//! The card of one character, in the left panel: its portrait, its whole name and side, what
//! it has left of each pool (the bars on its token, with their numbers), its conditions with
//! their icons and words, and its gear. It shows the character under the mouse, else the one
//! the choices are filtered to, else the one whose turn it is.

use bevy_egui::egui;
use fray_words::Value;

use crate::game::board::Art;
use crate::present::{BoardView, Token};

/// Whose card to show: hovered, then filtered to, then acting; one the viewer sees.
pub fn chosen(view: &BoardView, hovered: Option<usize>, target: Option<usize>) -> Option<&Token> {
    [hovered, target, view.active]
        .into_iter()
        .flatten()
        .find_map(|id| view.tokens.iter().find(|t| t.id == id))
}

pub fn character_card(
    ui: &mut egui::Ui,
    words: &fray_words::Words,
    art: Option<&Art>,
    token: &Token,
    side: &str,
) {
    let colour = crate::game::board::egui_colour(crate::game::board::token_colour(token));
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            if let Some(art) = art {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(56.0, 56.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 6.0, colour);
                let ink = crate::game::board::egui_colour(crate::game::board::ink_on(token));
                art.paint(ui.painter(), token.portrait, rect.shrink(4.0), ink);
            }
            ui.vertical(|ui| {
                ui.strong(egui::RichText::new(&token.name).size(17.0));
                ui.label(egui::RichText::new(side).color(colour));
            });
        });
        for pool in &token.pools {
            ui.add(
                egui::ProgressBar::new(pool.fraction())
                    .desired_height(14.0)
                    .fill(crate::game::board::egui_colour(
                        crate::game::board::pool_colour(pool.fraction()),
                    ))
                    .text(words.say_with(
                        "card-pool",
                        &[
                            // A keyword of the catalogue's: "wounds left" as wounds-left.
                            ("what", Value::Text(pool.what.replace(' ', "-"))),
                            ("left", Value::Number(f64::from(pool.left))),
                            ("most", Value::Number(f64::from(pool.most))),
                        ],
                    )),
            );
        }
        for &icon in &token.icons {
            ui.horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
                ui.painter()
                    .extend(crate::game::board::icon_shapes(icon, rect.center(), 8.0));
                ui.label(words.say(icon.message()));
            });
        }
        if token.icons.is_empty() && !token.note.is_empty() {
            ui.label(&token.note);
        }
        for item in &token.gear {
            ui.horizontal(|ui| {
                if !gear_icon(ui, art, item) {
                    ui.add_space(22.0);
                }
                ui.label(item);
            });
        }
    });
}

/// An item of gear's picture, small, where the art has one; whether it drew one.
pub fn gear_icon(ui: &mut egui::Ui, art: Option<&Art>, item: &str) -> bool {
    let (Some(art), Some(key)) = (art, crate::art::gear(item)) else {
        return false;
    };
    let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    art.paint(
        ui.painter(),
        key,
        rect,
        egui::Color32::from_rgb(230, 225, 210),
    );
    true
}
