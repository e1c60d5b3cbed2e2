# What the Three actions screens show: decisions, the board, odds, the roster, the result.

teams-title-initiative = The GM orders the teams
teams-title-activation = Choose who takes the next turn
teams-title-turn = A turn: three actions
teams-title-reaction = A reaction

teams-heading-endurance = Endurance
teams-heading-health = Health
teams-heading-state = State

# The top bar's round: round 0 is the surprise round (teams.surprise).
teams-round = { $n ->
    [0] Surprise round
   *[other] Round { $n }
}
teams-mouse = Mouse: click a choice on the left; click a square to move there; click an enemy to strike with the attack whose odds stand beside them; click anyone else to see the choices about them. Hover a choice for its odds.

# The verbs a long menu groups its choices under.
teams-verb-attack = Attack
teams-verb-move = Move
teams-verb-sprint = Sprint
teams-verb-ready-an-attack = Ready an attack
teams-verb-give-a-turn = Give a turn
teams-verb-step = Step
teams-verb-items = Items
teams-verb-doors = Doors
teams-verb-tasks = Tasks
teams-verb-command = Command
teams-verb-resuscitate = Resuscitate

## The board: what a square is, what is wrong with a character, what it carries.

# Written small at the bottom of a square.
teams-feature-cover = cover
teams-feature-rough = rough
teams-feature-door = door
teams-feature-shut = shut
teams-feature-exit = exit

# Under a character's name and in the roster, joined by list-separator.
teams-note-out-cold = out cold
teams-note-dead = dead
teams-note-gone = gone
teams-note-prone = prone
teams-note-guarding = guarding
teams-note-in-cover = in cover
teams-note-ready = ready
teams-note-harmed = harmed
teams-note-bloodied = bloodied

# On a character's card: what it holds ($item, as the scenario names it).
teams-gear-in-hand = { $item } (in hand)

# A distance on the grid, in metres: a move's slide, what going to a square costs.
teams-metres = { $n } m
# What going to a square costs, written in the square: the free step and the sprint (a second
# move, for stamina) say so under the metres.
teams-cost-step =
    1 m
    free step
teams-cost-sprint =
    { $n } m
    sprint

## The board's effects of events: words rising over a token.

teams-float-strays = the attack strays here
teams-float-critical-hit = critical hit
teams-float-hit = hit
teams-float-missed = missed
# Damage taken; the sign is a minus (−), not a hyphen.
teams-float-damage = −{ $n }
teams-float-commanded = commanded
teams-float-prone = prone
teams-float-stands-up = stands up
teams-float-guards = on guard
teams-float-waits = waits
teams-float-readies = readies
teams-float-takes-cover = takes cover
# An action of several turns begun: a reload, a task, tending the fallen.
teams-float-starts = begins
teams-float-reacts = reacts
teams-float-blocks = blocks
teams-float-parries = parries
teams-float-dodges = dodges
teams-float-braces = braces
teams-float-resists = resists
teams-float-intercepts = intercepts
# An item struck, over the one who has it: the durability it has left.
teams-float-durability = durability { $n }
teams-float-harmed = harmed
teams-float-bloodied = bloodied
teams-float-conscious = conscious
teams-float-cheats-death = cheats death
teams-float-picks-up = picks up
teams-float-drops = drops
teams-float-reloads = reloaded
teams-float-takes-up = arms
teams-float-turn = turn
# An action of several turns given up.
teams-float-abandons = abandons
# A commanded ally's go ended without an action.
teams-float-no-action = no action
# A reload finished with the weapon no longer in hand.
teams-float-reload-lost = reload lost
# Harm past health that a nonlethal attack leaves unconscious, not dying.
teams-float-spared = spared
# A roll's total, over the one who rolled.
teams-float-total = { $n }

## The situation: what the pending decision is about, sentence after sentence.

# Between the sentences.
teams-situation-separator = {" "}
teams-situation-round = Round { $round } of { $limit }.
teams-situation-surprise-round = The surprise round.
# $most: the actions of a whole turn (3).
teams-situation-turn = { $who }'s turn: { $left } of { $most } { $most ->
        [one] action
       *[other] actions
    } left, reactions { $reactions }, stamina { $stamina }, focus { $focus }.
teams-situation-commanded = Commanded by { $owner }: one action.
# An attack under way, and what its target (or an ally) may do about it. $weapon: the item's
# name, or teams-bare-hands; $stage: intercept, defend or fortify.
teams-situation-attack = { $attacker } attacks { $target } with { $weapon }: { $stage ->
        [intercept] an ally may step in
        [defend] defend: dodge, parry, block or resist
       *[fortify] fortify or fall unconscious
    }. { $target } has stamina { $stamina }, focus { $focus }.
teams-situation-attack-test = The attack test came to { $total }.
teams-situation-activation = { $team } choose who acts.

## A choice's odds. Chances are whole percentages; $damage, an expected damage, is a number
## written here with one decimal.

# Joins the clauses of one choice's odds: a move and the readied attacks it sets off.
teams-odds-separator = {"; "}
teams-odds-attack = hit { $hit }% (critical { $critical }%), expected damage { NUMBER($damage, minimumFractionDigits: 1, maximumFractionDigits: 1) } after deflection, takes them down { $takedown }%
# After an attack's odds, where a shot may hit someone near the target instead.
teams-odds-astray = { $stray }% astray
teams-odds-move = { $n } m (every second diagonal counts 2 m)
teams-odds-step = 1 m, free
# What a move sets off: $who's readied attack, and its odds against the one moving.
teams-odds-readied = sets off { $who }'s readied attack: hit { $hit }%, expected damage { NUMBER($damage, minimumFractionDigits: 1, maximumFractionDigits: 1) }, takes you down { $takedown }%
# A dodge or resistance test; $else: what taking the hit comes to (teams-odds-takes and the rest).
teams-odds-avoid = { $chance }% to avoid it (against { $total }); else { $else }
teams-odds-fortify = { $chance }% to stay conscious (1 stamina)
teams-odds-fall = unconscious at once, and prone
teams-odds-intercept = { $who } steps in and becomes the target
# What taking the hit, parrying or blocking comes to: each who takes damage, with what is
# left after; an item that takes the blow ($item, as the scenario names it).
teams-odds-takes = { $who } takes { $n } (endurance { $endurance }, health { $health } after)
teams-odds-item-takes = the { $item } takes the blow (durability { $durability } after)
teams-odds-no-damage = no damage

## The roster: a line a character, its parts joined by teams-roster-separator.

teams-roster-separator = {" · "}
teams-roster-stats = { $who } · endurance { $endurance }/{ $endurance-most } · health { $health }/{ $health-most } · stamina { $stamina } · focus { $focus }
teams-roster-acting = acting
teams-roster-has-acted = has acted

## The result table.

# What is left of a pool: endurance or health.
teams-result-pool = { $left }/{ $most }
teams-result-standing = standing
teams-result-unconscious = unconscious
teams-result-dead = dead
teams-result-fled = left the field
