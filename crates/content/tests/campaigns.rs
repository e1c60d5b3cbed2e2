//! Every shipped campaign played from its first battle to an ending with the AI in every
//! seat, saved and read back between every two battles; what lasts is checked against the
//! rules notes' readings (zones.campaign, teams.campaign, coterie.campaign), worked out here
//! from each battle's last state on its own.

use std::collections::BTreeMap;

use fray_content::ai::Level;
use fray_content::campaign::{self, At, Campaign, Company, Run, Stored};
use fray_content::rules::battle::Pending;
use fray_content::rules::coterie::Coterie;
use fray_content::rules::dice::SeededDice;
use fray_content::rules::teams::Teams;
use fray_content::rules::zones::Zones;
use fray_content::rules::{teams, zones};
use fray_content::session::{self, Session, Typed};

/// What the rules notes say a member carries into the next camp, from the battle's end.
#[derive(Debug, PartialEq)]
enum Expected {
    Fallen,
    /// Health lost after the rest (Zones, Three actions) or wounds and fatigue (Coterie).
    Left(i32, i32),
}

/// The member's end of battle, read from the state as the rulebook keeps it, and the rest
/// the notes give: Zones halves the health lost (rounded in the member's favour); Three
/// actions gives back the character's constitution in health; Coterie takes away one wound
/// and two fatigue. `rests` is how many rests they get.
fn expected(session: &dyn Session, name: &str, rests: usize) -> Option<Expected> {
    let any = session.as_any();
    if let Some(t) = any.downcast_ref::<Typed<Zones>>() {
        let c = t.state().characters.iter().find(|c| c.name == name)?;
        if c.status == zones::model::Status::Dead {
            return Some(Expected::Fallen);
        }
        let mut lost = i32::from(c.max_health - c.health);
        for _ in 0..rests {
            lost /= 2;
        }
        return Some(Expected::Left(lost.min(i32::from(c.max_health) - 1), 0));
    }
    if let Some(t) = any.downcast_ref::<Typed<Teams>>() {
        let c = t.state().characters.iter().find(|c| c.name == name)?;
        if c.status == teams::Status::Dead {
            return Some(Expected::Fallen);
        }
        let mut lost = i32::from(c.stats.health - c.health);
        for _ in 0..rests {
            lost = (lost - i32::from(c.stats.constitution.max(1))).max(0);
        }
        return Some(Expected::Left(lost.min(i32::from(c.stats.health) - 1), 0));
    }
    if let Some(t) = any.downcast_ref::<Typed<Coterie>>() {
        let c = t.state().characters.iter().find(|c| c.name == name)?;
        let (mut w, mut f) = (c.wounds, c.fatigue);
        for _ in 0..rests {
            w = (w - 1).max(0);
            f = (f - 2).max(0);
        }
        return Some(Expected::Left(w, f));
    }
    None
}

fn carried(m: &campaign::Member) -> Expected {
    if m.fallen {
        return Expected::Fallen;
    }
    let l = m.lasting();
    match l.health {
        Some((lost, _)) => Expected::Left(i32::from(lost), 0),
        None => Expected::Left(l.wounds, l.fatigue),
    }
}

/// Each member cast into the battle starts it as the company carried them: health lost,
/// wounds, fatigue, the raised difficulty of cheating death.
fn starts_as_carried(session: &dyn Session, company: &Company, id: &str) {
    let any = session.as_any();
    for m in company.going() {
        let l = m.lasting();
        let name = m.name();
        if let Some(t) = any.downcast_ref::<Typed<Zones>>() {
            let Some(c) = t.state().characters.iter().find(|c| c.name == name) else {
                continue;
            };
            let (lost, most) = l.health.expect("a Zones member has health");
            assert_eq!(c.max_health, most, "{id}: {name}'s health");
            assert_eq!(
                c.health,
                most - lost,
                "{id}: {name} starts with the health carried"
            );
            // Gear carried damaged starts the battle damaged.
            let id_of = t.state().characters.iter().position(|x| x.name == name);
            for (g, worn) in l.gear.iter().filter(|(_, d)| *d) {
                let armour = c.armour.as_ref().is_some_and(|a| a.name == *g && a.damaged);
                let item = t.state().items.iter().any(|it| {
                    it.name == *g
                        && it.damaged
                        && matches!(it.location, zones::model::Location::Hand(h) | zones::model::Location::Pack(h) if Some(h) == id_of)
                });
                assert!(armour || item, "{id}: {name}'s {g} starts damaged ({worn})");
            }
        } else if let Some(t) = any.downcast_ref::<Typed<Teams>>() {
            let Some(c) = t.state().characters.iter().find(|c| c.name == name) else {
                continue;
            };
            let (lost, most) = l.health.expect("a Three actions member has health");
            assert_eq!(
                c.health,
                most - lost,
                "{id}: {name} starts with the health carried"
            );
            assert_eq!(
                c.death_difficulty,
                l.death_difficulty.unwrap_or(10),
                "{id}: {name}'s difficulty of cheating death"
            );
        } else if let Some(t) = any.downcast_ref::<Typed<Coterie>>() {
            let Some(c) = t.state().characters.iter().find(|c| c.name == name) else {
                continue;
            };
            assert_eq!(c.wounds, l.wounds, "{id}: {name}'s wounds");
            assert_eq!(c.fatigue, l.fatigue, "{id}: {name}'s fatigue");
        }
    }
    for m in company.members.iter().filter(|m| m.fallen) {
        assert!(
            !session.faction_names().is_empty() && !names_in(session).iter().any(|n| n == m.name()),
            "{id}: {} is dead and yet fights",
            m.name()
        );
    }
}

fn names_in(session: &dyn Session) -> Vec<String> {
    let any = session.as_any();
    if let Some(t) = any.downcast_ref::<Typed<Zones>>() {
        t.state()
            .characters
            .iter()
            .map(|c| c.name.clone())
            .collect()
    } else if let Some(t) = any.downcast_ref::<Typed<Teams>>() {
        t.state()
            .characters
            .iter()
            .map(|c| c.name.clone())
            .collect()
    } else if let Some(t) = any.downcast_ref::<Typed<Coterie>>() {
        t.state()
            .characters
            .iter()
            .map(|c| c.name.clone())
            .collect()
    } else {
        Vec::new()
    }
}

/// Plays the battle to its end with the AI at `level` in every seat.
fn play(session: &mut Box<dyn Session>, dice: &mut SeededDice, level: Level, seed: u64) {
    let mut decisions = 0u64;
    while let Pending::Decide { .. } = session.pending() {
        decisions += 1;
        assert!(decisions < 20_000, "the battle does not end");
        let mut thought = session
            .think(level, seed ^ decisions)
            .expect("the AI thinks where a decision is due");
        while !thought.step(10_000) {}
        let choice = thought.best().expect("the AI decides");
        session
            .apply(&choice, dice)
            .expect("the AI's choice is legal");
    }
}

fn play_campaign(id: &str, c: &Campaign, seed: u64) -> Run {
    let mut run = Run::new(id, c, seed % 2 == 0, seed).expect("the campaign starts");
    let first = run.company.members.len();
    assert!(first > 0, "{id}: the company has members");
    // Each keeps one face from battle to battle, whatever side they are cast into.
    let faces: Vec<Option<String>> = run
        .company
        .members
        .iter()
        .map(|m| m.icon().map(str::to_string))
        .collect();
    assert!(faces.iter().all(Option::is_some), "{id}: {faces:?}");
    for battle in 0.. {
        assert!(battle < 32, "{id}: the campaign does not end");
        // Saved and read back between every two battles: the same campaign goes on.
        let text = run.to_text().expect("the campaign saves");
        let back = Run::from_text(&text).expect("the saved campaign reads back");
        assert_eq!(back, run, "{id}: the campaign read back is the one saved");
        run = back;
        match run.at.clone() {
            At::Ended(_) => break,
            At::Choose => {
                let ways = run.after(c).map_or(0, |a| a.choose.len());
                assert!(ways >= 2, "{id}: a choice of {ways} ways");
                assert!(run.choose(c, (seed as usize + battle) % ways));
                continue;
            }
            At::Camp(_) => {}
        }
        // In camp: the stores handed out, and one member sits out where several can fight.
        while !run.company.stores.is_empty() {
            let to = run
                .company
                .members
                .iter()
                .position(|m| !m.fallen)
                .expect("someone is left");
            let name = run.company.stores[0].name().to_string();
            assert!(run.company.hand_out(0, to), "{id}: {name} handed out");
        }
        let standing = run.company.members.iter().filter(|m| !m.fallen).count();
        let rester = (seed % 3 == 0 && standing > 1)
            .then(|| run.company.members.iter().rposition(|m| !m.fallen))
            .flatten();
        if let Some(k) = rester {
            run.company.members[k].sits_out = true;
        }
        let before = run.company.clone();
        let (loaded, written) = run.scenario(c).expect("the battle as cast loads");
        let mut dice = SeededDice::new(run.battle_seed());
        let (mut s, _) = session::start(&loaded.setup, &mut dice, None).expect("it starts");
        starts_as_carried(s.as_ref(), &before, id);
        play(&mut s, &mut dice, Level::Easy, seed);
        let rests_earned = {
            let b = run.next(c).expect("at a battle");
            b.objectives.len()
        };
        let fought: Vec<String> = before
            .going()
            .iter()
            .map(|m| m.name().to_string())
            .collect();
        let record = run
            .finish(c, s.as_ref(), &written)
            .expect("the battle ends")
            .clone();
        let b = c.battle(&record.battle).expect("the battle fought");
        let extra = record
            .met
            .iter()
            .filter(|&&k| b.objectives[k].reward == campaign::Reward::Rest)
            .count();
        assert!(extra <= rests_earned);
        // What lasts, as the notes read it.
        let names = names_in(s.as_ref());
        for m in &run.company.members {
            let name = m.name();
            let was = before
                .members
                .iter()
                .find(|b| b.name() == name)
                .expect("kept");
            let in_battle = fought.iter().any(|n| n == name) && names.iter().any(|n| n == name);
            if in_battle {
                let want = expected(s.as_ref(), name, 1 + extra).expect("in the battle");
                assert_eq!(carried(m), want, "{id}: {name} after \"{}\"", record.battle);
            } else if was.fallen {
                assert!(m.fallen, "{id}: {name} stays dead");
            } else {
                // Not in the battle: rests once more if they sat it out, heals either way.
                assert!(!m.fallen, "{id}: {name} did not fight and cannot have died");
                let (now, then) = (carried(m), carried(was));
                if let (Expected::Left(a, b), Expected::Left(c0, d)) = (now, then) {
                    assert!(a <= c0 && b <= d, "{id}: {name} rests and is no worse");
                }
            }
            assert!(
                !m.sits_out,
                "{id}: the rest readies everyone for the next battle"
            );
        }
        for n in &record.fallen {
            assert!(
                run.company
                    .members
                    .iter()
                    .any(|m| m.name() == n && m.fallen),
                "{id}: {n} recorded fallen"
            );
        }
        // Gear won lands in the stores, of the battle's own catalogue.
        for k in &record.met {
            if let campaign::Reward::Gear(name) = &b.objectives[*k].reward {
                assert!(
                    run.company.stores.iter().any(|s: &Stored| s.name() == name),
                    "{id}: {name} won and stored"
                );
            }
        }
    }
    let now: Vec<Option<String>> = run
        .company
        .members
        .iter()
        .map(|m| m.icon().map(str::to_string))
        .collect();
    assert_eq!(now, faces, "{id}: the same faces at the end");
    let At::Ended(end) = &run.at else {
        unreachable!()
    };
    assert!(
        c.ending(end).is_some() || end == campaign::FALLEN,
        "{id}: ends at \"{end}\", an ending it has"
    );
    run
}

#[test]
fn every_shipped_campaign_plays_to_an_ending_carrying_what_lasts() {
    let mut endings: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (id, _) in campaign::BUILTIN {
        let c = campaign::load(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert!(c.battles.len() >= 5, "{id}: five battles or more");
        for seed in 1..=3u64 {
            let run = play_campaign(id, &c, seed);
            eprintln!(
                "{id} seed {seed}: {:?} -> {:?}",
                run.record
                    .iter()
                    .map(|f| (f.battle.as_str(), f.won, f.rounds, f.fallen.len()))
                    .collect::<Vec<_>>(),
                run.at
            );
            if let At::Ended(e) = run.at {
                endings.entry(id.to_string()).or_default().push(e);
            }
        }
    }
    assert_eq!(endings.len(), campaign::BUILTIN.len());
}

/// A run of generated skirmishes plays like a campaign: the same lasting rules, battles of
/// growing size, the first loss its end.
#[test]
fn a_generated_run_plays_to_its_end_carrying_what_lasts() {
    let id = campaign::generated::name("teams", 11);
    let c = campaign::load(&id).expect("the run");
    let run = play_campaign(&id, &c, 2);
    let At::Ended(end) = &run.at else {
        unreachable!()
    };
    let lost_at = run.record.iter().position(|f| !f.won);
    match lost_at {
        Some(k) => {
            assert_eq!(k + 1, run.record.len(), "the first loss ends the run");
            assert_eq!(end, "lost");
        }
        None => {
            assert_eq!(run.record.len(), campaign::generated::SIZES.len());
            assert_eq!(end, "won");
        }
    }
}

/// A small campaign's text with `battles` written in.
fn campaign_text(battles: &str, endings: &str) -> String {
    format!(
        "Campaign(\n    name: \"Test\",\n    start: \"one\",\n    battles: [\n{battles}    ],\n    endings: [\n{endings}    ],\n)\n"
    )
}

fn battle(id: &str, scenario: &str, won: &str, lost: &str) -> String {
    format!(
        "        BattleDef(\n            id: \"{id}\",\n            scenario: \"{scenario}\",\n            side: \"Wardens\",\n            briefing: \"b\",\n            won: After(says: \"w\", to: Some(\"{won}\")),\n            lost: After(says: \"l\", to: Some(\"{lost}\")),\n        ),\n"
    )
}

const END: &str = "        EndingDef(id: \"end\", title: \"The end\", says: \"s\"),\n";

fn errors(src: &str) -> Vec<(usize, String)> {
    match campaign::load_str("test.ron", src) {
        Ok(_) => Vec::new(),
        Err(e) => e.0.iter().map(|e| (e.line, e.text())).collect(),
    }
}

#[test]
fn a_campaign_that_plays_through_is_accepted() {
    let src = campaign_text(
        &(battle("one", "duel", "two", "end") + &battle("two", "standing-stones", "end", "end")),
        END,
    );
    assert_eq!(errors(&src), Vec::new());
}

#[test]
fn a_missing_scenario_is_refused_at_its_line() {
    let src = campaign_text(&battle("one", "no-such-place", "end", "end"), END);
    let e = errors(&src);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, 7, "{e:?}");
    assert!(e[0].1.contains("no-such-place"), "{e:?}");
}

#[test]
fn a_side_the_scenario_lacks_is_refused_at_its_line() {
    let src = campaign_text(&battle("one", "hold-the-mill", "end", "end"), END);
    let e = errors(&src);
    assert!(
        e.iter()
            .any(|(l, m)| *l == 8 && m.contains("no side \"Wardens\"")),
        "{e:?}"
    );
}

#[test]
fn an_unreachable_battle_is_refused_at_its_id() {
    let src = campaign_text(
        &(battle("one", "duel", "end", "end") + &battle("lone", "duel", "end", "end")),
        END,
    );
    let e = errors(&src);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, 14, "{e:?}");
    assert!(e[0].1.contains("\"lone\" is never reached"), "{e:?}");
}

#[test]
fn a_loop_is_refused_at_the_battle_that_closes_it() {
    let src = campaign_text(
        &(battle("one", "duel", "two", "end") + &battle("two", "duel", "one", "end")),
        END,
    );
    let e = errors(&src);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, 14, "{e:?}");
    assert!(e[0].1.contains("leads back to \"one\""), "{e:?}");
    assert!(e[0].1.contains("one -> two -> one"), "{e:?}");
}

#[test]
fn a_way_to_nowhere_and_an_unreached_ending_are_refused() {
    let src = campaign_text(
        &battle("one", "duel", "nowhere", "end"),
        &(END.to_string() + "        EndingDef(id: \"other\", title: \"Other\", says: \"s\"),\n"),
    );
    let e = errors(&src);
    assert!(
        e.iter()
            .any(|(l, m)| *l == 10 && m.contains("\"nowhere\" is neither")),
        "{e:?}"
    );
    assert!(
        e.iter()
            .any(|(l, m)| *l == 16 && m.contains("\"other\" is never reached")),
        "{e:?}"
    );
}

#[test]
fn a_generated_run_grows_and_checks() {
    let name = campaign::generated::name("zones", 5);
    let c = campaign::load(&name).expect("a run");
    assert_eq!(c.battles.len(), campaign::generated::SIZES.len());
    // No file to point into: a mistake would be reported at the top.
    campaign::check("run.ron", "", &c).expect("a generated run passes the checks");
    assert_eq!(
        campaign::load(&name).expect("again"),
        c,
        "a seed makes one run"
    );
}
