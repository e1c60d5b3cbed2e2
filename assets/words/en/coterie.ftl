# Coterie: the referee's lines.
#
# Values: $who a character's name, $side (also $party, $foes, $winner) a group's name; $degree
# is one of draw, minor, major, decisive; $ends says how a group's name ends ("s" or other), for
# the English possessive.

## The conflict's course.

coterie-begins = { $conflict }: { $party } against { $foes }. Phase 1 begins.
coterie-phase = Phase { $phase } begins.
coterie-draw-tires = The draw tires everyone: +1 fatigue.
coterie-over = The conflict is over: { $how }.

## Each character's part.

coterie-declares = { $who } { $effort ->
        [press] presses hard (+2 effort, 1 fatigue)
        [goal] works towards their goal
       *[steady] fights with the group
    }.
coterie-proposes = { $who } proposes a { $kind ->
        [mild] mild special action
       *[full] special action
    }: { $special }.
coterie-special-action = { $who }'s special action: { $special }
coterie-goal-closer = { $who } gets closer to { $goal } ({ $progress }/{ $needed })
coterie-flees-field = { $who } did well enough to flee the field, and leaves the conflict.
coterie-hurt = { $who } is hurt: { $degree ->
        [draw] draw
        [minor] minor
        [major] major
       *[decisive] decisive
    } (wounds { $wounds })
coterie-worn-down = { $who } is worn down: fatigue { $fatigue }
coterie-out = { $who } is out of the conflict: { $why ->
        [beaten] beaten in a duel
       *[hurt] too badly hurt to go on
    }.

## Special actions, as proposed and as done.

coterie-special-group-bonus = +{ $k } to the group's next effort
coterie-special-self-bonus = +{ $k } to their own next performance roll
coterie-special-tactical = a tactical change: the enemy pushed back a step
coterie-special-recover = shake off { $k } fatigue
coterie-special-progress = { $k } step(s) towards their goal
coterie-special-duel = a duel with { $foe }

## The efforts, the result and the performances.

coterie-effort-of = the effort of { $side }
coterie-effort-total = effort { $total }
coterie-effort = { $side }: effort { $total }
coterie-result-of = the phase's result
coterie-result-against = { $party } against { $foes }
coterie-result = { $degree ->
        [draw] draw
        [minor] minor
        [major] major
       *[decisive] decisive
    } victory for { $winner } (margin { $margin })
coterie-result-draw = a draw
coterie-regains = { $side } win and regain a step: position { $position }
coterie-performance-of = { $who }'s individual performance
coterie-performance-against = dice as placed { $first } and { $second }: 1s count -1, 6s +1
coterie-performance = { $level ->
        [awful] Awful
        [poor] Poor
        [good] Good
        [great] Great
       *[normal] Normal
    } ({ SIGNED($shift) })
coterie-performs = { $who } performs { $level ->
        [awful] Awful
        [poor] Poor
        [good] Good
        [great] Great
       *[normal] Normal
    } ({ SIGNED($shift) })

## What counts in an effort or a roll.

coterie-skill = { $skill }
coterie-skill-of = { $who }'s { $skill }
coterie-nuance-of = { $who }'s nuance: { $nuance }
coterie-fatigue-of = { $who }'s fatigue
coterie-presses = { $who } presses hard
coterie-trait = { $side }{ $ends ->
        [s] '
       *[other] 's
    } { $trait }
coterie-trait-injured = { $side }{ $ends ->
        [s] '
       *[other] 's
    } { $trait } ({ $value }, injured −{ $injury })
coterie-group-wounds = wounds { $wounds } × vulnerability { $vulnerability }
coterie-party-wounds = wounds { $wounds } × vulnerability { $vulnerability } / { $members } members
coterie-party-wounds-armour = wounds { $wounds } × vulnerability { $vulnerability } ({ $members } less armour { $armour }) / { $members } members
coterie-tactical-position = tactical position
coterie-special-actions = special actions
coterie-leadership = { $who }'s leadership
coterie-group-work = group work ({ $who })
coterie-more-skills = { $n ->
        [one] a second skill brought
       *[other] { $n } more skills brought
    }
coterie-special-action-bonus = special action
coterie-injuries = injuries
coterie-fatigue = fatigue { $fatigue }

## Duels.

coterie-duel-of = { $who } in the duel
coterie-duel-nuance = nuance: { $nuance }
coterie-duel-fatigue = fatigue
coterie-duel-wounds = wounds
coterie-duel-total = { $total }
coterie-duel-roll = { $who }: { $total } in the duel
coterie-duel-even = The duel is even this phase.
coterie-duel-won = { $who } wins the duel's phase: a { $degree ->
        [draw] draw
        [minor] minor
        [major] major
       *[decisive] decisive
    } victory
coterie-duel-falls-back = { $who } falls back two steps in the duel.

## Harm.

# A piece of harm: its degree, then its kind ($kind, one of the three below).
coterie-harm = { $degree ->
        [draw] draw
        [minor] minor
        [major] major
       *[decisive] decisive
    } { $kind }
coterie-kind-tactical = tactical harm (a push-back)
coterie-kind-wounds = injuries
coterie-kind-trait = injury to { $trait }
# Pieces of harm, or skills, one after another: "a and b".
coterie-and = { $first } and { $rest }
# Pieces of harm as a menu composes them: "a + b".
coterie-plus = { $first } + { $rest }
coterie-pushed-back = { $side } pushed back { $level } (position { $position }, -{ $penalty } on the next phase)
coterie-take-injuries = { $side } take { $degree ->
        [draw] draw
        [minor] minor
        [major] major
       *[decisive] decisive
    } injuries
coterie-take-wounds = { $side } take { $degree ->
        [draw] draw
        [minor] minor
        [major] major
       *[decisive] decisive
    } wounds: wounds { $wounds } × vulnerability { $vulnerability } = -{ $penalty } to their effort
coterie-trait-hurt = { $side }{ $ends ->
        [s] '
       *[other] 's
    } { $trait } injured: { $level } × vulnerability { $vulnerability } × 2 = -{ $penalty } to their { $trait }
coterie-players-would-deal = The players would deal { $harm }; { $foes } may fall back two steps instead.
coterie-gm-would-deal = The GM would deal { $harm }; the players may fall back instead.
coterie-gm-waives = The GM waives the level kept for injuries.
coterie-gm-keeps = The GM keeps a level for injuries: { $harm }
coterie-foes-fall-back = { $foes } fall back rather than suffer the harm: { $harm }
coterie-players-fall-back = The players fall back: { $harm }
coterie-neutral-draw = A neutral draw: neither side is harmed and the track stays as it is.
coterie-harmful-draw = A harmful draw: { $harm }
coterie-fight-on = { $foes } fight on.

## The choices, as the menu lists them. $who is a character's name or the GM (coterie-gm).

coterie-gm = The GM
coterie-do-steady = { $who }: fight with the group
coterie-do-press = { $who }: press hard (+2 effort, 1 fatigue)
coterie-do-goal = { $who }: work towards { $goal }
coterie-do-goal-unnamed = { $who }: work towards their goal
coterie-do-bring-none = { $who }: bring no skill
coterie-do-bring = { $who }: bring { $skills }
coterie-do-propose = { $who }: { $special }
coterie-do-allow = Allow the special action as proposed
coterie-do-allow-milder = Allow a milder special action
coterie-do-take-harm = Take the harm
coterie-do-foes-fall-back = { $foes } fall back two steps instead
coterie-do-fall-back = Fall back instead
coterie-do-flee-conflict = Flee the conflict, all of you (it is lost)
coterie-do-flee = { $who }: flee the field
coterie-do-stay = { $who }: stay
coterie-do-neutral-draw = A neutral draw
coterie-do-harmful-draw = A harmful draw: the enemy takes minor { $kind }, the players { $party ->
        [tactical] a minor push-back
       *[injuries] minor injuries the GM picks
    }
coterie-do-party-injury = The players take minor { $kind }
coterie-do-keep-level = Keep a level for minor { $kind }; they fall back two
coterie-do-keep-level-fleeing = Keep a level for minor { $kind } as they flee
coterie-do-let-flee = Let them flee unhurt
coterie-do-waive = Waive it; they fall back three
coterie-do-duel-fall-back = { $who }: fall back in the duel
coterie-do-duel-harm = { $who }: take the harm
coterie-do-fight-on = { $foes } fight on
coterie-do-flee-morale = { $foes } flee (the players win)
coterie-do-capitulate = { $foes } capitulate (the players win)

## Why an action was refused.

coterie-not-a-choice-now = “{ $action }” is not a choice now
coterie-phase-loop = the phase loop did not reach a decision

## How the conflict ended.

coterie-how-ended = the conflict ended
coterie-how-flee = { $side } flee
coterie-how-capitulate = { $side } capitulate
coterie-how-flee-conflict = { $side } flee the conflict
coterie-how-over-run = { $side } are over-run
coterie-how-total-defeat = { $side } are over-run: total defeat
coterie-how-cut-down = { $side } are cut down: wounds { $wounds }
coterie-how-no-one-left = no one of { $side } is left in the conflict

## A character as a record shows it: their group and what they are in.

coterie-group = { $side }
coterie-condition-dueling = dueling { $with }
coterie-condition-out = out of the conflict
coterie-condition-performance = performance { SIGNED($bonus) }
