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
