# What every ruleset's screens show of a battle: the board, the decisions, the result.

# The top bar's round; a ruleset may call it otherwise (coterie-present-round).
present-round = Round { $n }
present-mouse = Mouse: click a choice on the left; click an enemy to strike with the attack whose odds stand beside them; click anyone else to see the choices about them. Hover a choice for its odds.
# A decision a ruleset never asks, should it be asked.
present-title-decide = Decide
present-heading-character = Character
