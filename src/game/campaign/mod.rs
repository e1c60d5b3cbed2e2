//! Campaigns in the shell: what the campaigns' screen (`screens/camp.rs`) starts and keeps, each battle
//! fought from it with the company cast in, kept in the campaign's one save after every
//! action, and the result screen's way back to camp.

pub mod store;

use bevy::prelude::*;

use crate::campaign::{Campaign, Run};
use crate::game::battle::{AppState, Battle, BattleSetup, Notice, Seats, in_battle};
use crate::game::platform::Prefs;
use crate::rules::line::Line;
use crate::scenario::Scenario;

/// The campaign under way.
#[derive(Resource)]
pub struct Campaigning {
    pub run: Run,
    pub campaign: Campaign,
    /// The battle under way as Fray wrote it (its company cast in), which the run is finished
    /// from.
    pub written: Option<Scenario>,
    /// The battle fought for the campaign, by its serial, once it has started.
    pub serial: Option<u64>,
    /// The version of the battle last saved.
    saved: u64,
    /// The battle next on the board is the campaign's.
    claim: bool,
    /// Each battle's name (its scenario's), the places its side has and that side's number
    /// (its colour), by the battle's id, for the camp to show without loading a scenario a
    /// frame.
    pub shown: std::collections::BTreeMap<String, (String, usize, usize)>,
    /// Each battle's scenario before the company is cast in, by the battle's id: who takes
    /// its places.
    pub scenarios: std::collections::BTreeMap<String, Scenario>,
}

impl Campaigning {
    pub fn new(run: Run, campaign: Campaign) -> Campaigning {
        let mut shown = std::collections::BTreeMap::new();
        let mut scenarios = std::collections::BTreeMap::new();
        for b in &campaign.battles {
            let Ok(l) = crate::catalogue::load(&b.scenario) else {
                shown.insert(b.id.clone(), (b.id.clone(), 0, 0));
                continue;
            };
            // The company's side among the battle's, for its colour on the board.
            let side = l.setup.factions().iter().position(|f| *f == b.side);
            let places = crate::campaign::company::places(&l.scenario, &b.side);
            shown.insert(
                b.id.clone(),
                (l.scenario.name.clone(), places, side.unwrap_or(0)),
            );
            scenarios.insert(b.id.clone(), l.scenario);
        }
        Campaigning {
            shown,
            scenarios,
            run,
            campaign,
            written: None,
            serial: None,
            saved: 0,
            claim: false,
        }
    }

    /// Whether `battle` is the campaign's own battle (not a replay of it watched).
    pub fn fighting(&self, battle: &Battle) -> bool {
        self.serial == Some(battle.serial())
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<store::SavedCampaign>()
        .add_systems(OnEnter(AppState::Camp), store::look)
        .add_systems(OnEnter(AppState::Menu), store::look)
        .add_systems(
            OnEnter(AppState::Battle),
            note_battle.run_if(resource_exists::<Campaigning>),
        )
        .add_systems(
            PostUpdate,
            save_battle
                .run_if(in_battle())
                .run_if(resource_exists::<Campaigning>),
        )
        .add_systems(
            Update,
            go_on_when_asked
                .run_if(resource_exists::<GoOnAsked>)
                .run_if(resource_exists::<Campaigning>),
        );
}

/// Whether the battle on the board is the campaign's (or a replay of it), over, and not yet
/// gone on from.
pub fn campaign_battle(campaigning: Option<Res<Campaigning>>, battle: Option<Res<Battle>>) -> bool {
    matches!((campaigning, battle), (Some(c), Some(b)) if c.written.is_some() && b.session().pending().seat().is_none())
}

/// Asks for the campaign to go on from its battle (the result screen's button).
#[derive(Resource)]
pub struct GoOnAsked;

fn go_on_when_asked(mut commands: Commands, mut go: GoOn) {
    commands.remove_resource::<GoOnAsked>();
    go.go_on();
}

/// A battle started from camp is the campaign's (claimed once it is on the board); one
/// watched again is not.
fn note_battle(mut campaigning: ResMut<Campaigning>, setup: Res<BattleSetup>) {
    campaigning.serial = None;
    campaigning.claim = setup.campaign && setup.watch.is_none();
}

/// The campaign's battle is kept in the campaign's save after every change.
fn save_battle(
    prefs: Res<Prefs>,
    battle: Res<Battle>,
    seats: Res<Seats>,
    mut campaigning: ResMut<Campaigning>,
    mut notice: ResMut<Notice>,
    speech: Res<crate::game::settings::Speech>,
) {
    if campaigning.claim {
        campaigning.claim = false;
        campaigning.serial = Some(battle.serial());
    }
    if !campaigning.fighting(&battle) || campaigning.saved == battle.version() {
        return;
    }
    campaigning.saved = battle.version();
    campaigning.run.battle = crate::game::battle::save_of(&battle, &seats);
    if let Err(why) = store::write(&prefs, &campaigning.run) {
        notice.0 =
            Some(speech.say_with("camp-not-written", &[("why", fray_words::Value::Text(why))]));
    }
}

/// What going on from a campaign's battle changes.
#[derive(bevy::ecs::system::SystemParam)]
pub struct GoOn<'w> {
    campaigning: ResMut<'w, Campaigning>,
    battle: Res<'w, Battle>,
    prefs: Res<'w, Prefs>,
    notice: ResMut<'w, Notice>,
    speech: Res<'w, crate::game::settings::Speech>,
    next: ResMut<'w, NextState<AppState>>,
}

impl GoOn<'_> {
    /// The battle ended: what lasts is taken, the run saved, and the camp (or the ending) is
    /// next.
    pub fn go_on(&mut self) {
        let c = &mut *self.campaigning;
        let Some(written) = c.written.clone() else {
            return;
        };
        if self.battle.session().pending().seat().is_some() {
            return;
        }
        if let Err(why) = c.run.finish(&c.campaign, self.battle.session(), &written) {
            self.notice.0 = Some(why.said(&self.speech));
            return;
        }
        c.written = None;
        c.serial = None;
        if let Err(why) = store::write(&self.prefs, &c.run) {
            self.notice.0 = Some(
                self.speech
                    .say_with("camp-not-written", &[("why", fray_words::Value::Text(why))]),
            );
        }
        self.next.set(AppState::Camp);
    }
}

/// Why the run's next battle cannot start, for the notice.
pub fn cannot_start(words: &fray_words::Words, why: Line) -> String {
    words.said(&Line::new("camp-cannot-start").line("why", why))
}

/// The next battle of the run, set up: the company's side for the person at the screen, every
/// other seat the AI's, the campaign's dice.
pub fn fight(c: &mut Campaigning, setup: &mut BattleSetup) -> Result<(), Line> {
    use crate::game::battle::SeatKind;
    use crate::rules::battle::Seat;
    let b = c
        .run
        .next(&c.campaign)
        .ok_or_else(|| Line::new("data-campaign-not-before-battle"))?;
    if c.run.company.going().is_empty() {
        return Err(Line::new("camp-nobody-ready"));
    }
    let (loaded, written) = c.run.scenario(&c.campaign).map_err(|e| e.as_line())?;
    let factions = loaded.setup.factions();
    let side = factions.iter().position(|f| *f == b.side);
    let seats = loaded
        .setup
        .seats()
        .iter()
        .map(|(seat, _)| {
            let theirs = match seat {
                Seat::Faction(f) => Some(*f) == side,
                // A character's own seat is Coterie's players': the first group's.
                Seat::Character(_) => side == Some(0),
                Seat::Gm => false,
            };
            if theirs {
                SeatKind::Person
            } else {
                SeatKind::Ai(crate::ai::Level::Normal)
            }
        })
        .collect();
    *setup = BattleSetup {
        scenario: loaded.id.clone(),
        seats,
        gm: SeatKind::Ai(crate::ai::Level::Normal),
        seed: c.run.battle_seed(),
        written: Some(written.clone()),
        campaign: true,
        ironman: c.run.ironman,
        resume: c
            .run
            .battle
            .clone()
            .map(|save| (store::SLOT.to_string(), save)),
        ..BattleSetup::default()
    };
    if let Some((_, save)) = &setup.resume {
        let resumed = BattleSetup::resuming(store::SLOT, save);
        setup.seats = resumed.seats;
        setup.gm = resumed.gm;
        setup.seed = resumed.seed;
    }
    c.written = Some(written);
    Ok(())
}

/// What the battle just ended leaves on the company, as going on will carry it: each who fought
/// (dead, or what is left after the rest) and the objectives met, in words.
pub fn lasts(c: &Campaigning, battle: &Battle, words: &fray_words::Words) -> Vec<String> {
    use fray_words::Value;
    let Some(written) = &c.written else {
        return Vec::new();
    };
    let mut run = c.run.clone();
    let Some(b) = run.next(&c.campaign).cloned() else {
        return Vec::new();
    };
    let fought: Vec<String> = run
        .company
        .going()
        .iter()
        .map(|m| m.name().to_string())
        .collect();
    let Ok(f) = run.finish(&c.campaign, battle.session(), written).cloned() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in run
        .company
        .members
        .iter()
        .filter(|m| fought.iter().any(|n| n == m.name()))
    {
        let name = Value::Text(m.name().to_string());
        if m.fallen {
            out.push(words.say_with("result-lasts-fallen", &[("name", name)]));
            continue;
        }
        let l = m.lasting();
        out.push(match l.health {
            Some((lost, most)) => words.say_with(
                "result-lasts-health",
                &[
                    ("name", name),
                    ("lost", Value::Number(f64::from(lost))),
                    ("most", Value::Number(f64::from(most))),
                ],
            ),
            None => words.say_with(
                "result-lasts-coterie",
                &[
                    ("name", name),
                    ("wounds", Value::Number(f64::from(l.wounds))),
                    ("fatigue", Value::Number(f64::from(l.fatigue))),
                ],
            ),
        });
    }
    for k in &f.met {
        if let Some(o) = b.objectives.get(*k) {
            out.push(words.say_with(
                "result-lasts-met",
                &[("goal", Value::Text(goal(words, &o.goal)))],
            ));
        }
    }
    out
}

/// A campaign `fray play --campaign` starts.
#[derive(Clone, Debug, Default)]
pub struct CampaignLaunch {
    pub id: String,
    pub seed: u64,
    /// Into this many of its battles at once, one after another (with `go_on`).
    pub fight: u32,
    /// From the result screen on to the camp at once.
    pub go_on: bool,
    /// Who sits where in that battle, over the camp's (the person at the company's side).
    pub seats: Option<(
        Vec<crate::game::battle::SeatKind>,
        crate::game::battle::SeatKind,
    )>,
}

/// `fray play --campaign`: the campaign started and its camp open; with `fight`, its first
/// battle begun at once (seated as asked); with `go_on`, the result screen left for the camp
/// as its button would.
pub fn launch(app: &mut App, how: CampaignLaunch) {
    let go_on = how.go_on;
    let seats = how.seats.clone();
    let mut left = how.fight;
    app.add_systems(
        Startup,
        move |mut commands: Commands, mut next: ResMut<NextState<AppState>>| {
            let started = crate::campaign::load(&how.id)
                .and_then(|c| Ok((Run::new(&how.id, &c, false, how.seed)?, c)));
            if let Ok((run, c)) = started {
                commands.insert_resource(Campaigning::new(run, c));
                next.set(AppState::Camp);
            }
        },
    );
    // Each time the camp opens, the next battle is begun, while any are left to fight.
    app.add_systems(
        OnEnter(AppState::Camp),
        move |campaigning: Option<ResMut<Campaigning>>,
              mut setup: ResMut<BattleSetup>,
              mut next: ResMut<NextState<AppState>>| {
            let Some(mut c) = campaigning else {
                return;
            };
            if left == 0 || fight(&mut c, &mut setup).is_err() {
                return;
            }
            left -= 1;
            if let Some((seats, gm)) = &seats {
                setup.seats = seats.clone();
                setup.gm = *gm;
            }
            next.set(AppState::Battle);
        },
    );
    if go_on {
        app.add_systems(OnEnter(AppState::Result), |mut commands: Commands| {
            commands.insert_resource(GoOnAsked)
        });
    }
}

/// An objective's goal in words.
pub fn goal(words: &fray_words::Words, g: &crate::campaign::Goal) -> String {
    use crate::campaign::Goal;
    use fray_words::Value;
    match g {
        Goal::WithinRounds(n) => words.say_with(
            "camp-objective-within-rounds",
            &[("rounds", Value::Number(f64::from(*n)))],
        ),
        Goal::KeepStanding(name) => words.say_with(
            "camp-objective-keep-standing",
            &[("name", Value::Text(name.clone()))],
        ),
        Goal::NoneFallen => words.say("camp-objective-none-fallen"),
    }
}

/// Leaves the campaigns' screen for the menu: an ended campaign is let go, one under way stays
/// kept, to continue.
pub fn leave(
    commands: &mut Commands,
    campaigning: Option<&Campaigning>,
    prefs: &Prefs,
    next: &mut NextState<AppState>,
) {
    if campaigning.is_some_and(|c| matches!(c.run.at, crate::campaign::At::Ended(_))) {
        store::delete(prefs);
    }
    commands.remove_resource::<Campaigning>();
    next.set(AppState::Menu);
}
