# The battle's screen: the panels beside the board, the windows over it.

screen-the-gm = the GM
screen-nobody = nobody
screen-ai-seat = { $seat }, the AI ({ $level })
screen-pass-to = Pass the screen to { $who }
screen-pass-why = The board is hidden so nobody sees what the other side keeps concealed.
screen-have-it = I have the screen
screen-deciding = { $who } is deciding…
screen-replay-at = Replay: action { $taken } of { $length }
screen-won = { $side } win. { $how }.
screen-draw = A draw: { $how }.
screen-see-result = See the result
screen-lesson-speaks = The lesson speaks: read it, then go on
screen-effects-under = Each option's effect is under it.
screen-next-more = Next ({ $more } more)
screen-go-on = Go on
screen-characters = Characters
screen-log-title = Combat log (click a line to see it again, a roll for its breakdown; K skips)
screen-breakdown = Roll breakdown
screen-showed = { $die } showed { $value }
screen-dice = Dice: { $dice }
screen-dropped = Dropped: { $die } showed { $value } (impaired: the lower die counts)
screen-total = Total: { $total }
screen-against = Against: { $against }
screen-result = Result: { $outcome }
screen-rule = Rule { $rule }
screen-no-note = (no note)
screen-reasons = The AI's reasons
screen-last-decision = { $seat }'s last decision, best first:
screen-no-decision = No AI decision yet.
# $value: the share of play-outs won, from 0 to 1, written with two decimals.
screen-win-share = { NUMBER($value, minimumFractionDigits: 2, maximumFractionDigits: 2) } win share over { $visits } play-outs — { $choice }
# $value: the gain the AI expects, written with its sign and two decimals.
screen-expected = { SIGNED($value, fractionDigits: 2) } expected — { $choice }
screen-help = Help
screen-help-board = The board: the wheel zooms, dragging with the right or middle button pans, Home (or 0) shows the whole board again.
screen-help-tokens = A token's picture is who they are; the small one at its side, what they hold; the number at its corner, what the ruleset counts on it.
screen-help-bars = Bars across a token: what it has left of what it can lose (health; in Three actions endurance, then health), green when whole.
screen-help-icons = Icons on the tokens:
screen-help-keys = Keyboard (F2 changes the keys):
screen-help-rolls = Every roll in the log opens its breakdown: dice, modifiers, and the rule quoted from the rules notes.
screen-choices-for = Showing choices for { $who }
screen-all = all (Esc)
screen-reach-lit = Where a move of theirs could go is lit on the board.
screen-chaos = Chaos of combat: { $seconds } s to declare
screen-back = back (Esc)
screen-compose = Compose it a piece at a time: its degree, then its kind.
screen-so-far = So far: { $picked }
screen-back-a-step = back a step (Esc)
screen-deal-it = Deal it: { $choice }
screen-verb-row = { $verb } …  ({ $count } choices)
screen-part-row = { $part } …  ({ $count ->
        [one] 1 way
       *[other] { $count } ways
    } on)
screen-numbered = { $number }. { $text }
screen-lesson-choice = {"   "}(the lesson's choice)
screen-verb-hint = Enter or a click opens its choices; a lit place on the board is one click.
screen-irreversible = {"      "}This cannot be taken back: Enter or click again to confirm.
screen-phase = { $phase ->
        [starting] Starting
        [thinking] The AI is thinking
        [watching] Watching a replay
        [pass] Pass the screen
        [showing] The rules at work
       *[over] The fight is over
    }
screen-status-deciding = Deciding: { $who }
screen-fast = Fast AI
screen-log = Log
screen-why = AI's reasons
screen-help-button = Help
screen-undo = Undo
screen-leave = Leave

## The table's own dice: the window that asks for a roll.

table-dice-title = The table rolls
# $why: what the roll is for.
table-dice-ask = Roll a d{ $sides } for { $why }
# The rule behind the roll: its title in the rules notes, and its id.
table-dice-rule = Under the rule { $title } ({ $id })
table-dice-rule-id = Under the rule { $id }
table-dice-showed = It showed:
table-dice-take = Take it
table-dice-other = Choose something else

## A character's card.

# A pool of the card's: $what is health, endurance, or Coterie's wounds left.
card-pool = { $what ->
        [health] health
        [wounds-left] wounds left
       *[endurance] endurance
    } { $left } of { $most }
# A line of the help's keys: the keys, and what they do.
screen-help-key = { $keys }: { $does }

## What the notice line says.

undo-taken-back = Taken back.
undo-nothing = Nothing to take back: dice were rolled, something was revealed, or the other side has decided since.
# A choice taken without asking: the only one, or a routine one; $choice is what was taken.
lone-taken = The only choice, taken: { $choice }.
lone-routine = Answered for you (routine; F3 to change): { $choice }.
# Saving a replay, a skirmish, the battle.
saved-at = Saved { $path }
# $why: the system's own words, or saved-name-taken.
saved-not-at = Could not save { $path }: { $why }
saved-name-taken = another scenario of that name is already there
saved-not = Could not save: { $why }
saved-in-browser = Saved in this browser as { $key }
saved-skirmish = Saved { $path }: play it with fray play { $path }
saved-not-a-skirmish = { $name } is not a random skirmish
saved-no-replays = This ruleset's battles cannot be saved as replays
saved-battle-not = The battle could not be saved: { $why }
