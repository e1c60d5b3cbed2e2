//! The words a person chooses by: no two choices of one decision read the same (they say what
//! differs), in every shipped scenario, over battles of random choices.

use fray::game::battle::{Battle, BattleSetup, News};

/// Where a random battle stands at a decision: the scenario, the seed, the step, and the
/// choice about to be taken.
struct At<'a> {
    name: &'a str,
    seed: u64,
    step: usize,
    choice: usize,
}

/// Plays battles of every shipped scenario, seeds 1 to `seeds`, `steps` decisions at most,
/// each choice drawn at random among those that can be taken back (any where none can).
/// `before` looks at each decision before its choice is taken and keeps what `after` needs
/// to look at the battle once it is.
fn random_battles<T>(
    seeds: u64,
    steps: usize,
    mut before: impl FnMut(&At, &Battle) -> T,
    mut after: impl FnMut(&At, &Battle, T, &[fray::present::Beat]),
) {
    for (name, _) in fray::scenario::BUILTIN {
        for seed in 1..=seeds {
            let mut b = Battle::start(&BattleSetup {
                scenario: name.to_string(),
                seed,
                ..BattleSetup::default()
            })
            .unwrap();
            let mut pick = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            for step in 0..steps {
                let n = b.session().legal_len();
                if n == 0 {
                    break;
                }
                pick = pick
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let open: Vec<usize> = (0..n).filter(|&i| !b.session().irreversible(i)).collect();
                let choice = if open.is_empty() {
                    0
                } else {
                    open[((pick >> 33) % open.len() as u64) as usize]
                };
                let at = At {
                    name,
                    seed,
                    step,
                    choice,
                };
                let kept = before(&at, &b);
                let c = b.session().choice(choice).unwrap();
                if b.apply(&c).is_err() {
                    break;
                }
                // The steps of the resolution the screen would show.
                let beats: Vec<_> = b
                    .take_news()
                    .into_iter()
                    .flat_map(|n| match n {
                        News::Applied { beats, .. } => beats,
                        News::Replaced => Vec::new(),
                    })
                    .collect();
                after(&at, &b, kept, &beats);
            }
        }
    }
}

#[test]
fn no_two_choices_of_a_decision_read_the_same() {
    random_battles(
        6,
        300,
        |at, b| {
            let n = b.session().legal_len();
            let mut words: Vec<String> = (0..n)
                .map(|i| b.say(fray::words::english(), &b.session().describe(i)))
                .collect();
            words.sort();
            for pair in words.windows(2) {
                assert_ne!(
                    pair[0], pair[1],
                    "{}, seed {}: two choices read the same",
                    at.name, at.seed
                );
            }
        },
        |_, _, (), _| {},
    );
}

/// The choices a composition reaches from the steps `picked`, every step of the way showing
/// at most [`MAX_CARDS`] cards and each choice reached once.
fn compose(b: &Battle, picked: Vec<String>) -> usize {
    use fray::game::input::{Cursor, MAX_CARDS, Row, rows};
    let cursor = Cursor {
        picked: picked.clone(),
        ..Cursor::default()
    };
    let shown = rows(b, &cursor);
    assert!(
        shown.len() <= MAX_CARDS,
        "{} cards after {picked:?}",
        shown.len()
    );
    shown
        .iter()
        .map(|r| match r {
            Row::Choice(i) => {
                assert_eq!(
                    b.session().parts(*i).as_ref(),
                    Some(&picked),
                    "a whole choice ends it"
                );
                1
            }
            Row::Part { count, .. } => {
                let mut next = picked.clone();
                next.push(r.part_words(b).unwrap());
                let n = compose(b, next);
                assert_eq!(n, *count, "the step goes on to as many as it says");
                n
            }
            Row::Verb { .. } => panic!("no verbs inside a composition"),
        })
        .sum()
}

/// The action menu of every decision of every shipped scenario, over battles of random
/// choices: at most a dozen rows (a long list comes as verbs, each opening its choices), every
/// choice under exactly one row, and no two rows reading the same.
#[test]
fn every_menu_fits_a_dozen_rows_and_holds_every_choice_once() {
    use fray::game::input::{Cursor, MAX_ROWS, Row, rows};
    let mut longest = 0;
    let mut composed = 0;
    random_battles(
        3,
        300,
        |at, b| {
            let (name, seed) = (at.name, at.seed);
            let n = b.session().legal_len();
            let shown = rows(b, &Cursor::default());
            let word = |r: &Row| match *r {
                Row::Choice(i) => b.say(fray::words::english(), &b.session().describe(i)),
                Row::Verb { verb, .. } => verb.to_string(),
                Row::Part { .. } => r.part_words(b).unwrap_or_default(),
            };
            assert!(
                shown.len() <= MAX_ROWS,
                "{name}, seed {seed}, step {}: {} rows: {:?}",
                at.step,
                shown.len(),
                shown.iter().map(word).collect::<Vec<_>>()
            );
            longest = longest.max(n);
            for i in 0..n {
                let holders = shown.iter().filter(|r| r.holds(b, i)).count();
                assert_eq!(
                    holders, 1,
                    "{name}, seed {seed}: choice {i} is under {holders} rows"
                );
            }
            if shown.iter().any(|r| matches!(r, Row::Part { .. })) {
                composed += 1;
                assert_eq!(
                    compose(b, Vec::new()),
                    n,
                    "{name}: every harm is composed once"
                );
            }
            for &row in &shown {
                match row {
                    Row::Choice(_) => {}
                    Row::Part { .. } => {
                        let reached = compose(b, vec![row.part_words(b).unwrap()]);
                        assert!(reached > 0, "{name}: a step leads somewhere");
                    }
                    Row::Verb { verb, count, .. } => {
                        // The verb opened lists its own choices, all of them.
                        let opened = rows(
                            b,
                            &Cursor {
                                verb: Some(verb),
                                ..Cursor::default()
                            },
                        );
                        assert_eq!(opened.len(), count, "{name}: {verb} opens its choices");
                        assert!(opened.iter().all(
                            |r| matches!(r, Row::Choice(i) if b.session().verb(*i) == Some(verb))
                        ));
                    }
                }
            }
            let mut words: Vec<String> = shown.iter().map(word).collect();
            words.sort();
            for pair in words.windows(2) {
                assert_ne!(
                    pair[0], pair[1],
                    "{name}, seed {seed}: two rows read the same"
                );
            }
        },
        |_, _, (), _| {},
    );
    // The walk met menus too long to list whole: the verbs were put to work.
    assert!(longest > MAX_ROWS, "the longest menu had {longest} choices");
    assert!(composed > 0, "some harm was composed a piece at a time");
}

/// A move's words tell what it sets off, and the battle bears them out: over random battles of
/// every shipped Zones and Three-actions scenario, a move said to provoke is met by an
/// opportunity attack (Zones) or a readied attack (Three actions), and one said to be safe
/// is not. A Three-actions move's square shows the metres its words give, a Zones move's zone
/// the one zone it spends.
#[test]
fn a_moves_words_foretell_the_blows_it_sets_off() {
    use fray::rules::teams::Teams;
    use fray::rules::zones::{Stage, Zones};
    /// A move about to be made: its words, who the mover's side cannot see (an ambusher's
    /// blow is a surprise by the rules), and how many readied attacks wait.
    struct Move {
        words: String,
        zones: bool,
        hidden: Vec<bool>,
        readied: usize,
    }
    let readied = |b: &Battle| {
        b.typed::<Teams>().map_or(0, |t| {
            t.state()
                .characters
                .iter()
                .filter(|c| c.readied.is_some())
                .count()
        })
    };
    let (mut warned, mut safe) = (0, 0);
    random_battles(
        4,
        400,
        |at, b| {
            let i = at.choice;
            let zones = b
                .typed::<Zones>()
                .is_some_and(|z| matches!(z.legal()[i], fray::rules::zones::Action::Move(_)));
            let kind = b.typed::<Teams>().and_then(|t| {
                use fray::rules::teams::Action as T;
                match t.legal()[i] {
                    T::Move(_) => Some(None),
                    T::Sprint(_) => Some(Some("sprint")),
                    T::Step(_) => Some(Some("free step")),
                    _ => None,
                }
            });
            let teams = kind.is_some();
            if zones {
                // A zone a move goes to says what the move spends: the turn's one zone.
                assert_eq!(
                    b.session().focus(i).cost.as_deref(),
                    Some("1 zone"),
                    "{}",
                    at.name
                );
            }
            if let Some(kind) = kind {
                // The lit square says what the move's words say it costs, and a sprint or the
                // free step says which it is.
                let cost = b
                    .session()
                    .focus(i)
                    .cost
                    .expect("a move's square shows its cost");
                let words = b.session().odds(i).unwrap_or_default();
                let mut lines = cost.lines();
                let metres = lines.next().unwrap_or_default();
                assert!(
                    words.starts_with(metres),
                    "{}: {cost:?} on the square, {words:?}",
                    at.name
                );
                assert_eq!(lines.next(), kind, "{}: {cost:?}", at.name);
            }
            (zones || teams).then(|| Move {
                words: b.session().odds(i).unwrap_or_default(),
                zones,
                hidden: b.typed::<Zones>().map_or(Vec::new(), |z| {
                    z.state().characters.iter().map(|c| c.concealed).collect()
                }),
                readied: readied(b),
            })
        },
        |at, b, made, _| {
            let Some(m) = made else {
                return;
            };
            let (said, met) = if m.zones {
                let met = b.typed::<Zones>().is_some_and(|z| {
                    z.state().stage == Stage::Opportunity
                        && z.legal().iter().any(|a| {
                            matches!(a, fray::rules::zones::Action::OpportunityAttack(d) if !m.hidden[d.attacker])
                        })
                });
                (m.words.starts_with("provokes"), met)
            } else {
                (m.words.contains("sets off"), readied(b) < m.readied)
            };
            assert_eq!(
                said, met,
                "{} seed {}: the move said {:?}",
                at.name, at.seed, m.words
            );
            if said {
                warned += 1;
            } else {
                safe += 1;
            }
        },
    );
    assert!(warned > 0 && safe > 0, "warned {warned}, safe {safe}");
}

/// Whether two choices are the same action, whatever the ruleset.
fn same(a: Option<&fray::session::Choice>, b: Option<&fray::session::Choice>) -> bool {
    let (Some(a), Some(b)) = (a, b) else {
        return false;
    };
    fn eq<A: PartialEq + 'static>(
        a: &fray::session::Choice,
        b: &fray::session::Choice,
    ) -> Option<bool> {
        Some(a.get::<A>()? == b.get::<A>()?)
    }
    eq::<fray::rules::zones::Action>(a, b)
        .or_else(|| eq::<fray::rules::teams::Action>(a, b))
        .or_else(|| eq::<fray::rules::coterie::Action>(a, b))
        .unwrap_or(false)
}

/// Beside every character a choice strikes at, the board can stand that attack's odds, and a
/// click on them takes that very attack: over random battles of every shipped scenario, the
/// attack found for each target strikes at them and has odds to show, and a click on anyone
/// no choice strikes at shows the choices about them instead.
#[test]
fn a_click_on_a_target_takes_the_attack_whose_odds_stand_beside_them() {
    use fray::game::input::{Cursor, attack_on, token_clicked};
    use fray::present::Mark;
    let mut shown = 0;
    random_battles(
        2,
        300,
        |at, b| {
            let struck: Vec<usize> = (0..b.session().legal_len())
                .filter_map(|i| b.session().focus(i).token)
                .filter(|(_, m)| *m == Mark::Harm)
                .map(|(c, _)| c)
                .collect();
            for t in b.session().board(None).tokens.iter().map(|t| t.id) {
                let mut cursor = Cursor::default();
                let Some(i) = attack_on(b, &cursor, t) else {
                    assert!(!struck.contains(&t), "{}: no attack found on {t}", at.name);
                    // Not struck at: the click filters the choices to them.
                    assert!(token_clicked(b, &mut cursor, t).is_none());
                    assert_eq!(cursor.target, Some(t));
                    continue;
                };
                assert_eq!(b.session().focus(i).token, Some((t, Mark::Harm)));
                // Odds for every attack a person may choose (Coterie's duel challenge aside).
                if b.session().odds(i).is_some() {
                    shown += 1;
                }
                // The click takes it (a choice that cannot be taken back asks first).
                let clicked = token_clicked(b, &mut cursor, t);
                let want = b.session().choice(i);
                if b.session().irreversible(i) {
                    assert!(clicked.is_none() && cursor.armed == Some(i));
                } else {
                    assert!(
                        same(clicked.as_ref(), want.as_ref()),
                        "{}: the click took another choice",
                        at.name
                    );
                }
            }
        },
        |_, _, (), _| {},
    );
    assert!(shown > 100, "odds stood beside {shown} targets");
}

/// The efforts the situation line gives, if it gives them: "Efforts before the dice: 22
/// against 19."
fn efforts_in(situation: &str) -> Option<String> {
    let (_, rest) = situation.split_once("Efforts before the dice: ")?;
    Some(rest.split_once('.')?.0.to_string())
}

/// One source for Coterie's efforts on screen: wherever the rules at work tally a phase's
/// efforts ("= 22 before the dice"), the situation line the panel shows beside them gives no
/// other figures for them (worked out again from the state after the roll, a bonus spent would
/// make them disagree); and the figures the line gave as the decision that rolled
/// them was taken are the tally's, where that decision left the efforts as they stood (a
/// character bringing every skill they may, as the efforts count until they choose). Over
/// random conflicts of every shipped Coterie scenario.
#[test]
fn the_tally_and_the_situation_line_give_the_same_efforts() {
    use fray::rules::coterie::{Action, Coterie, Stage, effort};
    let mut before = 0;
    random_battles(
        6,
        300,
        |at, b| {
            let s = &b.typed::<Coterie>()?.state();
            let Stage::Bring(i) = s.stage else {
                return None;
            };
            let c = b.session().choice(at.choice)?;
            let Some(Action::Bring(skills)) = c.get::<Action>() else {
                return None;
            };
            let mut all = effort::skills_to_bring(s, s.party()[i]);
            let mut brought = skills.clone();
            all.sort();
            brought.sort();
            (brought == all).then(|| b.session().situation().unwrap_or_default())
        },
        |at, b, kept, beats| {
            let Some(tally) = beats
                .iter()
                .find(|beat| beat.title == "The efforts tallied")
            else {
                return;
            };
            let totals: Vec<String> = tally
                .lines
                .iter()
                .filter_map(|l| l.trim().strip_prefix("= "))
                .filter_map(|l| l.strip_suffix(" before the dice"))
                .map(str::to_string)
                .collect();
            assert_eq!(totals.len(), 2, "{}: {:?}", at.name, tally.lines);
            let said = format!("{} against {}", totals[0], totals[1]);
            let situation = b.session().situation().unwrap_or_default();
            if let Some(shown) = efforts_in(&situation) {
                assert_eq!(
                    shown, said,
                    "{} seed {} step {}: the situation line beside the tally",
                    at.name, at.seed, at.step
                );
            }
            if let Some(shown) = kept.as_deref().and_then(efforts_in) {
                assert_eq!(
                    shown, said,
                    "{} seed {} step {}: the situation line as the dice were called for",
                    at.name, at.seed, at.step
                );
                before += 1;
            }
        },
    );
    assert!(before > 20, "{before} tallies compared with the line");
}

/// Places, each with the cost written in it.
type Lit = std::collections::BTreeSet<(usize, String)>;

/// The places and costs a move's choices light once `activate` is taken on a copy of the
/// battle: what a character's reach should have foretold.
fn moves_after<G: fray::rulesets::Game>(
    b: &Battle,
    activate: &G::Action,
    is_move: impl Fn(&G::Action) -> bool,
) -> Option<Lit> {
    let mut s = b.typed::<G>()?.state().clone();
    G::apply(&mut s, activate, &mut fray::rules::dice::SeededDice::new(1)).ok()?;
    Some(
        G::legal_actions(&s)
            .iter()
            .filter(|m| is_move(m))
            .filter_map(|m| {
                let f = G::focus(fray::words::english(), &s, m);
                Some((f.place?.0, f.cost.unwrap_or_default()))
            })
            .collect(),
    )
}

/// What a selected character's reach lights before it acts is where its move will go once it
/// is given the turn: the same places (Zones: the zones next to its own; Three actions: the
/// squares a move reaches), at the same cost the move's own square then shows.
#[test]
fn a_characters_reach_before_it_acts_is_where_its_move_then_goes() {
    use fray::rules::teams::{Action as T, Teams};
    use fray::rules::zones::{Action as Z, Zones};
    use std::collections::BTreeSet;
    let (mut zones, mut teams) = (0, 0);
    random_battles(
        3,
        120,
        |at, b| {
            let activations: Vec<(usize, Option<Lit>)> = if let Some(z) = b.typed::<Zones>() {
                z.legal()
                    .iter()
                    .filter_map(|a| match *a {
                        Z::Activate(c) => {
                            zones += 1;
                            Some((c, moves_after::<Zones>(b, a, |m| matches!(m, Z::Move(_)))))
                        }
                        _ => None,
                    })
                    .collect()
            } else if let Some(t) = b.typed::<Teams>() {
                t.legal()
                    .iter()
                    .filter_map(|a| match *a {
                        T::Activate(c) => {
                            teams += 1;
                            Some((c, moves_after::<Teams>(b, a, |m| matches!(m, T::Move(_)))))
                        }
                        _ => None,
                    })
                    .collect()
            } else {
                Vec::new()
            };
            for (c, moves) in activations {
                let Some(moves) = moves else { continue };
                let reach: BTreeSet<_> = b.session().reach(c).into_iter().collect();
                assert_eq!(
                    reach, moves,
                    "{} seed {} step {}",
                    at.name, at.seed, at.step
                );
            }
        },
        |_, _, (), _| {},
    );
    assert!(
        zones > 20 && teams > 20,
        "reaches compared: {zones} zones, {teams} teams"
    );
}

/// One source for a character's figures: what the Characters panel says a character has left
/// is what the bars across its token (and its card) say, pool by pool, over random battles of
/// every shipped scenario.
#[test]
fn the_characters_panel_and_the_tokens_give_the_same_figures() {
    let mut compared = 0;
    random_battles(
        3,
        200,
        |at, b| {
            let roster = b.session().roster(None);
            for t in b.session().board(None).tokens {
                let Some(line) = roster
                    .iter()
                    .find(|l| l.faction == t.faction && l.text.starts_with(&t.name))
                else {
                    continue;
                };
                for p in &t.pools {
                    let figure = format!("{}/{}", p.left, p.most);
                    assert!(
                        line.text.contains(&figure),
                        "{} seed {} step {}: the token's {} is {figure}, the panel says \"{}\"",
                        at.name,
                        at.seed,
                        at.step,
                        p.what,
                        line.text
                    );
                    compared += 1;
                }
            }
        },
        |_, _, (), _| {},
    );
    assert!(compared > 1000, "{compared} figures compared");
}

/// The Characters panel never calls the character whose turn it is done: over random battles
/// of every shipped Zones and Three-actions scenario, while a character's turn is under way its
/// line says "acting", and no other line does.
#[test]
fn the_character_whose_turn_it_is_reads_as_acting_not_as_done() {
    use fray::rules::teams::Teams;
    use fray::rules::zones::Zones;
    let mut seen = 0;
    random_battles(
        3,
        150,
        |at, b| {
            let actor = if let Some(z) = b.typed::<Zones>() {
                z.state().turn.as_ref().map(|t| t.character)
            } else if let Some(t) = b.typed::<Teams>() {
                t.state().actor()
            } else {
                return;
            };
            let roster = b.session().roster(None);
            let acting: Vec<&str> = roster
                .iter()
                .filter(|l| l.text.contains(" · acting"))
                .map(|l| l.text.as_str())
                .collect();
            match actor {
                Some(c) => {
                    seen += 1;
                    let name = b.session().character_name(c);
                    assert_eq!(acting.len(), 1, "{} step {}: {acting:?}", at.name, at.step);
                    assert!(
                        acting[0].starts_with(&name) && !acting[0].contains("has acted"),
                        "{} step {}: {} reads {:?}",
                        at.name,
                        at.step,
                        name,
                        acting[0]
                    );
                }
                None => assert!(
                    acting.is_empty(),
                    "{} step {}: {acting:?}",
                    at.name,
                    at.step
                ),
            }
        },
        |_, _, (), _| {},
    );
    assert!(seen > 100, "{seen} turns looked at");
}

/// A scenario file with mistakes sends the player back to the menu with its errors in the
/// language the settings choose (here the pseudo-locale), each at its file and line.
#[test]
fn a_broken_scenarios_errors_are_said_in_the_players_language() {
    use fray::game::battle::{AppState, Notice};
    let dir = crate::headless::prefs_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("settings.ron"), "(lang: Pseudo)").unwrap();
    let broken = crate::support::root().join("tests/broken/zones-missing-comma.ron");
    let setup = BattleSetup {
        scenario: broken.display().to_string(),
        ..BattleSetup::default()
    };
    let mut app = crate::headless::app_keeping(setup, fray::game::platform::Prefs::in_dir(&dir));
    for _ in 0..4 {
        app.update();
    }
    let notice = app
        .world()
        .resource::<Notice>()
        .0
        .clone()
        .expect("a notice");
    let at = format!("{}:8: ", broken.display());
    assert!(notice.starts_with(&at), "{notice}");
    let english = fray::scenario::load_str("x", "x", &std::fs::read_to_string(&broken).unwrap())
        .unwrap_err()
        .0[0]
        .text();
    assert!(!notice.contains(&english), "said in English: {notice}");
    assert!(notice.contains('~'), "not the pseudo-locale's: {notice}");
    assert_eq!(
        *app.world()
            .resource::<bevy::prelude::State<AppState>>()
            .get(),
        AppState::Menu
    );
}
