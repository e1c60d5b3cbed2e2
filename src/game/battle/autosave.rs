//! Nothing lost: after every action the battle so far is written to its own slot (a folder
//! under the preferences on the desktop, local storage in the browser), and the menu offers
//! to continue the newest unfinished one, or any other, or to delete it.

use bevy::prelude::*;

use crate::save::{Listed, SAVE_VERSION, Save, Saves, Store};

use super::flow::{AppState, Battle, BattleSetup, Notice, in_battle};
use super::seats::{SeatKind, Seats};
use crate::game::platform::Prefs;

/// Where this game keeps its saves; None where it keeps nothing.
pub fn store(prefs: &Prefs) -> Option<Box<dyn Store>> {
    if let Some(dir) = &prefs.dir {
        return Some(Box::new(crate::save::DirStore::new(dir.join("saves"))));
    }
    crate::game::platform::web::save_store()
}

/// The saves kept, as the menu lists them.
#[derive(Resource, Default, Debug)]
pub struct SavedBattles {
    pub listed: Vec<Listed>,
    /// Damaged saves set aside since the list was read.
    pub set_aside: Vec<crate::rules::Line>,
}

impl SavedBattles {
    pub fn read(prefs: &Prefs) -> SavedBattles {
        let Some(store) = store(prefs) else {
            return SavedBattles::default();
        };
        let (listed, set_aside) = Saves::new(store).list();
        SavedBattles { listed, set_aside }
    }

    /// The newest battle still to be finished: what Continue resumes.
    pub fn latest(&self) -> Option<(&str, &Save)> {
        self.listed.iter().find_map(|l| match &l.save {
            Ok(s) if !s.over => Some((l.slot.as_str(), s)),
            _ => None,
        })
    }
}

/// The battle under way's slot, and the version of it last written.
#[derive(Resource, Debug)]
pub struct SaveSlot {
    pub slot: String,
    written: u64,
}

/// How many finished battles are kept besides the unfinished ones.
const FINISHED_KEPT: usize = 10;

pub struct AutosavePlugin;

impl Plugin for AutosavePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SavedBattles>()
            .add_systems(OnEnter(AppState::Menu), list_saves)
            .add_systems(
                PostUpdate,
                (
                    take_slot.run_if(not(resource_exists::<SaveSlot>)),
                    autosave.run_if(resource_exists::<SaveSlot>),
                )
                    .chain()
                    .run_if(in_battle()),
            )
            .add_systems(OnExit(AppState::Result), |mut commands: Commands| {
                commands.remove_resource::<SaveSlot>();
            })
            .add_systems(OnEnter(AppState::Learn), |mut commands: Commands| {
                commands.remove_resource::<SaveSlot>();
            });
    }
}

pub fn list_saves(
    prefs: Res<Prefs>,
    mut saved: ResMut<SavedBattles>,
    mut notice: ResMut<Notice>,
    speech: Res<crate::game::settings::Speech>,
) {
    *saved = SavedBattles::read(&prefs);
    if !saved.set_aside.is_empty() {
        let said: Vec<String> = (saved.set_aside.iter()).map(|l| speech.said(l)).collect();
        notice.0 = Some(said.join("\n"));
    }
}

/// Whether a battle is kept: one played from the registry's scenarios, not a lesson, not a
/// replay watched, not a battle made inside a test.
fn kept(battle: &Battle, setup: &BattleSetup) -> bool {
    battle.session().watch_len().is_none()
        && setup.custom.is_none()
        && setup.lesson.is_none()
        && !setup.campaign
}

/// A new battle takes a slot of its own (a resumed one keeps its own); finished battles past
/// the newest few are let go.
fn take_slot(
    mut commands: Commands,
    prefs: Res<Prefs>,
    battle: Res<Battle>,
    setup: Res<BattleSetup>,
) {
    if !kept(&battle, &setup) {
        return;
    }
    let Some(store) = store(&prefs) else {
        return;
    };
    let saves = Saves::new(store);
    let slot = match &setup.resume {
        Some((slot, _)) => slot.clone(),
        None => {
            let finished: Vec<String> = saves
                .list()
                .0
                .into_iter()
                .filter(|l| l.save.as_ref().is_ok_and(|s| s.over))
                .map(|l| l.slot)
                .collect();
            for old in finished.iter().skip(FINISHED_KEPT) {
                let _ = saves.delete(old);
            }
            saves.new_slot()
        }
    };
    // A resumed battle is as its save left it: nothing to write until it changes.
    let written = if setup.resume.is_some() {
        battle.version()
    } else {
        0
    };
    commands.insert_resource(SaveSlot { slot, written });
}

/// The battle as its save holds it.
pub fn save_of(battle: &Battle, seats: &Seats) -> Option<Save> {
    let key = |k: SeatKind| k.key().to_string();
    let mut replay = battle.replay_so_far()?;
    replay.rules = Some(crate::rules::RULES_VERSION);
    Some(Save {
        version: SAVE_VERSION,
        name: battle.name().to_string(),
        seats: battle
            .session()
            .seats()
            .into_iter()
            .map(|(s, _)| key(seats.kind(s)))
            .collect(),
        gm: key(seats.kind(crate::rules::battle::Seat::Gm)),
        table_dice: matches!(battle.dice(), super::flow::BattleDice::Table(_)),
        round: battle.session().round(),
        over: battle.session().pending().seat().is_none(),
        replay,
    })
}

/// Writes the battle after every change. A save that cannot be written is said on screen,
/// and the battle goes on.
fn autosave(
    prefs: Res<Prefs>,
    battle: Res<Battle>,
    seats: Res<Seats>,
    mut slot: ResMut<SaveSlot>,
    mut notice: ResMut<Notice>,
    speech: Res<crate::game::settings::Speech>,
) {
    if slot.written == battle.version() {
        return;
    }
    slot.written = battle.version();
    let (Some(save), Some(store)) = (save_of(&battle, &seats), store(&prefs)) else {
        return;
    };
    if let Err(e) = Saves::new(store).write(&slot.slot, &save) {
        let why = fray_words::Value::Text(e.to_string());
        notice.0 = Some(speech.say_with("saved-battle-not", &[("why", why)]));
    }
}

impl BattleSetup {
    /// The setup that resumes a saved battle: its scenario, seats and options.
    pub fn resuming(slot: &str, save: &Save) -> BattleSetup {
        let kind = |k: &str| SeatKind::parse(k).unwrap_or(SeatKind::Person);
        BattleSetup {
            scenario: save.replay.scenario.clone(),
            seats: save.seats.iter().map(|k| kind(k)).collect(),
            gm: kind(&save.gm),
            seed: save.seed().unwrap_or(0),
            options: save.replay.options.clone(),
            table_dice: save.table_dice,
            resume: Some((slot.to_string(), save.clone())),
            ..BattleSetup::default()
        }
    }
}
