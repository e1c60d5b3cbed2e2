//! Which lessons are done, and where one was left: kept between runs, in the configuration
//! folder or the browser's storage, noted as a lesson goes.

use bevy::prelude::*;

use super::flow::Battle;
use super::lesson::{LessonRun, Stage};
use super::prefs::Prefs;

/// Which lessons are done, and where a lesson left was left, kept between runs.
#[derive(Resource, Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    pub done: Vec<String>,
    /// A lesson left part way: its id, the step reached, the choices taken.
    pub left: Vec<(String, usize, Vec<usize>)>,
}

/// The file (or storage key) progress is kept in.
pub const PROGRESS: &str = "lessons.ron";

impl Progress {
    pub fn load(prefs: &Prefs) -> Progress {
        prefs
            .load(PROGRESS)
            .and_then(|t| ron::from_str(&t).ok())
            .unwrap_or_default()
    }

    pub fn save(&self, prefs: &Prefs) -> Result<(), String> {
        prefs.save(PROGRESS, &ron::to_string(self).unwrap_or_default())
    }

    /// Where a lesson was left: the step and the choices.
    pub fn resume_point(&self, id: &str) -> Option<(usize, Vec<usize>)> {
        self.left
            .iter()
            .find(|(l, _, _)| l == id)
            .map(|(_, at, c)| (*at, c.clone()))
    }

    /// Notes how far a lesson has gone (or that it is done).
    pub fn note(&mut self, lesson: &LessonRun) {
        self.left.retain(|(l, _, _)| *l != lesson.id);
        if lesson.stage == Stage::Done {
            if !self.done.contains(&lesson.id) {
                self.done.push(lesson.id.clone());
            }
        } else if lesson.at > 0 {
            self.left
                .push((lesson.id.clone(), lesson.at, lesson.chosen.clone()));
        }
    }
}

pub fn load_progress(mut commands: Commands, prefs: Res<Prefs>) {
    commands.insert_resource(Progress::load(&prefs));
}

/// Keeps the lesson's progress as it goes: where it stands, and that it is done.
pub fn keep_progress(
    battle: Option<Res<Battle>>,
    prefs: Res<Prefs>,
    progress: Option<ResMut<Progress>>,
    mut last: Local<Option<(String, usize, bool)>>,
) {
    let (Some(battle), Some(mut progress)) = (battle, progress) else {
        return;
    };
    let Some(lesson) = &battle.lesson else {
        return;
    };
    let done = lesson.stage == Stage::Done;
    if last
        .as_ref()
        .is_some_and(|(id, at, d)| *id == lesson.id && *at == lesson.at && *d == done)
    {
        return;
    }
    *last = Some((lesson.id.clone(), lesson.at, done));
    progress.note(lesson);
    let _ = progress.save(&prefs);
}
