//! The result screen: who won and how, each character's figures, and what next (again, a new
//! skirmish, the replay kept).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::battle::{AppState, Battle, Notice};
use crate::game::input::{Bindings, GameAction};
use crate::game::screens::{faction_colour, root};
use crate::rules::battle::{Outcome, Pending};
use crate::words::{Value, Words};

/// The result screen's keys, beside its drawing: Enter goes back to the menu, or on with the
/// campaign after a campaign's battle.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            result_keys
                .after(crate::game::input::Settled)
                .run_if(in_state(AppState::Result))
                .run_if(crate::game::input::keys_closed),
            campaign_result_keys
                .run_if(in_state(AppState::Result))
                .run_if(crate::game::campaign::campaign_battle),
        ),
    );
}

/// Enter after a battle goes back to the menu.
fn result_keys(
    actions: Single<&leafwing_input_manager::prelude::ActionState<GameAction>>,
    setup: Res<crate::game::battle::BattleSetup>,
    mut next: ResMut<NextState<AppState>>,
) {
    // After a campaign's battle, Enter goes on with the campaign (`campaign_result_keys`).
    if setup.campaign {
        return;
    }
    if actions.just_pressed(&GameAction::Confirm) {
        next.set(AppState::Menu);
    }
}

/// Enter after a campaign's battle goes on with the campaign.
fn campaign_result_keys(
    actions: Single<&leafwing_input_manager::prelude::ActionState<GameAction>>,
    mut world: crate::game::campaign::GoOn,
) {
    if actions.just_pressed(&GameAction::Confirm) {
        world.go_on();
    }
}

/// Whether a battle's scenario is a generated skirmish, named for its seed.
fn generate_name(scenario: &str) -> bool {
    matches!(crate::generate::parse_name(scenario), Some(Ok(_)))
}

pub fn result_ui(
    mut contexts: EguiContexts,
    battle: Res<Battle>,
    speech: Res<crate::game::settings::Speech>,
    mut setup: ResMut<crate::game::battle::BattleSetup>,
    mut notice: ResMut<Notice>,
    keys: Res<Bindings>,
    mut next: ResMut<NextState<AppState>>,
    mut told: Local<Option<Told>>,
    (mut commands, campaigning): (Commands, Option<ResMut<crate::game::campaign::Campaigning>>),
) -> Result {
    // Worked out once a battle, not every frame: the turning point's odds re-play the battle
    // to there, and watching it again copies its actions.
    let key = (battle.serial(), battle.version());
    if told.as_ref().is_none_or(|t| t.key != key) {
        let mut watch = setup.clone();
        *told = Some(Told {
            key,
            turn: turning(&battle),
            watch: watch.watch_again(&battle).then_some(watch),
            lasts: campaigning
                .as_deref()
                .map(|c| crate::game::campaign::lasts(c, &battle, &speech)),
        });
    }
    let Some(told) = told.as_ref() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut ui = root(ctx);
    egui::CentralPanel::default().show(&mut ui, |ui| {
        // One column in the middle of the window, not a table lost in its corner.
        let width = ui.available_width().min(COLUMN);
        ui.add_space(24.0);
        ui.horizontal_top(|ui| {
            ui.add_space((ui.available_width() - width) / 2.0);
            ui.vertical(|ui| {
                ui.set_width(width);
                story(ui, &battle, &speech, told);
                if let Some(c) = campaigning {
                    campaign_buttons(ui, &speech, told, c, &mut setup, &mut commands, &mut next);
                } else {
                    buttons(
                        ui,
                        &battle,
                        &speech,
                        told,
                        &mut setup,
                        &mut notice,
                        &keys,
                        &mut next,
                    );
                }
                if let Some(n) = &notice.0 {
                    ui.label(n);
                }
            });
        });
    });
    Ok(())
}

/// The result column's width.
const COLUMN: f32 = 900.0;

/// What the result screen works out once for a battle (its serial and version).
pub struct Told {
    key: (u64, u64),
    turn: Option<Turn>,
    /// The setup that watches it again, where it can be.
    watch: Option<crate::game::battle::BattleSetup>,
    /// A campaign's battle: what lasts of it, in words.
    lasts: Option<Vec<String>>,
}

/// The winners' turning point, and the odds its decision had.
type Turn = (crate::game::battle::TurningPoint, Option<String>);

fn turning(battle: &Battle) -> Option<Turn> {
    let Pending::Over(Outcome::Victory { winner, .. }) = battle.pending() else {
        return None;
    };
    let tp = battle.turning_point(winner)?;
    let odds = battle.odds_of(tp.action);
    Some((tp, odds))
}

fn story(ui: &mut egui::Ui, battle: &Battle, words: &Words, told: &Told) {
    {
        let names = battle.session().faction_names();
        let side = |f: usize| names.get(f).map_or("?", String::as_str);
        let (title, colour) = match battle.pending() {
            Pending::Over(Outcome::Victory { winner, how }) => (
                words.say_with(
                    "result-victory",
                    &[
                        ("side", Value::Text(side(winner).into())),
                        ("how", Value::Text(battle.say(words, &how))),
                    ],
                ),
                faction_colour(winner),
            ),
            Pending::Over(Outcome::Draw { how }) => (
                words.say_with(
                    "result-draw",
                    &[("how", Value::Text(battle.say(words, &how)))],
                ),
                egui::Color32::LIGHT_GRAY,
            ),
            Pending::Decide { .. } => (words.say("result-unfinished"), egui::Color32::LIGHT_GRAY),
        };
        ui.label(egui::RichText::new(title).size(26.0).strong().color(colour));
        ui.label(words.say_with(
            "result-facts",
            &[
                ("scenario", Value::Text(battle.name().to_string())),
                ("round", Value::Number(f64::from(battle.session().round()))),
                ("decisions", Value::Number(battle.taken() as f64)),
                // A seed is a code to type in again, not a quantity: no thousands separator.
                ("seed", Value::Text(battle.seed().to_string())),
            ],
        ));
        if let Pending::Over(Outcome::Victory { winner, .. }) = battle.pending()
            && let Some((tp, odds)) = &told.turn
            && let Some(line) = battle.log().get(tp.entry)
        {
            ui.separator();
            ui.label(egui::RichText::new(words.say("result-turning-point")).strong());
            ui.label(words.say_with(
                "result-decision",
                &[
                    ("number", Value::Number((tp.action + 1) as f64)),
                    ("line", Value::Text(battle.say(words, &line.line))),
                ],
            ));
            if let Some(odds) = odds {
                ui.label(
                    words.say_with("result-odds-before", &[("odds", Value::Text(odds.clone()))]),
                );
            }
            let percent = |share: f64| Value::Number((share * 100.0).round());
            ui.label(
                egui::RichText::new(words.say_with(
                    "result-share",
                    &[
                        ("side", Value::Text(side(winner).into())),
                        ("before", percent(tp.before)),
                        ("after", percent(tp.after)),
                    ],
                ))
                .weak(),
            );
        }
        ui.separator();
        let table = battle.session().result_table();
        egui::Grid::new("figures").striped(true).show(ui, |ui| {
            // The side goes second, after the character's name.
            for (i, h) in table.headings.iter().enumerate() {
                ui.strong(h.as_str());
                if i == 0 {
                    ui.strong(words.say("result-side"));
                }
            }
            ui.end_row();
            for (faction, cells) in &table.rows {
                for (i, cell) in cells.iter().enumerate() {
                    ui.label(cell);
                    if i == 0 {
                        ui.colored_label(faction_colour(*faction), side(*faction));
                    }
                }
                ui.end_row();
            }
        });
        if let Some(lasts) = told.lasts.as_ref().filter(|l| !l.is_empty()) {
            ui.separator();
            ui.label(egui::RichText::new(words.say("result-lasts")).strong());
            for line in lasts {
                ui.label(line);
            }
        }
        ui.separator();
    }
}

/// What next after a battle of the campaign: watch it again, go on, fight it again (not in
/// ironman), or leave it kept for later.
fn campaign_buttons(
    ui: &mut egui::Ui,
    words: &Words,
    told: &Told,
    mut c: ResMut<crate::game::campaign::Campaigning>,
    setup: &mut crate::game::battle::BattleSetup,
    commands: &mut Commands,
    next: &mut NextState<AppState>,
) {
    ui.horizontal(|ui| {
        if c.written.is_some()
            && ui
                .button(
                    egui::RichText::new(words.say("result-go-on"))
                        .size(18.0)
                        .strong(),
                )
                .clicked()
        {
            commands.insert_resource(crate::game::campaign::GoOnAsked);
        }
        if let Some(watch) = &told.watch
            && ui.button(words.say("result-watch-again")).clicked()
        {
            *setup = watch.clone();
            next.set(AppState::Battle);
        }
        if !c.run.ironman
            && c.written.is_some()
            && ui.button(words.say("result-fight-again")).clicked()
        {
            c.run.battle = None;
            if crate::game::campaign::fight(&mut c, setup).is_ok() {
                next.set(AppState::Battle);
            }
        }
        if ui.button(words.say("result-back-to-menu")).clicked() {
            next.set(AppState::Menu);
        }
    });
}

#[allow(clippy::too_many_arguments)]
fn buttons(
    ui: &mut egui::Ui,
    battle: &Battle,
    words: &Words,
    told: &Told,
    setup: &mut crate::game::battle::BattleSetup,
    notice: &mut Notice,
    keys: &Bindings,
    next: &mut NextState<AppState>,
) {
    {
        ui.horizontal(|ui| {
            // The battle played back on the board, every blow with its animation and sound.
            if let Some(watch) = &told.watch
                && ui.button(words.say("result-watch-again")).clicked()
            {
                *setup = watch.clone();
                next.set(AppState::Battle);
            }
            if ui.button(words.say("result-again-same-seed")).clicked() {
                setup.again(battle.seed(), false);
                next.set(AppState::Battle);
            }
            if ui.button(words.say("result-again-new-seed")).clicked() {
                setup.again(battle.seed(), true);
                next.set(AppState::Battle);
            }
            if let Some(fresh) = super::skirmish::next_after(battle.scenario())
                && ui.button(words.say("result-new-skirmish")).clicked()
            {
                setup.again(battle.seed(), false);
                setup.scenario = fresh;
                next.set(AppState::Battle);
            }
            if generate_name(battle.scenario())
                && ui.button(words.say("result-save-skirmish")).clicked()
            {
                notice.0 = Some(super::skirmish::save(words, battle.scenario()));
            }
            if ui.button(words.say("result-save-replay")).clicked() {
                notice.0 = Some(crate::game::battle::save_replay(words, battle));
            }
            if ui
                .button(keys.label(&words.say("result-back-to-menu"), GameAction::Confirm))
                .clicked()
            {
                next.set(AppState::Menu);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::battle::BattleSetup;
    use crate::words::Lang;

    /// Under the pseudo-locale, the story of a battle of each ruleset played to its end (who
    /// won and how, the turning point and its odds, each character's figures) says nothing in
    /// plain English but the names its scenario file writes, and cuts nothing off.
    #[test]
    fn the_result_screen_speaks_from_the_catalogue() {
        let words = Words::new(Lang::Pseudo);
        for scenario in ["duel", "wizards-and-bandits", "goblin-ambush"] {
            let file = std::fs::read_to_string(format!("assets/scenarios/{scenario}.ron"))
                .expect("a shipped scenario's file");
            let own: Vec<&str> = crate::game::platform::spoken::quoted(&file).collect();
            let setup = BattleSetup {
                scenario: scenario.to_string(),
                seed: 7,
                ..BattleSetup::default()
            };
            let mut battle = Battle::start(&setup).expect("the scenario starts");
            battle.speak(Lang::Pseudo);
            // Choices drawn from a fixed sequence: a battle that ends, the same each run.
            let mut draw = 0x9E37_79B9_7F4A_7C15u64;
            for _ in 0..5000 {
                if !matches!(battle.pending(), Pending::Decide { .. }) {
                    break;
                }
                draw ^= draw << 13;
                draw ^= draw >> 7;
                draw ^= draw << 17;
                let n = battle.session().legal_len() as u64;
                let choice = battle
                    .session()
                    .choice((draw % n) as usize)
                    .expect("a choice");
                battle.apply(&choice).expect("a legal choice applies");
            }
            assert!(
                matches!(battle.pending(), Pending::Over(_)),
                "{scenario} ends"
            );
            let told = Told {
                key: (battle.serial(), battle.version()),
                turn: turning(&battle),
                watch: None,
                lasts: None,
            };
            let texts =
                crate::game::platform::drawn::texts_drawn(egui::vec2(1280.0, 720.0), |ui| {
                    egui::CentralPanel::default().show(ui, |ui| story(ui, &battle, &words, &told));
                });
            assert!(texts.len() >= 8, "{scenario}: {} texts", texts.len());
            crate::game::platform::spoken::assert_spoken(scenario, &texts, &own);
        }
    }
}
