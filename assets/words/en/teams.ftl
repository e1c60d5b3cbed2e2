# Three actions: the referee's lines.
#
# $who, $attacker, $target, $ally, $patient, $enemy, $from (a character) and $team (a team) are
# names; $item, $weapon, $first and $second an item's name (or "bare hands"); $task a task's
# name as the scenario gives it; $at, $from and $to a square, "(4, 1)".

teams-battle-over = The battle is over: { $how }.

## What lines are made of.

teams-square = ({ $x }, { $y })
teams-bare-hands = bare hands
# A signed figure and its cause: "+1 guarding".
teams-signed = { SIGNED($value) } { $cause }

## The start, the initiative and the rounds.

teams-started-fight = { $team } started the fight and take the first initiative.
teams-started-fight-attacked = { $team } started the fight and take the first initiative; { $attacked }, attacked, come next.
# $order: the teams in the order they act, written with teams-team-then and teams-team.
teams-initiative = Initiative: { $order }.
teams-team-then = { $team }, then { $rest }
teams-team = { $team }
teams-gm-places = The GM places { $team } next in the initiative.
teams-surprise = Surprise! Only { $team }, and those who cannot be surprised, act in the surprise round.
teams-resumed = The battle starts from the scenario's situation, in round { $round }.
teams-surprise-round-begins = The surprise round begins.
teams-round-begins = Round { $round } begins.
teams-surprise-round-over = The surprise round is over.
teams-objective-changes = { $team }'s objective changes.
# A change of objective in the scenario's own words ($text, as its file gives it).
teams-objective-told = { $text }

## Turns and actions.

teams-takes-turn = { $who } takes a turn.
# $what: an action under way, one of teams-extended-*.
teams-takes-turn-owing = { $who } takes a turn. It owes { $actions } { $actions ->
        [one] action
       *[other] actions
    } to { $what } first.
teams-turn-ends = { $who }'s turn ends.
teams-spends = { $who } spends { $actions } { $actions ->
        [one] action
       *[other] actions
    } ({ $left } left).
teams-starts = { $who } starts to { $what }: { $actions } more { $actions ->
        [one] action
       *[other] actions
    } on the next turn.
teams-extended-reload = reload the { $item }
teams-extended-resuscitate = resuscitate { $patient }
teams-extended-task = work the { $task }
teams-extended-killing-strike = deliver a killing strike to { $target }
teams-commands = { $who } spends { $focus } focus to command { $ally }, who takes one action now.
teams-opens-door = { $who } opens the door at { $at }.
teams-closes-door = { $who } closes the door at { $at }.
teams-takes-from = { $who } takes the { $item } from { $from }.
teams-picks-up = { $who } picks up the { $item }.
teams-guards = { $who } guards: +1 to every defence until the next turn.
teams-moves = { $who } { $how ->
        [sprint] sprints
        [step] steps
       *[move] moves
    } from { $from } to { $to } ({ $metres } m).
teams-readies-for = { $who } readies an attack with { $weapon } on { $enemy } alone, when they move within reach.
teams-readies = { $who } readies an attack with { $weapon } on the first enemy to move within reach.
teams-prone-beside = { $who } goes prone beside { $patient }.
teams-takes-cover = { $who } takes cover: ranged attacks from beyond it have disadvantage.
teams-stands-up = { $who } stands up.
teams-waits = { $who } waits: an extra reaction until the next turn.
teams-leaves = { $who } leaves the battle.
teams-abandons = { $who } abandons the action under way.
teams-drops = { $who } drops the { $item } (free).
teams-drops-prone = { $who } drops prone (free).
teams-takes-no-action = { $who } takes no action.
teams-stows-everything = { $who } stows everything, hands empty.
teams-takes-up = { $who } takes up the { $item }.
teams-takes-up-both = { $who } takes up the { $first } and the { $second }.
teams-reloads = { $who } reloads the { $item }.
teams-reload-lost = { $who } no longer holds what was being reloaded.

## Resuscitating and short tasks.

teams-cannot-resuscitate = { $who } can no longer resuscitate { $patient }.
teams-resuscitate-test = { $who } resuscitates { $patient }
teams-against-patient-missing-health = { $patient }'s missing health
teams-brings-round = { $who } brings { $patient } round ({ $total } against { $missing }).
teams-fails-to-bring-round = { $who } fails to bring { $patient } round ({ $total } against { $missing }).
teams-regains-consciousness = { $who } regains consciousness, still prone.
teams-cannot-work = { $who } can no longer work the { $task }.
teams-task-test = { $who } works the { $task }
teams-against-task = the { $task }
teams-completes-task = { $who } completes the { $task } ({ $total } against { $difficulty }).
teams-fails-task = { $who } fails to work the { $task } ({ $total } against { $difficulty }).
teams-task-done = The { $task } is done.

## Tests: the explanation of a roll.

# What a test was rolled against: "7 (missing health)".
teams-test-against = { $difficulty } ({ $against })
teams-test-success = success (luck roll { $luck })
teams-test-failure = failure (luck roll { $luck })
teams-luck-modifier = { SIGNED($luck) } to the luck roll
# $causes: the reasons, each one of teams-why-* or teams-killing-strike-advantage.
teams-advantage = { $times ->
        [double] double advantage
       *[single] advantage
    } ({ $causes }): { $rolls } rolls, the highest kept{ $cancelled ->
        [0] {""}
       *[other] ; { $cancelled } cancelled out
    }
teams-disadvantage = { $times ->
        [double] double disadvantage
       *[single] disadvantage
    } ({ $causes }): { $rolls } rolls, the lowest kept{ $cancelled ->
        [0] {""}
       *[other] ; { $cancelled } cancelled out
    }
teams-advantage-cancelled = advantage ({ $advantages }) and disadvantage ({ $disadvantages }) cancel out
teams-lucky = luck roll { $luck } (20 or more)
teams-guarding = guarding
teams-reflex = reflex
teams-fortitude = fortitude
teams-will = will
teams-luck = luck

## Attacks.

teams-sneak-attack = { $attacker } makes a sneak attack on { $target }.
teams-throws = { $attacker } throws the { $weapon } at { $target }.
teams-shoots = { $attacker } shoots at { $target } with the { $weapon }.
teams-attacks = { $attacker } attacks { $target } with { $weapon }.
teams-intercepts = { $ally } intercepts, pushing { $target } aside and taking the attack.
teams-displaced = { $who } is displaced to { $to }.
teams-attack-test = { $attacker }'s attack on { $target } with { $weapon }
teams-proficiency-simple = simple proficiency
teams-proficiency-martial = martial proficiency
teams-proficiency-finesse = finesse proficiency
teams-proficiency-ranged = ranged proficiency
teams-multiple-attacks = multiple attack penalty ({ $earlier } earlier { $earlier ->
        [one] attack
       *[other] attacks
    } this round)
teams-why-sneak-unconscious = sneak attack: the target is unconscious
teams-why-sneak-unseen = sneak attack: the attacker is unseen
teams-why-sneak-surprised = sneak attack: the target is surprised
teams-why-flanking = flanking
teams-why-prone-shot = shooting at a prone target
teams-why-prone-strike = striking a prone target
teams-why-cover = the target has taken cover
teams-why-larger = the attacker is larger by { $by }
teams-why-smaller = the attacker is smaller by { $by }
teams-why-deflection = deflection
teams-why-elemental-deflection = elemental deflection
teams-why-parry = parry
# $why: the sheet's evasion (teams-evasion-sheet), then what changes it (teams-signed).
teams-evasion-against = evasion { $evasion } of { $target } ({ $why })
teams-evasion-sheet = sheet { $evasion }
teams-critical-hit-outcome = critical hit: luck roll { $luck } ≥ { $critical }, cannot miss
teams-hit-outcome = hit (luck roll { $luck })
teams-miss-outcome = miss (luck roll { $luck })
teams-stray-shot-test = { $attacker }'s stray shot: one face per character within 1 m
# $faces: each face of the die and who it stands for (teams-stray-shot-face).
teams-stray-shot-faces = { $faces }
teams-stray-shot-face = { $face }={ $who }
teams-stray-shot-flies = flies at { $who }
teams-stray-shot = Luck roll { $luck }: { $attacker }'s shot goes astray towards { $target }.
teams-misses = { $attacker } misses { $target } ({ $total } against evasion { $evasion }).
teams-hits = { $attacker } hits { $target } ({ $total } against evasion { $evasion }).
teams-critically-hits = { $attacker } critically hits { $target } ({ $total } against evasion { $evasion }).

## Defences and damage.

teams-reacts = { $who } reacts: { $reaction ->
        [block] block
        [dodge] dodge
        [fortify] fortify
        [intercept] intercept
        [parry] parry
        [resist] resist
       *[readied] the readied attack
    }.
teams-reacts-free = { $who } reacts: { $reaction ->
        [block] block
        [dodge] dodge
        [fortify] fortify
        [intercept] intercept
        [parry] parry
        [resist] resist
       *[readied] the readied attack
    } (free).
teams-dodge-test = { $who } dodges
teams-resist-test = { $who } resists
teams-against-attack-test = the attack test
teams-dodges = { $who } dodges the attack ({ $total } against { $attack }).
teams-resists = { $who } resists the attack ({ $total } against { $attack }).
teams-fails-to-avoid = { $who } fails to avoid the attack ({ $total } against { $attack }).
teams-attack-comes-to-nothing = The attack on { $who } comes to nothing.
teams-damage-test = { $attacker }'s damage to { $target }
teams-attack-test-result = the attack test's result
teams-weapon-damage = { $weapon } damage ({ $type ->
        [arcane] arcane
        [bludgeoning] bludgeoning
        [cold] cold
        [fire] fire
        [piercing] piercing
        [psychic] psychic
        [radiant] radiant
        [shock] shock
        [slashing] slashing
        [void] void
       *[typeless] typeless
    })
teams-weapon-critical-damage = { $weapon } critical damage ({ $type ->
        [arcane] arcane
        [bludgeoning] bludgeoning
        [cold] cold
        [fire] fire
        [piercing] piercing
        [psychic] psychic
        [radiant] radiant
        [shock] shock
        [slashing] slashing
        [void] void
       *[typeless] typeless
    })
teams-at-least-1 = at least 1
teams-block-value = block value of the { $item }
teams-block-against = durability { $durability } of the { $item }
teams-block-breaks = the { $item } breaks; { $excess } passes to { $target }
teams-block-holds = the { $item } takes { $damage }, durability { $left } left
teams-blocks = { $who } blocks with the { $item }, which takes { $damage } damage (durability { $durability-before } to { $durability }).
teams-damage-outcome = { $damage } damage to { $target }
teams-damage-roll = { $base } { $type ->
        [arcane] arcane
        [bludgeoning] bludgeoning
        [cold] cold
        [fire] fire
        [piercing] piercing
        [psychic] psychic
        [radiant] radiant
        [shock] shock
        [slashing] slashing
        [void] void
       *[typeless] typeless
    } damage, { $damage } after reduction.
teams-parry-wear = The { $item } takes 1 damage from the parry (durability { $durability }).
teams-damage-taken-endurance = { $who } takes { $amount } damage: endurance { $endurance-before } to { $endurance }.
teams-damage-taken-both = { $who } takes { $amount } damage: endurance { $endurance-before } to { $endurance }, the excess { $excess } to health { $health-before } to { $health }.
teams-damage-taken-health = { $who } takes { $amount } damage: { $excess } to health { $health-before } to { $health }.
teams-damage-taken-nothing = { $who } takes { $amount } damage.
teams-harmed = { $who } is harmed (endurance { $endurance } of { $max }, half or less).
teams-bloodied = { $who } is bloodied (health { $health } of { $max }).
teams-nonlethal = The damage was nonlethal: { $who } does not risk death this time.

## Falling, fortifying, dying.

# $why: one of teams-why-*.
teams-falls-unconscious = { $who } falls unconscious ({ $why }).
teams-why-zero-health = reduced to zero health
teams-why-cannot-fortify = missing health { $missing } exceeds constitution { $constitution }, with no reaction or stamina to fortify
teams-why-chose-not-to-fortify = chose not to fortify
teams-why-failed-to-fortify = failed to fortify
teams-fortify-test = { $who } fortifies
teams-against-missing-health = missing health
teams-fortifies = { $who } fortifies ({ $total } against { $missing }) and stays conscious.
teams-fails-to-fortify = { $who } fails to fortify ({ $total } against { $missing }).
teams-dies = { $who } dies ({ $why }).
teams-why-killing-strike = killing strike by { $by }
teams-why-damage-exceeded = the damage exceeded the health left
teams-cheat-death-test = { $who }'s luck test to cheat death
teams-cheat-death-against = { $difficulty } (the difficulty to cheat death)
teams-cheats-death-outcome = cheats death; next time { $next }
teams-dies-outcome = dies
teams-cheats-death = { $who } cheats death (luck { $total } against { $difficulty }).
teams-fails-to-cheat-death = { $who } fails to cheat death (luck { $total } against { $difficulty }).

## Killing strikes.

teams-killing-strike-nothing = { $attacker }'s killing strike comes to nothing: { $target } is no longer helpless within reach.
teams-killing-strike-test = { $attacker }'s killing strike on { $target }
teams-killing-strike-advantage = a killing strike
teams-against-constitution = { $target }'s constitution
teams-killing-strike-lands = { $attacker }'s killing strike lands ({ $total } against constitution { $constitution }).
teams-killing-strike-fails = { $attacker }'s killing strike fails ({ $total } against constitution { $constitution }): a sneak attack instead.

## The choices, as a menu lists them.

# An item, told apart from others of its name where it needs to be: $where (one of
# teams-item-in-hand, -stowed, -at), $worn (teams-item-durability) and $which
# (teams-item-which), each empty where not needed.
teams-item = { $item }{ $where }{ $worn }{ $which }
teams-item-in-hand = {" "}in hand
teams-item-stowed = {" "}stowed
teams-item-at = {" "}at { $at }
teams-item-durability = {" "}(durability { $durability })
teams-item-which = {" "}({ $k } of { $of })
teams-no-item = ?
teams-do-initiative-next = { $team } take the next initiative
teams-do-activate = Give { $who } the turn
teams-do-attack = Attack { $target } with { $weapon } (1 action)
teams-do-brandish-nothing = Brandish: empty hands (1 action)
teams-do-brandish = Brandish the { $item } (1 action)
teams-do-brandish-both = Brandish the { $first } and the { $second } (1 action)
teams-do-command = Command { $who } to act (1 action, { $focus } focus)
teams-do-open-door = Open the door at { $at } (1 action)
teams-do-close-door = Close the door at { $at } (1 action)
teams-do-take-from = Take the { $item } from { $from } (1 action)
teams-do-pick-up = Pick up the { $item } (1 action)
teams-do-guard = Guard: +1 to defences, ends the turn
teams-do-move = { $who } moves to { $to } (1 action)
teams-do-sprint = { $who } sprints to { $to } (1 action, 1 stamina)
teams-do-ready = Ready an attack with { $weapon } for the first enemy to come within reach (ends the turn)
teams-do-ready-for = Ready an attack with { $weapon } for { $enemy } alone (ends the turn)
teams-do-resuscitate = Resuscitate { $who } (2 actions)
teams-do-seek-cover = Seek cover (1 action)
teams-do-short-task = Work the { $task } (3 actions)
teams-do-reload = Reload the { $item } ({ $actions } { $actions ->
        [one] action
       *[other] actions
    })
teams-do-killing-strike = Killing strike on { $target } with { $weapon } (3 actions)
teams-do-stand-up = Stand up (1 action)
teams-do-wait = Wait: an extra reaction, ends the turn
teams-do-escape = Leave the battle (1 action)
teams-do-continue = Go on with the action under way
teams-do-abandon = Abandon the action under way (free)
teams-do-drop = Drop the { $item } (free)
teams-do-drop-prone = Drop prone (free)
teams-do-step = Step to { $to } (free)
teams-do-nothing = Take no action
teams-do-end-turn = End the turn
teams-do-intercept = { $who } intercepts (reaction, 1 stamina)
teams-do-no-intercept = Let the attack come
teams-do-dodge = Dodge (reaction, 1 stamina)
teams-do-parry = Parry with the { $item } (reaction, 1 stamina)
teams-do-block = Block with the { $item } (reaction, 1 stamina)
teams-do-resist = Resist (reaction, 1 focus)
teams-do-take-hit = Take the hit
teams-do-fortify = Fortify to stay conscious (reaction, 1 stamina)
teams-do-fall = Fall unconscious

## What each die is rolled for, as a table typing its own dice is asked.

# $test: the test; $die: what the die stands for; $roll: which of the rolls, from 1.
teams-roll-die = { $test }: { $die } die{ $roll ->
        [1] {""}
       *[other] {" "}(roll { $roll })
    }
teams-roll-stray = { $attacker }'s stray shot: who it flies at

## Why an action was refused.

teams-invalid-setup = invalid setup: { $why }
teams-invalid-situation = invalid situation: { $why }
teams-situation-order = the initiative order must name every team once
teams-situation-round-zero = rounds count from 1
teams-situation-no-character = there is no character { $c }
teams-situation-above-most = { $who }: { $what } above its most, { $max }
teams-situation-health-zero = { $who }: health 0 is unconscious or dead, and only that
teams-no-turn = no turn is under way
teams-no-actions-left = not enough actions left this turn
teams-no-action-under-way = no action is under way
teams-no-task = no task { $task }
teams-no-attack = no attack is under way
teams-cannot-attack = { $attacker } cannot attack { $target } with { $weapon }
teams-attack-lost-weapon = the attack lost its weapon
teams-stray-no-target = the stray shot has no target
teams-not-a-defence = “{ $action }” is not a defence
teams-damage-before-test = damage before the attack test
teams-cannot-take-turn = { $who } cannot take a turn now

## How the battle ended.

teams-how-held = { $team } held their ground for { $rounds } rounds
teams-how-kept-safe = { $team } kept { $who } safe to the end of round { $rounds }
teams-how-round-limit = the round limit ({ $limit }) was reached
teams-how-reached = { $who } reached { $square } for { $team }
teams-how-got-away = { $team } got { $count } away
teams-how-completed = { $team } completed the { $task }
teams-how-last-standing = { $team } are the last team standing

## A character as a record shows it: what they are in.

teams-condition = { $condition ->
        [unconscious] unconscious
        [dead] dead
        [fled] fled
        [prone] prone
        [in-cover] in cover
        [guarding] guarding
        [unseen] unseen
       *[acted] has acted this round
    }

## What is wrong with a setup, as a scenario's checks report it.

teams-setup-map-size = a map of { $w }×{ $h } squares (1 to 64 a side)
teams-setup-off-map = the { $name } at { $square } lies off the map
# $feature: a square of the map's own, by its keyword.
teams-setup-feature-off-map = the { $feature ->
        [wall] wall
        [cover] cover
        [difficult] difficult terrain
        [door] door
        [open-door] open door
       *[exit] exit
    } at { $square } lies off the map
teams-setup-teams = { $n } teams: a battle needs two or more
teams-setup-too-many = { $n } characters: at most 64
teams-setup-no-team = there is no team { $team }
teams-setup-round-limit = the round limit must be at least 1
teams-setup-blocked = { $name } stands at { $square }, which is off the map or blocked
teams-setup-shared = { $name } stands at { $square }, where someone else already stands
teams-setup-hands = { $name } holds more than two hands' worth
teams-setup-die = { $name } has a die without faces
teams-setup-item-hands = the { $name } needs more than two hands
teams-setup-weapon = the weapon { $name } has { $lack ->
        [no-attribute] no attribute
        [no-reach] neither reach nor range
       *[no-critical] a critical threshold of 0
    }
teams-setup-no-character = { $name }'s objective names character { $c }, who is not in the battle
teams-setup-no-task = { $name }'s objective names task { $task }, which is not on the map
teams-setup-change = objective change { $n }: { $why }
teams-change-no-team = there is no team { $team }
teams-change-round-zero = rounds count from 1
teams-change-after-limit = round { $round } comes after the round limit, { $limit }
teams-change-no-task = there is no task { $task }
teams-change-no-character = there is no character { $c }
