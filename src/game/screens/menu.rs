//! The menu screen: the scenarios with a drawing of each map and the random skirmish on the
//! left, the battle's setup (seats, seed, optional rules) on the right with Start always in
//! view. The keyboard's cursor (`menu_cursor.rs`) is drawn where it stands; a click on a row
//! moves it there and takes the row as Enter would.

use crate::words::{Value, Words};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::skirmish::RandomSkirmish;
use crate::ai::Level;
use crate::game::battle::{AppState, BattleSetup, Notice, SeatKind};
use crate::game::input::{Bindings, GameAction, KeysScreen};
use crate::game::screens::menu_cursor::{MenuCursor, MenuKey, MenuRow, MenuWorld, SEAT_KINDS};
use crate::game::screens::{faction_colour, root};
use crate::generate::{self, Size};

pub use super::menu_choices::{Catalogue, CatalogueEntry, seat_side, shown_options};

/// A small drawing of a map in `size` points: its places, the ways between them, and each
/// side's tokens as dots in their colours.
fn map_drawing(ui: &mut egui::Ui, entry: &CatalogueEntry, size: egui::Vec2) -> egui::Response {
    let (map, centres) = (&entry.map, &entry.map_centres);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, egui::Color32::from_rgb(24, 26, 30));
    if centres.is_empty() {
        return response;
    }
    let place = if map.grid {
        bevy::math::Vec2::splat(crate::game::board::SQUARE)
    } else {
        bevy::math::Vec2::new(crate::game::board::ZONE_W, crate::game::board::ZONE_H)
    };
    let (mut lo, mut hi) = (centres[0] - place / 2.0, centres[0] + place / 2.0);
    for &c in centres {
        lo = lo.min(c - place / 2.0);
        hi = hi.max(c + place / 2.0);
    }
    let span = (hi - lo).max(bevy::math::Vec2::ONE);
    let scale = ((rect.width() - 8.0) / span.x).min((rect.height() - 8.0) / span.y);
    // World y points up, the screen's down.
    let at = |w: bevy::math::Vec2| {
        let mid = (lo + hi) / 2.0;
        rect.center() + egui::vec2((w.x - mid.x) * scale, (mid.y - w.y) * scale)
    };
    for &(a, b) in &map.links {
        if let (Some(&a), Some(&b)) = (centres.get(a), centres.get(b)) {
            painter.line_segment(
                [at(a), at(b)],
                egui::Stroke::new(1.0, egui::Color32::from_rgb(200, 190, 150)),
            );
        }
    }
    for (p, c) in map.places.iter().zip(centres) {
        let [r, g, b] = p.colour;
        let size = egui::vec2(place.x * scale, place.y * scale);
        painter.rect_filled(
            egui::Rect::from_center_size(at(*c), size),
            1.0,
            egui::Color32::from_rgb(r, g, b),
        );
    }
    for t in &map.tokens {
        if let Some(&c) = centres.get(t.place) {
            let jitter = egui::vec2(
                (t.id % 5) as f32 * 2.5 - 5.0,
                (t.id / 5 % 3) as f32 * 2.5 - 2.5,
            );
            painter.circle_filled(at(c) + jitter, 2.5, faction_colour(t.faction));
        }
    }
    response
}

/// The cursor's frame around the row the keyboard stands on, scrolled into view when it moved.
fn mark(ui: &egui::Ui, cursor: &MenuCursor, row: MenuRow, r: &egui::Response) {
    if cursor.row != row {
        return;
    }
    ui.painter().rect_stroke(
        r.rect.expand(3.0),
        3.0,
        egui::Stroke::new(2.0, egui::Color32::from_rgb(250, 210, 80)),
        egui::StrokeKind::Outside,
    );
    if cursor.moved {
        r.scroll_to_me(None);
    }
}

/// The width of the setup column on the right.
const SETUP_W: f32 = 430.0;

/// What a click on the menu did: a row to take as Enter takes it, or a value set in place
/// (the cursor moves to its row either way).
#[derive(Default)]
struct Clicks {
    take: Option<MenuRow>,
    at: Option<MenuRow>,
}

impl Clicks {
    fn take(&mut self, row: MenuRow, r: &egui::Response) {
        if r.clicked() {
            self.take = Some(row);
        }
    }
    fn set(&mut self, row: MenuRow, r: &egui::Response) {
        if r.clicked() || r.changed() {
            self.at = Some(row);
        }
    }
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each argument is a resource it reads
pub fn menu_ui(
    mut contexts: EguiContexts,
    (mut catalogue, mut random): (ResMut<Catalogue>, ResMut<RandomSkirmish>),
    mut setup: ResMut<BattleSetup>,
    (mut saved, kept): (
        ResMut<crate::game::battle::SavedBattles>,
        Res<crate::game::campaign::store::SavedCampaign>,
    ),
    prefs: Res<crate::game::platform::Prefs>,
    mut notice: ResMut<Notice>,
    (keys, speech): (Res<Bindings>, Res<crate::game::settings::Speech>),
    (mut keys_screen, mut cursor): (ResMut<KeysScreen>, ResMut<MenuCursor>),
    (mut next, mut settings_screen): (
        ResMut<NextState<AppState>>,
        ResMut<crate::game::settings::SettingsScreen>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ui = root(ctx);
    let mut clicks = Clicks::default();
    let words: &Words = &speech;
    egui::Panel::top("menu-top").show(&mut ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.heading("Fray");
            ui.label(words.say("menu-tagline"));
        });
        ui.horizontal(|ui| {
            if let Some((_, save)) = saved.latest() {
                let label = words.say_with(
                    "menu-continue",
                    &[
                        ("scenario", Value::Text(save.name.clone())),
                        ("round", Value::Number(f64::from(save.round))),
                        ("decisions", Value::Number(save.taken() as f64)),
                    ],
                );
                let r = ui.button(egui::RichText::new(label).size(18.0));
                mark(ui, &cursor, MenuRow::Continue, &r);
                clicks.take(MenuRow::Continue, &r);
            }
            for (row, label) in [
                (
                    MenuRow::Learn,
                    keys.label(&words.say("menu-learn"), GameAction::Learn),
                ),
                (MenuRow::Keys, words.say("menu-keys")),
                (MenuRow::Credits, words.say("menu-credits")),
            ] {
                let r = ui.button(egui::RichText::new(label).size(18.0));
                mark(ui, &cursor, row, &r);
                clicks.take(row, &r);
            }
            // A campaign under way is named on its button, as a battle's Continue is.
            let campaigns = match &kept.0 {
                Some(_) => words.say_with(
                    "menu-campaign-under-way",
                    &[("name", Value::Text(kept.1.clone()))],
                ),
                None => words.say("menu-campaigns"),
            };
            if ui
                .button(egui::RichText::new(campaigns).size(18.0))
                .clicked()
            {
                next.set(AppState::Camp);
            }
            if ui
                .button(egui::RichText::new(words.say("menu-settings")).size(18.0))
                .clicked()
            {
                settings_screen.open = !settings_screen.open;
            }
        });
        if cursor.credits {
            for credit in crate::credits::ALL {
                ui.label(egui::RichText::new(*credit).small());
            }
        }
        ui.label(
            egui::RichText::new(words.say("menu-keys-help"))
                .small()
                .weak(),
        );
        ui.add_space(2.0);
    });
    egui::Panel::right("menu-setup")
        .exact_size(SETUP_W)
        .resizable(false)
        .show(&mut ui, |ui| {
            egui::Panel::bottom("menu-start")
                .resizable(false)
                .show(ui, |ui| {
                    ui.add_space(6.0);
                    let start = keys.label(&words.say("menu-start"), GameAction::Confirm);
                    let r = ui.add_sized(
                        [ui.available_width(), 40.0],
                        egui::Button::new(egui::RichText::new(start).size(20.0).strong()),
                    );
                    mark(ui, &cursor, MenuRow::Start, &r);
                    clicks.take(MenuRow::Start, &r);
                    if let Some(n) = &notice.0 {
                        ui.colored_label(egui::Color32::LIGHT_RED, n);
                    }
                    ui.add_space(6.0);
                });
            egui::ScrollArea::vertical().show(ui, |ui| {
                setup_column(ui, words, &catalogue, &mut setup, &cursor, &mut clicks);
            });
        });
    egui::CentralPanel::default().show(&mut ui, |ui| {
        // The saved battles first, in view at any window size; folded, they take one line.
        saved_battles(ui, words, &mut saved, &prefs, &mut setup, &mut next);
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.label(egui::RichText::new(words.say("menu-scenarios")).strong());
            for (i, entry) in catalogue.0.iter().enumerate() {
                let selected = setup.scenario == entry.id;
                let row = ui.horizontal(|ui| {
                    let drawn = map_drawing(ui, entry, egui::vec2(110.0, 64.0));
                    let picked = ui
                        .vertical(|ui| {
                            let r = ui.radio(selected, egui::RichText::new(&entry.line).strong());
                            ui.label(egui::RichText::new(entry.about(words)).small().weak());
                            r.clicked()
                        })
                        .inner;
                    picked || drawn.clicked()
                });
                mark(ui, &cursor, MenuRow::Scenario(i), &row.response);
                if row.inner {
                    clicks.take = Some(MenuRow::Scenario(i));
                }
            }
            ui.separator();
            skirmish_section(ui, words, &mut random, &cursor, &mut clicks);
        });
    });
    if let Some(row) = clicks.at {
        cursor.row = row;
    }
    if let Some(row) = clicks.take {
        cursor.row = row;
        let mut w = MenuWorld {
            cursor: &mut cursor,
            setup: &mut setup,
            catalogue: &mut catalogue,
            random: &mut random,
            saved: Some(&saved),
            keys_screen: &mut keys_screen,
            notice: &mut notice.0,
            words,
        };
        crate::game::screens::menu_cursor::take_key(&mut w, MenuKey::Confirm, &mut next);
    }
    Ok(())
}

/// The right column: the chosen scenario, who sits where, the seed and the optional rules.
fn setup_column(
    ui: &mut egui::Ui,
    words: &Words,
    catalogue: &Catalogue,
    setup: &mut BattleSetup,
    cursor: &MenuCursor,
    clicks: &mut Clicks,
) {
    let entry = catalogue.chosen(setup);
    if let Some(e) = entry {
        ui.heading(&e.line);
        ui.label(e.about(words));
        map_drawing(ui, e, egui::vec2(SETUP_W - 20.0, 150.0));
    }
    ui.separator();
    let named: Vec<String> = entry.map_or_else(Vec::new, |e| {
        e.seats.iter().map(|(_, n)| n.clone()).collect()
    });
    setup.seats.resize(named.len(), SeatKind::Ai(Level::Normal));
    ui.label(egui::RichText::new(words.say("menu-seats")).strong());
    for (f, name) in named.iter().enumerate() {
        let row = MenuRow::Seat(f);
        let side = entry.map_or(f, |e| seat_side(e, f));
        // The name on a line of its own, whole, in its side's colour; the choices under it.
        ui.label(
            egui::RichText::new(name)
                .strong()
                .color(faction_colour(side)),
        );
        let r = ui.horizontal_wrapped(|ui| {
            for o in SEAT_KINDS {
                let r = ui.selectable_label(setup.seats[f] == o, o.label(words));
                if r.clicked() {
                    setup.seats[f] = o;
                }
                clicks.set(row, &r);
            }
        });
        mark(ui, cursor, row, &r.response);
    }
    if let Some(role) = entry.and_then(|e| e.gm) {
        let role = Value::Text(words.say(role));
        ui.label(egui::RichText::new(words.say_with("menu-gm", &[("role", role)])).strong());
        let r = ui.horizontal_wrapped(|ui| {
            for o in SEAT_KINDS {
                let r = ui.selectable_label(setup.gm == o, o.label(words));
                if r.clicked() {
                    setup.gm = o;
                }
                clicks.set(MenuRow::Gm, &r);
            }
        });
        mark(ui, cursor, MenuRow::Gm, &r.response);
    }
    ui.separator();
    let r = ui.horizontal(|ui| {
        ui.label(words.say("menu-dice-seed"));
        let r = ui.add(egui::DragValue::new(&mut setup.seed));
        clicks.set(MenuRow::Seed, &r);
    });
    mark(ui, cursor, MenuRow::Seed, &r.response);
    for (i, rule) in shown_options(setup, entry).into_iter().enumerate() {
        let mut on = rule.on;
        let r = ui.checkbox(&mut on, words.said(&rule.label));
        if r.changed() {
            setup.set_option(rule.key, on);
        }
        clicks.set(MenuRow::Option(i), &r);
        mark(ui, cursor, MenuRow::Option(i), &r);
    }
    let r = ui.checkbox(&mut setup.table_dice, words.say("menu-table-dice"));
    clicks.set(MenuRow::TableDice, &r);
    mark(ui, cursor, MenuRow::TableDice, &r);
}

/// The random skirmish: the ruleset, size and seed, and the buttons that draw it and save it.
fn skirmish_section(
    ui: &mut egui::Ui,
    words: &Words,
    pick: &mut RandomSkirmish,
    cursor: &MenuCursor,
    clicks: &mut Clicks,
) {
    ui.label(egui::RichText::new(words.say("menu-skirmish")).strong());
    ui.label(
        egui::RichText::new(words.say("menu-skirmish-about"))
            .small()
            .weak(),
    );
    let r = ui.horizontal(|ui| {
        for &id in generate::RULESETS {
            let label = super::ruleset_name(words, id);
            let r = ui.selectable_label(pick.ruleset == id, label);
            if r.clicked() {
                pick.ruleset = id;
            }
            clicks.set(MenuRow::SkirmishRuleset, &r);
        }
    });
    mark(ui, cursor, MenuRow::SkirmishRuleset, &r.response);
    let r = ui.horizontal(|ui| {
        for s in Size::ALL {
            let size = Value::Text(s.name().to_string());
            let r = ui.selectable_label(
                pick.size == s,
                words.say_with("menu-size", &[("size", size)]),
            );
            if r.clicked() {
                pick.size = s;
            }
            clicks.set(MenuRow::SkirmishSize, &r);
        }
    });
    mark(ui, cursor, MenuRow::SkirmishSize, &r.response);
    let r = ui.horizontal(|ui| {
        ui.label(words.say("menu-seed"));
        let r = ui.add(egui::DragValue::new(&mut pick.seed));
        clicks.set(MenuRow::SkirmishSeed, &r);
    });
    mark(ui, cursor, MenuRow::SkirmishSeed, &r.response);
    ui.horizontal(|ui| {
        for (row, label) in [
            (MenuRow::SkirmishDraw, words.say("menu-draw-it")),
            (MenuRow::SkirmishSave, words.say("menu-save-it")),
        ] {
            let r = ui.button(label);
            mark(ui, cursor, row, &r);
            clicks.take(row, &r);
        }
    });
}

/// The battles kept, newest first: each to continue or to delete.
fn saved_battles(
    ui: &mut egui::Ui,
    words: &Words,
    saved: &mut crate::game::battle::SavedBattles,
    prefs: &crate::game::platform::Prefs,
    setup: &mut BattleSetup,
    next: &mut NextState<AppState>,
) {
    if saved.listed.is_empty() {
        return;
    }
    let mut deleted = false;
    let count = Value::Number(saved.listed.len() as f64);
    egui::CollapsingHeader::new(words.say_with("menu-saved", &[("count", count)]))
        .default_open(false)
        .show(ui, |ui| {
            for l in &saved.listed {
                ui.horizontal(|ui| {
                    match &l.save {
                        Ok(s) => {
                            ui.label(words.say_with(
                                "menu-saved-battle",
                                &[
                                    ("scenario", Value::Text(s.name.clone())),
                                    ("round", Value::Number(f64::from(s.round))),
                                    ("decisions", Value::Number(s.taken() as f64)),
                                    (
                                        "over",
                                        Value::Text(if s.over { "yes" } else { "no" }.into()),
                                    ),
                                ],
                            ));
                            if !s.over && ui.button(words.say("menu-saved-continue")).clicked() {
                                *setup = BattleSetup::resuming(&l.slot, s);
                                next.set(AppState::Battle);
                            }
                        }
                        Err(e) => {
                            let cannot = crate::rules::Line::new("menu-saved-cannot")
                                .name("slot", l.slot.clone())
                                .line("why", e.line());
                            ui.label(words.said(&cannot));
                        }
                    }
                    if ui.button(words.say("menu-saved-delete")).clicked()
                        && let Some(store) = crate::game::battle::store(prefs)
                    {
                        let _ = crate::save::Saves::new(store).delete(&l.slot);
                        deleted = true;
                    }
                });
            }
        });
    if deleted {
        *saved = crate::game::battle::SavedBattles::read(prefs);
    }
    ui.separator();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::screens::menu_choices::draw_skirmish;
    use crate::game::screens::skirmish::{RandomSkirmish, next_after};
    use crate::generate::Size;
    use crate::rules::battle::Seat;

    /// Every text the menu's setup column draws at 1280×720 for `entry`, with where it stands.
    fn setup_texts(entry: &CatalogueEntry, catalogue: &Catalogue) -> Vec<(String, egui::Rect)> {
        setup_texts_in(crate::words::english(), entry, catalogue)
    }

    fn setup_texts_in(
        words: &Words,
        entry: &CatalogueEntry,
        catalogue: &Catalogue,
    ) -> Vec<(String, egui::Rect)> {
        let mut setup = BattleSetup {
            scenario: entry.id.clone(),
            ..BattleSetup::default()
        };
        let cursor = MenuCursor::default();
        crate::game::platform::drawn::texts_drawn(egui::vec2(1280.0, 720.0), |ui| {
            egui::Panel::right("menu-setup")
                .exact_size(SETUP_W)
                .resizable(false)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        setup_column(
                            ui,
                            words,
                            catalogue,
                            &mut setup,
                            &cursor,
                            &mut Clicks::default(),
                        );
                    });
                });
        })
    }

    /// At 1280×720 each seat of every scenario is named whole and inside the window, in its
    /// side's colour (a Coterie character's seat in its party's, not the next faction's).
    #[test]
    fn every_seat_is_named_whole_at_1280_by_720() {
        let catalogue = Catalogue::default();
        assert!(catalogue.0.len() >= 10);
        for entry in &catalogue.0 {
            let texts = setup_texts(entry, &catalogue);
            for (_, name) in &entry.seats {
                let (_, at) = texts
                    .iter()
                    .find(|(t, _)| t == name)
                    .unwrap_or_else(|| panic!("{}: no seat named {name}", entry.id));
                assert!(
                    at.min.x >= 0.0 && at.max.x <= 1280.0,
                    "{}: {name} stands from {} to {}",
                    entry.id,
                    at.min.x,
                    at.max.x
                );
            }
            // Nor is any choice beside them cut off by the window's edge ("AI (nor").
            for (t, at) in &texts {
                assert!(
                    at.min.x >= 1280.0 - SETUP_W - 1.0 && at.max.x <= 1280.0,
                    "{}: \"{t}\" stands from {} to {}, outside the column",
                    entry.id,
                    at.min.x,
                    at.max.x
                );
            }
        }
        let coterie = catalogue
            .0
            .iter()
            .find(|e| e.seats.iter().any(|(s, _)| matches!(s, Seat::Character(_))))
            .expect("a Coterie scenario");
        for i in 0..coterie.seats.len() {
            assert_eq!(
                seat_side(coterie, i),
                0,
                "{}: the party's colour",
                coterie.seats[i].1
            );
        }
    }

    /// Under the pseudo-locale, the menu's setup column for every shipped scenario and a drawn
    /// skirmish of each ruleset, and its random skirmish's choices, say nothing in plain
    /// English but what the scenario's own file writes (its name, what it teaches, its sides
    /// and characters), and cut none of the lengthened words off at the window's edge.
    #[test]
    fn the_menu_speaks_from_the_catalogue_for_every_scenario() {
        let words = Words::new(crate::words::Lang::Pseudo);
        let mut catalogue = Catalogue::default();
        for ruleset in crate::generate::RULESETS {
            let pick = RandomSkirmish {
                ruleset,
                size: Size::Small,
                seed: 4,
            };
            draw_skirmish(&pick, &mut catalogue, &mut BattleSetup::default()).unwrap();
        }
        let mut checked = 0;
        for entry in &catalogue.0 {
            let mut own: Vec<&str> = vec![&entry.line, &entry.about];
            own.extend(entry.seats.iter().map(|(_, n)| n.as_str()));
            let texts = setup_texts_in(&words, entry, &catalogue);
            crate::game::platform::spoken::assert_spoken(&entry.id, &texts, &own);
            checked += texts.len();
        }
        let mut pick = RandomSkirmish {
            ruleset: "teams",
            size: Size::Small,
            seed: 4,
        };
        let texts = crate::game::platform::drawn::texts_drawn(egui::vec2(1280.0, 720.0), |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                let cursor = MenuCursor::default();
                skirmish_section(ui, &words, &mut pick, &cursor, &mut Clicks::default());
            });
        });
        crate::game::platform::spoken::assert_spoken("the random skirmish", &texts, &[]);
        assert!(
            texts.len() >= 8 && checked > 200,
            "{} and {checked}",
            texts.len()
        );
    }

    #[test]
    fn a_drawn_skirmish_is_listed_once_and_chosen_and_the_next_is_the_next_seed() {
        let mut catalogue = Catalogue(Vec::new());
        let mut setup = BattleSetup::default();
        let mut pick = RandomSkirmish {
            ruleset: "coterie",
            size: Size::Small,
            seed: 4,
        };
        use crate::game::battle::SeatKind;
        // Seated as the last battle was: hard AIs everywhere, a person as the GM.
        setup.seats = vec![SeatKind::Ai(crate::ai::Level::Hard); 6];
        setup.gm = SeatKind::Person;
        draw_skirmish(&pick, &mut catalogue, &mut setup).unwrap();
        assert_eq!(setup.scenario, "random-coterie-small-4");
        assert_eq!(
            setup.seats,
            vec![SeatKind::Person; catalogue.0[0].seats.len()],
            "a person plays every character of the party"
        );
        assert_eq!(setup.gm, SeatKind::Ai(crate::ai::Level::Normal));
        let zones = RandomSkirmish {
            ruleset: "zones",
            size: Size::Small,
            seed: 4,
        };
        draw_skirmish(&zones, &mut catalogue, &mut setup).unwrap();
        let sides = catalogue.0[0].seats.len();
        assert!(sides >= 2);
        assert_eq!(
            setup.seats[0],
            SeatKind::Person,
            "a person plays the first side"
        );
        assert_eq!(
            setup.seats[1..],
            vec![SeatKind::Ai(crate::ai::Level::Normal); sides - 1][..],
            "the AI the others"
        );
        pick.seed = 5;
        draw_skirmish(&pick, &mut catalogue, &mut setup).unwrap();
        let ids: Vec<&str> = catalogue.0.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(
            ids,
            ["random-coterie-small-5"],
            "the one drawn before it gives way"
        );
        let entry = &catalogue.0[0];
        assert!(entry.about.contains("A random conflict"), "{}", entry.about);
        assert!(!entry.map.tokens.is_empty(), "the menu draws its board");
        assert_eq!(
            next_after("random-coterie-small-5").as_deref(),
            Some("random-coterie-small-6")
        );
        assert_eq!(next_after("duel"), None);
    }
}
