# What the Zones screens show: decisions, the board, odds, the roster, the result.

zones-title-initiative = Initiative: who acts first this round?
zones-title-activation = Activate a character, or pass
zones-title-turn = The turn: a bonus action, a main action or a second bonus, one zone of movement
zones-title-reaction = Reaction: the whole turn, taken now
zones-title-stunt = Attack stunt
zones-title-morale = Morale failed: surrender or retreat

zones-heading-status = Status
zones-heading-health = Health
zones-heading-attacks = Attacks
zones-heading-dealt = Dealt
zones-heading-taken = Taken
zones-heading-takedowns = Takedowns

# The top bar's round: round 0 is the ambushers' bonus turn before the first (zones.sneaking).
zones-round = { $n ->
    [0] Ambush
   *[other] Round { $n }
}
zones-mouse = Mouse: click a choice on the left; click a zone to move there; click an enemy to strike with the attack whose odds stand beside them; click anyone else to see the choices about them. Hover a choice for its odds.

# The verbs a long menu groups its choices under.
zones-verb-attack = Attack
zones-verb-move = Move
zones-verb-give-a-turn = Give a turn
zones-verb-strike-as-they-go = Strike as they go
zones-verb-items = Items
zones-verb-fixtures = Fixtures
zones-verb-shove = Shove
zones-verb-stunts = Stunts
zones-verb-counter = Counter
zones-verb-hide-behind-someone = Hide behind someone
zones-verb-someone-guards = Someone guards

## The board

# What a zone holds, each written small at its bottom and joined by list-separator.
zones-feature-cover = cover
zones-feature-concealment = concealment
zones-feature-dark = dark
zones-feature-barrier = barrier
# $hazard: the hazard's name from the scenario; $damage: its die (d6).
zones-feature-hazard = hazard: { $hazard } { $damage }

# What is wrong with a character, under the token's name, joined by list-separator.
zones-note-down = down
zones-note-dead = dead
zones-note-surrendered = surrendered
zones-note-hidden = hidden
zones-note-grabbed = grabbed
zones-note-poisoned = poisoned
# A token's caption: $name its short name, $note what is wrong (the notes above).
zones-token-label = { $name } ({ $note })

# A character's gear, on their card. $armour and $item: names from the scenario.
zones-gear-worn = { $armour } (worn)
# $state: held (in hand) or stowed, and damaged or not.
zones-gear-carried = { $state ->
    [held] { $item } (in hand)
    [held-damaged] { $item } (in hand), damaged
    [damaged] { $item }, damaged
   *[stowed] { $item }
}

# What a move costs, written in the zone it goes to: the turn's one zone of movement.
zones-move-cost = { $n ->
    [one] { $n } zone
   *[other] { $n } zones
}

## What the board shows of an event, over a token

# Health lost.
zones-float-damage = −{ $n }
zones-float-healed = healed to { $health }
zones-float-surrenders = surrenders
zones-float-fights-on = fights on
zones-float-revealed = revealed
zones-float-hidden = hidden
zones-float-grabbed = grabbed
zones-float-free = free
zones-float-reacts = reacts
# Their turn begins.
zones-float-turn = turn
zones-float-picks-up = picks up
zones-float-puts-down = puts down
zones-float-readies = readies
zones-float-stows = stows
# Disarmed.
zones-float-drops = drops
zones-float-breaks = weapon breaks
zones-float-shield-smashed = shield smashed
zones-float-armour-ruined = armour ruined
zones-float-antidote = antidote
# Poison on the blade.
zones-float-coats = coats blade
zones-float-misses = misses
zones-float-dodges = dodges
zones-float-held-fast = held fast
zones-float-driven-back = driven back
# Their turn timed out (the chaos of combat's clock).
zones-float-out-of-time = out of time
zones-float-calls-out = calls out
zones-float-fearless = fearless
zones-float-poisoned = poisoned
zones-float-shoves = shoves
# Refuses the stunt offered.
zones-float-refuses = refuses

## The situation: what the pending decision is about

# $targets: the names of those attacked, joined by list-separator; $weapon: an item's name, or
# zones-bare-hands; $what: one of the three messages after it.
zones-situation-attack = { $attacker } attacks { $targets } with { $weapon }. { $what }
zones-situation-propose-stunt = Propose a stunt instead of damage, or strike to harm.
# $stunt: the stunt offered, as the referee writes it.
zones-situation-answer-stunt = { $attacker } offers: { $stunt }. Accept (no damage, no reaction) or refuse (the attack goes on).
zones-situation-react = { $target } may react before damage is rolled; a reaction spends their turn this round.
# $zone: the zone the mover leaves.
zones-situation-moving = { $mover } is moving away from { $zone }: strike as they go (an opportunity attack spends the turn)?
# $bonus: bonus actions used this turn; $main and $moved: yes or no.
zones-situation-turn = { $name }: { $health } of { $most } health. Bonus actions used { $bonus }, main { $main ->
    [yes] yes
   *[no] no
}, moved { $moved ->
    [yes] yes
   *[no] no
}.

## The odds of a choice
# Every chance ($hit, $down, $miss and the like) is a whole percentage, from 0 to 100; every
# $damage is the damage expected, a number written here with one decimal (2.0).

zones-odds-attack = hit { $hit }% · expected damage { NUMBER($damage, minimumFractionDigits: 1, maximumFractionDigits: 1) } · takes them down { $down }%
zones-odds-blast = a blast: everyone in the zone is hit
# What the attack under way does to $name if it lands: a save against its effect, or harm.
zones-odds-blow-save = { $fail }% that { $name } fails the STR save
zones-odds-blow = if it lands on { $name }: { NUMBER($damage, minimumFractionDigits: 1, maximumFractionDigits: 1) } damage expected, { $down }% to go down
zones-odds-dodge = AGI save: { $miss }% to make it miss; { $down }% to go down all the same
# A counter that must first land: $then is one of the two counters after it.
zones-odds-counter-lands = lands { $lands }% (WIT save); { $then }
zones-odds-counter-gentle = takes effect { $effect }% (after the blow, if still standing); you go down { $down }%
zones-odds-counter-lethal = you are hit first { $first }%; you go down { $down }%, { $attacker } { $theirs }%
# Someone hides behind $name, or $name guards: $blow is the blow on them (zones-odds-blow…).
zones-odds-instead = { $name } takes it instead; { $blow }
zones-odds-surrender = out of the fight, weapons thrown down; harmed by the enemy, they may take it up again
zones-odds-retreat = a chase: { $escape }% to get away, else reached and fighting on
# The attacker's offer of a stunt: what the target would be choosing between.
zones-odds-propose-stunt = { $name } chooses: { $stunt } instead of the blow, or the blow ({ $blow })
zones-odds-no-stunt = strike to harm: { $blow }
zones-odds-accept-stunt = no damage and no reaction; instead: { $stunt }
zones-odds-refuse-stunt = the attack goes on (a reaction may still meet it): { $blow }
# A move: the enemies who may strike as the mover leaves.
zones-odds-move-safe = nobody can strike as you leave
zones-odds-move-blow = { $name } may strike as you leave: hit { $hit }% · expected damage { NUMBER($damage, minimumFractionDigits: 1, maximumFractionDigits: 1) } · takes you down { $down }%
# $blows: each zones-odds-move-blow, joined by zones-odds-move-blows-separator.
zones-odds-move-risk = provokes: { $blows }
zones-odds-move-blows-separator = {"; "}

## The roster and the result

# $state: incapacitated, dead, surrendered, fled, or active (then $health of $most);
# $turn: acting (their turn now), acted (done this round), or waiting.
zones-roster-line = { $name } — { $state ->
    [incapacitated] incapacitated
    [dead] dead
    [surrendered] surrendered
    [fled] fled
   *[active] { $health }/{ $most }
}{ $turn ->
    [acting] {" · "}acting
    [acted] {" · "}has acted
   *[waiting] {""}
}
# A character's state, under zones-heading-status.
zones-result-status = { $state ->
    [incapacitated] Incapacitated
    [dead] Dead
    [surrendered] Surrendered
    [fled] Fled
   *[active] Active
}
zones-result-health = { $health }/{ $most }
