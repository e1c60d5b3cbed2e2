//! The table's own dice: every roll of the battle is asked for, by its die, what it is for and
//! its rule, and typed in (or clicked). The rules core is handed the values through a dice
//! source like any other; a decision whose dice are not all typed yet is refused by the core
//! without a trace (`apply` changes nothing on an error), asked for, and taken again once they
//! are.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::rules::Line;
use crate::rules::battle::RuleError;
use crate::rules::dice::{DiceError, Die};

use super::flow::{AppState, Battle, Notice};
use crate::game::settings::Speech;
use crate::session::Choice;
use fray_words::Value;

/// A roll the table is asked for: the decision waiting on it, and what to roll.
#[derive(Resource, Clone, Debug)]
pub struct TableAsk {
    pub choice: Choice,
    pub die: Die,
    pub why: Line,
    /// The rules-notes paragraph the roll follows.
    pub rule: String,
    /// What is being typed, and why the last value was refused.
    pub typed: String,
    pub refused: Option<String>,
}

/// A value the table rolled, typed or clicked in answer to the [`TableAsk`].
#[derive(Message, Clone, Debug)]
pub struct TableRoll(pub String);

/// The decision waiting on the table's dice is not taken after all.
#[derive(Message, Clone, Copy, Debug)]
pub struct TableCancel;

/// Applies a decision, asking the table for the dice it needs: true when applied; false when a
/// roll is now asked for; an error the core gave otherwise.
pub fn apply_asking(
    commands: &mut Commands,
    battle: &mut Battle,
    choice: &Choice,
) -> Result<bool, RuleError> {
    match battle.apply(choice) {
        Ok(()) => Ok(true),
        Err(RuleError::Dice(DiceError::Exhausted { die, why, rule }))
            if matches!(battle.dice(), super::flow::BattleDice::Table(_)) =>
        {
            commands.insert_resource(TableAsk {
                choice: choice.clone(),
                die,
                why,
                rule,
                typed: String::new(),
                refused: None,
            });
            Ok(false)
        }
        Err(e) => Err(e),
    }
}

pub struct TableDicePlugin;

impl Plugin for TableDicePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<TableRoll>()
            .add_message::<TableCancel>()
            .add_systems(
                Update,
                take_table_rolls
                    .in_set(super::flow::BattleSet::Apply)
                    .run_if(resource_exists::<TableAsk>),
            )
            .add_systems(OnExit(AppState::Battle), |mut commands: Commands| {
                commands.remove_resource::<TableAsk>();
            });
    }
}

/// Takes the values typed: one that is not a face of the die is refused in place and asked
/// again; one that is goes to the dice, and the decision is taken again.
fn take_table_rolls(
    mut commands: Commands,
    mut rolls: MessageReader<TableRoll>,
    mut cancel: MessageReader<TableCancel>,
    mut ask: ResMut<TableAsk>,
    mut battle: ResMut<Battle>,
    mut notice: ResMut<Notice>,
    speech: Res<Speech>,
) {
    // Values typed for a decision not taken must not stand in for the next one's.
    if cancel.read().count() > 0 {
        if let super::flow::BattleDice::Table(t) = battle.dice_mut() {
            t.forget_typed();
        }
        commands.remove_resource::<TableAsk>();
        rolls.clear();
        return;
    }
    for TableRoll(text) in rolls.read() {
        let value = text
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|&v| ask.die.contains(v));
        let Some(value) = value else {
            ask.refused = Some(speech.not_a_face(ask.die, text.trim()));
            ask.typed.clear();
            continue;
        };
        if let super::flow::BattleDice::Table(t) = battle.dice_mut() {
            t.push(value);
        }
        commands.remove_resource::<TableAsk>();
        let choice = ask.choice.clone();
        match apply_asking(&mut commands, &mut battle, &choice) {
            Ok(_) => notice.0 = None,
            Err(e) => notice.0 = Some(battle.refusal(&speech, &e)),
        }
        // One value a frame: a second one typed ahead waits for the next question.
        break;
    }
}

/// The question over the board: the die, what it is for, a field to type in and a button for
/// each face.
pub fn table_dice_window(
    mut contexts: EguiContexts,
    mut ask: ResMut<TableAsk>,
    mut rolls: MessageWriter<TableRoll>,
    mut cancel: MessageWriter<TableCancel>,
    battle: Res<Battle>,
    speech: Res<Speech>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let words = &**speech;
    let asked = Line::new("table-dice-ask")
        .number("sides", ask.die.sides)
        .line("why", ask.why.clone());
    egui::Window::new(words.say("table-dice-title"))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(battle.say(words, &asked))
                    .size(18.0)
                    .strong(),
            );
            if !ask.rule.is_empty() {
                // "zones.attacking: Attacking" as "Under the rule Attacking (zones.attacking)".
                let label = fray_words::rule_label(&ask.rule);
                let shown = match label.split_once(": ") {
                    Some((id, title)) => {
                        let (id, title) = (Value::Text(id.into()), Value::Text(title.into()));
                        words.say_with("table-dice-rule", &[("id", id), ("title", title)])
                    }
                    None => words.say_with("table-dice-rule-id", &[("id", Value::Text(label))]),
                };
                ui.label(shown);
            }
            ui.horizontal(|ui| {
                ui.label(words.say("table-dice-showed"));
                let field = ui.add(egui::TextEdit::singleline(&mut ask.typed).desired_width(60.0));
                field.request_focus();
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button(words.say("table-dice-take")).clicked() || enter)
                    && !ask.typed.trim().is_empty()
                {
                    rolls.write(TableRoll(ask.typed.clone()));
                }
            });
            if ask.die.sides <= 20 {
                ui.horizontal_wrapped(|ui| {
                    for face in 1..=ask.die.sides {
                        if ui
                            .button(egui::RichText::new(face.to_string()).size(16.0))
                            .clicked()
                        {
                            rolls.write(TableRoll(face.to_string()));
                        }
                    }
                });
            }
            if let Some(r) = &ask.refused {
                ui.colored_label(egui::Color32::LIGHT_RED, r);
            }
            // Nothing happened yet: the decision may still be changed.
            if ui.button(words.say("table-dice-other")).clicked() {
                cancel.write(TableCancel);
            }
        });
    Ok(())
}
