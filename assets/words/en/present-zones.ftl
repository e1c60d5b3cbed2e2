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
