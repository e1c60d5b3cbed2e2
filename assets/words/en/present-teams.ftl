# What the Three actions screens show: decisions, the board, odds, the roster, the result.

teams-title-initiative = The GM orders the teams
teams-title-activation = Choose who takes the next turn
teams-title-turn = A turn: three actions
teams-title-reaction = A reaction

teams-heading-endurance = Endurance
teams-heading-health = Health
teams-heading-state = State

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
