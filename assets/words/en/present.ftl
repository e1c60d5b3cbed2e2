# What every ruleset's screens show of a battle: the board, the decisions, the result.

# The top bar's round, where a ruleset does not call it otherwise (coterie-round, teams-round,
# zones-round).
present-round = Round { $n }
present-mouse = Mouse: click a choice on the left; click an enemy to strike with the attack whose odds stand beside them; click anyone else to see the choices about them. Hover a choice for its odds.
# A decision a ruleset never asks, should it be asked.
present-title-decide = Decide
present-heading-character = Character

## What each icon on a token means, for the legend.

icon-down = down: out of the fight, alive
icon-dead = dead
icon-hidden = hidden from the enemy
icon-grabbed = grabbed: held by an enemy
icon-poisoned = poisoned
icon-surrendered = surrendered
icon-prone = prone
icon-guarding = guarding
icon-in-cover = in cover
icon-ready = an action readied
icon-hurt = hurt (harmed, bloodied)
icon-fatigue = fatigue, with its count
icon-dueling = in a duel
