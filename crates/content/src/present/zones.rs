//! How the Zones ruleset looks: zones as places joined by their ways through, characters as
//! tokens with their health, and the words, odds and highlights for each decision.

use crate::rules::battle::{DecisionKind, Seat};
use crate::rules::zones::said::stunt;
use crate::rules::zones::{
    Action, AttackStep, Character, EventKind, MoraleChoice, Reaction, State, Status, Target, Zone,
    ZoneEvent, Zones, flow, odds,
};

use super::{
    BoardView, Focus, Icon, Mark, Place, Pool, Present, ResultTable, RosterLine, Token, Tone,
    Visual, pct, said,
};
use super::{Words, headings};

/// What a token shows inside: health, 0 when down, X when dead.
pub fn token_inside(ch: &Character) -> String {
    match ch.status {
        Status::Active | Status::Surrendered => format!("{}", ch.health),
        Status::Incapacitated => "0".into(),
        Status::Dead => "X".into(),
        Status::Fled => String::new(),
    }
}

/// A token's caption: the name, shortened, and what is wrong with them.
pub fn token_label(ch: &Character) -> String {
    let note = token_note(ch);
    if note.is_empty() {
        token_name(ch)
    } else {
        format!("{} ({note})", token_name(ch))
    }
}

/// A token's name: a long name keeps its last word ("Captain Rusk" becomes "Rusk").
pub fn token_name(ch: &Character) -> String {
    if ch.name.len() > 9 {
        ch.name
            .split_whitespace()
            .last()
            .unwrap_or(&ch.name)
            .to_string()
    } else {
        ch.name.clone()
    }
}

/// What is wrong with a character, in a word or a few.
pub fn token_note(ch: &Character) -> String {
    let mut tags = Vec::new();
    match ch.status {
        Status::Incapacitated => tags.push("down"),
        Status::Dead => tags.push("dead"),
        Status::Surrendered => tags.push("surrendered"),
        _ => {}
    }
    if ch.concealed {
        tags.push("hidden");
    }
    if ch.grabbed_by.is_some() {
        tags.push("grabbed");
    }
    if ch.poisoned.is_some() {
        tags.push("poisoned");
    }
    tags.join(", ")
}

/// The same, as icons.
pub fn token_icons(ch: &Character) -> Vec<Icon> {
    let mut icons = Vec::new();
    match ch.status {
        Status::Incapacitated => icons.push(Icon::Down),
        Status::Dead => icons.push(Icon::Dead),
        Status::Surrendered => icons.push(Icon::Surrendered),
        _ => {}
    }
    if ch.concealed {
        icons.push(Icon::Hidden);
    }
    if ch.grabbed_by.is_some() {
        icons.push(Icon::Grabbed);
    }
    if ch.poisoned.is_some() {
        icons.push(Icon::Poisoned);
    }
    icons
}

/// What the attack under way does to `t` if it lands on them, in words.
fn blow_text(s: &State, t: usize) -> Option<String> {
    let b = odds::blow_on(s, t)?;
    let name = s.name(t);
    Some(if b.taken > 0.0 {
        format!("{:.0}% that {name} fails the STR save", pct(b.taken))
    } else {
        format!(
            "if it lands on {name}: {:.1} damage expected, {:.0}% to go down",
            b.expected_damage,
            pct(b.takedown)
        )
    })
}

/// The character the attack under way was first aimed at.
fn first_target(s: &State) -> Option<usize> {
    Some(s.attack.as_ref()?.slots.first()?.target)
}

/// What each reaction risks, before it is chosen.
fn reaction_odds(s: &State, r: &Reaction) -> Option<String> {
    let a = s.attack.as_ref()?;
    let AttackStep::React { slot } = a.step else {
        return None;
    };
    let t = a.slots[slot].target;
    match *r {
        Reaction::None => blow_text(s, t),
        Reaction::Dodge => {
            let p = odds::save_chance(s.characters[t].attrs.agi);
            let b = odds::blow_on(s, t)?;
            Some(format!(
                "AGI save: {:.0}% to make it miss; {:.0}% to go down all the same",
                pct(p),
                pct((1.0 - p) * b.takedown)
            ))
        }
        Reaction::Counter { weapon, mode } => {
            let x = odds::counter_exchange(s, t, weapon, mode)?;
            let attacker = s.name(a.decl.attacker);
            let mut text = if x.lands < 1.0 {
                format!("lands {:.0}% (WIT save); ", pct(x.lands))
            } else {
                String::new()
            };
            if mode.is_non_lethal() {
                text.push_str(&format!(
                    "takes effect {:.0}% (after the blow, if still standing); you go down {:.0}%",
                    pct(x.takes_effect),
                    pct(x.counterer_down)
                ));
            } else {
                text.push_str(&format!(
                    "you are hit first {:.0}%; you go down {:.0}%, {attacker} {:.0}%",
                    pct(x.hit_first),
                    pct(x.counterer_down),
                    pct(x.attacker_down)
                ));
            }
            Some(text)
        }
        Reaction::HideBehind(c) | Reaction::Guard(c) => Some(format!(
            "{} takes it instead; {}",
            s.name(c),
            blow_text(s, c)?
        )),
    }
}

/// Whether the one looking at the screen (None: everyone) cannot know this character is
/// there: an enemy keeping concealed. The same test the AI's view of the battle uses.
pub fn hidden_from(ch: &Character, eyes: Option<Seat>) -> bool {
    eyes.is_some_and(|seat| flow::hidden_from(ch, seat))
}

/// Whether the viewer sees this character's token at all.
pub fn token_shown(ch: &Character, eyes: Option<Seat>) -> bool {
    !hidden_from(ch, eyes) && !matches!(ch.status, Status::Fled)
}

pub fn zone_colour(z: &Zone) -> [u8; 3] {
    if z.dark {
        [25, 25, 51]
    } else if z.barrier {
        [86, 84, 91]
    } else if z.concealment {
        [40, 76, 45]
    } else if z.hazard.is_some() {
        [89, 45, 40]
    } else if z.cover {
        [84, 68, 45]
    } else {
        [56, 61, 56]
    }
}

/// The pictures of a zone's ground: what its name says it is (a bridge, an orchard), then each
/// feature the rules know.
fn zone_terrain(z: &Zone) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = crate::art::terrain(&z.name).into_iter().collect();
    let flags = [
        (z.cover, "terrain.cover"),
        (z.concealment, "terrain.concealment"),
        (z.barrier, "terrain.barrier"),
    ];
    out.extend(flags.iter().filter(|(on, _)| *on).map(|(_, k)| *k));
    if let Some(h) = &z.hazard {
        out.push(crate::art::terrain(&h.name).unwrap_or("terrain.hazard"));
    }
    out.dedup();
    out
}

pub fn zone_features(z: &Zone) -> String {
    let mut f = Vec::new();
    if z.cover {
        f.push("cover".to_string());
    }
    if z.concealment {
        f.push("concealment".to_string());
    }
    if z.dark {
        f.push("dark".to_string());
    }
    if z.barrier {
        f.push("barrier".to_string());
    }
    if let Some(h) = &z.hazard {
        f.push(format!("hazard: {} {}", h.name, h.damage));
    }
    f.join(", ")
}

/// A character's status in a word, for the result table.
fn status_word(ch: &Character) -> &'static str {
    match ch.status {
        Status::Active => "Active",
        Status::Incapacitated => "Incapacitated",
        Status::Dead => "Dead",
        Status::Surrendered => "Surrendered",
        Status::Fled => "Fled",
    }
}

fn status_text(ch: &Character) -> String {
    match ch.status {
        Status::Active => format!("{}/{}", ch.health, ch.max_health),
        Status::Incapacitated => "incapacitated".into(),
        Status::Dead => "dead".into(),
        Status::Surrendered => "surrendered".into(),
        Status::Fled => "fled".into(),
    }
}

impl Present for Zones {
    const MOUSE: &'static str = "zones-mouse";
    fn visual(_words: &Words, s: &State, e: &ZoneEvent) -> Visual {
        let banner = || Visual::Banner {
            text: said(&e.line, s),
        };
        match &e.kind {
            EventKind::Moved {
                character,
                from,
                to,
            } => Visual::Slide {
                token: *character,
                from: *from,
                to: *to,
                text: String::new(),
            },
            EventKind::Attack { attacker, target } => match *target {
                Target::Character(t) => Visual::Strike {
                    from: *attacker,
                    to: t,
                },
                Target::Zone(z) => Visual::Flash { place: z },
            },
            EventKind::Damage {
                character, amount, ..
            } => Visual::toned(
                *character,
                format!("−{amount}"),
                Tone::Harm(u32::from(*amount)),
            ),
            EventKind::Healed { character, health } => {
                Visual::float(*character, format!("healed to {health}"))
            }
            EventKind::StatusChanged { character, status } => match status {
                Status::Incapacitated | Status::Dead | Status::Fled => {
                    Visual::Fall { token: *character }
                }
                Status::Surrendered => Visual::float(*character, "surrenders"),
                Status::Active => Visual::float(*character, "fights on"),
            },
            EventKind::Revealed { character } => Visual::float(*character, "revealed"),
            EventKind::Hidden { character } => Visual::float(*character, "hidden"),
            EventKind::Grabbed { character, .. } => Visual::float(*character, "grabbed"),
            EventKind::Freed { character } => Visual::float(*character, "free"),
            EventKind::Reaction { character } => Visual::toned(*character, "reacts", Tone::Guard),
            EventKind::TurnStarted { character } => Visual::float(*character, "turn"),
            EventKind::Roll { character: Some(c) } => Visual::float(
                *c,
                e.explanation
                    .as_ref()
                    .map_or_else(String::new, |x| x.total.to_string()),
            ),
            EventKind::Roll { character: None }
            | EventKind::RoundStarted { .. }
            | EventKind::PhaseStarted
            | EventKind::Initiative { .. }
            | EventKind::TurnEnded { .. }
            | EventKind::Passed { .. }
            | EventKind::Gear
            | EventKind::Note
            | EventKind::BattleOver => banner(),
        }
    }

    /// One zone of movement a turn: the zones next to the character's, unless someone holds
    /// them (zones.movement). Nothing written in them: a move is a move, and a zone's middle
    /// holds its tokens.
    fn reach(_words: &Words, s: &State, c: usize) -> Vec<(usize, String)> {
        let Some(ch) = s.characters.get(c) else {
            return Vec::new();
        };
        if !ch.is_active() || ch.grabbed_by.is_some() {
            return Vec::new();
        }
        s.zones[ch.zone]
            .neighbours
            .iter()
            .map(|&z| (z, ONE_ZONE.to_string()))
            .collect()
    }

    fn decision_title(words: &Words, kind: DecisionKind) -> String {
        words.say(match kind {
            DecisionKind::Initiative => "zones-title-initiative",
            DecisionKind::Activation => "zones-title-activation",
            DecisionKind::Turn => "zones-title-turn",
            DecisionKind::Reaction => "zones-title-reaction",
            DecisionKind::Stunt => "zones-title-stunt",
            DecisionKind::Morale => "zones-title-morale",
            // Kinds this ruleset never asks.
            _ => "present-title-decide",
        })
    }

    fn situation(_words: &Words, s: &State) -> Option<String> {
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
                    said(&stunt(st), s)
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

    fn odds(_words: &Words, s: &State, a: &Action) -> Option<String> {
        match a {
            Action::Attack(d) | Action::OpportunityAttack(d) => {
                let moving = s.turn.as_ref().is_some_and(|t| t.moved);
                match d.target {
                    Target::Character(_) => odds::attack_odds(s, d, moving).map(|o| {
                        format!(
                            "hit {:.0}% · expected damage {:.1} · takes them down {:.0}%",
                            pct(o.hit),
                            o.expected_damage,
                            pct(o.takedown * o.hit)
                        )
                    }),
                    Target::Zone(_) => Some("a blast: everyone in the zone is hit".into()),
                }
            }
            Action::React(r) => reaction_odds(s, r),
            Action::Move(z) => Some(move_risk(s, *z)),
            Action::Morale(choice) => {
                let c = *s.morale_queue.first()?;
                Some(match choice {
                    MoraleChoice::Surrender => {
                        "out of the fight, weapons thrown down; harmed by the enemy, they may take it up again".into()
                    }
                    MoraleChoice::Retreat => format!(
                        "a chase: {:.0}% to get away, else reached and fighting on",
                        pct(odds::escape_chance(s, c))
                    ),
                })
            }
            // The attacker's offer: what the target would be choosing between.
            Action::ProposeStunt(st) => {
                let t = first_target(s)?;
                Some(format!(
                    "{} chooses: {} instead of the blow, or the blow ({})",
                    s.name(t),
                    said(&stunt(*st), s),
                    blow_text(s, t)?
                ))
            }
            Action::NoStunt => {
                let t = first_target(s)?;
                Some(format!("strike to harm: {}", blow_text(s, t)?))
            }
            Action::AcceptStunt => {
                let a = s.attack.as_ref()?;
                let AttackStep::AnswerStunt(st) = a.step else {
                    return None;
                };
                Some(format!(
                    "no damage and no reaction; instead: {}",
                    said(&stunt(st), s)
                ))
            }
            Action::RefuseStunt => {
                let t = first_target(s)?;
                Some(format!(
                    "the attack goes on (a reaction may still meet it): {}",
                    blow_text(s, t)?
                ))
            }
            _ => None,
        }
    }

    fn board(_words: &Words, s: &State, eyes: Option<Seat>) -> BoardView {
        let places = s
            .zones
            .iter()
            .map(|z| Place {
                name: z.name.clone(),
                features: zone_features(z),
                colour: zone_colour(z),
                at: z.at.map(|(x, y)| (f32::from(x), f32::from(y))),
                terrain: zone_terrain(z),
            })
            .collect();
        let links = s
            .zones
            .iter()
            .enumerate()
            .flat_map(|(z, zone)| {
                zone.neighbours
                    .iter()
                    .filter(move |&&n| n > z)
                    .map(move |&n| (z, n))
            })
            .collect();
        let tokens = s
            .characters
            .iter()
            .enumerate()
            .filter(|(_, ch)| token_shown(ch, eyes))
            .map(|(i, ch)| Token {
                id: i,
                place: ch.zone,
                faction: ch.faction,
                inside: token_inside(ch),
                label: token_name(ch),
                note: token_note(ch),
                icons: token_icons(ch),
                out: ch.status != Status::Active,
                faded: ch.concealed,
                pools: if matches!(ch.status, Status::Active | Status::Surrendered) {
                    vec![Pool::new("health", ch.health, ch.max_health)]
                } else {
                    Vec::new()
                },
                portrait: {
                    let gear: Vec<&str> =
                        s.carried(i).map(|it| s.items[it].name.as_str()).collect();
                    crate::art::portrait(
                        ch.icon.as_deref(),
                        &ch.name,
                        &s.factions[ch.faction].name,
                        &gear,
                    )
                },
                weapon: s
                    .held(i)
                    .find_map(|it| crate::art::weapon(&s.items[it].name)),
                name: ch.name.clone(),
                gear: ch
                    .armour
                    .iter()
                    .map(|a| format!("{} (worn)", a.name))
                    .chain(s.carried(i).map(|it| {
                        let item = &s.items[it];
                        let mut text = item.name.clone();
                        if s.held(i).any(|h| h == it) {
                            text.push_str(" (in hand)");
                        }
                        if item.damaged {
                            text.push_str(", damaged");
                        }
                        text
                    }))
                    .collect(),
            })
            .collect();
        let active = s
            .turn
            .as_ref()
            .map(|t| t.character)
            .filter(|&c| token_shown(&s.characters[c], eyes));
        BoardView {
            places,
            links,
            tokens,
            active,
            grid: false,
            ..BoardView::default()
        }
    }

    fn focus(_words: &Words, s: &State, a: &Action) -> Focus {
        match a {
            Action::Activate(c) => Focus {
                names: vec![*c],
                token: Some((*c, Mark::Pick)),
                ..Focus::default()
            },
            Action::Attack(d) | Action::OpportunityAttack(d) => match d.target {
                Target::Character(t) => Focus {
                    names: vec![t],
                    token: Some((t, Mark::Harm)),
                    ..Focus::default()
                },
                Target::Zone(z) => Focus {
                    place: Some((z, Mark::Harm)),
                    ..Focus::default()
                },
            },
            Action::React(Reaction::HideBehind(x)) | Action::React(Reaction::Guard(x)) => Focus {
                names: vec![*x],
                ..Focus::default()
            },
            Action::Move(z) => Focus {
                place: Some((
                    *z,
                    if odds::opportunity_risk(s, *z).is_empty() {
                        Mark::Go
                    } else {
                        Mark::Risk
                    },
                )),
                cost: Some(ONE_ZONE.into()),
                ..Focus::default()
            },
            _ => Focus::default(),
        }
    }

    fn place_action(_: &State, legal: &[Action], place: usize) -> Option<usize> {
        legal.iter().position(|a| *a == Action::Move(place))
    }

    fn irreversible(s: &State, action: &Action) -> bool {
        match action {
            Action::Surrender | Action::Morale(_) => true,
            // Accepting a stunt that forces a surrender.
            Action::AcceptStunt => s.attack.as_ref().is_some_and(|a| {
                matches!(
                    a.step,
                    crate::rules::zones::AttackStep::AnswerStunt(crate::rules::zones::Stunt::Yield)
                )
            }),
            _ => false,
        }
    }

    // Shooting before moving spares the WIT save a shot on the move needs (zones.attacking):
    // the attack is the first row, as in Three actions.
    const VERBS_FIRST: &'static [&'static str] = &["zones-verb-attack", "zones-verb-move"];

    fn verb(_: &State, a: &Action) -> Option<&'static str> {
        Some(match a {
            Action::Activate(_) | Action::Resume(_) => "zones-verb-give-a-turn",
            Action::Move(_) => "zones-verb-move",
            Action::Attack(_) => "zones-verb-attack",
            Action::OpportunityAttack(_) => "zones-verb-strike-as-they-go",
            Action::PickUp(_)
            | Action::PutDown(_)
            | Action::Equip(_)
            | Action::Unequip(_)
            | Action::Use(_) => "zones-verb-items",
            Action::Interact(_) => "zones-verb-fixtures",
            Action::Shove { .. } => "zones-verb-shove",
            Action::ProposeStunt(_) => "zones-verb-stunts",
            Action::React(Reaction::Counter { .. }) => "zones-verb-counter",
            Action::React(Reaction::HideBehind(_)) => "zones-verb-hide-behind-someone",
            Action::React(Reaction::Guard(_)) => "zones-verb-someone-guards",
            _ => return None,
        })
    }

    fn quick_action(legal: &[Action]) -> Option<usize> {
        [
            Action::EndTurn,
            Action::Pass,
            Action::DeclineOpportunity,
            Action::NoStunt,
        ]
        .iter()
        .find_map(|q| legal.iter().position(|a| a == q))
    }

    fn character_name(s: &State, id: usize) -> String {
        s.characters
            .get(id)
            .map_or_else(|| "?".into(), |c| c.name.clone())
    }

    fn roster(_words: &Words, s: &State, eyes: Option<Seat>) -> Vec<RosterLine> {
        // Enemies in hiding are as absent from the list as from the board.
        s.characters
            .iter()
            .enumerate()
            .filter(|(_, c)| !hidden_from(c, eyes))
            .map(|(i, ch)| RosterLine {
                faction: ch.faction,
                text: format!(
                    "{} — {}{}",
                    ch.name,
                    status_text(ch),
                    // The one whose turn it is is acting, not done.
                    if s.turn.as_ref().is_some_and(|t| t.character == i) {
                        " · acting"
                    } else if ch.acted {
                        " · has acted"
                    } else {
                        ""
                    }
                ),
            })
            .collect()
    }

    fn result_table(words: &Words, s: &State) -> ResultTable {
        ResultTable {
            headings: headings(
                words,
                &[
                    "present-heading-character",
                    "zones-heading-status",
                    "zones-heading-health",
                    "zones-heading-attacks",
                    "zones-heading-dealt",
                    "zones-heading-taken",
                    "zones-heading-takedowns",
                ],
            ),
            rows: s
                .characters
                .iter()
                .map(|ch| {
                    (
                        ch.faction,
                        vec![
                            ch.name.clone(),
                            status_word(ch).to_string(),
                            format!("{}/{}", ch.health, ch.max_health),
                            ch.figures.attacks.to_string(),
                            ch.figures.damage_dealt.to_string(),
                            ch.figures.damage_taken.to_string(),
                            ch.figures.takedowns.to_string(),
                        ],
                    )
                })
                .collect(),
        }
    }
}

/// What a move costs, written in the zone it goes to: the turn's one zone of movement
/// ("Move by a zone", zones.taking-a-turn). The blows it may draw are in its frame's colour and odds.
const ONE_ZONE: &str = "1 zone";

/// What a move costs in blows: each enemy who may strike as the mover leaves, with the odds.
fn move_risk(s: &State, to: usize) -> String {
    let risk = odds::opportunity_risk(s, to);
    if risk.is_empty() {
        return "nobody can strike as you leave".into();
    }
    let blows: Vec<String> = risk
        .iter()
        .map(|(d, o)| {
            format!(
                "{} may strike as you leave: hit {:.0}% · expected damage {:.1} · takes you down {:.0}%",
                s.characters[d.attacker].name,
                pct(o.hit),
                o.expected_damage,
                pct(o.takedown * o.hit)
            )
        })
        .collect();
    format!("provokes: {}", blows.join("; "))
}
