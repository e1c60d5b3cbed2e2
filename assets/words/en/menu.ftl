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
# $role: what the ruleset's GM does (ruleset-coterie-gm, ruleset-teams-gm).
menu-gm = The GM ({ $role })
menu-dice-seed = Dice seed:
menu-table-dice = The table's own dice: every roll is asked for and typed in
menu-skirmish = A random skirmish
menu-skirmish-about = Drawn from a seed and balanced by playing it: between two normal AIs each side wins 40–60%. Share the seed to challenge a friend.
# $size: the skirmish's size, by its keyword.
menu-size = { $size ->
        [small] small
        [medium] medium
       *[large] large
    }
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

## Why a kept file (a battle's save, a campaign's) cannot be read or written.

save-newer = it was saved by a newer Fray (save format { $version }; this one reads up to { $reads }): update Fray to continue it
# $why: save-version-unreadable, save-version-zero or save-reader-said.
save-damaged = it is damaged: { $why }
save-missing = there is no such save
# $error: the writer's own words.
save-not-written = it could not be written: { $error }
save-version-unreadable = its format's version cannot be read: { $error }
save-version-zero = its format's version is 0
# $error: what the file's reader (RON's, the system's) says, in its own words.
save-reader-said = { $error }
# $place: where it was put; $why: save-damaged's.
save-set-aside = a damaged save was set aside as { $place }: { $why }
save-not-set-aside = a damaged save ({ $slot }) could not be set aside: { $error }
# A saved battle the list cannot continue: its slot, and why.
menu-saved-cannot = { $slot }: { $why }

## The rulesets, as the menu offers them: each one's name, the line that sums it up, and
## what its GM seat does where the rulebook hands choices to a GM.

ruleset-zones = Zones
ruleset-zones-summary = Zones: factions take turns activating one character at a time across a map of zones; reactions, cover and barriers, blasts, morale.
ruleset-coterie = Coterie
ruleset-coterie-summary = Coterie: the party acts as one group against the GM's opposition, phase by phase; degrees of victory, push-backs on a track, wounds.
ruleset-coterie-gm = runs the opposition
ruleset-teams = Three actions
ruleset-teams-summary = Three actions: teams alternate members on a grid, each with three actions and a reaction; stamina, focus, endurance then health.
ruleset-teams-gm = orders the other teams' initiative

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
