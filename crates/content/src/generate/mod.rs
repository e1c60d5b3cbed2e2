//! Random skirmishes: a scenario for any ruleset drawn from a seed, then balanced by playing it.
//!
//! Each ruleset's generator drafts a map and two sides from its kinds of characters and gear
//! (`assets/generator/RULESET.ron`, the kinds the rulebooks and the shipped scenarios use), and
//! offers one knob: how much tougher one side's people are than their kind (health, endurance or
//! skill, by ruleset). The balance check plays the draft between two normal AIs and turns the
//! knob towards whichever side wins too seldom, until the sides' chances are even enough; a
//! draft no turn of the knob can even out is set aside for the next one. All of it is drawn
//! from the one seed, so the same seed always gives the same file.

pub mod bench;
pub mod coterie;
pub mod teams;
pub mod zones;

use fray_rules::line::Line;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::rules::coterie::Coterie;
use crate::rules::teams::Teams;
use crate::rules::zones::Zones;
use crate::rulesets::{self, Game};
use crate::scenario::{self, Loaded, Scenario};
use crate::sim::{Batch, Tally};

/// Something done with a ruleset's random-skirmish drafts (`fray generate`), each in its
/// ruleset's own file here.
pub trait ForDraft {
    type Out;
    fn run<D: Draft>(self, id: &'static str) -> Self::Out;
}

/// `f` run with the drafts of the ruleset whose id is `id`; None for an id no ruleset has.
pub fn with_draft<F: ForDraft>(id: &str, f: F) -> Option<F::Out> {
    match id {
        Zones::ID => Some(f.run::<zones::ZonesDraft>(Zones::ID)),
        Coterie::ID => Some(f.run::<coterie::CoterieDraft>(Coterie::ID)),
        Teams::ID => Some(f.run::<teams::TeamsDraft>(Teams::ID)),
        _ => None,
    }
}

/// How big a skirmish is: its people and its ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Size {
    Small,
    Medium,
    Large,
}

impl Size {
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    pub fn name(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    }

    pub fn parse(s: &str) -> Option<Size> {
        Size::ALL.into_iter().find(|z| z.name() == s)
    }

    /// The sizes there are, by name, for a refusal that lists them.
    pub fn known() -> String {
        Size::ALL.map(Size::name).join(", ")
    }

    /// People a side brings: a range to draw from.
    pub(crate) fn people(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Size::Small => 2..=3,
            Size::Medium => 3..=4,
            Size::Large => 5..=6,
        }
    }
}

/// What the balance check plays, and what it accepts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Balancing {
    /// Battles between two normal AIs for each try.
    pub battles: u32,
    /// Measures of a draft before it is given up for the next one.
    pub tries: u32,
    /// Drafts before the generator gives up.
    pub drafts: u32,
    /// The first side's share (a draw counts half) must lie within this of one half.
    pub within: f64,
    /// Workers playing the battles (the result does not depend on it).
    pub threads: usize,
}

impl Default for Balancing {
    /// 300 battles give the share to about ±3% (one standard error), so a share accepted within
    /// ±7% lies within the 40–60% a player is promised with room for the sample's error.
    fn default() -> Self {
        Balancing {
            battles: 300,
            tries: 6,
            drafts: 10,
            within: 0.07,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// A generated skirmish: the scenario, its file's text, and how even the check found it.
#[derive(Clone, Debug)]
pub struct Generated {
    pub ruleset: &'static str,
    pub seed: u64,
    pub size: Size,
    pub scenario: Scenario,
    /// The file: a header saying how it was made and measured, then the scenario.
    pub text: String,
    pub balance: Balance,
}

/// How a scenario played between two normal AIs.
#[derive(Clone, Debug, PartialEq)]
pub struct Balance {
    pub factions: Vec<String>,
    pub tally: Tally,
    pub battles: u32,
    /// The seed of the battles measured (`fray sim --seed`).
    pub sim_seed: u64,
    /// Drafts thrown away and knob turns made before this one was accepted.
    pub drafts: u32,
    pub turns: u32,
}

impl Balance {
    /// The first side's share of the battles, a draw counting half for each.
    pub fn first_share(&self) -> f64 {
        share(&self.tally, self.battles)
    }

    pub fn mean_rounds(&self) -> f64 {
        self.tally.rounds as f64 / f64::from(self.battles.max(1))
    }
}

fn share(t: &Tally, battles: u32) -> f64 {
    let won = f64::from(t.wins.first().copied().unwrap_or(0));
    let drawn = f64::from(t.draws + t.unfinished);
    (won + drawn / 2.0) / f64::from(battles.max(1))
}

/// How far past `within` a scouting third of the battles may find a draft and still have it
/// played in full: about three standard errors of a hundred battles' share.
const SCOUT_MARGIN: f64 = 0.15;

/// One ruleset's draft: a scenario with a knob that makes one side tougher. Each ruleset's
/// lives in its own scenario folder (`scenario::RULESET::generate`), reached through the
/// registry ([`with_draft`]).
pub trait Draft {
    /// How far the knob turns either way.
    const REACH: i8;
    /// Draws a new draft.
    fn draw(rng: &mut ChaCha8Rng, size: Size) -> Result<Self, Line>
    where
        Self: Sized;
    /// The scenario with the knob at `edge`: above 0 the first side is that many steps
    /// tougher, below 0 the second. Only the side favoured changes, and only upwards, so that
    /// nobody is weaker than their kind.
    fn scenario(&self, seed: u64, size: Size, edge: i8) -> Scenario;
}

/// What a knob at `edge` gives side `side` (0 or 1).
pub(crate) fn favoured(edge: i8, side: usize) -> u8 {
    let e = i16::from(edge) * if side == 0 { 1 } else { -1 };
    u8::try_from(e.max(0)).unwrap_or(u8::MAX)
}

/// What a generated skirmish's name starts with.
const PREFIX: &str = "random-";

/// The name a generated skirmish goes by wherever a scenario is named (`fray play`, `sim`, a
/// replay, a saved battle): `random-zones-medium-42`. It stands for the skirmish this Fray's
/// generator makes from that seed, so it is written in the battle's saves, not the scenario.
pub fn name(ruleset: &str, size: Size, seed: u64) -> String {
    format!("{PREFIX}{ruleset}-{}-{seed}", size.name())
}

/// The ruleset, size and seed a generated skirmish's name gives; None for any other name,
/// an error for a name that starts as one and goes wrong.
pub fn parse_name(name: &str) -> Option<Result<(&'static str, Size, u64), Line>> {
    let rest = name.strip_prefix(PREFIX)?;
    let parts: Vec<&str> = rest.split('-').collect();
    let wrong = |why: Line| -> Option<Result<_, Line>> {
        Some(Err(Line::new("generate-name-wrong").line("why", why)))
    };
    let [ruleset, size, seed] = parts[..] else {
        return wrong(Line::new("generate-name-parts"));
    };
    let Some(ruleset) = RULESETS.iter().copied().find(|r| *r == ruleset) else {
        return wrong(no_ruleset("generate-name-no-ruleset", ruleset));
    };
    let Some(size) = Size::parse(size) else {
        return wrong(
            Line::new("generate-no-size")
                .name("size", size)
                .name("known", Size::known()),
        );
    };
    let Ok(seed) = seed.parse::<u64>() else {
        return wrong(Line::new("generate-seed-not-a-number").name("seed", seed));
    };
    Some(Ok((ruleset, size, seed)))
}

/// The file a generated name stands for; None for a name that is not one.
///
/// A name is loaded several times over for one battle (the menu's draw, the battle's start,
/// a save's check on resuming, "save it as a file"), and each generation plays hundreds of
/// battles, so the last files made are kept. What a name gives never changes within a run, so
/// the kept file is the one generating it again would give.
pub fn text_by_name(name: &str) -> Option<Result<String, Line>> {
    /// How many made files are kept: a generated campaign's battles and the one on the menu.
    const KEPT: usize = 8;
    static MADE: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());
    let (ruleset, size, seed) = match parse_name(name)? {
        Ok(parts) => parts,
        Err(e) => return Some(Err(e)),
    };
    let mut made = MADE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, text)) = made.iter().find(|(kept, _)| kept == name) {
        return Some(Ok(text.clone()));
    }
    let fresh = generate(ruleset, seed, size, &Balancing::default()).map(|g| g.text);
    if let Ok(text) = &fresh {
        if made.len() >= KEPT {
            made.remove(0);
        }
        made.push((name.to_string(), text.clone()));
    }
    Some(fresh)
}

/// The skirmish a generated name stands for, loaded as a scenario file is; None for a name
/// that is not one.
pub fn by_name(name: &str) -> Option<Result<Loaded, scenario::DataErrors>> {
    Some(match text_by_name(name)? {
        Ok(text) => scenario::load_str(name, name, &text),
        Err(message) => Err(scenario::DataErrors::one(name, 0, message)),
    })
}

/// The rulesets a skirmish can be generated for: every one the registry has.
pub const RULESETS: &[&str] = rulesets::IDS;

/// A skirmish of `ruleset` from `seed`, balanced as `how` says.
pub fn generate(ruleset: &str, seed: u64, size: Size, how: &Balancing) -> Result<Generated, Line> {
    struct Balanced<'a>(u64, Size, &'a Balancing);
    impl ForDraft for Balanced<'_> {
        type Out = Result<Generated, Line>;
        fn run<D: Draft>(self, id: &'static str) -> Self::Out {
            balanced::<D>(id, self.0, self.1, self.2)
        }
    }
    with_draft(ruleset, Balanced(seed, size, how)).unwrap_or_else(|| Err(unknown(ruleset)))
}

/// A draft as it first comes, unbalanced: what the tests of every seed check and play.
pub fn draft(ruleset: &str, seed: u64, size: Size) -> Result<Scenario, Line> {
    struct First(u64, Size);
    impl ForDraft for First {
        type Out = Result<Scenario, Line>;
        fn run<D: Draft>(self, _: &'static str) -> Self::Out {
            let mut rng = ChaCha8Rng::seed_from_u64(self.0);
            Ok(D::draw(&mut rng, self.1)?.scenario(self.0, self.1, 0))
        }
    }
    with_draft(ruleset, First(seed, size)).unwrap_or_else(|| Err(unknown(ruleset)))
}

fn unknown(ruleset: &str) -> Line {
    no_ruleset("generate-no-ruleset", ruleset)
}

/// Message `id` on a ruleset asked for that there is none of, with those there are.
fn no_ruleset(id: &'static str, ruleset: &str) -> Line {
    Line::new(id)
        .name("ruleset", ruleset)
        .name("known", RULESETS.join(", "))
}

/// Draft after draft, the knob is searched for the turn at which the sides come out even (the
/// first side's share rises with the knob): from no edge, to the far end the share calls for
/// (a draft even that cannot even out is set aside at once), then between the two nearest turns
/// either side of one half, by where a straight line between them crosses it.
fn balanced<D: Draft>(
    ruleset: &'static str,
    seed: u64,
    size: Size,
    how: &Balancing,
) -> Result<Generated, Line> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let sim_seed = seed;
    let mut closest: Option<Balance> = None;
    let mut turns = 0;
    for drafts in 0..how.drafts.max(1) {
        let d = D::draw(&mut rng, size)?;
        // The nearest turns known below and above one half; past the reach, as if lost and won.
        let (mut below, mut above) = ((-D::REACH - 1, 0.0), (D::REACH + 1, 1.0));
        let mut edge = 0i8;
        let mut to_the_end = true;
        for _ in 0..how.tries.max(1) {
            let sc = d.scenario(seed, size, edge);
            // A third of the battles first: a draft far from even is told so by them, and only
            // one that might pass is played in full.
            let scout = (how.battles / 3).clamp(1, how.battles.max(1));
            let (factions, mut tally) = measure(&sc, how, 0..scout, sim_seed)?;
            let mut battles = scout;
            if (share(&tally, scout) - 0.5).abs() <= how.within + SCOUT_MARGIN {
                // The rest of the battles: with the scout's, the whole batch.
                let (_, rest) = measure(&sc, how, scout..how.battles, sim_seed)?;
                tally.add(&rest);
                battles = how.battles;
            }
            let balance = Balance {
                factions,
                tally,
                battles,
                sim_seed,
                drafts,
                turns,
            };
            let share = balance.first_share();
            if (share - 0.5).abs() <= how.within && battles == how.battles {
                return Ok(finish(ruleset, seed, size, sc, balance));
            }
            if closest
                .as_ref()
                .is_none_or(|c| (c.first_share() - 0.5).abs() > (share - 0.5).abs())
            {
                closest = Some(balance);
            }
            if share > 0.5 {
                above = (edge, share);
            } else {
                below = (edge, share);
            }
            turns += 1;
            if above.0 - below.0 <= 1 {
                break;
            }
            let next = if to_the_end {
                to_the_end = false;
                if share > 0.5 { -D::REACH } else { D::REACH }
            } else {
                let t = (0.5 - below.1) / (above.1 - below.1).max(f64::EPSILON);
                let line = f64::from(below.0) + t * f64::from(above.0 - below.0);
                (line.round() as i8).clamp(below.0 + 1, above.0 - 1)
            };
            if next == edge {
                break;
            }
            edge = next;
        }
    }
    let skirmish = |id| {
        Line::new(id)
            .name("ruleset", ruleset)
            .name("seed", seed.to_string())
    };
    let Some(b) = closest else {
        return Err(skirmish("generate-none"));
    };
    let side = match b.factions.first() {
        Some(f) => Line::new("data-as-written").name("text", f.clone()),
        None => Line::new("generate-the-first-side"),
    };
    Err(skirmish("generate-none-even")
        .number("drafts", how.drafts)
        .line("side", side)
        .number("share", (b.first_share() * 100.0).round() as i64))
}

/// Plays a scenario between two normal AIs.
fn measure(
    sc: &Scenario,
    how: &Balancing,
    games: std::ops::Range<u32>,
    sim_seed: u64,
) -> Result<(Vec<String>, Tally), Line> {
    let loaded = load(sc)?;
    let tally = loaded.setup.visit(Batch {
        first: games.start,
        games: games.len() as u32,
        seed: sim_seed,
        max_rounds: 200,
        levels: &[Level::Normal],
        log: None,
        threads: how.threads,
    })?;
    Ok((loaded.setup.factions(), tally))
}

/// A generated scenario through the same checks as a file: a generator's slip is an error,
/// never a battle that starts wrong.
pub fn load(sc: &Scenario) -> Result<Loaded, Line> {
    let text = body(sc);
    scenario::load_str("generated", "generated", &text)
        .map_err(|e| Line::new("generate-does-not-check").line("errors", e.as_line()))
}

fn body(sc: &Scenario) -> String {
    // Written as the shipped scenarios are: a place, a person or an item a line.
    let pretty = ron::ser::PrettyConfig::default()
        .indentor("    ".to_string())
        .depth_limit(4);
    ron::ser::to_string_pretty(sc, pretty).unwrap_or_default()
}

/// A scenario's balance between equals, as its header gives it: two normal AIs over `battles`
/// battles from `seed`, the command that plays them again (on `target`, a name or a file), each
/// side's share, the draws, and how long a battle lasts. The scenario headers of the shipped
/// battles and the generated ones are written so, and a test plays each again to hold it.
pub fn between_equals(
    target: &str,
    ruleset: &str,
    factions: &[String],
    t: &Tally,
    battles: u32,
    seed: u64,
) -> String {
    let pc = |n: u32| 100.0 * f64::from(n) / f64::from(battles.max(1));
    let shares: Vec<String> = factions
        .iter()
        .zip(&t.wins)
        .map(|(f, w)| format!("{f} {:.0}%", pc(*w)))
        .collect();
    format!(
        "// Between equals (fray sim {target} --ai normal,normal --games {battles} --seed {seed}): {}, draws {:.0}%; {:.1} {} on average.",
        shares.join(", "),
        pc(t.draws + t.unfinished),
        t.rounds as f64 / f64::from(battles.max(1)),
        if ruleset == "coterie" {
            "phases"
        } else {
            "rounds"
        }
    )
}

fn finish(ruleset: &'static str, seed: u64, size: Size, sc: Scenario, b: Balance) -> Generated {
    let mut text = format!(
        "// {}: a random {} skirmish, made by `fray generate {ruleset} --seed {seed} --size {}`.\n",
        sc.name,
        size.name(),
        size.name()
    );
    text.push_str(&between_equals(
        "THIS-FILE",
        ruleset,
        &b.factions,
        &b.tally,
        b.battles,
        b.sim_seed,
    ));
    text.push('\n');
    text.push_str(&format!(
        "// Without this file it goes by {}: fray play {}\n",
        name(ruleset, size, seed),
        name(ruleset, size, seed)
    ));
    text.push_str(&body(&sc));
    text.push('\n');
    Generated {
        ruleset,
        seed,
        size,
        scenario: sc,
        text,
        balance: b,
    }
}

/// A side the kinds file offers: its name, the names of its people, the kinds it fields.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SideKind {
    pub name: String,
    pub names: Vec<String>,
    pub kinds: Vec<String>,
}

impl SideKind {
    /// One of the kinds this side fields, by the generator's dice, looked up in `kinds` (the
    /// kinds file `file`'s); a kind the file does not define is the file's mistake, named.
    pub(crate) fn draw_kind<'k, F>(
        &self,
        rng: &mut ChaCha8Rng,
        kinds: &'k std::collections::BTreeMap<String, F>,
        file: &str,
    ) -> Result<&'k F, Line> {
        let kind = pick(rng, &self.kinds);
        kinds.get(kind).ok_or_else(|| {
            Line::new("generate-no-kind")
                .name("file", file)
                .name("side", self.name.clone())
                .name("kind", kind.clone())
        })
    }
}

/// Two different indices below `n` (at least 2), by the generator's dice.
pub(crate) fn two_of(rng: &mut ChaCha8Rng, n: usize) -> (usize, usize) {
    use rand::RngExt;
    let first = rng.random_range(0..n);
    let mut second = rng.random_range(0..n - 1);
    if second >= first {
        second += 1;
    }
    (first, second)
}

/// A name from a list, by the generator's dice.
pub(crate) fn pick<'a, T>(rng: &mut ChaCha8Rng, from: &'a [T]) -> &'a T {
    use rand::RngExt;
    &from[rng.random_range(0..from.len())]
}

/// A kinds file of the generator, parsed; a mistake in it names its line.
pub(crate) fn kinds<T: serde::de::DeserializeOwned>(file: &str, src: &str) -> Result<T, Line> {
    ron::from_str(src).map_err(|e| scenario::error::from_ron(file, src, &e).as_line())
}

#[cfg(test)]
mod tests {
    use super::favoured;

    #[test]
    fn the_knob_favours_one_side_only_and_only_upwards() {
        assert_eq!((favoured(3, 0), favoured(3, 1)), (3, 0));
        assert_eq!((favoured(-2, 0), favoured(-2, 1)), (0, 2));
        assert_eq!((favoured(0, 0), favoured(0, 1)), (0, 0));
        assert_eq!(favoured(i8::MIN, 1), 128);
    }
}
