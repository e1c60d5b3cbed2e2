//! The campaign's one save: a slot of the battles' store, written after every change. A
//! damaged one is set aside under another name, never read half-way nor written over.

use bevy::prelude::*;

use crate::campaign::Run;
use crate::game::battle::Notice;
use crate::game::platform::Prefs;
use crate::rules::Line;
use crate::save::SaveError;

/// The slot the campaign under way is kept in.
pub const SLOT: &str = "campaign";

/// The campaign save found when the menu or the campaigns' screen opened, if any, with its
/// campaign's name.
#[derive(Resource, Default)]
pub struct SavedCampaign(pub Option<Run>, pub String);

pub fn write(prefs: &Prefs, run: &Run) -> Result<(), String> {
    let Some(store) = crate::game::battle::store(prefs) else {
        return Ok(());
    };
    let text = run.to_text().map_err(|e| e.to_string())?;
    store.write(SLOT, &text)
}

pub fn delete(prefs: &Prefs) {
    if let Some(store) = crate::game::battle::store(prefs) {
        let _ = store.remove(SLOT);
    }
}

/// The campaign kept, if any; a damaged save is set aside and said.
fn read(prefs: &Prefs, words: &fray_words::Words) -> (Option<Run>, Option<String>) {
    let Some(store) = crate::game::battle::store(prefs) else {
        return (None, None);
    };
    let text = match store.read(SLOT) {
        Ok(Some(t)) => t,
        Ok(None) => return (None, None),
        Err(e) => {
            let why = fray_words::Value::Text(e.to_string());
            return (None, Some(words.say_with("camp-not-read", &[("why", why)])));
        }
    };
    match Run::from_text(&text) {
        Ok(run) => (Some(run), None),
        Err(SaveError::Damaged(why)) => {
            let said = match store.set_aside(SLOT) {
                Ok(place) => Line::new("camp-set-aside")
                    .name("place", place)
                    .line("why", why),
                Err(e) => Line::new("camp-not-read").name("why", e),
            };
            (None, Some(words.said(&said)))
        }
        Err(e) => {
            let said = Line::new("camp-not-read").line("why", e.line());
            (None, Some(words.said(&said)))
        }
    }
}

/// Reads the save when the campaigns' screen opens without a campaign under way.
pub fn look(
    prefs: Res<Prefs>,
    mut saved: ResMut<SavedCampaign>,
    campaigning: Option<Res<super::Campaigning>>,
    mut notice: ResMut<Notice>,
    speech: Res<crate::game::settings::Speech>,
) {
    if campaigning.is_some() {
        return;
    }
    let (run, said) = read(&prefs, &speech);
    saved.1 = run.as_ref().map_or_else(String::new, |r| {
        crate::campaign::load(&r.campaign).map_or_else(|_| r.campaign.clone(), |c| c.name)
    });
    saved.0 = run;
    if said.is_some() {
        notice.0 = said;
    }
}
