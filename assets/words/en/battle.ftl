# Words every ruleset's battle uses.

# Between the items of a list written in a line.
list-separator = {", "}
# A roll's dice that were rolled but not counted.
roll-dropped = (dropped { $dice })
# What a roll was compared with.
roll-against = vs { $against }

## Why the referee refused an action.

rule-illegal = illegal action: { $why }
rule-over = the battle is over
# $action and $kind are written as a developer reads them.
rule-not-now = “{ $action }” is not allowed now: { $who }, with { $n ->
        [one] 1 legal choice
       *[other] { $n } legal choices
    }
rule-side-must-decide = { $side } must decide { $kind }
rule-gm-must-decide = the GM must decide { $kind }
decision-initiative = who acts first
decision-activation = whom to activate
decision-turn = a turn's next action
decision-reaction = a reaction
decision-stunt = a stunt
decision-morale = after a failed morale save
decision-harm = how harm is dealt or taken
decision-draw = a draw
decision-commit = what to bring into the phase
decision-special = a special action
decision-review = whether to allow a special action
rule-not-this-decision = that is not a choice of this decision
rule-no-attack-to-answer = “{ $action }” answers no attack: none is under way
rule-not-a-turn-action = “{ $action }” is not an action of a turn
rule-situation-cannot-start = the situation cannot start: { $why }
rule-cannot-advance = the battle cannot advance (no side can ever act)
rule-no-legal-action = a decision is pending but no action is legal
rule-not-of-this-ruleset = that is not an action of the { $ruleset } ruleset

## Why a battle did not open.

# $actions and $scenario are rulesets' ids.
battle-actions-of-another-ruleset = the replay's actions are for { $actions }, its scenario for { $scenario }
battle-save-unknown-option = the saved battle switches an optional rule its scenario does not have: { $key }
# $n counts the saved battle's actions from 1; $why is the referee's refusal.
battle-save-action-fails = the saved battle's action { $n } no longer plays: { $why }
battle-lesson-opens-with-its-run = a lesson opens with its run (lesson::open)

## How a battle ended, where a ruleset's own words do not say.

rule-how-ended = the fight ended
rule-how-nobody-standing = nobody is left standing

## Dice: what a roll asks of the table, and what went wrong with one.

# $why: what the roll is for; $under: the rule behind it (dice-under), or nothing.
dice-exhausted = the scripted dice ran out: a d{ $sides } was needed for { $why }{ $under }
dice-off-the-die = a d{ $sides } cannot show { $value } (asked for { $why }{ $under })
dice-not-rolled = nobody rolled the d{ $sides } for { $why }{ $under }: { $reason }
dice-under = , under { $rule }
# The prompt of a table typing its own dice in; $rule is dice-ask-rule, or nothing.
dice-ask = Roll a d{ $sides } for { $why }{ $rule }:{" "}
dice-ask-rule = {" "}({ $rule })
dice-not-a-face = '{ $typed }' is not a face of a d{ $sides }: type a number from 1 to { $sides }
