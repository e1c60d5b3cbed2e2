//! The egui overlays: the menu, the action menu and prompts, the roll breakdown, the combat
//! log, the AI's reasoning, the pass-the-screen card and the result screen. They read the
//! battle and write choices; the rules core decides what they mean.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::board::viewer;
use super::board_marks::{BoardArea, hidden_from};
use super::flow::{AppState, Battle, BattleSetup, Choose, Notice, Phase, person_deciding};
use super::input::{Cursor, Panels, shown_choices, take_screen};
use super::seats::{Brain, Pace, SeatKind, Seats};
use crate::ai::Level;
use crate::rules::battle::{Outcome, Pending, Ruleset, Seat};
use crate::rules::notes;
use crate::rules::zones::{Action, AttackStep, Status, Target, Zones, odds};
use crate::scenario;

pub struct OverlayPlugin;

/// What the menu lists of each built-in scenario, read once rather than every frame.
#[derive(Resource)]
pub struct Catalogue(pub Vec<CatalogueEntry>);

pub struct CatalogueEntry {
    pub id: String,
    pub line: String,
    pub factions: Vec<String>,
    /// The scenario's own optional rules, which the menu's checkboxes start from.
    pub fast_slow: bool,
    pub chaos_seconds: Option<u32>,
}

impl Default for Catalogue {
    fn default() -> Self {
        Catalogue(
            scenario::BUILTIN
                .iter()
                .filter_map(|(id, _)| {
                    let l = scenario::builtin(id)?.ok()?;
                    let (factions, options) = match &l.setup {
                        scenario::Setup::Zones(z) => (
                            z.state.factions.iter().map(|f| f.name.clone()).collect(),
                            &z.state.options,
                        ),
                    };
                    Some(CatalogueEntry {
                        id: id.to_string(),
                        line: format!(
                            "{}  ({})  — {}",
                            l.scenario.name,
                            l.ruleset(),
                            l.scenario.teaches
                        ),
                        factions,
                        fast_slow: options.fast_slow,
                        chaos_seconds: options.chaos_seconds,
                    })
                })
                .collect(),
        )
    }
}

impl Plugin for OverlayPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Catalogue>().add_systems(
            EguiPrimaryContextPass,
            (
                super::fonts::install_fonts,
                (
                    menu_ui.run_if(in_state(AppState::Menu)),
                    battle_ui.run_if(in_state(AppState::Battle)),
                    result_ui.run_if(in_state(AppState::Result)),
                )
                    .in_set(PanelsDrawn),
            )
                .chain(),
        );
    }
}

/// The panels are laid out; what they leave is the board's (`BoardArea`).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct PanelsDrawn;

fn root(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "viewport".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

fn menu_ui(
    mut contexts: EguiContexts,
    catalogue: Res<Catalogue>,
    mut setup: ResMut<BattleSetup>,
    notice: Res<Notice>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ui = root(ctx);
    egui::CentralPanel::default().show(&mut ui, |ui| {
        ui.heading("Fray");
        ui.label("Tabletop skirmish rules, refereed and explained. Every roll shows its dice, its modifiers and its rule.");
        ui.separator();
        ui.label(egui::RichText::new("Scenario").strong());
        for entry in &catalogue.0 {
            let selected = setup.scenario == entry.id;
            if ui.radio(selected, &entry.line).clicked() && !selected {
                setup.scenario = entry.id.clone();
                // A new scenario brings its own optional rules.
                setup.fast_slow = None;
                setup.chaos_seconds = None;
            }
        }
        ui.separator();
        let entry = catalogue.0.iter().find(|e| e.id == setup.scenario);
        let factions: Vec<String> = entry.map_or_else(Vec::new, |e| e.factions.clone());
        let n = factions.len();
        let mut seats = setup.seats.clone();
        seats.resize(n, SeatKind::Ai(Level::Normal));
        ui.label(egui::RichText::new("Seats").strong());
        for (f, name) in factions.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("{name}:"));
                let options = [
                    SeatKind::Person,
                    SeatKind::Ai(Level::Easy),
                    SeatKind::Ai(Level::Normal),
                    SeatKind::Ai(Level::Hard),
                ];
                for o in options {
                    if ui.selectable_label(seats[f] == o, o.label()).clicked() {
                        seats[f] = o;
                    }
                }
            });
        }
        setup.seats = seats;
        ui.separator();
        ui.horizontal(|ui| {
            ui.label("Dice seed:");
            ui.add(egui::DragValue::new(&mut setup.seed));
        });
        let shown = shown_options(&setup, entry);
        let mut fs = shown.fast_slow;
        if ui.checkbox(&mut fs, "Optional rule: fast and slow activations").changed() {
            setup.fast_slow = Some(fs);
        }
        let mut chaos = shown.chaos_seconds.is_some();
        let label = format!(
            "Optional rule: the chaos of combat ({} s to declare a turn)",
            shown.chaos_limit
        );
        if ui.checkbox(&mut chaos, label).changed() {
            setup.chaos_seconds = Some(chaos.then_some(shown.chaos_limit));
        }
        ui.add_space(10.0);
        if ui.button(egui::RichText::new("Start the battle  (Enter)").size(18.0)).clicked() {
            next.set(AppState::Battle);
        }
        if let Some(n) = &notice.0 {
            ui.colored_label(egui::Color32::LIGHT_RED, n);
        }
    });
    Ok(())
}

/// What the menu's optional-rule boxes show.
#[derive(Debug, PartialEq, Eq)]
pub struct ShownOptions {
    pub fast_slow: bool,
    pub chaos_seconds: Option<u32>,
    /// The declaration limit ticking the chaos box would set.
    pub chaos_limit: u32,
}

/// The boxes start from the scenario's own optional rules; a click on the menu overrides them.
pub fn shown_options(setup: &BattleSetup, entry: Option<&CatalogueEntry>) -> ShownOptions {
    let scenario_chaos = entry.and_then(|e| e.chaos_seconds);
    ShownOptions {
        fast_slow: setup
            .fast_slow
            .unwrap_or_else(|| entry.is_some_and(|e| e.fast_slow)),
        chaos_seconds: setup.chaos_seconds.unwrap_or(scenario_chaos),
        chaos_limit: scenario_chaos.unwrap_or(15),
    }
}

fn phase_title(phase: Phase) -> &'static str {
    match phase {
        Phase::Starting => "Starting",
        Phase::Initiative => "Initiative: who acts first this round?",
        Phase::Activation => "Activate a character, or pass",
        Phase::Turn => {
            "The turn: a bonus action, a main action or a second bonus, one zone of movement"
        }
        Phase::Reaction => "Reaction: the whole turn, taken now",
        Phase::Stunt => "Attack stunt",
        Phase::Morale => "Morale failed: surrender or retreat",
        Phase::Harm => "Harm",
        Phase::Draw => "Draw",
        Phase::Commit => "Commit",
        Phase::AiThinking => "The AI is thinking",
        Phase::Watching => "Watching a replay",
        Phase::PassScreen => "Pass the screen",
        Phase::Over => "The fight is over",
    }
}

/// A short preview of the odds of an action, from the core.
fn odds_hint(battle: &Battle, a: &Action) -> Option<String> {
    let s = &battle.state;
    match a {
        Action::Attack(d) | Action::OpportunityAttack(d) => {
            let moving = s.turn.as_ref().is_some_and(|t| t.moved);
            match d.target {
                Target::Character(_) => odds::attack_odds(s, d, moving).map(|o| {
                    format!(
                        "hit {:.0}% · expected damage {:.1} · takes them down {:.0}%",
                        o.hit * 100.0,
                        o.expected_damage,
                        o.takedown * 100.0 * o.hit
                    )
                }),
                Target::Zone(_) => Some("a blast: everyone in the zone is hit".into()),
            }
        }
        Action::React(crate::rules::zones::Reaction::Dodge) => {
            let a = s.attack.as_ref()?;
            let AttackStep::React { slot } = a.step else {
                return None;
            };
            let t = a.slots[slot].target;
            Some(format!(
                "AGI save: {:.0}% to make the attack miss",
                odds::save_chance(s.characters[t].attrs.agi) * 100.0
            ))
        }
        _ => None,
    }
}

/// What the pending decision is about, in words.
fn situation(battle: &Battle) -> Option<String> {
    let s = &battle.state;
    if let Some(a) = &s.attack {
        let attacker = s.name(a.decl.attacker);
        let w = s.weapon_name(a.decl.weapon);
        let targets: Vec<&str> = a.slots.iter().map(|sl| s.name(sl.target)).collect();
        let what = match a.step {
            AttackStep::ProposeStunt => {
                "Propose a stunt instead of damage, or strike to harm.".to_string()
            }
            AttackStep::AnswerStunt(st) => format!(
                "{attacker} offers: {}. Accept (no damage, no reaction) or refuse (the attack goes on).",
                crate::rules::zones::attack::stunt_text(s, st)
            ),
            AttackStep::React { slot } => format!(
                "{} may react before damage is rolled; a reaction spends their turn this round.",
                s.name(a.slots[slot].target)
            ),
        };
        return Some(format!(
            "{attacker} attacks {} with {w}. {what}",
            targets.join(", ")
        ));
    }
    if let Some(m) = &s.movement {
        return Some(format!(
            "{} is moving away from {}: strike as they go (an opportunity attack spends the turn)?",
            s.name(m.mover),
            s.zone_name(m.from)
        ));
    }
    if let Some(t) = &s.turn {
        let ch = &s.characters[t.character];
        return Some(format!(
            "{}: {} of {} health. Bonus actions used {}, main {}, moved {}.",
            ch.name,
            ch.health,
            ch.max_health,
            t.bonus_used,
            if t.main_used { "yes" } else { "no" },
            if t.moved { "yes" } else { "no" }
        ));
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn battle_ui(
    mut contexts: EguiContexts,
    battle: Option<ResMut<Battle>>,
    seats: Option<Res<Seats>>,
    phase: Option<Res<State<Phase>>>,
    mut cursor: ResMut<Cursor>,
    mut panels: ResMut<Panels>,
    mut pace: ResMut<Pace>,
    brain: Res<Brain>,
    notice: Res<Notice>,
    mut choose: MessageWriter<Choose>,
    mut next: ResMut<NextState<AppState>>,
    mut area: ResMut<BoardArea>,
) -> Result {
    // The board is covered until the panels say what they leave of it.
    area.0 = None;
    let (Some(mut battle), Some(seats), Some(phase)) = (battle, seats, phase) else {
        return Ok(());
    };
    let phase = *phase.get();
    let ctx = contexts.ctx_mut()?.clone();
    let mut ui = root(&ctx);
    let names = Zones::faction_names(&battle.state);
    let deciding = match battle.pending() {
        Pending::Decide {
            seat: Seat::Faction(f),
            ..
        } => {
            format!("{} ({})", names[f], seats.kind(f).label())
        }
        Pending::Decide { seat: Seat::Gm, .. } => "the GM".into(),
        Pending::Over(_) => "nobody".into(),
    };
    egui::Panel::top("top").show(&mut ui, |ui| {
        ui.horizontal(|ui| {
            ui.strong(&battle.name);
            ui.separator();
            ui.label(format!("Round {}", battle.state.round));
            ui.separator();
            ui.label(format!("Deciding: {deciding}"));
            ui.separator();
            ui.label(phase_title(phase));
            ui.separator();
            if ui.selectable_label(pace.fast, "Fast AI (F)").clicked() {
                pace.fast = !pace.fast;
            }
            if ui.selectable_label(panels.log, "Log (L)").clicked() {
                panels.log = !panels.log;
            }
            if ui
                .selectable_label(panels.why, "AI's reasons (Y)")
                .clicked()
            {
                panels.why = !panels.why;
            }
            if ui.selectable_label(panels.help, "Help (H)").clicked() {
                panels.help = !panels.help;
            }
            if ui.button("Leave").clicked() {
                next.set(AppState::Result);
            }
        });
    });

    if phase == Phase::PassScreen {
        egui::CentralPanel::default().show(&mut ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(120.0);
                ui.heading(format!("Pass the screen to {deciding}"));
                ui.label("The board is hidden so nobody sees what the other side keeps concealed.");
                ui.add_space(20.0);
                if ui
                    .button(egui::RichText::new("I have the screen  (Enter)").size(20.0))
                    .clicked()
                {
                    take_screen(&mut battle);
                }
            });
        });
        return Ok(());
    }

    let person = person_deciding(&battle, &seats);
    egui::Panel::left("choices")
        .exact_size(super::board::LEFT_PANEL)
        .show(&mut ui, |ui| {
            if let Some(sit) = situation(&battle) {
                ui.label(egui::RichText::new(sit).italics());
                ui.separator();
            }
            match phase {
                Phase::AiThinking => {
                    ui.label(format!("{deciding} is deciding…"));
                }
                Phase::Watching => {
                    ui.label(format!(
                        "Replay: action {} of {}",
                        battle.actions.len(),
                        battle.watch.as_ref().map_or(0, Vec::len)
                    ));
                }
                Phase::Over => {
                    if let Pending::Over(o) = battle.pending() {
                        let text = match o {
                            Outcome::Victory { winner, how } => {
                                format!("{} win. {how}.", names[winner])
                            }
                            Outcome::Draw { how } => format!("A draw: {how}."),
                        };
                        ui.heading(text);
                    }
                    if ui.button("See the result  (Enter)").clicked() {
                        next.set(AppState::Result);
                    }
                }
                _ if person.is_some() => {
                    if let Some(t) = cursor.target {
                        ui.horizontal(|ui| {
                            ui.label(format!("Showing choices for {}", battle.state.name(t)));
                            if ui.small_button("all (Esc)").clicked() {
                                cursor.target = None;
                                cursor.index = 0;
                            }
                        });
                    }
                    if let Pending::Decide {
                        time_limit: Some(secs),
                        ..
                    } = battle.pending()
                    {
                        ui.colored_label(
                            egui::Color32::YELLOW,
                            format!("Chaos of combat: {secs} s to declare"),
                        );
                    }
                    let shown = shown_choices(&battle, cursor.target);
                    egui::ScrollArea::vertical().show(ui, |ui| {
                        for (i, a) in shown.iter().enumerate() {
                            let text = format!("{}. {}", i + 1, Zones::describe(&battle.state, a));
                            let mut r = ui.selectable_label(i == cursor.index, text);
                            if let Some(h) = odds_hint(&battle, a) {
                                r = r.on_hover_text(h);
                            }
                            if r.hovered() {
                                cursor.index = i;
                            }
                            if r.clicked() {
                                choose.write(Choose(a.clone()));
                            }
                        }
                    });
                }
                _ => {}
            }
            if let Some(n) = &notice.0 {
                ui.colored_label(egui::Color32::LIGHT_RED, n);
            }
        });

    egui::Panel::right("log")
        .exact_size(super::board::RIGHT_PANEL)
        .show(&mut ui, |ui| {
            ui.strong("Characters");
            // Enemies in hiding are as absent from the list as from the board.
            let eyes = viewer(&battle, &seats);
            for (f, name) in names.iter().enumerate() {
                ui.label(egui::RichText::new(name).color(faction_colour(f)));
                let listed = battle
                    .state
                    .characters
                    .iter()
                    .filter(|c| c.faction == f && !hidden_from(c, eyes));
                for ch in listed {
                    let status = match ch.status {
                        Status::Active => format!("{}/{}", ch.health, ch.max_health),
                        Status::Incapacitated => "incapacitated".into(),
                        Status::Dead => "dead".into(),
                        Status::Surrendered => "surrendered".into(),
                        Status::Fled => "fled".into(),
                    };
                    ui.label(format!(
                        "  {} — {status}{}",
                        ch.name,
                        if ch.acted { " · has acted" } else { "" }
                    ));
                }
            }
            if panels.log {
                ui.separator();
                ui.strong("Combat log (click a roll for its breakdown)");
                egui::ScrollArea::vertical()
                    .stick_to_bottom(true)
                    .show(ui, |ui| {
                        for (i, e) in battle.log.iter().enumerate() {
                            if e.explanation.is_some() {
                                if ui.link(format!("• {}", e.text)).clicked() {
                                    panels.breakdown = Some(i);
                                }
                            } else {
                                ui.label(&e.text);
                            }
                        }
                    });
            }
        });
    area.0 = Some(ui.available_rect_before_wrap());

    if let Some(i) = panels.breakdown
        && let Some(e) = battle.log.get(i)
        && let Some(x) = &e.explanation
    {
        let mut open = true;
        egui::Window::new("Roll breakdown")
            .open(&mut open)
            .show(&ctx, |ui| {
                ui.strong(&x.what);
                let dice: Vec<String> = x
                    .dice
                    .iter()
                    .map(|r| format!("{} showed {}", r.die, r.value))
                    .collect();
                ui.label(format!("Dice: {}", dice.join(", ")));
                for d in &x.dropped {
                    ui.label(format!(
                        "Dropped: {} showed {} (impaired: the lower die counts)",
                        d.die, d.value
                    ));
                }
                for m in &x.modifiers {
                    ui.label(format!("{:+}  {}", m.value, m.cause));
                }
                ui.label(format!("Total: {}", x.total));
                if let Some(a) = &x.against {
                    ui.label(format!("Against: {a}"));
                }
                ui.label(format!("Result: {}", x.outcome));
                ui.separator();
                ui.label(egui::RichText::new(format!("Rule {}", x.rule)).strong());
                ui.label(notes::paragraph(&x.rule).unwrap_or("(no note)"));
            });
        if !open {
            panels.breakdown = None;
        }
    }
    if panels.why {
        egui::Window::new("The AI's reasons").show(&ctx, |ui| {
            match brain.last_seat {
                Some(f) => ui.label(format!(
                    "{}'s last decision, best first:",
                    names.get(f).map_or("?", String::as_str)
                )),
                None => ui.label("No AI decision yet."),
            };
            for c in brain.last_candidates.iter().take(6) {
                let line = if c.visits > 0 {
                    format!(
                        "{:.2} win share over {} play-outs — {}",
                        c.value,
                        c.visits,
                        Zones::describe(&battle.state, &c.action)
                    )
                } else {
                    format!(
                        "{:+.2} expected — {}",
                        c.value,
                        Zones::describe(&battle.state, &c.action)
                    )
                };
                ui.label(line);
            }
        });
    }
    if panels.help {
        egui::Window::new("Help").show(&ctx, |ui| {
            ui.label("Mouse: click a choice on the left; click a zone to move there; click a token to see the choices about it. Hover a choice for its odds.");
            ui.label("Keyboard: Up/Down (W/S) pick a choice, Enter or Space confirms, Tab cycles targets, Esc clears, E ends the turn or passes.");
            ui.label("L log · Y the AI's reasons · F fast AI · A/D/R/V pan · +/- zoom · H this help.");
            ui.label("Every roll in the log opens its breakdown: dice, modifiers, and the rule quoted from the rules notes.");
        });
    }
    Ok(())
}

pub fn faction_colour(f: usize) -> egui::Color32 {
    super::board_marks::egui_colour(
        super::board::FACTION_COLOURS[f % super::board::FACTION_COLOURS.len()],
    )
}

fn result_ui(
    mut contexts: EguiContexts,
    battle: Option<Res<Battle>>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ui = root(ctx);
    egui::CentralPanel::default().show(&mut ui, |ui| {
        let Some(battle) = battle else {
            if ui.button("Back to the menu").clicked() {
                next.set(AppState::Menu);
            }
            return;
        };
        let names = Zones::faction_names(&battle.state);
        ui.heading(match battle.pending() {
            Pending::Over(Outcome::Victory { winner, how }) => {
                format!("{} win — {how}", names[winner])
            }
            Pending::Over(Outcome::Draw { how }) => format!("A draw — {how}"),
            Pending::Decide { .. } => "The battle was left unfinished".into(),
        });
        ui.label(format!(
            "{} · round {} · {} decisions · dice seed {}",
            battle.name,
            battle.state.round,
            battle.actions.len(),
            battle.seed
        ));
        ui.separator();
        egui::Grid::new("figures").striped(true).show(ui, |ui| {
            for h in [
                "Character",
                "Side",
                "Status",
                "Health",
                "Attacks",
                "Dealt",
                "Taken",
                "Takedowns",
            ] {
                ui.strong(h);
            }
            ui.end_row();
            for ch in &battle.state.characters {
                ui.label(&ch.name);
                ui.colored_label(faction_colour(ch.faction), &names[ch.faction]);
                ui.label(format!("{:?}", ch.status));
                ui.label(format!("{}/{}", ch.health, ch.max_health));
                ui.label(ch.figures.attacks.to_string());
                ui.label(ch.figures.damage_dealt.to_string());
                ui.label(ch.figures.damage_taken.to_string());
                ui.label(ch.figures.takedowns.to_string());
                ui.end_row();
            }
        });
        ui.separator();
        ui.horizontal(|ui| {
            if ui.button("Save the replay").clicked() {
                notice.0 = Some(super::save_replay(&battle));
            }
            if ui.button("Back to the menu  (Enter)").clicked() {
                next.set(AppState::Menu);
            }
        });
        if let Some(n) = &notice.0 {
            ui.label(n);
        }
    });
    Ok(())
}
