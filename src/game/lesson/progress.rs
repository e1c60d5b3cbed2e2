//! Which lessons are done, and where one was left: kept between runs, in the configuration
//! folder or the browser's storage, noted as a lesson goes.

use bevy::prelude::*;

use crate::game::battle::{LessonRun, Stage};
use crate::game::platform::Prefs;
use crate::rules::Line;

/// Which lessons are done, and where a lesson left was left, kept between runs.
#[derive(Resource, Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Progress {
    pub done: Vec<String>,
    /// A lesson left part way: its id, the step reached, the choices taken.
    pub left: Vec<(String, usize, Vec<usize>)>,
    /// What went wrong reading or keeping it, for the Learn page.
    #[serde(skip)]
    pub problem: Option<Line>,
    /// The kept file could not be read nor set aside: it is left as it is, never overwritten.
    #[serde(skip)]
    pub read_only: bool,
}

/// Where a progress file that cannot be read is set aside, so that starting afresh loses nothing.
pub const SET_ASIDE: &str = "lessons.unreadable.ron";

/// The file (or storage key) progress is kept in.
pub const PROGRESS: &str = "lessons.ron";

impl Progress {
    /// The kept progress. A file that cannot be read is copied aside (`SET_ASIDE`) before the
    /// lessons start afresh, and the Learn page says so, naming the place and line; where even
    /// the copy fails, the file is left alone and progress is not kept this run.
    pub fn load(prefs: &Prefs) -> Progress {
        let Some(text) = prefs.load(PROGRESS) else {
            return Progress::default();
        };
        let e = match ron::from_str::<Progress>(&text) {
            Ok(p) => return p,
            Err(e) => e,
        };
        let wrong = crate::game::platform::unreadable(&prefs.place(PROGRESS), &e);
        let mut fresh = Progress::default();
        match prefs.save(SET_ASIDE, &text) {
            Ok(()) => {
                fresh.problem = Some(
                    Line::new("progress-set-aside")
                        .line("wrong", wrong)
                        .line("place", prefs.place(SET_ASIDE)),
                )
            }
            Err(why) => {
                fresh.read_only = true;
                fresh.problem = Some(
                    Line::new("progress-left-alone")
                        .line("wrong", wrong)
                        .line("why", why),
                );
            }
        }
        fresh
    }

    pub fn save(&self, prefs: &Prefs) -> Result<(), Line> {
        if self.read_only {
            return Ok(());
        }
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
        self.left.retain(|(l, _, _)| *l != lesson.id());
        if lesson.stage() == Stage::Done {
            if !self.done.iter().any(|d| d == lesson.id()) {
                self.done.push(lesson.id().to_string());
            }
        } else if lesson.at() > 0 {
            self.left.push((
                lesson.id().to_string(),
                lesson.at(),
                lesson.chosen().to_vec(),
            ));
        }
    }
}

pub fn load_progress(mut commands: Commands, prefs: Res<Prefs>) {
    commands.insert_resource(Progress::load(&prefs));
}

/// Keeps the lesson's progress as it goes: where it stands, and that it is done.
pub fn keep_progress(
    lesson: Res<LessonRun>,
    prefs: Res<Prefs>,
    mut progress: ResMut<Progress>,
    mut last: Local<Option<(String, usize, bool)>>,
) {
    let done = lesson.stage() == Stage::Done;
    if last
        .as_ref()
        .is_some_and(|(id, at, d)| *id == lesson.id() && *at == lesson.at() && *d == done)
    {
        return;
    }
    *last = Some((lesson.id().to_string(), lesson.at(), done));
    progress.note(&lesson);
    if let Err(e) = progress.save(&prefs) {
        progress.problem = Some(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("fray-progress-{name}-{}", std::process::id()))
    }

    #[test]
    fn an_unreadable_progress_file_is_set_aside_not_lost() {
        let dir = folder("broken");
        let prefs = Prefs::in_dir(&dir);
        let broken = "(done: [\"zones/01-a-round-and-a-turn\"],\n left: [(oops)])";
        prefs.save(PROGRESS, broken).unwrap();
        let mut p = Progress::load(&prefs);
        assert!(p.done.is_empty());
        let said = |l: &Line| crate::words::english().said(l);
        let problem = said(p.problem.as_ref().unwrap());
        assert!(problem.contains("lessons.ron:2:"), "{problem}");
        assert!(problem.contains(SET_ASIDE), "{problem}");
        assert_eq!(prefs.load(SET_ASIDE).as_deref(), Some(broken));
        // Progress made from here on is kept, and the copy stays.
        p.done.push("coterie/01-the-phase-loop".into());
        p.save(&prefs).unwrap();
        assert_eq!(Progress::load(&prefs).done, p.done);
        assert_eq!(prefs.load(SET_ASIDE).as_deref(), Some(broken));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_progress_file_that_cannot_be_set_aside_is_never_overwritten() {
        let dir = folder("stuck");
        let prefs = Prefs::in_dir(&dir);
        prefs.save(PROGRESS, "not progress").unwrap();
        // A folder where the copy would go: writing it fails.
        std::fs::create_dir_all(dir.join(SET_ASIDE)).unwrap();
        let mut p = Progress::load(&prefs);
        assert!(p.read_only);
        let said = crate::words::english().said(p.problem.as_ref().unwrap());
        assert!(said.contains("left as it is"), "{said}");
        p.done.push("zones/01-a-round-and-a-turn".into());
        p.save(&prefs).unwrap();
        assert_eq!(prefs.load(PROGRESS).as_deref(), Some("not progress"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
