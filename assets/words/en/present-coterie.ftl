# What the Coterie screens show: decisions, the board, odds, the roster, the result.

coterie-title-commit = The phase: declare an action, then bring your skills
coterie-title-special = A special action
coterie-title-review = The GM reviews a special action
coterie-title-harm = Harm
coterie-title-draw = A draw: neutral or harmful?
coterie-title-morale = The GM judges the opposition's morale

coterie-heading-standing = Standing
coterie-heading-wounds = Wounds
coterie-heading-fatigue = Fatigue

coterie-mouse = Mouse: click a choice on the left. The track shows where each group stands and the steps it can be pushed back; the duels stand apart on the right. Hover a choice for its odds.
coterie-round = Phase { $n }

## Lists, as the screens join their parts. Each is folded from the right: "a, b, c" is
## { $first } "a" and { $rest } "b, c".

coterie-list-comma = { $first }, { $rest }
coterie-list-semicolon = { $first }; { $rest }
# Sentences one after another.
coterie-sentences = { $first } { $rest }

## The track: its places, and what a group's step says of its penalties for the next phase.

coterie-place-duels = Duels
coterie-penalty-tactical = tactical -{ $n }
# $wounds × $vulnerability = $penalty, written short under the step.
coterie-penalty-wounds = wounds { $wounds }×{ $vulnerability } = -{ $penalty }
# $trait is the scenario's name of the group's trait.
coterie-penalty-trait = { $trait } -{ $n }
coterie-penalty-bonus = bonus +{ $n }

## A character's token: the note under the name, and each skill on the card with its rank.

coterie-token-fatigue = fatigue { $fatigue }
coterie-token-skill = { $skill } { SIGNED($rank) }

## What a piece of harm would do, before it is chosen. $side is a group's name; $ends says how
## it ends ("s" or other), for the English possessive.

coterie-preview-pushed = { $side } pushed back to { $position } on the track (lasting)
coterie-preview-tactical = -{ $n } to their effort (the next phase only)
coterie-preview-wounded = { $side } wounded: wounds { $wounds } × vulnerability { $vulnerability } = -{ $penalty } effort (lasting)
coterie-preview-trait = { $side }{ $ends ->
        [s] '
       *[other] 's
    } { $trait } -{ $n } (lasting)
# Each player character's injuries are capped by their own performance; $degree the piece's.
coterie-preview-injured = each of { $side } injured, up to { $degree ->
        [draw] draw
        [minor] minor
        [major] major
       *[decisive] decisive
    } as their own performance allows (lasting)
coterie-preview-over-run = over-run: the conflict is lost
coterie-preview-break = they flee or capitulate

## The rules at work, step by step: the efforts, the rolls, the degree, the performances, a duel.

coterie-beat-efforts-title = The efforts tallied
# A group's name over its modifiers.
coterie-beat-side = { $side }:
# One modifier of an effort: its value and what it is for (the referee's words).
coterie-beat-modifier = { SIGNED($n) }  { $cause }
coterie-beat-before-dice = = { $n } before the dice
coterie-beat-roll-title = Both sides roll 2d6
# $dice: the two dice as rolled, "4 + 6".
coterie-beat-roll = { $side }: { $before } + 2d6 ({ $dice }) = { $total }
coterie-beat-degree-title = The margin and its degree
# $against: both efforts, in the referee's words.
coterie-beat-margin = Efforts: { $against }; margin { $margin }.
coterie-beat-degrees = 16 or more: decisive; 6 to 15: major; 1 to 5: minor; 0: a draw.
coterie-beat-result = The result: { $outcome }.
coterie-beat-performances-title = Each character's performance
# $modifiers: each coterie-beat-performance-modifier, then coterie-beat-performance-against,
# written one after another.
coterie-beat-performance = { $who }: 2d6 ({ $dice }){ $modifiers }: { $outcome }
coterie-beat-performance-modifier = , { SIGNED($n) } { $cause }
coterie-beat-performance-against = ; { $against }
coterie-beat-duel-title = A duel
# A duel's line, and its roll explained.
coterie-beat-duel = { $line } ({ $roll })

## Words over a token.

coterie-float-shift = { SIGNED($n) }
coterie-float-hurt = wounds { $wounds }, fatigue { $fatigue }
coterie-float-special = special action

## The situation: the phase, where the groups stand, and what the pending decision is about.

coterie-situation = Phase { $phase }. { $party } at { $party-position }, { $foes } at { $foes-position }.
coterie-situation-efforts = Efforts before the dice: { $ours } against { $theirs }.
coterie-situation-harm = A { $degree ->
        [draw] draw
        [minor] minor
        [major] major
       *[decisive] decisive
    } victory: compose the harm.
coterie-situation-foes-fall-back = A major loss for { $foes }: take the players' harm, or fall back two steps instead.
# $caps: each character's coterie-situation-cap, as a list.
coterie-situation-fall-back = A { $degree ->
        [draw] draw
        [minor] minor
        [major] major
       *[decisive] decisive
    } loss: take the GM's harm, or fall back instead. Injuries at most: { $caps }.
# What a character's own performance caps their injuries at: a degree, or none (draw).
coterie-situation-cap = { $who } ({ $performance ->
        [awful] Awful
        [poor] Poor
        [good] Good
        [great] Great
       *[normal] Normal
    }): { $degree ->
        [draw] unharmed
        [minor] minor
        [major] major
       *[decisive] decisive
    }
# The opposition's morale, judged by the GM; $usual is what the book would have them do.
coterie-situation-morale-crushed = { $foes } are crushed by a decisive loss: fight on, flee or capitulate? The book's usual: { $usual ->
        [flee] flee
        [capitulate] capitulate
       *[fight-on] fight on
    }.
coterie-situation-morale-pushed = { $foes } are pushed back to { $position }: fight on, flee or capitulate? The book's usual: { $usual ->
        [flee] flee
        [capitulate] capitulate
       *[fight-on] fight on
    }.

## What a choice comes to, beside it.

coterie-odds-flee-conflict = the conflict ends, lost: { $foes } hold the field; { $degree ->
        [decisive] the GM still deals a minor injury
       *[other] no further harm
    }
coterie-odds-unhurt = they leave the conflict unhurt
coterie-odds-neutral-draw = no harm to either side, the track unchanged; 1 fatigue for each of you
# $theirs: what the harm does to the opposition (a preview); $party the players' share.
coterie-odds-harmful-draw = { $theirs }; { $party ->
        [tactical] you are pushed back 1
       *[injuries] you take a minor injury of the GM's choosing
    }; 1 fatigue for each of you
coterie-odds-fight-on = the conflict goes on; asked again only if { $foes } are pushed further
coterie-odds-flee-morale = the conflict ends: the players hold the field
coterie-odds-capitulate = the conflict ends: the opposition at the players' mercy
coterie-odds-flee = leaves the conflict unharmed, for good; with no one left, the group loses
coterie-odds-stay = stays, and takes the group's harm with the rest
# The phase's chances, in percent, at the efforts declared so far.
coterie-odds-chances = the phase won { $win }%, drawn { $draw }%
# $chances: this choice's coterie-odds-chances; $steady: those of fighting steady instead.
coterie-odds-press = +2 to your contribution this phase; 1 fatigue after it; { $chances } (fighting steady: { $steady })
coterie-odds-steady = at the efforts so far, { $chances }
coterie-odds-goal = a step towards your goal if the group wins or you perform well; { $chances }
# $n skills brought; past the first, each adds 1 to a performance die ($bonus in all).
coterie-odds-bring = { $n ->
        [0] no skill brought: the performance dice alone
        [one] one skill: no bonus to the performance dice
       *[other] { $n } skills: +{ $bonus } to a performance die
    }
coterie-alternative-foes-fall-back = Or, as the GM chooses: { $foes } fall back instead

## A harm composed step by step: each piece's degree, then its kind.

coterie-part-degree = a { $degree ->
        [draw] draw
        [minor] minor
        [major] major
       *[decisive] decisive
    } harm

## The roster. The opposition takes its wounds as a group, on a line of its own.

coterie-roster-group-wounds = { $wounds ->
        [0] Group wounds 0
       *[other] Group wounds { $wounds } × vulnerability { $vulnerability } = −{ $penalty } effort
    }
coterie-roster-out = out
coterie-roster-dueling = dueling { $foe }
coterie-roster-left = wounds left { $left }/{ $most }, fatigue { $fatigue }
# A character's name, then what is said of them (a list).
coterie-roster-line = { $who } — { $what }

## The result table: where each character stands at the end.

coterie-standing-out = out
coterie-standing-dueling = dueling
coterie-standing-in = in the conflict
