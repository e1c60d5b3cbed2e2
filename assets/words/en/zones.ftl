# Zones: the referee's lines.

zones-fight-over = The fight is over: { $how }.
zones-durability = { $what }: durability { $roll } — { $result ->
        [damaged] damaged
       *[holds-up] holds up
    }.
zones-durability-against = 1 = damaged
zones-durability-outcome = { $result ->
        [damaged] damaged
       *[holds-up] holds up
    }

## Names and pieces other lines are made of.

# A weapon or other item, by its name.
zones-thing = { $item }
zones-bare-hands = bare hands
zones-armour = { $armour }
# An item among others of its name: which one (held or stowed, damaged, by order).
zones-item = { $item }{ $held ->
        [hand] {" "}(in hand)
        [pack] {" "}(stowed)
       *[any] {""}
    }{ $damaged ->
        [yes] {" "}(damaged)
       *[no] {""}
    }{ $of ->
        [0] {""}
       *[other] {" "}({ $k } of { $of })
    }
# Whose gear a durability roll is for.
zones-gear-of = { $owner }'s { $gear }
zones-gear-of-nobody = nobody's { $gear }
# What an attacker may offer instead of damage.
zones-stunt = { $stunt ->
        [disarm] knock the { $item } from their hands
        [drive] drive them back into { $zone }
        [seize] seize and hold them
       *[yield] force them to surrender
    }
# An attack's target: a character, or a zone a blast is aimed at.
zones-target = { $who }
zones-target-zone = the zone { $zone }

## The start, rounds and turns.

zones-started-the-fight = { $side } started the fight and hold the initiative.
zones-initiative-what = Initiative, assigned at random
zones-initiative-outcome = { $side } hold the initiative
zones-initiative-roll = Nobody clearly started the fight: { $side } win the initiative roll.
zones-situation = The battle starts from the scenario's situation, in round { $round }.
zones-ambush = Ambush! Concealed characters play a bonus turn during which only they can act.
zones-lets-act-first = { $holder } hold the initiative and let { $first } act first.
zones-resumes = { $who }, harmed while surrendering, takes up the fight again.
zones-turn-unseen = { $who } takes a turn, unseen.
zones-turn-in = { $who } takes a turn in { $zone }.
zones-passes = { $side }: { $why ->
        [for-now] a pass, for now (they may still act later this round)
       *[nobody-left] nobody left to take a turn this round, so a pass
    }.
zones-slow-phase = The slow action phase begins: everyone who has not acted may now take a turn.
zones-turn-ends = { $who }'s turn ends.
zones-round-begins = Round { $round } begins.
zones-fast-threshold = Fast action threshold { $threshold }: the fast phase is for characters with WIT { $threshold } or more.
zones-fast-threshold-what = The GM's d20 for the fast action threshold
zones-fast-threshold-outcome = only WIT { $threshold } or more act in the fast phase
zones-timed-out = { $who } did not declare in time and does nothing this turn (chaos of combat).

## Moving, gear and the bonus actions.

zones-moves-unseen = { $who } moves, unseen.
zones-moves = { $who } moves from { $from } to { $to }.
zones-freed = { $who } is no longer held.
zones-revealed = { $who } is revealed: { $how ->
        [counter] they counter
        [step-in] they step in front of the attack
        [attacked] they attacked
        [walked-in] they walked right in front of the enemy
        [came-upon] an enemy came upon them in the open
       *[spoke] they spoke
    }.
zones-surrenders = { $who } throws down their weapons and surrenders.
zones-picks-up = { $who } picks up the { $item } ({ $into ->
        [hand] in hand
       *[pack] into the pack
    }).
zones-puts-down = { $who } puts down the { $item }.
zones-readies = { $who } readies the { $item }.
zones-stows = { $who } stows the { $item }.
zones-calls-out = { $who } calls out.
zones-hides = { $who } slips out of sight and is concealed.
zones-drinks = { $who } drinks the { $item }
zones-heal-outcome = health { $before } to { $after }
zones-heals = { $who } uses the { $item } and recovers { $n } health.
zones-antidote = { $who } takes the { $item }: no longer poisoned.
zones-coats = { $who } coats their weapons with the { $item }: the next wound they deal poisons (d{ $sides } each round).
zones-passage = { $who } { $was ->
        [open] shuts
       *[shut] opens
    } the { $fixture }: the way between { $a } and { $b } is now { $was ->
        [open] closed
       *[shut] open
    }.
zones-works = { $who } works the { $fixture }.
zones-shoves = { $who } shoves { $held }.
zones-held-fast = { $who } is held fast and cannot move on.
zones-driven-back = { $who } was driven back and cannot move on.

## Saves.

# What a save is for.
zones-save-for = { $for ->
        [hit] to hit ({ $why })
        [counter] to hit with the counter ({ $why })
        [dodge] to dodge
        [disarm] against the disarm
        [grapple] against the grapple
        [morale] for morale
        [chase] to escape the chase
       *[break-free] to break free
    }
# Why a shot needs a WIT save to hit.
zones-why-save = { $why ->
        [unseen] the target is not visible
        [beyond-half-range] beyond half range
        [moving] while moving
       *[indirect] indirect fire
    }
zones-save-what = { $who }'s { $attr ->
        [str] STR
        [agi] AGI
       *[wit] WIT
    } save { $purpose }
zones-save-against = ≤ { $score } ({ $attr ->
        [str] STR
        [agi] AGI
       *[wit] WIT
    })
zones-save-outcome = { $result ->
        [pass] pass
       *[fail] fail
    }
zones-save = { $who } { $result ->
        [pass] passes
       *[fail] fails
    } { $attr ->
        [str] a STR
        [agi] an AGI
       *[wit] a WIT
    } save { $purpose } ({ $roll } vs { $score })

## Attacks.

zones-attacks = { $attacker } { $mode ->
        [hold-back] attacks, holding back,
        [final-blow] moves to deliver the final blow to
        [disarm] tries to disarm
        [grapple] tries to grapple
       *[attack] attacks
    } { $target } with { $weapon }.
zones-attack-misses = { $attacker }'s attack misses { $target }.
zones-blast = { $attacker } unleashes a blast from the { $weapon } on { $zone }.
zones-blast-catches-nobody = The blast catches nobody.
zones-blast-lands-anyway = The blast misses but { $zone } has no neighbouring zone: it lands there anyway.
zones-deviation-what = Blast deviation: one die face per neighbouring zone
zones-deviation-face = { $face }={ $zone }
zones-deviation-faces = { $faces }
zones-deviation-outcome = lands in { $zone }
zones-deviates = The blast misses { $from } and deviates into { $to }.
zones-surprised = The target is taken by surprise and cannot react.
zones-offers-stunt = { $attacker } offers { $target }: { $stunt }.
zones-refuses-stunt = { $who } refuses: the attack is resolved as normal.
zones-accepts-stunt = { $who } accepts: { $stunt }.
zones-tries-to-dodge = { $who } tries to dodge.
zones-counters = { $who } counters { $attacker } { $mode ->
        [grapple] with a grapple
        [disarm] by trying to knock the { $item } away
       *[other] with { $weapon }
    }.
zones-hides-behind = { $who } hides behind { $shield }, { $held ->
        [held] whom they hold: { $shield } becomes the target
       *[ally] who agrees and becomes the target
    }.
zones-guards = { $who } guards { $guarded } and becomes the target.
zones-dodges = { $who } dodges the attack.
zones-counter-misses = { $who }'s counter misses.

## Damage.

zones-damage-what = { $attacker }'s damage to { $target } ({ $weapon } d{ $sides })
zones-armour-cause = armour ({ $armour })
zones-shield-cause = shield ({ $shield })
zones-cover-cause = cover
# Why a damage roll was impaired (the lower of two dice kept).
zones-impaired = { $why ->
        [unarmed] unarmed
        [holding-back] holding back
       *[concealment] target in concealment
    }
zones-damage-outcome = { $dealt } damage{ $impaired ->
        [yes] {" "}(impaired: { $reasons })
       *[no] {""}
    }{ $floored ->
        [yes] , no damage below zero
       *[no] {""}
    }
zones-hits = { $attacker } hits { $target } for { $n } damage.
zones-weapon-breaks = The damaged { $item } breaks (a 1 on the damage die).
zones-equal-damage = Equal damage: both blows land at the same time.
zones-hit-first = { $who } suffers more and is hit first.
zones-blow-never-lands = { $who }'s blow never lands.
zones-shield-smashed = { $who }'s damaged { $shield } is smashed (8+ damage).
zones-armour-ruined = { $who }'s damaged { $armour } is ruined (8+ damage).
zones-poisoned = { $who } is poisoned.
zones-may-resume = { $who } was harmed while surrendering and may take up the fight again.
zones-falls = { $who } falls, incapacitated.
zones-final-blow = { $attacker } delivers the final blow: { $target } is dead.
zones-grabbed = { $who } is grabbed by { $by } and entangled.
zones-drops = { $who } drops the { $item }.
zones-hazard-hurts = { $hazard } hurts { $who }
zones-hazard-damage = { $who } is thrown into the { $hazard } and takes { $n } damage.
zones-poison-hurts = Poison hurts { $who }
zones-poison-damage = Poison burns in { $who }'s veins: { $n } damage.
zones-raw-damage-outcome = { $n } damage, armour does not help
zones-opportunity-attack = { $who } strikes at { $mover }, who is moving away (opportunity attack).

## Morale and the end of the fight.

zones-morale-group = Morale: { $side } are down to { $fighting } of { $original } and must make a group WIT save.
zones-morale-alone = Morale: { $side }, fighting alone at half health or less, must make a WIT save.
zones-fearless = { $who } is immune to fear, and so to morale.
zones-retreats-unpursued = { $who } retreats; nobody is left to give chase.
zones-retreat-held = { $who } tries to retreat but is held fast.
zones-retreat-chase = { $who } retreats { $outruns ->
        [yes] and outruns every pursuer
       *[no] but the pursuers are faster
    } (speed { $speed } against { $pursuit }).
zones-escapes = { $who } escapes the fight.
zones-reached = { $who } is reached by the pursuers and must fight on.
zones-durability-what = Durability roll for { $what }

## The choices as the menu offers them.

zones-action-choose-first = { $side } act first
zones-action-activate = Activate { $who }
zones-action-resume = { $who } takes up the fight again (and takes a turn)
zones-action-pass = Pass
zones-action-move = Move to { $zone } (movement)
# An attack as a choice names its attacker, target and weapon.
zones-describe-attack = { $attacker } { $mode ->
        [hold-back] attacks { $target } with { $weapon }, holding back
        [final-blow] delivers the final blow to { $target } with { $weapon }
        [disarm] tries to disarm { $target } of the { $item } with { $weapon }
        [grapple] tries to grapple { $target }
       *[attack] attacks { $target } with { $weapon }
    }
zones-action-attack = { $attack } (main)
zones-action-pick-up = Pick up the { $item } (bonus)
zones-action-put-down = Put down the { $item } (bonus)
zones-action-equip = Equip the { $item } (bonus)
zones-action-stow = Stow the { $item } (bonus)
zones-action-use = Use the { $item } (bonus)
zones-action-interact = Work the { $fixture } ({ $cost ->
        [main] main
       *[bonus] bonus
    })
zones-action-speak = Say a few words (bonus)
zones-action-hide = Hide (main)
zones-action-surrender = Surrender (whole turn)
zones-action-shove = { $how ->
        [hazard] Shove the one you hold into the hazard (main)
        [zone] Shove the one you hold into { $zone } (main)
        [hazard-and-zone] Shove the one you hold into the hazard and into { $zone } (main)
       *[free] Shove free the one you hold (main)
    }
zones-action-break-free = Break free (main, STR save)
zones-action-end-turn = End turn
zones-action-timed-out = Time ran out
zones-action-propose-stunt = Offer a stunt: { $stunt }
zones-action-no-stunt = No stunt: strike to harm
zones-action-accept-stunt = Accept the stunt
zones-action-refuse-stunt = Refuse: resolve the attack as normal
zones-action-no-reaction = No reaction
zones-action-dodge = Dodge (AGI save; spends the turn)
zones-action-counter = { $mode ->
        [grapple] Counter by grappling
        [disarm] Counter by disarming: the { $item } (spends the turn)
        [hold-back] Counter with { $weapon }, holding back (spends the turn)
        [final-blow] Counter with { $weapon }: a final blow (spends the turn)
       *[attack] Counter with { $weapon } (spends the turn)
    }
zones-action-hide-behind = Hide behind { $who } (spends the turn)
zones-action-guard = { $who } guards (spends their turn)
zones-action-opportunity-attack = Opportunity attack: { $attack } (reaction: the whole turn)
zones-action-let-them-go = Let them go
zones-action-morale-surrender = Surrender
zones-action-retreat = Retreat

## What each die is rolled for, as a table typing its own dice is asked.

zones-roll-durability = durability of { $what }
zones-roll-item = { $who }'s { $item }
zones-roll-damage = { $who }'s damage ({ $weapon })
zones-roll-impaired = { $roll }, impaired: second die
zones-roll-deviation = where the missed blast deviates
zones-roll-fast-threshold = the fast action threshold
zones-roll-initiative = who holds the initiative
zones-roll-guess = a guess at a hidden enemy's zone

## Why an action was refused.

zones-not-consumable = the { $item } is not consumable
zones-nobody-held = nobody is held to shove
zones-no-stunt-offered = no stunt was offered
zones-no-reaction-awaited = no reaction is awaited

## How the fight ended.

# $beaten: each beaten faction (zones-how-beaten), one after another.
zones-how-field = { $winner } hold the field; beaten: { $beaten }
zones-how-and-beaten = { $one }; { $rest }
# $out: how many of the faction are out, by how (zones-how-out).
zones-how-beaten = { $side } ({ $out })
zones-how-out = { $n } { $status ->
        [dead] dead
        [incapacitated] incapacitated
        [surrendered] surrendered
       *[fled] fled
    }

## A character as a record shows it: where they stand and what they are in.

zones-zone = { $zone }
zones-condition-status = { $status ->
        [incapacitated] incapacitated
        [dead] dead
        [surrendered] surrendered
       *[fled] fled
    }
zones-condition-concealed = concealed
zones-condition-entangled = entangled, held by { $by }
zones-condition-poisoned = poisoned (d{ $sides })
zones-condition-acted = has acted this round

## The optional rules a scenario may switch on, as the menu offers them.

zones-option-fast-slow = Optional rule: fast and slow activations
zones-option-chaos = Optional rule: the chaos of combat ({ $seconds } s to declare a turn)
