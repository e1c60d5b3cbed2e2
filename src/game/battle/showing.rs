//! The steps of a resolution on screen, one at a time ("The rules at work"): each applied
//! action's beats, queued as its news comes, read off by Enter (or, with nobody at the screen,
//! by the clock).

use std::collections::VecDeque;

use bevy::prelude::*;

use super::flow::{AppState, BattleSet, News};
use crate::present::Beat;

/// The steps of the last resolutions still to be shown, the first on screen.
#[derive(Resource, Debug, Default, Deref, DerefMut)]
pub struct Showing(pub VecDeque<Beat>);

pub struct ShowingPlugin;

impl Plugin for ShowingPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Showing>()
            .add_systems(OnEnter(AppState::Battle), |mut s: ResMut<Showing>| {
                s.clear()
            })
            .add_systems(Update, follow_news.in_set(BattleSet::Follow));
    }
}

fn follow_news(mut news: MessageReader<News>, mut showing: ResMut<Showing>) {
    for n in news.read() {
        match n {
            News::Applied { beats, .. } => showing.extend(beats.iter().cloned()),
            News::Replaced => showing.clear(),
        }
    }
}
