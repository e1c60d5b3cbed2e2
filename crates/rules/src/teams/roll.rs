//! Tests: a pool of an attribute die and a skill die plus flat bonuses, the luck die beside it,
//! rolled once, or several times with advantage or disadvantage (teams.tests,
//! teams.advantage).

use smallvec::SmallVec;

use super::Ctx;
use super::why::{Valued, Why, Whys};
use crate::battle::RuleError;
use crate::dice::{Die, Rolled};
use crate::explain::{Explanation, Modifier};
use crate::line::{Arg, Line};

/// The luck roll at or above which an ordinary test gains +4.
pub const LUCKY: i32 = 20;
pub const LUCK_BONUS: i32 = 4;

/// Advantage stacks to double and no further; each disadvantage cancels one advantage.
pub const MAX_ADVANTAGE: i32 = 2;

/// A test about to be rolled.
#[derive(Clone, Debug, Default)]
pub struct TestSpec {
    /// What the roll is for ("Boudica's attack on the bandit"), for its explanation and its
    /// dice's purposes (empty in a quiet play-out, which reads none).
    pub said: Line,
    pub rule: &'static str,
    /// The dice of the pool, each with what it stands for ("strength").
    pub dice: SmallVec<[(Die, &'static str); 3]>,
    /// Flat bonuses and penalties, each with its cause.
    pub modifiers: Valued,
    /// Added to the luck roll.
    pub luck: i32,
    pub advantages: Whys,
    pub disadvantages: Whys,
    /// An attack test: the luck roll at or above which it is a critical hit. None for an
    /// ordinary test, where a luck roll of 20 or more adds 4.
    pub critical: Option<i32>,
}

impl TestSpec {
    pub fn new(rule: &'static str) -> TestSpec {
        TestSpec {
            rule,
            ..TestSpec::default()
        }
    }

    pub fn die(mut self, die: Option<Die>, label: &'static str) -> TestSpec {
        if let Some(d) = die {
            self.dice.push((d, label));
        }
        self
    }

    /// What the explanation calls the test.
    pub fn said(mut self, said: Line) -> TestSpec {
        self.said = said;
        self
    }

    pub fn modifier(mut self, value: i32, cause: Why) -> TestSpec {
        if value != 0 {
            self.modifiers.push((value, cause));
        }
        self
    }

    /// Net advantage: positive for advantage, negative for disadvantage, capped at double.
    pub fn net_advantage(&self) -> i32 {
        (self.advantages.len() as i32 - self.disadvantages.len() as i32)
            .clamp(-MAX_ADVANTAGE, MAX_ADVANTAGE)
    }

    /// What the modifiers add to the roll.
    pub fn flat(&self) -> i32 {
        self.modifiers.iter().map(|(v, _)| v).sum()
    }
}

/// A test as it came out: the kept roll, and every roll made, from which its explanation is
/// written where a report asks for it ([`TestResult::explanation`]).
#[derive(Clone, Debug)]
pub struct TestResult {
    pub total: i32,
    /// The luck roll, its modifier included.
    pub luck: i32,
    pub crit: bool,
    /// One roll, or two or three with advantage or disadvantage.
    rolls: SmallVec<[One; 3]>,
    /// The roll kept.
    keep: usize,
}

#[derive(Clone, Debug)]
struct One {
    /// The pool's dice in order, then the luck die.
    dice: SmallVec<[Rolled; 4]>,
    total: i32,
    luck: i32,
    crit: bool,
}

impl One {
    /// The better roll of two: a critical hit first, then the higher total, then the higher
    /// luck roll.
    fn rank(&self) -> (bool, i32, i32) {
        (self.crit, self.total, self.luck)
    }
}

/// Rolls a test: for each roll, the pool's dice in order, then the luck d20.
pub fn roll_test(ctx: &mut Ctx, spec: &TestSpec) -> Result<TestResult, RuleError> {
    let net = spec.net_advantage();
    let mut rolls: SmallVec<[One; 3]> = SmallVec::new();
    let mut keep = 0;
    for k in 0..=net.unsigned_abs() as usize {
        // Each die told what it is for, where the log keeps events to read it.
        let purpose = |ctx: &Ctx, die: &'static str| {
            ctx.log.line(|| {
                Line::new("teams-roll-die")
                    .line("test", spec.said.clone())
                    .arg("die", Arg::Word(die.into()))
                    .number("roll", i64::try_from(k + 1).unwrap_or(i64::MAX))
            })
        };
        let mut dice = SmallVec::new();
        let mut sum = 0;
        for &(die, label) in &spec.dice {
            let why = purpose(ctx, label);
            let r = ctx.roll(die, &why, spec.rule)?;
            sum += i32::from(r.value);
            dice.push(r);
        }
        let why = purpose(ctx, "luck");
        let l = ctx.roll(Die::D20, &why, spec.rule)?;
        dice.push(l);
        let luck = i32::from(l.value) + spec.luck;
        let bonus = if spec.critical.is_none() && luck >= LUCKY {
            LUCK_BONUS
        } else {
            0
        };
        let one = One {
            dice,
            total: sum + spec.flat() + bonus,
            luck,
            crit: spec.critical.is_some_and(|c| luck >= c),
        };
        if k > 0 && (net >= 0) == (one.rank() > rolls[keep].rank()) {
            keep = k;
        }
        rolls.push(one);
    }
    let kept = &rolls[keep];
    Ok(TestResult {
        total: kept.total,
        luck: kept.luck,
        crit: kept.crit,
        rolls,
        keep,
    })
}

impl TestResult {
    /// The test's explanation: the kept roll's dice and those of the rolls dropped, the
    /// modifiers with their causes, advantage and luck. `spec` is the test rolled.
    pub fn explanation(&self, spec: &TestSpec) -> Explanation {
        let net = spec.net_advantage();
        let kept = &self.rolls[self.keep];
        let mut e = Explanation::new(spec.said.clone(), spec.rule);
        e.dice = kept.dice.to_vec();
        for (k, one) in self.rolls.iter().enumerate() {
            if k != self.keep {
                e.dropped.extend(one.dice.iter().copied());
            }
        }
        e.modifiers = spec
            .modifiers
            .iter()
            .map(|&(value, cause)| Modifier {
                value,
                cause: cause.line(),
            })
            .collect();
        if spec.luck != 0 {
            e.modifiers.push(Modifier {
                value: 0,
                cause: Line::new("teams-luck-modifier").number("luck", spec.luck),
            });
        }
        if net != 0 {
            let (id, causes) = if net > 0 {
                ("teams-advantage", &spec.advantages)
            } else {
                ("teams-disadvantage", &spec.disadvantages)
            };
            let cancelled = spec.advantages.len().min(spec.disadvantages.len());
            let cause = Line::new(id)
                .word("times", if net.abs() > 1 { "double" } else { "single" })
                .lines("causes", causes.iter().map(|w| w.line()).collect())
                .number("rolls", self.rolls.len() as i64)
                .number("cancelled", cancelled as i64);
            e.modifiers.push(Modifier { value: 0, cause });
        } else if !spec.advantages.is_empty() {
            e.modifiers.push(Modifier {
                value: 0,
                cause: Line::new("teams-advantage-cancelled")
                    .lines(
                        "advantages",
                        spec.advantages.iter().map(|w| w.line()).collect(),
                    )
                    .lines(
                        "disadvantages",
                        spec.disadvantages.iter().map(|w| w.line()).collect(),
                    ),
            });
        }
        if spec.critical.is_none() && kept.luck >= LUCKY {
            e.modifiers.push(Modifier {
                value: LUCK_BONUS,
                cause: Line::new("teams-lucky").number("luck", kept.luck),
            });
        }
        e.total = kept.total;
        e
    }
}

/// The exact chance an ordinary test (no critical hits) comes to `difficulty` or more: the
/// pool's dice and the luck die enumerated, the luck bonus and advantage counted.
pub fn chance_at_least(spec: &TestSpec, difficulty: i32) -> f64 {
    // The distribution of one roll's total, by convolution of the pool's dice.
    let mut sums: Vec<(i32, f64)> = vec![(0, 1.0)];
    for (die, _) in &spec.dice {
        let n = i32::from(die.sides.max(1));
        let mut next: std::collections::BTreeMap<i32, f64> = std::collections::BTreeMap::new();
        for &(sum, p) in &sums {
            for face in 1..=n {
                *next.entry(sum + face).or_insert(0.0) += p / f64::from(n);
            }
        }
        sums = next.into_iter().collect();
    }
    let flat = spec.flat();
    let mut one = 0.0;
    for &(sum, p) in &sums {
        for l in 1..=20 {
            let bonus = if l + spec.luck >= LUCKY {
                LUCK_BONUS
            } else {
                0
            };
            if sum + flat + bonus >= difficulty {
                one += p / 20.0;
            }
        }
    }
    // Advantage keeps the best of several rolls, disadvantage the worst.
    let net = spec.net_advantage();
    let rolls = net.unsigned_abs() as i32 + 1;
    if net >= 0 {
        1.0 - (1.0 - one).powi(rolls)
    } else {
        one.powi(rolls)
    }
}

/// An ordinary test against a difficulty: explained, reported, and whether it succeeded.
/// `against` says what the difficulty is, `text` how the test came out (with its total); a
/// quiet play-out calls neither.
pub fn test_against(
    ctx: &mut Ctx,
    character: Option<usize>,
    spec: &TestSpec,
    difficulty: i32,
    against: impl FnOnce() -> Line,
    text: impl FnOnce(bool, i32) -> Line,
) -> Result<bool, RuleError> {
    let r = roll_test(ctx, spec)?;
    let ok = r.total >= difficulty;
    ctx.log.explain(|| {
        let mut e = r.explanation(spec);
        e.against = Some(
            Line::new("teams-test-against")
                .number("difficulty", difficulty)
                .line("against", against()),
        );
        e.outcome = Line::new(if ok {
            "teams-test-success"
        } else {
            "teams-test-failure"
        })
        .number("luck", r.luck);
        (super::EventKind::Roll { character }, text(ok, r.total), e)
    });
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tests_chance_counts_the_luck_bonus_and_advantage_exactly() {
        // A d6 against 4: 3 faces of 6 do it, and a luck roll of 20 (+4) always does.
        let spec = TestSpec::new("teams.tests").die(Some(Die::D6), "dexterity");
        let one = 0.5 * 19.0 / 20.0 + 1.0 / 20.0;
        assert!((chance_at_least(&spec, 4) - one).abs() < 1e-12);
        let mut adv = spec.clone();
        adv.advantages.push(Why::ProneStrike);
        assert!((chance_at_least(&adv, 4) - (1.0 - (1.0 - one).powi(2))).abs() < 1e-12);
        let mut dis = spec.clone();
        dis.disadvantages.push(Why::Cover);
        assert!((chance_at_least(&dis, 4) - one * one).abs() < 1e-12);
        // Two dice and a modifier: 2d4 + 1 against 9 needs 8 on the dice (1 in 16), or with
        // the luck bonus 4 or more (13 in 16).
        let two = TestSpec::new("teams.tests")
            .die(Some(Die::D4), "a")
            .die(Some(Die::D4), "b")
            .modifier(1, Why::Guarding);
        let want = (1.0 / 16.0) * 19.0 / 20.0 + (1.0 / 20.0) * (13.0 / 16.0);
        assert!((chance_at_least(&two, 9) - want).abs() < 1e-12);
    }
}
