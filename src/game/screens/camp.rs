//! The campaigns' screen: without a campaign under way, the campaigns to start (ironman or
//! not), a run of generated skirmishes, and the one kept to continue; with one, the camp
//! before a battle (the last battle's outcome, the briefing and objectives, the company with
//! what lasts on each, who sits out, the stores to hand out), the ways to choose between, or
//! the ending.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use fray_words::{Value, Words};

use crate::campaign::{self, At, Member, Reward, Run};
use crate::game::battle::{AppState, BattleSetup, Notice};
use crate::game::board::Art;
use crate::game::campaign::store::{self, SavedCampaign};
use crate::game::campaign::{Campaigning, fight, goal};
use crate::game::input::{Bindings, GameAction};
use crate::game::platform::Prefs;
use crate::game::screens::root;

/// The column's width, in the middle of the window.
const COLUMN: f32 = 960.0;

/// What the campaigns' screen keeps between frames: the shipped campaigns (read once), the
/// run's ruleset and seed as typed.
pub struct Choosing {
    shipped: Vec<(&'static str, crate::campaign::Campaign)>,
    ruleset: usize,
    seed: u64,
}

impl Default for Choosing {
    fn default() -> Self {
        Choosing {
            shipped: campaign::BUILTIN
                .iter()
                .filter_map(|(id, _)| Some((*id, campaign::load(id).ok()?)))
                .collect(),
            ruleset: 0,
            seed: 1,
        }
    }
}

/// What a click on the screen asks for, done once the screen is drawn.
enum Ask {
    Start(String, bool),
    Continue,
    Abandon,
    Fight,
    Choose(usize),
    Menu,
}

#[allow(clippy::too_many_arguments)] // a Bevy system: each argument is a resource it reads
pub fn camp_ui(
    mut contexts: EguiContexts,
    mut commands: Commands,
    mut campaigning: Option<ResMut<Campaigning>>,
    mut saved: ResMut<SavedCampaign>,
    (prefs, speech, art, keys): (
        Res<Prefs>,
        Res<crate::game::settings::Speech>,
        Option<Res<Art>>,
        Res<Bindings>,
    ),
    (mut setup, mut notice, mut next): (
        ResMut<BattleSetup>,
        ResMut<Notice>,
        ResMut<NextState<AppState>>,
    ),
    mut choosing: Local<Choosing>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ui = root(ctx);
    let words: &Words = &speech;
    let mut ask = None;
    egui::CentralPanel::default().show(&mut ui, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            let width = ui.available_width().min(COLUMN);
            ui.add_space(16.0);
            ui.horizontal_top(|ui| {
                ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
                ui.vertical(|ui| {
                    ui.set_width(width);
                    match campaigning.as_deref_mut() {
                        None => choose(ui, (words, &keys), &saved, &mut choosing, &mut ask),
                        Some(c) => camp(ui, (words, &keys), art.as_deref(), c, &mut ask),
                    }
                    if let Some(n) = &notice.0 {
                        ui.colored_label(egui::Color32::LIGHT_RED, n);
                    }
                });
            });
        });
    });
    let Some(ask) = ask else {
        return Ok(());
    };
    notice.0 = None;
    match ask {
        Ask::Start(id, ironman) => {
            let seed = choosing.seed;
            match campaign::load(&id)
                .and_then(|c| Ok((Run::new(&id, &c, ironman, seed)?, c)))
                .map_err(|e| e.said(words))
            {
                Ok((run, c)) => {
                    if let Err(why) = store::write(&prefs, &run) {
                        notice.0 =
                            Some(words.say_with("camp-not-written", &[("why", Value::Text(why))]));
                    }
                    commands.insert_resource(Campaigning::new(run, c));
                }
                Err(why) => notice.0 = Some(why),
            }
        }
        Ask::Continue => {
            if let Some(run) = saved.0.take() {
                match campaign::load(&run.campaign) {
                    Ok(c) => commands.insert_resource(Campaigning::new(run, c)),
                    Err(e) => notice.0 = Some(e.said(words)),
                }
            }
        }
        Ask::Abandon => {
            store::delete(&prefs);
            saved.0 = None;
        }
        Ask::Fight => {
            if let Some(c) = campaigning.as_deref_mut() {
                match fight(c, &mut setup) {
                    Ok(()) => next.set(AppState::Battle),
                    Err(why) => notice.0 = Some(crate::game::campaign::cannot_start(&words, why)),
                }
            }
        }
        Ask::Choose(k) => {
            if let Some(c) = campaigning.as_deref_mut()
                && c.run.choose(&c.campaign, k)
                && let Err(why) = store::write(&prefs, &c.run)
            {
                notice.0 = Some(words.say_with("camp-not-written", &[("why", Value::Text(why))]));
            }
        }
        Ask::Menu => {
            crate::game::campaign::leave(&mut commands, campaigning.as_deref(), &prefs, &mut next);
        }
    }
    Ok(())
}

/// The campaigns to start, the run of skirmishes, and the campaign kept.
fn choose(
    ui: &mut egui::Ui,
    (words, keys): (&Words, &Bindings),
    saved: &SavedCampaign,
    choosing: &mut Choosing,
    ask: &mut Option<Ask>,
) {
    ui.heading(words.say("camp-choose-title"));
    ui.label(words.say("camp-choose-about"));
    ui.label(egui::RichText::new(words.say("camp-ironman-about")).weak());
    if ui
        .button(keys.label(&words.say("camp-back"), GameAction::Cancel))
        .clicked()
    {
        *ask = Some(Ask::Menu);
    }
    ui.separator();
    if let Some(run) = &saved.0 {
        let name = saved.1.clone();
        let name = if run.ironman {
            words.say_with("camp-continue-ironman", &[("name", Value::Text(name))])
        } else {
            name
        };
        let label = words.say_with(
            "camp-continue",
            &[
                ("name", Value::Text(name)),
                ("fought", Value::Number(run.record.len() as f64)),
            ],
        );
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(egui::RichText::new(label).size(18.0).strong())
                .clicked()
            {
                *ask = Some(Ask::Continue);
            }
            if ui.button(words.say("camp-abandon")).clicked() {
                *ask = Some(Ask::Abandon);
            }
        });
        ui.label(egui::RichText::new(words.say("camp-abandon-first")).weak());
        return;
    }
    for (id, c) in &choosing.shipped {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(egui::RichText::new(&c.name).size(18.0).strong());
            ui.label(&c.about);
            ui.horizontal(|ui| {
                if ui.button(words.say("camp-start")).clicked() {
                    *ask = Some(Ask::Start((*id).to_string(), false));
                }
                if ui.button(words.say("camp-start-ironman")).clicked() {
                    *ask = Some(Ask::Start((*id).to_string(), true));
                }
            });
        });
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(
            egui::RichText::new(words.say("camp-run-title"))
                .size(18.0)
                .strong(),
        );
        ui.label(words.say("camp-run-about"));
        ui.horizontal_wrapped(|ui| {
            for (i, id) in crate::generate::RULESETS.iter().enumerate() {
                let name = super::ruleset_name(words, id);
                ui.radio_value(&mut choosing.ruleset, i, name);
            }
            ui.label(words.say("camp-run-seed"));
            ui.add(egui::DragValue::new(&mut choosing.seed));
        });
        let ruleset = crate::generate::RULESETS
            .get(choosing.ruleset)
            .copied()
            .unwrap_or("zones");
        let name = campaign::generated::name(ruleset, choosing.seed);
        ui.horizontal(|ui| {
            if ui.button(words.say("camp-start")).clicked() {
                *ask = Some(Ask::Start(name.clone(), false));
            }
            if ui.button(words.say("camp-start-ironman")).clicked() {
                *ask = Some(Ask::Start(name, true));
            }
        });
    });
}

/// The camp, the choice of ways, or the ending.
fn camp(
    ui: &mut egui::Ui,
    (words, keys): (&Words, &Bindings),
    art: Option<&Art>,
    c: &mut Campaigning,
    ask: &mut Option<Ask>,
) {
    let generated = campaign::generated::by_name(&c.run.campaign).is_some();
    ui.horizontal(|ui| {
        ui.heading(&c.campaign.name);
        if c.run.ironman {
            ui.label(
                egui::RichText::new(words.say("camp-ironman-mark"))
                    .color(egui::Color32::from_rgb(230, 120, 90))
                    .strong(),
            );
        }
    });
    // What the last battle came to.
    if let Some((b, f)) = c.run.last(&c.campaign) {
        let key = if f.won {
            "camp-last-won"
        } else {
            "camp-last-lost"
        };
        let colour = if f.won {
            egui::Color32::from_rgb(140, 210, 140)
        } else {
            egui::Color32::from_rgb(230, 140, 120)
        };
        ui.label(
            egui::RichText::new(
                words.say_with(key, &[("battle", Value::Text(battle_name(c, &b.id)))]),
            )
            .color(colour)
            .strong(),
        );
        let after = if f.won { &b.won } else { &b.lost };
        if !after.says.is_empty() {
            ui.label(&after.says);
        }
        for k in &f.met {
            if let Some(o) = b.objectives.get(*k) {
                ui.label(words.say_with(
                    "camp-objective-met",
                    &[("goal", Value::Text(goal(words, &o.goal)))],
                ));
            }
        }
    }
    ui.separator();
    match c.run.at.clone() {
        At::Ended(_) => ending(ui, words, c, generated, ask),
        At::Choose => {
            ui.label(
                egui::RichText::new(words.say("camp-choose"))
                    .size(18.0)
                    .strong(),
            );
            if let Some(after) = c.run.after(&c.campaign) {
                for (k, way) in after.choose.iter().enumerate() {
                    if ui
                        .button(egui::RichText::new(&way.label).size(17.0))
                        .clicked()
                    {
                        *ask = Some(Ask::Choose(k));
                    }
                }
            }
        }
        At::Camp(_) => before_battle(ui, (words, keys), art, c, ask),
    }
}

/// A battle's name for a player: the scenario's, as the menu lists it.
fn battle_name(c: &Campaigning, id: &str) -> String {
    c.shown
        .get(id)
        .map_or_else(|| id.to_string(), |s| s.0.clone())
}

fn reward(words: &Words, r: &Reward) -> String {
    match r {
        Reward::Gear(item) => {
            words.say_with("camp-reward-gear", &[("item", Value::Text(item.clone()))])
        }
        Reward::Rest => words.say("camp-reward-rest"),
    }
}

fn before_battle(
    ui: &mut egui::Ui,
    (words, keys): (&Words, &Bindings),
    art: Option<&Art>,
    c: &mut Campaigning,
    ask: &mut Option<Ask>,
) {
    let Some(b) = c.run.next(&c.campaign).cloned() else {
        return;
    };
    let (places, colour) = c.shown.get(&b.id).map_or((0, 0), |s| (s.1, s.2));
    ui.label(
        egui::RichText::new(words.say_with(
            "camp-battle-heading",
            &[
                ("number", Value::Number((c.run.record.len() + 1) as f64)),
                ("scenario", Value::Text(battle_name(c, &b.id))),
            ],
        ))
        .size(22.0)
        .strong(),
    );
    ui.label(egui::RichText::new(words.say("camp-briefing")).strong());
    ui.label(&b.briefing);
    if !b.objectives.is_empty() {
        ui.label(egui::RichText::new(words.say("camp-objectives")).strong());
        for o in &b.objectives {
            ui.label(words.say_with(
                "camp-objective-line",
                &[
                    ("goal", Value::Text(goal(words, &o.goal))),
                    ("reward", Value::Text(reward(words, &o.reward))),
                ],
            ));
        }
    }
    let fight = ui.add_sized(
        [ui.available_width(), 40.0],
        egui::Button::new(
            egui::RichText::new(keys.label(&words.say("camp-fight"), GameAction::Confirm))
                .size(20.0)
                .strong(),
        ),
    );
    if fight.clicked() {
        *ask = Some(Ask::Fight);
    }
    ui.separator();
    ui.label(
        egui::RichText::new(words.say("camp-company"))
            .size(18.0)
            .strong(),
    );
    ui.label(
        egui::RichText::new(
            words.say_with("camp-places", &[("places", Value::Number(places as f64))]),
        )
        .weak(),
    );
    // The members two to a row, each as a card like the board's.
    let fielded: Vec<String> = c.scenarios.get(&b.id).map_or_else(Vec::new, |sc| {
        c.run
            .company
            .fielded(sc, &b.side)
            .iter()
            .map(|m| m.name().to_string())
            .collect()
    });
    let company = &mut c.run.company;
    let ready = company.going().len();
    let n = company.members.len();
    let mut give: Option<(usize, usize)> = None;
    let stores: Vec<String> = company
        .stores
        .iter()
        .map(|s| s.name().to_string())
        .collect();
    egui::Grid::new("camp-company")
        .num_columns(2)
        .spacing([12.0, 12.0])
        .show(ui, |ui| {
            for i in 0..n {
                let m = &mut company.members[i];
                let width = (COLUMN - 24.0) / 2.0;
                ui.vertical(|ui| {
                    ui.set_width(width);
                    let goes = fielded.iter().any(|n| n == m.name());
                    member_card(ui, words, art, m, (&b.side, colour), ready, goes);
                    if !m.fallen {
                        for (k, item) in stores.iter().enumerate() {
                            let label = words.say_with(
                                "camp-give",
                                &[
                                    ("item", Value::Text(item.clone())),
                                    ("name", Value::Text(m.name().to_string())),
                                ],
                            );
                            if ui.small_button(label).clicked() {
                                give = Some((k, i));
                            }
                        }
                    }
                });
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
        });
    if let Some((k, i)) = give {
        company.hand_out(k, i);
    }
    ui.separator();
    ui.label(egui::RichText::new(words.say("camp-stores")).strong());
    if stores.is_empty() {
        ui.label(egui::RichText::new(words.say("camp-stores-empty")).weak());
    } else {
        ui.label(stores.join(", "));
    }
    if ui
        .button(keys.label(&words.say("camp-back"), GameAction::Cancel))
        .clicked()
    {
        *ask = Some(Ask::Menu);
    }
}

/// One member as the camp shows them: portrait, name, what lasts, gear, and whether they sit
/// the next battle out.
fn member_card(
    ui: &mut egui::Ui,
    words: &Words,
    art: Option<&Art>,
    m: &mut Member,
    (side, faction): (&str, usize),
    ready: usize,
    goes: bool,
) {
    let l = m.lasting();
    let gear: Vec<&str> = l.gear.iter().map(|(g, _)| g.as_str()).collect();
    let portrait = crate::art::portrait(m.icon(), m.name(), side, &gear);
    let colour = if m.fallen {
        egui::Color32::from_gray(70)
    } else {
        crate::game::screens::faction_colour(faction)
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            if let Some(art) = art {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(64.0, 64.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 6.0, colour);
                art.paint(
                    ui.painter(),
                    portrait,
                    rect.shrink(4.0),
                    egui::Color32::from_rgb(20, 20, 24),
                );
            }
            ui.vertical(|ui| {
                ui.strong(egui::RichText::new(m.name()).size(17.0));
                if m.fallen {
                    ui.colored_label(
                        egui::Color32::from_rgb(230, 120, 100),
                        words.say("camp-fallen"),
                    );
                    return;
                }
                if let Some((lost, most)) = l.health {
                    let left = most.saturating_sub(lost);
                    let fraction = f32::from(left) / f32::from(most.max(1));
                    ui.add(
                        egui::ProgressBar::new(fraction)
                            .desired_height(14.0)
                            .fill(crate::game::board::egui_colour(
                                crate::game::board::pool_colour(fraction),
                            ))
                            .text(words.say_with(
                                "camp-health",
                                &[
                                    ("left", Value::Number(f64::from(left))),
                                    ("most", Value::Number(f64::from(most))),
                                ],
                            )),
                    );
                } else {
                    ui.label(format!(
                        "{} · {}",
                        words.say_with(
                            "camp-wounds",
                            &[("wounds", Value::Number(f64::from(l.wounds)))]
                        ),
                        words.say_with(
                            "camp-fatigue",
                            &[("fatigue", Value::Number(f64::from(l.fatigue)))]
                        ),
                    ));
                }
                if let Some(d) = l.death_difficulty {
                    ui.label(
                        words
                            .say_with("camp-death", &[("difficulty", Value::Number(f64::from(d)))]),
                    );
                }
            });
        });
        if m.fallen {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            for (item, damaged) in &l.gear {
                crate::game::screens::card::gear_icon(ui, art, item);
                if *damaged {
                    ui.colored_label(
                        egui::Color32::from_rgb(230, 170, 100),
                        words.say_with("camp-damaged", &[("item", Value::Text(item.clone()))]),
                    );
                } else {
                    ui.label(item);
                }
            }
        });
        if !m.sits_out {
            let (key, colour) = if goes {
                ("camp-goes", egui::Color32::from_rgb(140, 210, 140))
            } else {
                ("camp-waits", egui::Color32::from_rgb(200, 200, 210))
            };
            ui.colored_label(colour, words.say(key));
        }
        // The last one ready cannot sit out: someone must fight.
        let mut out = m.sits_out;
        if ui
            .add_enabled(
                ready > 1 || out,
                egui::Checkbox::new(&mut out, words.say("camp-sits-out")),
            )
            .changed()
        {
            m.sits_out = out;
        }
    });
}

fn ending(
    ui: &mut egui::Ui,
    words: &Words,
    c: &Campaigning,
    generated: bool,
    ask: &mut Option<Ask>,
) {
    let end = c.run.ending(&c.campaign);
    let won = end.as_ref().is_some_and(|e| e.won);
    let fallen = matches!(&c.run.at, At::Ended(id) if id == campaign::FALLEN);
    let (title, says) = match &end {
        _ if fallen => (
            words.say("camp-fallen-title"),
            words.say("camp-fallen-says"),
        ),
        Some(e) if generated => (
            words.say(if e.won {
                "camp-run-won"
            } else {
                "camp-run-lost"
            }),
            String::new(),
        ),
        Some(e) => (e.title.clone(), e.says.clone()),
        None => (String::new(), String::new()),
    };
    let colour = if won {
        egui::Color32::from_rgb(250, 210, 80)
    } else {
        egui::Color32::from_rgb(200, 200, 210)
    };
    ui.label(
        egui::RichText::new(words.say(if won {
            "camp-ending-won"
        } else {
            "camp-ending-lost"
        }))
        .weak(),
    );
    ui.label(egui::RichText::new(title).size(30.0).strong().color(colour));
    if !says.is_empty() {
        ui.label(egui::RichText::new(says).size(17.0));
    }
    ui.separator();
    ui.label(egui::RichText::new(words.say("camp-record")).strong());
    for f in &c.run.record {
        let name = battle_name(c, &f.battle);
        let fallen = if f.fallen.is_empty() {
            "none".to_string()
        } else {
            f.fallen.join(", ")
        };
        ui.label(words.say_with(
            "camp-record-line",
            &[
                ("battle", Value::Text(name)),
                ("won", Value::Text(if f.won { "yes" } else { "no" }.into())),
                ("rounds", Value::Number(f64::from(f.rounds))),
                ("fallen", Value::Text(fallen)),
            ],
        ));
    }
    ui.add_space(12.0);
    if ui
        .button(egui::RichText::new(words.say("camp-back")).size(18.0))
        .clicked()
    {
        *ask = Some(Ask::Menu);
    }
}

/// The camp's keys, beside its drawing.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        camp_keys
            .after(crate::game::input::Settled)
            .run_if(in_state(AppState::Camp))
            .run_if(crate::game::input::keys_closed),
    );
}

/// The camp by keys: Enter goes into the next battle (or, at the ending, back to the menu),
/// Escape back to the menu. The ways to choose between and the company's boxes are the
/// mouse's.
fn camp_keys(
    actions: Single<&leafwing_input_manager::prelude::ActionState<GameAction>>,
    mut commands: Commands,
    campaigning: Option<ResMut<Campaigning>>,
    mut setup: ResMut<BattleSetup>,
    prefs: Res<Prefs>,
    mut next: ResMut<NextState<AppState>>,
    mut notice: ResMut<Notice>,
    speech: Res<crate::game::settings::Speech>,
) {
    let ended = campaigning
        .as_deref()
        .is_some_and(|c| matches!(c.run.at, crate::campaign::At::Ended(_)));
    if actions.just_pressed(&GameAction::Cancel)
        || (ended && actions.just_pressed(&GameAction::Confirm))
    {
        crate::game::campaign::leave(&mut commands, campaigning.as_deref(), &prefs, &mut next);
        return;
    }
    if !actions.just_pressed(&GameAction::Confirm) {
        return;
    }
    let Some(mut c) = campaigning else {
        return;
    };
    if !matches!(c.run.at, crate::campaign::At::Camp(_)) {
        return;
    }
    match fight(&mut c, &mut setup) {
        Ok(()) => next.set(AppState::Battle),
        Err(why) => notice.0 = Some(crate::game::campaign::cannot_start(&speech, why)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::platform::spoken;

    /// Under the pseudo-locale the campaigns' first screen says nothing in plain English but
    /// what the campaign files write (each campaign's name and what it is about) and the
    /// names printed on the keys, and cuts none of its lengthened words off at the window's
    /// edge: the rulesets of a run of skirmishes among them.
    #[test]
    fn the_campaigns_screen_speaks_from_the_catalogue() {
        let words = Words::new(crate::words::Lang::Pseudo);
        let keys = Bindings::default();
        let mut choosing = Choosing::default();
        assert!(!choosing.shipped.is_empty(), "the shipped campaigns load");
        let mut own: Vec<String> = choosing
            .shipped
            .iter()
            .flat_map(|(_, c)| [c.name.clone(), c.about.clone()])
            .collect();
        own.extend(crate::game::input::key_names());
        let saved = SavedCampaign(None, String::new());
        let texts = crate::game::platform::drawn::texts_drawn(egui::vec2(1280.0, 720.0), |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                choose(ui, (&words, &keys), &saved, &mut choosing, &mut None);
            });
        });
        let own: Vec<&str> = own.iter().map(String::as_str).collect();
        crate::game::platform::spoken::assert_spoken("the campaigns", &texts, &own);
        let rulesets = crate::generate::RULESETS.len();
        assert!(texts.len() >= 8 + rulesets, "{} texts", texts.len());
    }

    /// The words a shipped campaign's camp names as its files write them: the campaign's own,
    /// the scenarios', and the names on the keys.
    fn own_words(campaign_file: &str) -> Vec<String> {
        let files = spoken::files_in(&["assets/scenarios", "assets/campaigns/scenarios"]);
        spoken::quoted(campaign_file)
            .chain(spoken::quoted(&files))
            .map(str::to_string)
            .chain(crate::game::input::key_names())
            .collect()
    }

    /// The camp of `camping` drawn under the pseudo-locale, each text with where it stands.
    fn camp_drawn(camping: &mut Campaigning) -> Vec<(String, egui::Rect)> {
        let words = Words::new(crate::words::Lang::Pseudo);
        let keys = Bindings::default();
        crate::game::platform::drawn::texts_drawn(egui::vec2(1280.0, 720.0), |ui| {
            egui::CentralPanel::default().show(ui, |ui| {
                camp(ui, (&words, &keys), None, camping, &mut None);
            });
        })
    }

    /// Under the pseudo-locale the camp before each shipped campaign's first battle (the
    /// battle, its goals, the company and each member's card) says nothing in plain English
    /// but what the campaign's and the scenarios' files write and the names on the keys, and
    /// cuts none of its lengthened words off.
    #[test]
    fn the_camp_speaks_from_the_catalogue() {
        for (id, text) in campaign::BUILTIN {
            let own = own_words(text);
            let own: Vec<&str> = own.iter().map(String::as_str).collect();
            let c = campaign::load(id).expect("a shipped campaign loads");
            let run = Run::new(id, &c, false, 1).expect("a shipped campaign starts");
            let texts = camp_drawn(&mut Campaigning::new(run, c));
            assert!(texts.len() >= 10, "{id}: {} texts", texts.len());
            spoken::assert_spoken(id, &texts, &own);
        }
    }

    /// And so does the camp after each one's first battle, played out by random choices:
    /// what the battle came to, the goals met, who fell and rested, and the way on (the next
    /// camp, a choice of ways, or the campaign's end).
    #[test]
    fn the_camp_after_a_battle_speaks_from_the_catalogue() {
        use crate::rules::battle::Pending;
        use crate::rules::dice::SeededDice;
        for (id, text) in campaign::BUILTIN {
            let own = own_words(text);
            let own: Vec<&str> = own.iter().map(String::as_str).collect();
            let c = campaign::load(id).expect("a shipped campaign loads");
            let mut run = Run::new(id, &c, false, 1).expect("a shipped campaign starts");
            let (loaded, written) = run.scenario(&c).expect("its first battle is set up");
            let mut dice = SeededDice::new(run.battle_seed());
            let (mut session, _) = crate::session::start(&loaded.setup, &mut dice, None)
                .expect("its first battle starts");
            let mut pick = 7u64;
            for step in 0.. {
                assert!(step < 50_000, "{id}: the battle ends");
                if !matches!(session.pending(), Pending::Decide { .. }) {
                    break;
                }
                pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let k = (pick >> 33) as usize % session.legal_len();
                let choice = session.choice(k).expect("a legal choice");
                session
                    .apply(&choice, &mut dice)
                    .expect("a legal choice applies");
            }
            run.finish(&c, session.as_ref(), &written)
                .expect("the battle ends the campaign's way");
            let texts = camp_drawn(&mut Campaigning::new(run, c));
            assert!(texts.len() >= 5, "{id}: {} texts", texts.len());
            spoken::assert_spoken(&format!("{id}, after its first battle"), &texts, &own);
        }
    }
}
