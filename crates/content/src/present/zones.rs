//! How the Zones ruleset looks: zones as places joined by their ways through, characters as
//! tokens with their health, and the words, odds and highlights for each decision.

use crate::rules::battle::{DecisionKind, Seat};
use crate::rules::zones::said::stunt;
use crate::rules::zones::{
    Action, AttackStep, Character, EventKind, GearChange, MoraleChoice, Noted, Reaction, State,
    Status, Target, Weapon, Zone, ZoneEvent, Zones, flow, odds,
};
use fray_words::Value;

use super::{
    BoardView, Focus, Icon, Mark, Place, Pool, Present, ResultTable, RosterLine, Token, Tone,
    Visual, pct,
};
use super::{Words, headings};

/// A name or a word put into a message.
fn text(t: impl Into<String>) -> Value {
    Value::Text(t.into())
}

/// A count put into a message.
fn number(n: impl Into<f64>) -> Value {
    Value::Number(n.into())
}

/// A chance as the whole percentage a message writes. Rounded half to even, as `{:.0}` rounds,
/// so that each figure reads as it did when the screens wrote their own.
fn percent(p: impl Into<f64>) -> Value {
    Value::Number(pct(p).round_ties_even())
}

/// An expected damage: the message writes its one decimal ("2.0").
fn tenths(x: impl Into<f64>) -> Value {
    Value::Number(x.into())
}

/// Words joined as the catalogue joins a list.
fn listed(words: &Words, items: &[String]) -> String {
    items.join(&words.say("list-separator"))
}

/// What a token shows inside: health, 0 when down, X when dead (a mark, not a word).
pub fn token_inside(ch: &Character) -> String {
    match ch.status {
        Status::Active | Status::Surrendered => format!("{}", ch.health),
        Status::Incapacitated => "0".into(),
        Status::Dead => "X".into(),
        Status::Fled => String::new(),
    }
}

/// A token's caption: the name, shortened, and what is wrong with them.
pub fn token_label(words: &Words, ch: &Character) -> String {
    let note = token_note(words, ch);
    if note.is_empty() {
        token_name(ch)
    } else {
        words.say_with(
            "zones-token-label",
            &[("name", text(token_name(ch))), ("note", text(note))],
        )
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
pub fn token_note(words: &Words, ch: &Character) -> String {
    let mut tags = Vec::new();
    match ch.status {
        Status::Incapacitated => tags.push("zones-note-down"),
        Status::Dead => tags.push("zones-note-dead"),
        Status::Surrendered => tags.push("zones-note-surrendered"),
        _ => {}
    }
    if ch.concealed {
        tags.push("zones-note-hidden");
    }
    if ch.grabbed_by.is_some() {
        tags.push("zones-note-grabbed");
    }
    if ch.poisoned.is_some() {
        tags.push("zones-note-poisoned");
    }
    let tags: Vec<String> = tags.iter().map(|id| words.say(id)).collect();
    listed(words, &tags)
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
fn blow_text(words: &Words, s: &State, t: usize) -> Option<String> {
    let b = odds::blow_on(s, t)?;
    let name = text(s.name(t));
    Some(if b.taken > 0.0 {
        words.say_with(
            "zones-odds-blow-save",
            &[("fail", percent(b.taken)), ("name", name)],
        )
    } else {
        words.say_with(
            "zones-odds-blow",
            &[
                ("name", name),
                ("damage", tenths(b.expected_damage)),
                ("down", percent(b.takedown)),
            ],
        )
    })
}

/// The character the attack under way was first aimed at.
fn first_target(s: &State) -> Option<usize> {
    Some(s.attack.as_ref()?.slots.first()?.target)
}

/// What each reaction risks, before it is chosen.
fn reaction_odds(words: &Words, s: &State, r: &Reaction) -> Option<String> {
    let a = s.attack.as_ref()?;
    let AttackStep::React { slot } = a.step else {
        return None;
    };
    let t = a.slots[slot].target;
    match *r {
        Reaction::None => blow_text(words, s, t),
        Reaction::Dodge => {
            let p = odds::save_chance(s.characters[t].attrs.agi);
            let b = odds::blow_on(s, t)?;
            Some(words.say_with(
                "zones-odds-dodge",
                &[
                    ("miss", percent(p)),
                    ("down", percent((1.0 - p) * b.takedown)),
                ],
            ))
        }
        Reaction::Counter { weapon, mode } => {
            let x = odds::counter_exchange(s, t, weapon, mode)?;
            let then = if mode.is_non_lethal() {
                words.say_with(
                    "zones-odds-counter-gentle",
                    &[
                        ("effect", percent(x.takes_effect)),
                        ("down", percent(x.counterer_down)),
                    ],
                )
            } else {
                words.say_with(
                    "zones-odds-counter-lethal",
                    &[
                        ("first", percent(x.hit_first)),
                        ("down", percent(x.counterer_down)),
                        ("attacker", text(s.name(a.decl.attacker))),
                        ("theirs", percent(x.attacker_down)),
                    ],
                )
            };
            Some(if x.lands < 1.0 {
                words.say_with(
                    "zones-odds-counter-lands",
                    &[("lands", percent(x.lands)), ("then", text(then))],
                )
            } else {
                then
            })
        }
        Reaction::HideBehind(c) | Reaction::Guard(c) => Some(words.say_with(
            "zones-odds-instead",
            &[
                ("name", text(s.name(c))),
                ("blow", text(blow_text(words, s, c)?)),
            ],
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

pub fn zone_features(words: &Words, z: &Zone) -> String {
    let mut f = Vec::new();
    for (on, id) in [
        (z.cover, "zones-feature-cover"),
        (z.concealment, "zones-feature-concealment"),
        (z.dark, "zones-feature-dark"),
        (z.barrier, "zones-feature-barrier"),
    ] {
        if on {
            f.push(words.say(id));
        }
    }
    if let Some(h) = &z.hazard {
        f.push(words.say_with(
            "zones-feature-hazard",
            &[
                ("hazard", text(h.name.as_str())),
                ("damage", text(h.damage.to_string())),
            ],
        ));
    }
    listed(words, &f)
}

/// A character's status as the catalogue's selectors name it (zones-roster-line,
/// zones-result-status).
fn status_key(ch: &Character) -> &'static str {
    match ch.status {
        Status::Active => "active",
        Status::Incapacitated => "incapacitated",
        Status::Dead => "dead",
        Status::Surrendered => "surrendered",
        Status::Fled => "fled",
    }
}

/// A weapon's name: an item's from the scenario, or the catalogue's bare hands.
fn weapon_name(words: &Words, s: &State, w: Weapon) -> String {
    match w {
        Weapon::Unarmed => words.say("zones-bare-hands"),
        Weapon::Item(i) => s
            .items
            .get(i)
            .map_or("?", |it| it.name.as_str())
            .to_string(),
    }
}

/// The word a change of gear or a note about someone floats over their token, where a word
/// tells it: a note that tells a story (who struck first, a stunt offered, a retreat chased),
/// or a roll of gear after the battle, is said in a banner.
/// A blow that found nothing, or one turned aside, weighs as the other rulesets' do: the miss
/// and the guard are heard.
fn token_word(kind: &EventKind) -> Option<(usize, &'static str, Tone)> {
    match *kind {
        EventKind::Gear {
            character: Some(c),
            change,
            ..
        } => gear_float(change).map(|id| (c, id, Tone::Plain)),
        EventKind::Note {
            about: Some(c),
            what,
        } => {
            let tone = match what {
                Noted::AttackMissed | Noted::CounterMissed => Tone::Miss,
                Noted::Dodged => Tone::Guard,
                _ => Tone::Plain,
            };
            note_float(what).map(|id| (c, id, tone))
        }
        _ => None,
    }
}

fn gear_float(change: GearChange) -> Option<&'static str> {
    Some(match change {
        GearChange::PickedUp => "zones-float-picks-up",
        GearChange::PutDown => "zones-float-puts-down",
        GearChange::Readied => "zones-float-readies",
        GearChange::Stowed => "zones-float-stows",
        GearChange::Dropped => "zones-float-drops",
        GearChange::Broke => "zones-float-breaks",
        GearChange::Smashed => "zones-float-shield-smashed",
        GearChange::Ruined => "zones-float-armour-ruined",
        GearChange::Drunk => "zones-float-antidote",
        GearChange::Coated => "zones-float-coats",
        GearChange::Tested => return None,
    })
}

fn note_float(what: Noted) -> Option<&'static str> {
    Some(match what {
        Noted::AttackMissed | Noted::CounterMissed => "zones-float-misses",
        Noted::Dodged => "zones-float-dodges",
        Noted::HeldFast => "zones-float-held-fast",
        Noted::DrivenBack => "zones-float-driven-back",
        Noted::TimedOut => "zones-float-out-of-time",
        Noted::CalledOut => "zones-float-calls-out",
        Noted::Fearless => "zones-float-fearless",
        Noted::Poisoned => "zones-float-poisoned",
        Noted::Shoved => "zones-float-shoves",
        Noted::StuntRefused => "zones-float-refuses",
        _ => return None,
    })
}

/// What a move costs, written in the zone it goes to: the turn's one zone of movement
/// ("Move by a zone", zones.taking-a-turn). The blows it may draw are in its frame's colour and
/// odds.
fn one_zone(words: &Words) -> String {
    words.say_with("zones-move-cost", &[("n", number(1))])
}

impl Present for Zones {
    const MOUSE: &'static str = "zones-mouse";
    const ROUND: &'static str = "zones-round";
    fn visual(words: &Words, s: &State, e: &ZoneEvent) -> Visual {
        let banner = || Visual::Banner {
            text: words.line(&e.line, s),
        };
        let float = |c: usize, id: &str| Visual::float(c, words.say(id));
        if let Some((c, id, tone)) = token_word(&e.kind) {
            return Visual::toned(c, words.say(id), tone);
        }
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
                words.say_with("zones-float-damage", &[("n", number(*amount))]),
                Tone::Harm(u32::from(*amount)),
            ),
            EventKind::Healed { character, health } => Visual::float(
                *character,
                words.say_with("zones-float-healed", &[("health", number(*health))]),
            ),
            EventKind::StatusChanged { character, status } => match status {
                Status::Incapacitated | Status::Dead | Status::Fled => {
                    Visual::Fall { token: *character }
                }
                Status::Surrendered => float(*character, "zones-float-surrenders"),
                Status::Active => float(*character, "zones-float-fights-on"),
            },
            EventKind::Revealed { character } => float(*character, "zones-float-revealed"),
            EventKind::Hidden { character } => float(*character, "zones-float-hidden"),
            EventKind::Grabbed { character, .. } => float(*character, "zones-float-grabbed"),
            EventKind::Freed { character } => float(*character, "zones-float-free"),
            EventKind::Reaction { character } => {
                Visual::toned(*character, words.say("zones-float-reacts"), Tone::Guard)
            }
            EventKind::TurnStarted { character } => float(*character, "zones-float-turn"),
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
            | EventKind::Gear { .. }
            | EventKind::Note { .. }
            | EventKind::BattleOver => banner(),
        }
    }

    /// One zone of movement a turn: the zones next to the character's, unless someone holds
    /// them (zones.movement). Nothing written in them: a move is a move, and a zone's middle
    /// holds its tokens.
    fn reach(words: &Words, s: &State, c: usize) -> Vec<(usize, String)> {
        let Some(ch) = s.characters.get(c) else {
            return Vec::new();
        };
        if !ch.is_active() || ch.grabbed_by.is_some() {
            return Vec::new();
        }
        s.zones[ch.zone]
            .neighbours
            .iter()
            .map(|&z| (z, one_zone(words)))
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

    fn situation(words: &Words, s: &State) -> Option<String> {
        if let Some(a) = &s.attack {
            let attacker = text(s.name(a.decl.attacker));
            let targets: Vec<String> = a
                .slots
                .iter()
                .map(|sl| s.name(sl.target).to_string())
                .collect();
            let what = match a.step {
                AttackStep::ProposeStunt => words.say("zones-situation-propose-stunt"),
                AttackStep::AnswerStunt(st) => words.say_with(
                    "zones-situation-answer-stunt",
                    &[
                        ("attacker", attacker.clone()),
                        ("stunt", text(words.line(&stunt(st), s))),
                    ],
                ),
                AttackStep::React { slot } => words.say_with(
                    "zones-situation-react",
                    &[("target", text(s.name(a.slots[slot].target)))],
                ),
            };
            return Some(words.say_with(
                "zones-situation-attack",
                &[
                    ("attacker", attacker),
                    ("targets", text(listed(words, &targets))),
                    ("weapon", text(weapon_name(words, s, a.decl.weapon))),
                    ("what", text(what)),
                ],
            ));
        }
        if let Some(m) = &s.movement {
            return Some(words.say_with(
                "zones-situation-moving",
                &[
                    ("mover", text(s.name(m.mover))),
                    ("zone", text(s.zone_name(m.from))),
                ],
            ));
        }
        if let Some(t) = &s.turn {
            let ch = &s.characters[t.character];
            let yes_no = |b: bool| text(if b { "yes" } else { "no" });
            return Some(words.say_with(
                "zones-situation-turn",
                &[
                    ("name", text(ch.name.as_str())),
                    ("health", number(ch.health)),
                    ("most", number(ch.max_health)),
                    ("bonus", number(t.bonus_used)),
                    ("main", yes_no(t.main_used)),
                    ("moved", yes_no(t.moved)),
                ],
            ));
        }
        None
    }

    fn odds(words: &Words, s: &State, a: &Action) -> Option<String> {
        match a {
            Action::Attack(d) | Action::OpportunityAttack(d) => {
                let moving = s.turn.as_ref().is_some_and(|t| t.moved);
                match d.target {
                    Target::Character(_) => odds::attack_odds(s, d, moving).map(|o| {
                        words.say_with(
                            "zones-odds-attack",
                            &[
                                ("hit", percent(o.hit)),
                                ("damage", tenths(o.expected_damage)),
                                ("down", percent(o.takedown * o.hit)),
                            ],
                        )
                    }),
                    Target::Zone(_) => Some(words.say("zones-odds-blast")),
                }
            }
            Action::React(r) => reaction_odds(words, s, r),
            Action::Move(z) => Some(move_risk(words, s, *z)),
            Action::Morale(choice) => {
                let c = *s.morale_queue.first()?;
                Some(match choice {
                    MoraleChoice::Surrender => words.say("zones-odds-surrender"),
                    MoraleChoice::Retreat => words.say_with(
                        "zones-odds-retreat",
                        &[("escape", percent(odds::escape_chance(s, c)))],
                    ),
                })
            }
            // The attacker's offer: what the target would be choosing between.
            Action::ProposeStunt(st) => {
                let t = first_target(s)?;
                Some(words.say_with(
                    "zones-odds-propose-stunt",
                    &[
                        ("name", text(s.name(t))),
                        ("stunt", text(words.line(&stunt(*st), s))),
                        ("blow", text(blow_text(words, s, t)?)),
                    ],
                ))
            }
            Action::NoStunt => {
                let t = first_target(s)?;
                Some(words.say_with(
                    "zones-odds-no-stunt",
                    &[("blow", text(blow_text(words, s, t)?))],
                ))
            }
            Action::AcceptStunt => {
                let a = s.attack.as_ref()?;
                let AttackStep::AnswerStunt(st) = a.step else {
                    return None;
                };
                Some(words.say_with(
                    "zones-odds-accept-stunt",
                    &[("stunt", text(words.line(&stunt(st), s)))],
                ))
            }
            Action::RefuseStunt => {
                let t = first_target(s)?;
                Some(words.say_with(
                    "zones-odds-refuse-stunt",
                    &[("blow", text(blow_text(words, s, t)?))],
                ))
            }
            _ => None,
        }
    }

    fn board(words: &Words, s: &State, eyes: Option<Seat>) -> BoardView {
        let places = s
            .zones
            .iter()
            .map(|z| Place {
                name: z.name.clone(),
                features: zone_features(words, z),
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
                note: token_note(words, ch),
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
                    .map(|a| {
                        words.say_with("zones-gear-worn", &[("armour", text(a.name.as_str()))])
                    })
                    .chain(s.carried(i).map(|it| {
                        let item = &s.items[it];
                        let state = match (s.held(i).any(|h| h == it), item.damaged) {
                            (true, false) => "held",
                            (true, true) => "held-damaged",
                            (false, true) => "damaged",
                            (false, false) => "stowed",
                        };
                        words.say_with(
                            "zones-gear-carried",
                            &[("item", text(item.name.as_str())), ("state", text(state))],
                        )
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

    fn focus(words: &Words, s: &State, a: &Action) -> Focus {
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
                cost: Some(one_zone(words)),
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

    fn roster(words: &Words, s: &State, eyes: Option<Seat>) -> Vec<RosterLine> {
        // Enemies in hiding are as absent from the list as from the board.
        s.characters
            .iter()
            .enumerate()
            .filter(|(_, c)| !hidden_from(c, eyes))
            .map(|(i, ch)| RosterLine {
                faction: ch.faction,
                text: words.say_with(
                    "zones-roster-line",
                    &[
                        ("name", text(ch.name.as_str())),
                        ("state", text(status_key(ch))),
                        ("health", number(ch.health)),
                        ("most", number(ch.max_health)),
                        // The one whose turn it is is acting, not done.
                        (
                            "turn",
                            text(if s.turn.as_ref().is_some_and(|t| t.character == i) {
                                "acting"
                            } else if ch.acted {
                                "acted"
                            } else {
                                "waiting"
                            }),
                        ),
                    ],
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
                            words.say_with(
                                "zones-result-status",
                                &[("state", text(status_key(ch)))],
                            ),
                            words.say_with(
                                "zones-result-health",
                                &[
                                    ("health", number(ch.health)),
                                    ("most", number(ch.max_health)),
                                ],
                            ),
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

/// What a move costs in blows: each enemy who may strike as the mover leaves, with the odds.
fn move_risk(words: &Words, s: &State, to: usize) -> String {
    let risk = odds::opportunity_risk(s, to);
    if risk.is_empty() {
        return words.say("zones-odds-move-safe");
    }
    let blows: Vec<String> = risk
        .iter()
        .map(|(d, o)| {
            words.say_with(
                "zones-odds-move-blow",
                &[
                    ("name", text(s.characters[d.attacker].name.as_str())),
                    ("hit", percent(o.hit)),
                    ("damage", tenths(o.expected_damage)),
                    ("down", percent(o.takedown * o.hit)),
                ],
            )
        })
        .collect();
    words.say_with(
        "zones-odds-move-risk",
        &[(
            "blows",
            text(blows.join(&words.say("zones-odds-move-blows-separator"))),
        )],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{self, Setup};
    use fray_words::{Lang, looks_unconverted};

    /// Gear a character handles, and a note a word tells, float that word over the token
    /// rather than a banner: across random battles of the shipped scenarios, every such event
    /// floats the word its kind names, over the one it is about; a miss and a dodge weigh as
    /// a miss and a guard (which the sounds cue).
    #[test]
    fn gear_handled_and_a_short_note_float_over_the_token() {
        use crate::rules::battle::{Pending, Ruleset};
        use crate::rules::dice::SeededDice;
        let words = fray_words::english();
        let mut floated = std::collections::BTreeSet::new();
        for name in ["hold-the-mill", "ambush", "the-bog-road", "standing-stones"] {
            let Setup::Zones(setup) = scenario::builtin(name).unwrap().unwrap().setup else {
                panic!("{name} is a Zones scenario");
            };
            for seed in 0..30 {
                let mut dice = SeededDice::new(seed);
                let (mut s, _) = Zones::start(&setup, &mut dice).unwrap();
                let mut pick = seed;
                for _ in 0..400 {
                    if !matches!(Zones::pending(&s), Pending::Decide { .. }) {
                        break;
                    }
                    let legal = Zones::legal_actions(&s);
                    pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let a = legal[(pick >> 33) as usize % legal.len()].clone();
                    for e in Zones::apply(&mut s, &a, &mut dice).unwrap() {
                        let Some((about, id, _)) = token_word(&e.kind) else {
                            continue;
                        };
                        let want = words.say(id);
                        let weighs = match e.kind {
                            EventKind::Note {
                                what: Noted::AttackMissed | Noted::CounterMissed,
                                ..
                            } => Tone::Miss,
                            EventKind::Note {
                                what: Noted::Dodged,
                                ..
                            } => Tone::Guard,
                            _ => Tone::Plain,
                        };
                        match Zones::visual(words, &s, &e) {
                            Visual::Float { token, text, tone } => {
                                assert_eq!((token, text.as_str()), (about, want.as_str()));
                                assert!(tone == weighs, "“{want}” weighs as it should");
                            }
                            _ => panic!("“{want}” floats over its token, not in a banner"),
                        }
                        floated.insert(want);
                    }
                }
            }
        }
        for word in ["picks up", "readies", "stows", "dodges", "misses"] {
            assert!(floated.contains(word), "no \"{word}\" floated");
        }
    }

    fn duel_character() -> Character {
        let Setup::Zones(setup) = scenario::builtin("duel").unwrap().unwrap().setup else {
            panic!("the duel is a Zones scenario");
        };
        setup.state.characters[0].clone()
    }

    /// The caption and what is wrong come from the catalogue: in English as they always read,
    /// and under the pseudo-locale with nothing of the English left but the name.
    #[test]
    fn a_tokens_caption_is_its_short_name_and_the_catalogues_notes() {
        let en = fray_words::english();
        let pseudo = fray_words::of(Lang::Pseudo);
        let mut ch = duel_character();
        ch.name = "Captain Aldric Rusk".into();
        assert_eq!(token_label(en, &ch), "Rusk");
        ch.concealed = true;
        ch.poisoned = Some(crate::rules::dice::Die::D4);
        assert_eq!(token_note(en, &ch), "hidden, poisoned");
        assert_eq!(token_label(en, &ch), "Rusk (hidden, poisoned)");
        let shown = token_label(pseudo, &ch);
        assert!(shown.contains("Rusk"), "{shown}");
        assert!(!looks_unconverted(&shown.replace("Rusk", "")), "{shown}");
        ch.status = Status::Dead;
        ch.concealed = false;
        ch.poisoned = None;
        assert_eq!(token_label(en, &ch), "Rusk (dead)");
    }

    /// A chance exactly between two whole percentages rounds as the screens' `{:.0}` did, half
    /// to even, so that no figure moved when the catalogue took them over.
    #[test]
    fn a_chance_rounds_as_the_screens_wrote_it() {
        for p in [0.125, 0.135, 0.005, 0.015, 0.5, 0.999, 0.0] {
            let Value::Number(n) = percent(p) else {
                panic!("a chance is a number");
            };
            assert_eq!(n.to_string(), format!("{:.0}", pct(p)), "{p}");
        }
    }
}
