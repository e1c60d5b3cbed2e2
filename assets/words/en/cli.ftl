# The command line's own words (src/cli.rs): what `fray sim`, `replay`, `record`, `referee`,
# `check`, `generate`, `lessons` and `bench` say around the battles, and their refusals. A file's
# path, a scenario's or a side's name, a ruleset's id, a size, a hash and the keywords a
# command takes are values, written as they are. Numbers with decimals come already written
# ($rounds, $share...); a count is a number, for Fluent to choose the words by.

## Refusals of what was typed.

# $known: the keywords there are, joined by ", ".
cli-unknown-ruleset = unknown ruleset "{ $ruleset }" (known: { $known })
cli-unknown-size = unknown size "{ $size }" (known: { $known })
cli-unknown-level = unknown level "{ $level }" ({ $known })
cli-unknown-benchmark = unknown benchmark "{ $what }" (known: { $known })
cli-unknown-language = no language "{ $code }" (known: { $known })
cli-unknown-seat = unknown seat "{ $seat }": use person, ai, or an AI level (easy, normal, hard); gm:KIND for the GM
cli-no-rules-notes = no rules notes for "{ $ruleset }"
cli-cannot-write-output = cannot write the output: { $error }
# $sim, $build: commands to type, as they are typed.
cli-no-window =
    This fray was built without the `game` feature, so it has no window.
    Try { $sim }, or build with { $build } to play.
cli-no-window-to-watch = this fray was built without the `game` feature: no window to watch in
cli-watch-needs-seed = { $file }: only replays with a dice seed can be watched
cli-headless-needs-battle = --headless needs a scenario or --seats
cli-headless-no-person = --headless cannot seat a person: use AI levels in --seats

## Files written: a replay, a generated skirmish.

cli-file-is-there = { $file }: a file is already there; name another --out, or add --force to write over it
cli-would-overwrite-scenario = { $file }: this is the scenario being played; the replay would overwrite it: name another --out
cli-cannot-write = { $file }: cannot write: { $error }
cli-no-folder = { $file }: cannot find the folder it is written to
cli-scenario-outside = { $file }: a replay reads its scenario only from its own folder or below it, and { $scenario } lies outside { $folder }: write the replay beside the scenario or above it
cli-not-replayable = this ruleset's battles cannot be saved as replays
# `fray record`: the replay written, and the round its battle ended in.
cli-recorded = { $file }: { $actions } { $actions ->
        [one] action
       *[other] actions
    }, round { $round }
# `fray referee --out`: the battle refereed, kept.
cli-refereed = { $file }: { $actions } { $actions ->
        [one] action
       *[other] actions
    } kept, with the dice the table rolled

## `fray sim`: a table of the battles' results.

# $seated: each side's AI level (ai-level), joined by cli-sim-against.
cli-sim-heading = { $scenario } ({ $ruleset }), { $games } { $games ->
        [one] battle
       *[other] battles
    }, { $seated }
cli-sim-against = {" "}against{" "}
# After a side's name and its count of wins.
cli-sim-wins = { $wins ->
        [one] win
       *[other] wins
    }
cli-sim-draws = draws
cli-sim-unfinished = unfinished
# $rounds: the mean, a number written with two decimals; $speed: battles a second, written whole;
# $threads: battles played at once.
cli-sim-speed = mean rounds { NUMBER($rounds, minimumFractionDigits: 2, maximumFractionDigits: 2) }, { NUMBER($speed, maximumFractionDigits: 0) } battles per second ({ $threads } at once)

## `fray replay`, `fray check`: a replay re-run.

cli-final-hash = final state hash { $hash }
cli-unfinished = the battle is unfinished: no side has won yet
cli-check-unfinished = { $file }: { cli-unfinished }
cli-check-ok = { $file }: ok
# $warning: what the replay's check found, in its own words.
cli-warning = warning: { $warning }
# $values: the dice, joined by ", ".
cli-dice-left = { $file }: { $strict ->
        [yes] error:
       *[no] note:
    } { $count } scripted { $count ->
        [one] die was
       *[other] dice were
    } never rolled: { $values }
cli-check-strict = { $file }: the scripted dice must all be rolled (--strict)
cli-sealed = { $file }: sealed
cli-already-sealed = { $file }: already sealed, and it replays as sealed

## `fray generate`: how even the skirmish made came out.

# $faction: the first side; $share: its share of the wins, in percent, written whole; $rounds:
# written with one decimal; $turns: how often the generator turned a knob to even it; $seconds:
# written with two decimals.
cli-generated = { $scenario }: { $faction } { NUMBER($share, maximumFractionDigits: 0) }% over { $battles } { $battles ->
        [one] battle
       *[other] battles
    } between normal AIs, { NUMBER($rounds, minimumFractionDigits: 1, maximumFractionDigits: 1) } rounds on average; { $drafts } { $drafts ->
        [one] draft
       *[other] drafts
    } set aside, { $turns } knob { $turns ->
        [one] turn
       *[other] turns
    }, { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } s

## `fray lessons --coverage`

# $untaught: the paragraphs' ids, joined by ", "; $left: how many.
cli-lessons-coverage = { $ruleset }: { $taught } of { $paragraphs } { $paragraphs ->
        [one] paragraph
       *[other] paragraphs
    } taught; untaught: { $left ->
        [0] none
       *[other] { $untaught }
    }

## `fray bench ai`: the win rates between AI levels and their decision times.

# $scenarios: the scenarios' ids, joined by ", ".
cli-bench-over = { $battles } { $battles ->
        [one] battle
       *[other] battles
    } over { $scenarios } ({ $unfinished } unfinished)
cli-bench-win-rate = win rate of row against column (draws count half)
cli-bench-by-side = by the side the row's level played (side 0, side 1)
# A row of the table by side: the level that played the side, and the one it played against.
cli-bench-pairing = { $row } against { $column }
cli-bench-decision-time = decision time (ms, decisions with a choice)
# $median, $p99, $max: milliseconds with two decimals, each written to a column's width.
cli-bench-timing = median { $median }  p99 { $p99 }  max { $max }  ({ $decisions } { $decisions ->
        [one] decision
       *[other] decisions
    })

## `fray bench generate`: the columns of its table, one row for each ruleset.

cli-bench-ruleset = ruleset
cli-bench-size = size
cli-bench-seeds = seeds
cli-bench-refused = refused
cli-bench-share = first side's share (least/mean/most)
cli-bench-rounds = rounds (least/mean/most)
cli-bench-seconds = seconds (median/mean/most)
