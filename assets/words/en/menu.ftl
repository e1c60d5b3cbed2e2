# The main menu: the title, the scenarios, who sits where, the seed, a random skirmish, the
# battles kept.

menu-tagline = Tabletop skirmish rules, refereed and explained. Every roll shows its dice, its modifiers and its rule.
menu-continue = Continue: { $scenario }, round { $round } ({ $decisions ->
        [one] 1 decision
       *[other] { $decisions } decisions
    })
menu-learn = Learn to play
menu-keys = Keys  (F2)
menu-credits = Credits
menu-settings = Settings  (F3)
menu-keys-help = Keys: Up/Down or Tab walk the menu · Left/Right change a value · digits type a seed · Enter takes the row.
menu-start = Start the battle
menu-scenarios = Scenarios
menu-seats = Seats
menu-gm = The GM ({ $role })
menu-dice-seed = Dice seed:
menu-table-dice = The table's own dice: every roll is asked for and typed in
menu-skirmish = A random skirmish
menu-skirmish-about = Drawn from a seed and balanced by playing it: between two normal AIs each side wins 40–60%. Share the seed to challenge a friend.
menu-seed = seed
menu-draw-it = Draw it
menu-save-it = Save it as a file
menu-saved = Saved battles ({ $count })
menu-saved-battle = { $scenario }: round { $round }, { $decisions ->
        [one] 1 decision
       *[other] { $decisions } decisions
    }, { $over ->
        [yes] finished
       *[no] under way
    }
menu-saved-continue = Continue
menu-saved-delete = Delete

## Who holds a seat.

seat-person = person
seat-ai = AI ({ $level })
# $level: the AI's level, by its keyword.
ai-level = { $level ->
        [random] random
        [easy] easy
        [normal] normal
       *[hard] hard
    }
