//! A replay is exactly what determinism needs: the scenario, the dice (a seed or the values
//! rolled) and the actions. Re-running it gives the same events and the same final state.

mod hash;
pub(crate) mod names;

use fray_rules::line::Line;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::catalogue;
use crate::rules::battle::Event;
use crate::rules::dice::{DiceSource, ScriptedDice, SeededDice};
use crate::rules::names::{Condition, Names};
use crate::rulesets::{Game, Visit};
use crate::scenario::tokens::{self, Token};
use crate::scenario::{self, DataError, DataErrors};

/// The actions of a replay, tagged with their ruleset.
pub use crate::rulesets::Actions as ReplayActions;
pub use hash::state_hash;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReplayDice {
    Seed(u64),
    Scripted(Vec<u8>),
}

/// How often a sealed replay keeps the state's hash: after every this many actions.
pub const CHECK_EVERY: usize = 8;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// A built-in scenario's name (a lesson scenario's too), or a scenario file's path relative
    /// to the replay's folder and inside it (see [`catalogue::load_named`]).
    pub scenario: String,
    pub dice: ReplayDice,
    /// Optional rules switched on or off for this battle (the menu's boxes), by key; the
    /// scenario's own setting for the rest.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<(String, bool)>,
    pub actions: ReplayActions,
    /// The hash of the final state when the replay was recorded, checked on every re-run.
    #[serde(default)]
    pub final_hash: Option<u64>,
    /// How many actions the battle had when it was recorded, so that actions cut off the end
    /// are told apart from a battle left unfinished.
    #[serde(default)]
    pub length: Option<usize>,
    /// After every [`CHECK_EVERY`] actions when it was recorded, a hash of the state and of
    /// every event so far: an edit (an action replaced, two swapped, the seed changed) is found
    /// near where it was made, even where the state would come out the same.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checkpoints: Vec<u64>,
    /// The rules' version it was sealed under ([`crate::rules::RULES_VERSION`]); None for one
    /// sealed before replays kept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<u32>,
}

impl Replay {
    /// An unsealed replay: no hashes to check yet.
    pub fn new(scenario: String, dice: ReplayDice, actions: ReplayActions) -> Replay {
        Replay {
            scenario,
            dice,
            options: Vec::new(),
            actions,
            final_hash: None,
            length: None,
            checkpoints: Vec::new(),
            rules: None,
        }
    }
}

/// A character as a record shows it after an event, in the re-run's words: what it counts
/// (health...), where it stands and the conditions it is in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub name: String,
    pub at: String,
    pub counts: std::collections::BTreeMap<String, i32>,
    pub conditions: Vec<String>,
}

impl Standing {
    fn written(
        c: Condition,
        names: &dyn crate::rules::line::Named,
        words: &fray_words::Words,
    ) -> Standing {
        Standing {
            name: c.name,
            at: words.line(&c.at, names),
            counts: c.counts,
            conditions: c.conditions.iter().map(|l| words.line(l, names)).collect(),
        }
    }
}

/// One event of a re-run, as `fray replay` prints it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayLine {
    /// The index of the action that caused it; None for the battle's start.
    pub action: Option<usize>,
    /// The event as the rules core records it (its kind, who, to whom, amounts, what is left
    /// after), so that a check of a replay never has to read the English of `text`. Characters,
    /// zones and items are written by name (a name shared by several with its number:
    /// `Dagger #4`).
    #[serde(default)]
    pub kind: serde_json::Value,
    /// Each character the event names, as it stands after the action that caused it: what it
    /// counts (health...) and its conditions.
    #[serde(default)]
    pub after: Vec<Standing>,
    /// The event in the re-run's words, and its roll's explanation as data and in words.
    pub text: String,
    pub explanation: Option<crate::rules::Explanation>,
    #[serde(default)]
    pub told: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayRun {
    pub lines: Vec<ReplayLine>,
    pub final_hash: u64,
    pub outcome: Option<crate::rules::Outcome>,
    /// The battle's final state, as the rules core keeps it.
    pub state: serde_json::Value,
    /// The checkpoints a sealed replay keeps (see [`Replay::checkpoints`]).
    pub checkpoints: Vec<u64>,
    /// Scripted dice values nothing rolled: a replay that means to show every roll of its
    /// battle should have none (`--strict` makes them an error).
    pub dice_left: Vec<u8>,
    /// What the reader should know though the replay played: that it was sealed under other
    /// rules than these.
    #[serde(default)]
    pub warnings: Vec<Line>,
}

/// Why a replay does not play as recorded. Each says itself as a [`Line`] of the catalogue's
/// (`data.ftl`): in English by `Display`, in any language by [`ReplayError::said`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    Data(DataErrors),
    /// What is wrong, at the file's line that shows it.
    At {
        file: String,
        line: usize,
        fault: Fault,
    },
    OtherRules {
        file: String,
        recorded: Option<u32>,
        current: u32,
        cause: Box<ReplayError>,
    },
}

/// What is wrong with a replay, at the line [`ReplayError::At`] names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    Scenario {
        scenario: String,
        errors: DataErrors,
    },
    Edited {
        index: usize,
        from: usize,
    },
    Checkpoint {
        /// The checkpoint's number, from 1.
        index: usize,
    },
    Length {
        found: usize,
        recorded: usize,
        /// `cut` (actions were cut off the end) or `added`.
        what: &'static str,
    },
    Refused {
        index: usize,
        /// The action, named as the battle stood (or as the file writes it, for one that names
        /// what the battle lacks).
        action: Line,
        reason: Line,
    },
    Option {
        scenario: String,
        key: String,
        /// The options the scenario has, or none.
        known: Line,
    },
    Mismatch {
        scenario: String,
        /// The scenario's ruleset and the actions', as a replay tags its actions (`Zones`).
        found: String,
        expected: String,
    },
    Diverged {
        got: u64,
        want: u64,
    },
}

impl From<DataErrors> for ReplayError {
    fn from(e: DataErrors) -> ReplayError {
        ReplayError::Data(e)
    }
}

impl std::error::Error for ReplayError {}

/// In English, as a test or a log reads it.
impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.said(fray_words::english()))
    }
}

impl ReplayError {
    /// The error in `words`' language.
    pub fn said(&self, words: &fray_words::Words) -> String {
        words.said(&self.as_line())
    }

    /// What is wrong at `line` of `file`.
    fn at(file: &str, line: usize, fault: Fault) -> ReplayError {
        ReplayError::At {
            file: file.to_string(),
            line,
            fault,
        }
    }

    /// The error as the catalogue's message, its file and line before it.
    pub fn as_line(&self) -> Line {
        match self {
            ReplayError::Data(e) => e.as_line(),
            ReplayError::At { file, line, fault } => {
                DataError::new(file, *line, fault.as_line()).as_line()
            }
            ReplayError::OtherRules {
                file,
                recorded,
                current,
                cause,
            } => {
                let under = match recorded {
                    Some(v) => Line::new("data-replay-recorded-under").number("version", *v),
                    None => Line::new("data-replay-sealed-before-versions"),
                };
                Line::new("data-replay-other-rules")
                    .name("file", file.clone())
                    .line("recorded", under)
                    .number("current", *current)
                    .line("cause", cause.as_line())
            }
        }
    }

    /// What is wrong at its line, where the error is one.
    pub fn fault(&self) -> Option<&Fault> {
        match self.cause() {
            ReplayError::At { fault, .. } => Some(fault),
            _ => None,
        }
    }

    /// The error behind the fact that the rules changed, or this one.
    pub fn cause(&self) -> &ReplayError {
        match self {
            ReplayError::OtherRules { cause, .. } => cause.cause(),
            e => e,
        }
    }
}

impl Fault {
    /// The catalogue's message, without the file and line.
    fn as_line(&self) -> Line {
        match self {
            Fault::Scenario { scenario, errors } => Line::new("data-replay-scenario-broken")
                .name("scenario", scenario.clone())
                .line("errors", errors.as_line()),
            Fault::Edited { index, from } => Line::new("data-replay-edited")
                .number("index", *index as i64)
                .number("from", *from as i64),
            Fault::Checkpoint { index } => {
                Line::new("data-replay-checkpoint").number("index", *index as i64)
            }
            Fault::Length {
                found,
                recorded,
                what,
            } => Line::new("data-replay-length")
                .number("found", *found as i64)
                .number("recorded", *recorded as i64)
                .word("what", what),
            Fault::Refused {
                index,
                action,
                reason,
            } => Line::new("data-replay-refused")
                .number("index", *index as i64)
                .line("action", action.clone())
                .line("reason", reason.clone()),
            Fault::Option {
                scenario,
                key,
                known,
            } => Line::new("data-replay-no-option")
                .name("scenario", scenario.clone())
                .name("key", key.clone())
                .line("known", known.clone()),
            Fault::Mismatch {
                scenario,
                found,
                expected,
            } => mismatch(expected, found, scenario),
            Fault::Diverged { got, want } => Line::new("data-replay-diverged")
                .name("got", format!("{got:016x}"))
                .name("want", format!("{want:016x}")),
        }
    }
}

/// Reads a replay, RON or JSON. Names written in its actions are read by its scenario's.
pub fn parse(file: &str, src: &str) -> Result<Replay, DataErrors> {
    // Without its scenario a replay's actions cannot be read (their names, their ruleset): that
    // is the mistake to name, not the first action that fails to read as a number.
    let toks = tokens::tokens(src);
    let keys = tokens::top_level_keys(&toks);
    if !keys.is_empty() && !keys.iter().any(|k| k == "scenario") {
        return Err(DataErrors::one(
            file,
            toks.first().map_or(1, |t| t.line),
            Line::new("data-replay-no-scenario"),
        ));
    }
    let numbered;
    let src = if names::writes_strings(src) {
        numbered = read_names(file, src)?;
        numbered.as_str()
    } else {
        src
    };
    if src.trim_start().starts_with('{') {
        serde_json::from_str(src).map_err(|e| {
            // serde_json's own words: not ours to say otherwise.
            DataErrors::one(
                file,
                e.line(),
                Line::new("data-json").name("error", e.to_string()),
            )
        })
    } else {
        ron::from_str(src).map_err(|e| scenario::error::from_ron(file, src, &e))
    }
}

/// Whether a data file is a replay rather than a scenario, by its structure: a replay is a
/// record whose own fields include `dice` and `actions`, whatever its name, its comments or the
/// text inside it say, and however broken the rest of it is.
pub fn is_replay(src: &str) -> bool {
    let keys = tokens::top_level_keys(&tokens::tokens(src));
    keys.iter().any(|k| k == "dice") && keys.iter().any(|k| k == "actions")
}

pub fn load(path: &Path) -> Result<(Replay, String), DataErrors> {
    let file = path.display().to_string();
    let src = scenario::error::read_as(path, "replay")?;
    Ok((parse(&file, &src)?, src))
}

/// Writes a replay as RON with one action per line, so an error can name the action's line.
/// Characters, zones and items are written by name where the scenario can be loaded.
pub fn to_ron(r: &Replay) -> String {
    let cfg = ron::ser::PrettyConfig::new().depth_limit(3);
    let text = ron::ser::to_string_pretty(r, cfg).unwrap_or_default();
    struct Write(String);
    impl Visit for Write {
        type Out = String;
        fn visit<G: Game>(self, setup: &G::Setup) -> String {
            match start_names::<G>(setup) {
                Some(n) => names::to_names::<G>(&self.0, &n),
                None => self.0,
            }
        }
    }
    match catalogue::load(&r.scenario) {
        Ok(loaded) => loaded.setup.visit(Write(text)),
        Err(_) => text,
    }
}

/// The rules' version from which sealed replays' checkpoints hash the events' kinds and dice
/// rather than their words (see [`crate::rules::RULES_VERSION`]).
pub const KINDS_CHECKED: u32 = 3;

/// The rules' version from which a note's kind says which note it is, Zones' gear what befell
/// it and Three actions' stance and gear which: sealed before, a replay hashed those kinds in
/// their old form ([`crate::rules::Ruleset::kind_before_facts`]).
pub const KINDS_TYPED: u32 = 5;

/// Re-runs a replay, telling its events in English. `file` and `src` are used to name the line
/// of a refused action.
pub fn run(r: &Replay, file: &str, src: &str) -> Result<ReplayRun, ReplayError> {
    run_in(r, file, src, fray_words::english())
}

/// [`run`], telling the events in `words`. What the seals hash is the same in every language.
pub fn run_in(
    r: &Replay,
    file: &str,
    src: &str,
    words: &fray_words::Words,
) -> Result<ReplayRun, ReplayError> {
    let mut loaded = catalogue::load_named(file, &r.scenario, "replay").map_err(|errors| {
        let scenario = r.scenario.clone();
        ReplayError::at(
            file,
            scenario_line(src),
            Fault::Scenario { scenario, errors },
        )
    })?;
    switch_options(r, &mut loaded.setup, file, src)?;
    let current = crate::rules::RULES_VERSION;
    let sealed = r.final_hash.is_some() || r.length.is_some() || !r.checkpoints.is_empty();
    match loaded.setup.visit(Rerun {
        r,
        file,
        src,
        words,
    }) {
        Ok(mut run) => {
            if let Some(v) = r.rules.filter(|&v| v != current) {
                run.warnings.push(
                    Line::new("data-replay-still-plays")
                        .name("file", file.to_string())
                        .number("version", v)
                        .number("current", current),
                );
            }
            Ok(run)
        }
        // Where a sealed battle goes otherwise under other rules, that is the fact to tell, not
        // an edit nobody made.
        Err(
            e @ ReplayError::At {
                fault:
                    Fault::Edited { .. }
                    | Fault::Diverged { .. }
                    | Fault::Refused { .. }
                    | Fault::Length { .. },
                ..
            },
        ) if sealed && r.rules != Some(current) => Err(ReplayError::OtherRules {
            file: file.to_string(),
            recorded: r.rules,
            current,
            cause: Box::new(e),
        }),
        Err(e) => Err(e),
    }
}

/// Switches the replay's optional rules on the setup; a key the scenario does not offer is
/// refused at the `options` line, with the keys it does.
fn switch_options(
    r: &Replay,
    setup: &mut crate::rulesets::Setup,
    file: &str,
    src: &str,
) -> Result<(), ReplayError> {
    if let Err(key) = setup.set_options(&r.options) {
        let known: Vec<String> = setup
            .options()
            .into_iter()
            .map(|o| o.key.to_string())
            .collect();
        return Err(ReplayError::at(
            file,
            field_line(src, "options"),
            Fault::Option {
                scenario: r.scenario.clone(),
                key,
                known: if known.is_empty() {
                    Line::new("data-replay-none")
                } else {
                    Line::new("data-names").name("names", known.join(", "))
                },
            },
        ));
    }
    Ok(())
}

/// Fills in what a re-run checks: the final hash, the length and the checkpoints. Its errors
/// name the replay `file`, the file it is to be written to, at the lines it will be written on.
pub fn seal(r: &mut Replay, file: &str) -> Result<(), ReplayError> {
    let open = Replay {
        final_hash: None,
        length: None,
        checkpoints: Vec::new(),
        rules: None,
        ..r.clone()
    };
    let src = to_ron(&open);
    // A replay made here (`fray record`, the game) names its scenario as this program found
    // it, from the working directory, not from a replay file's folder.
    let mut loaded = catalogue::load(&open.scenario).map_err(|errors| {
        let scenario = open.scenario.clone();
        ReplayError::at(
            file,
            scenario_line(&src),
            Fault::Scenario { scenario, errors },
        )
    })?;
    switch_options(&open, &mut loaded.setup, file, &src)?;
    let run = loaded.setup.visit(Rerun {
        r: &open,
        file,
        src: &src,
        words: fray_words::english(),
    })?;
    r.final_hash = Some(run.final_hash);
    r.length = Some(r.actions.len());
    r.checkpoints = run.checkpoints;
    r.rules = Some(crate::rules::RULES_VERSION);
    Ok(())
}

/// A replay file's text, sealed: its final hash, length and checkpoints written in before its
/// closing bracket, every comment and name kept as written.
pub fn seal_text(file: &str, src: &str) -> Result<String, ReplayError> {
    let r = parse(file, src)?;
    if r.final_hash.is_some() || r.length.is_some() || !r.checkpoints.is_empty() {
        // Sealed already: as it is, if it replays as sealed (sealing twice is sealing once);
        // else refused with what no longer agrees, since sealing it anew would hide an edit.
        run(&r, file, src)?;
        return Ok(src.to_string());
    }
    // The seal's fields written empty (`final_hash: None`, JSON's `null`, `checkpoints: []`)
    // give way to the seal, so that no field is written twice.
    let unsealed = without_seal_fields(src);
    let src = unsealed.as_str();
    let run = run(&r, file, src)?;
    let toks = tokens::tokens(src);
    let close = toks
        .iter()
        .rposition(|t| t.token == Token::Close && t.depth == 0)
        .ok_or_else(|| {
            ReplayError::Data(DataErrors::one(
                file,
                src.lines().count(),
                Line::new("data-replay-never-closed"),
            ))
        })?;
    let comma = close > 0 && toks[close - 1].token != Token::Comma;
    let json = src.trim_start().starts_with('{');
    let checkpoints: Vec<String> = run.checkpoints.iter().map(u64::to_string).collect();
    let fields = if json {
        format!(
            "  \"final_hash\": {},\n  \"length\": {},\n  \"checkpoints\": [{}],\n  \"rules\": {}\n",
            run.final_hash,
            r.actions.len(),
            checkpoints.join(", "),
            crate::rules::RULES_VERSION
        )
    } else {
        format!(
            "    final_hash: Some({}),\n    length: Some({}),\n    checkpoints: [{}],\n    rules: Some({}),\n",
            run.final_hash,
            r.actions.len(),
            checkpoints.join(", "),
            crate::rules::RULES_VERSION
        )
    };
    // After the last field, before the closing bracket.
    let end = toks[close - 1].span.end;
    let mut out = String::with_capacity(src.len() + fields.len() + 2);
    out.push_str(&src[..end]);
    if comma {
        out.push(',');
    }
    out.push('\n');
    out.push_str(&fields);
    out.push_str(&src[toks[close].span.start..]);
    // Never a file this program would refuse: the sealed text is read and re-run as any
    // replay is.
    let sealed = parse(file, &out)?;
    self::run(&sealed, file, &out)?;
    Ok(out)
}

/// `src` without its top-level `final_hash`, `length`, `checkpoints` and `rules` fields (each with the
/// comma after it, and its line where it stands alone on one).
fn without_seal_fields(src: &str) -> String {
    let toks = tokens::tokens(src);
    let mut cut: Vec<std::ops::Range<usize>> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let is_key = t.depth == 1
            && matches!(&t.token, Token::Word(k) | Token::Str(k)
                if ["final_hash", "length", "checkpoints", "rules"].contains(&k.as_str()))
            && toks.get(i + 1).is_some_and(|c| c.token == Token::Colon);
        if !is_key {
            continue;
        }
        let Some(end) = toks[i + 1..]
            .iter()
            .position(|t| (t.token == Token::Comma && t.depth == 1) || t.depth == 0)
            .map(|j| &toks[i + 1 + j])
        else {
            continue;
        };
        let mut start = t.span.start;
        let mut stop = if end.token == Token::Comma {
            end.span.end
        } else {
            // The last field: take the comma before it instead, if there is one.
            if let Some(prev) = toks[..i].last()
                && prev.token == Token::Comma
            {
                start = prev.span.start;
            }
            end.span.start
        };
        let line_start = src[..start].rfind('\n').map_or(0, |n| n + 1);
        if src[line_start..start].trim().is_empty() {
            start = line_start;
            if src[stop..].starts_with('\n') {
                stop += 1;
            }
        }
        cut.push(start..stop);
    }
    let mut out = String::with_capacity(src.len());
    let mut at = 0;
    for c in cut {
        if c.start >= at {
            out.push_str(&src[at..c.start]);
            at = c.end;
        }
    }
    out.push_str(&src[at..]);
    out
}

/// The line (1-based) on which each action of the replay's `actions` list begins, however the
/// actions are laid out (one a line, or one over several lines, in RON or JSON).
pub fn action_lines(src: &str) -> Vec<usize> {
    list_lines(src, "actions")
}

/// The line (1-based) on which each element of the replay's top-level list `key` begins.
fn list_lines(src: &str, key: &str) -> Vec<usize> {
    let tokens = tokens::tokens(src);
    let Some((list, depth)) = tokens::top_level_list(&tokens, key) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    let mut expecting = true;
    for t in &list[1..] {
        match t.token {
            Token::Comma if t.depth == depth => expecting = true,
            _ if expecting => {
                lines.push(t.line);
                expecting = false;
            }
            _ => {}
        }
    }
    lines
}

/// `src` with the names its actions write read as numbers, by its scenario's names.
fn read_names(file: &str, src: &str) -> Result<String, DataErrors> {
    let toks = tokens::tokens(src);
    // Without a scenario the replay is refused as it is, saying what it lacks.
    let Some(name) = tokens::top_level_str(&toks, "scenario") else {
        return Ok(src.to_string());
    };
    let loaded = catalogue::load_named(file, &name, "replay").map_err(|errors| {
        DataErrors::one(
            file,
            scenario_line(src),
            Line::new("data-replay-scenario-for-names")
                .name("scenario", name.clone())
                .line("errors", errors.as_line()),
        )
    })?;
    struct Read<'a>(&'a str, &'a str, &'a str);
    impl Visit for Read<'_> {
        type Out = Result<String, DataErrors>;
        fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
            // Names are read by the scenario's ruleset: another's actions would fail on their
            // first name as a number expected, which says nothing of the mistake.
            let toks = tokens::tokens(self.1);
            if let Some((written, line)) = actions_tag(&toks)
                && ron::from_str::<ReplayActions>(&format!("{written}([])")).is_ok()
                && written != tag::<G>()
            {
                return Err(DataErrors::one(
                    self.0,
                    line,
                    mismatch(&written, &tag::<G>(), self.2),
                ));
            }
            match start_names::<G>(setup) {
                Some(n) => names::to_numbers::<G>(self.0, self.1, &n),
                None => Ok(self.1.to_string()),
            }
        }
    }
    loaded.setup.visit(Read(file, src, &name))
}

/// How a replay tags a ruleset's actions (`Zones` in `actions: Zones([...])`).
fn tag<G: Game>() -> String {
    G::wrap(Vec::new()).map_or_else(|| G::ID.to_string(), |a| written_tag(&a))
}

/// The tag `actions` are written under.
fn written_tag(actions: &ReplayActions) -> String {
    let text = ron::to_string(&actions.truncated(0)).unwrap_or_default();
    text.split('(').next().unwrap_or_default().to_string()
}

/// The tag a replay's actions are written under, as written, and its line.
fn actions_tag(toks: &[tokens::Tok]) -> Option<(String, usize)> {
    let key = toks.iter().position(|t| {
        t.depth == 1 && matches!(&t.token, Token::Word(w) | Token::Str(w) if w == "actions")
    })?;
    toks[key + 1..]
        .iter()
        .find(|t| !matches!(t.token, Token::Colon | Token::Open('{')))
        .and_then(|t| match &t.token {
            Token::Word(w) | Token::Str(w) => Some((w.clone(), t.line)),
            _ => None,
        })
}

/// A replay whose actions are another ruleset's than its scenario's, in so many words.
fn mismatch(actions: &str, ruleset: &str, scenario: &str) -> Line {
    Line::new("data-replay-wrong-ruleset")
        .name("actions", actions)
        .name("ruleset", ruleset)
        .name("scenario", scenario)
}

/// The line a replay names its scenario on.
fn scenario_line(src: &str) -> usize {
    field_line(src, "scenario")
}

/// The line of one of the replay's own fields (its first line where it has none).
fn field_line(src: &str, key: &str) -> usize {
    tokens::top_level_line(&tokens::tokens(src), key).unwrap_or(1)
}

/// The names of a scenario's things, as its battle starts.
fn start_names<G: Game>(setup: &G::Setup) -> Option<Names> {
    G::start(setup, &mut SeededDice::new(0))
        .ok()
        .map(|(s, _)| G::names(&s))
}

/// A replay re-run under its scenario's ruleset.
struct Rerun<'a> {
    r: &'a Replay,
    file: &'a str,
    src: &'a str,
    words: &'a fray_words::Words,
}

impl Visit for Rerun<'_> {
    type Out = Result<ReplayRun, ReplayError>;

    fn visit<G: Game>(self, setup: &G::Setup) -> Self::Out {
        let Rerun {
            r,
            file,
            src,
            words,
        } = self;
        let Some(actions) = G::actions(&r.actions) else {
            return Err(ReplayError::at(
                file,
                field_line(src, "actions"),
                Fault::Mismatch {
                    scenario: r.scenario.clone(),
                    found: tag::<G>(),
                    expected: written_tag(&r.actions),
                },
            ));
        };
        let mut seeded;
        let mut scripted: Option<ScriptedDice> = None;
        let dice: &mut dyn DiceSource = match &r.dice {
            ReplayDice::Seed(s) => {
                seeded = SeededDice::new(*s);
                &mut seeded
            }
            ReplayDice::Scripted(v) => {
                scripted = Some(ScriptedDice::new(v.iter().copied()));
                scripted.as_mut().expect("just set")
            }
        };
        let mut lines = Vec::new();
        let push = |lines: &mut Vec<ReplayLine>,
                    state: &G::State,
                    known: &Names,
                    i: Option<usize>,
                    evs: Vec<Event<G::EventKind>>| {
            for e in evs {
                let mut kind = serde_json::to_value(&e.kind).unwrap_or_default();
                let after = names::name_record::<G>(&mut kind, known)
                    .into_iter()
                    .filter_map(|c| G::condition(state, c))
                    .map(|c| Standing::written(c, state, words))
                    .collect();
                lines.push(ReplayLine {
                    action: i,
                    kind,
                    after,
                    text: words.line(&e.line, state),
                    told: e.explanation.as_ref().map(|x| words.explanation(x, state)),
                    explanation: e.explanation.map(|x| *x),
                });
            }
        };
        let at = action_lines(src);
        let actions_line = tokens::top_level_line(&tokens::tokens(src), "actions").unwrap_or(1);
        let line_of = |i: usize| at.get(i).copied().unwrap_or_else(|| actions_line + 1 + i);
        let refused = |i: usize, action: Line, reason: Line| {
            let fault = Fault::Refused {
                index: i,
                action,
                reason,
            };
            ReplayError::at(file, line_of(i), fault)
        };
        let mut checkpoints = Vec::new();
        // Checkpoints that differ from the ones recorded, by their index.
        let mut differ: Vec<usize> = Vec::new();
        // The first difference, blamed on the actions before it unless it proves to be an edit
        // of the checkpoint alone.
        let mut edited: Option<ReplayError> = None;
        // Every event so far, hashed in order: two actions that commute leave the same state
        // but not the same story. What happened is hashed (each action, each event's kind, the
        // dice it rolled and their total), not its words, so that a log line said better breaks no replay.
        // Replays sealed under rules before [`KINDS_CHECKED`] hashed the words: they are
        // checked as they were sealed.
        let sealed_under = |version: u32| {
            r.rules.is_none_or(|v| v < version)
                && (r.final_hash.is_some() || !r.checkpoints.is_empty())
        };
        let by_words = sealed_under(KINDS_CHECKED);
        let old_kinds = sealed_under(KINDS_TYPED);
        let mut trail = 0xcbf2_9ce4_8422_2325u64;
        let fold = |trail: &mut u64, bytes: &[u8]| {
            for &b in bytes.iter().chain(std::iter::once(&b'\n')) {
                *trail ^= u64::from(b);
                *trail = trail.wrapping_mul(0x0100_0000_01b3);
            }
        };
        let tell = |trail: &mut u64, state: &G::State, events: &[Event<G::EventKind>]| {
            for e in events {
                if by_words {
                    let text = fray_words::english().line(&e.line, state);
                    fold(trail, text.as_bytes());
                } else {
                    let dice = e.explanation.as_ref().map(|x| {
                        let faces: Vec<(u8, u8)> =
                            x.dice.iter().map(|d| (d.die.sides, d.value)).collect();
                        (faces, x.total)
                    });
                    let kind = match old_kinds.then(|| G::kind_before_facts(&e.kind)) {
                        Some(Some(before)) => serde_json::to_vec(&(before, dice)),
                        _ => serde_json::to_vec(&(&e.kind, dice)),
                    };
                    fold(trail, &kind.unwrap_or_default());
                }
            }
        };
        let (mut state, start) = G::start(setup, dice)
            .map_err(|e| refused(0, Line::new("data-replay-the-start"), e.line()))?;
        tell(&mut trail, &state, &start);
        // A battle's things keep their names from start to end: read once.
        let known = G::names(&state);
        push(&mut lines, &state, &known, None, start);
        for (i, a) in actions.iter().enumerate() {
            // Only a legal action is described: a tampered one may name a faction, fixture or
            // item that does not exist, and `describe` indexes the state with it.
            let described = if G::legal_actions(&state).contains(a) {
                G::describe(&state, a).named(&state)
            } else {
                Line::new("data-as-written")
                    .name("text", names::action_text::<G>(a, &G::names(&state)))
            };
            // Past a checkpoint that differs, a refused action is told as the edit it follows.
            let events = match G::apply(&mut state, a, dice) {
                Ok(events) => events,
                Err(e) => {
                    let e = e.line().named(&state);
                    return Err(edited.unwrap_or_else(|| refused(i, described, e)));
                }
            };
            if !by_words {
                // The action itself, too: two that leave the same state and the same kinds of
                // event (two pieces of gear handled in the other order) are still told apart.
                fold(&mut trail, &serde_json::to_vec(a).unwrap_or_default());
            }
            tell(&mut trail, &state, &events);
            push(&mut lines, &state, &known, Some(i), events);
            if (i + 1) % CHECK_EVERY == 0 {
                let h = state_hash::<G>(&state) ^ trail.rotate_left(17);
                if let Some(&want) = r.checkpoints.get(checkpoints.len())
                    && want != h
                {
                    differ.push(checkpoints.len());
                    let from = line_of(i + 1 - CHECK_EVERY);
                    edited.get_or_insert(ReplayError::at(
                        file,
                        line_of(i),
                        Fault::Edited { index: i, from },
                    ));
                }
                checkpoints.push(h);
            }
        }
        let final_hash = state_hash::<G>(&state);
        // One more checkpoint at the end, for the actions after the last one.
        let end = final_hash ^ trail.rotate_left(17);
        let end_differs = r
            .checkpoints
            .get(checkpoints.len())
            .is_some_and(|&want| want != end);
        if let Some(e) = edited {
            // An edit of the actions shows at every checkpoint after it (each hashes every
            // event so far) and at the end; one checkpoint alone that differs, where the
            // length and the final hash agree, was itself edited.
            let alone = differ.len() == 1
                && !end_differs
                && r.checkpoints.len() == checkpoints.len() + 1
                && r.length.is_none_or(|n| n == actions.len())
                && r.final_hash.is_none_or(|h| h == final_hash);
            return Err(if alone {
                let lines = list_lines(src, "checkpoints");
                let line = lines
                    .get(differ[0])
                    .copied()
                    .unwrap_or_else(|| field_line(src, "checkpoints"));
                let index = differ[0] + 1;
                ReplayError::at(file, line, Fault::Checkpoint { index })
            } else {
                e
            });
        }
        if let Some(recorded) = r.length
            && recorded != actions.len()
        {
            let what = if actions.len() < recorded {
                "cut"
            } else {
                "added"
            };
            let found = actions.len();
            return Err(ReplayError::at(
                file,
                field_line(src, "length"),
                Fault::Length {
                    found,
                    recorded,
                    what,
                },
            ));
        }
        if end_differs {
            let last = actions.len().saturating_sub(1);
            let from = line_of(last - last % CHECK_EVERY);
            return Err(ReplayError::at(
                file,
                line_of(last),
                Fault::Edited { index: last, from },
            ));
        }
        checkpoints.push(end);
        if let Some(want) = r.final_hash
            && want != final_hash
        {
            let fault = Fault::Diverged {
                got: final_hash,
                want,
            };
            return Err(ReplayError::at(file, field_line(src, "final_hash"), fault));
        }
        let outcome = match G::pending(&state) {
            crate::rules::Pending::Over(o) => Some(o),
            crate::rules::Pending::Decide { .. } => None,
        };
        let dice_left = match (&r.dice, scripted.as_mut()) {
            (ReplayDice::Scripted(v), Some(d)) => v[v.len() - d.remaining()..].to_vec(),
            _ => Vec::new(),
        };
        Ok(ReplayRun {
            lines,
            final_hash,
            outcome,
            state: serde_json::to_value(&state).unwrap_or_default(),
            checkpoints,
            dice_left,
            warnings: Vec::new(),
        })
    }
}
