# The data files' errors (`fray-content`): what is wrong with a scenario, a campaign, a lesson
# or a replay, and where. A name the file gives (a zone's, a character's, a gear's) is a value,
# written as the file writes it; so are a file's path, a RON or JSON reader's own words, an
# operating system's, and a list of names already joined. A count is a number, for Fluent to
# choose the words by; a nested message ($who, $message, $known...) comes already written.

## Where: each error is its file, its line, and what is wrong there.

# $file: the file's path as given; $line: its line, 0 for the whole file; $message: what is wrong.
data-error = { $file }:{ $line }: { $message }
# One error, then the rest on the lines below ($first and $rest are already written).
data-errors-then =
    { $first }
    { $rest }
# $count: the errors found beyond those shown.
data-errors-not-shown = ... and { $count } more { $count ->
        [one] error
       *[other] errors
    } not shown
# A few names of a list ($names: already joined, as the file writes them).
data-names = { $names }
# $names: the first few, already listed; $more: how many more there are.
data-names-and-more = { $names }, and { $more } more

## Reading a file.

# $error: the operating system's own words.
data-cannot-read = cannot read: { $error }
# $what: the kind of file wanted: scenario, campaign, lesson, replay, data.
data-cannot-read-folder = cannot read: it is a folder, not a { $what ->
        [scenario] scenario
        [campaign] campaign
        [lesson] lesson
        [replay] replay
       *[data] data
    } file
# $special: device, pipe, socket, special; $what as above.
data-not-read-special = not read: it is { $special ->
        [device] a device
        [pipe] a pipe
        [socket] a socket
       *[special] a special file (a device or a pipe)
    }, not a { $what ->
        [scenario] scenario
        [campaign] campaign
        [lesson] lesson
        [replay] replay
       *[data] data
    } file
# $bytes: the file's size; $most: the most a data file holds, in bytes; $mib: the same in MiB.
data-not-read-too-big = not read: it holds { $bytes } bytes, and a data file holds at most { $most } ({ $mib } MiB)
# $column: the byte of the line where the text stops being UTF-8.
data-not-utf8 = the text is not valid UTF-8 (byte { $column } of the line); save the file as UTF-8

## The file read as RON (or JSON).

# $error: RON's own words for the mistake.
data-ron = { $error }
# A die a data file asks for that nobody rolls.
data-die-sides = a die has 1 to { $most } faces, not { $sides }
# A name written twice in a map of names (the gear, the items).
data-defined-twice = "{ $name }" is defined twice
# $what: what is wrong, already written; $column: where on the line.
data-at-column = { $what } (column { $column })
data-nested-too-deep = brackets are nested deeper than any scenario or replay needs: look for brackets opened and never closed, or a structure nested by mistake
data-file-empty = the file is empty
data-file-only-comments = the file has only comments: there is nothing in it to read
# $what: the character, already written (data-nul-byte, data-invisible-character).
data-stray-character = { $what } stands here (column { $column }): a character that does not belong in a data file; was the file saved by something other than a text editor?
data-nul-byte = a NUL byte
# $code: the character's code, as U+200B.
data-invisible-character = an invisible character ({ $code })
data-json-not-ron = this is JSON; Fray reads RON
# $name: the record RON expected, as written in a file (Scenario); $kind: what it is.
data-json-not-ron-shaped = this is JSON; Fray reads RON (a { $kind ->
        [scenario] scenario
        [replay] replay
        [lesson] lesson
        [campaign] campaign
       *[record] record
    } is written `{ $name }(...)`)
data-string-not-closed = a string is not closed (a " is missing)
# $number: the decimal number as written.
data-decimal-number = { $number } is a decimal number, and a whole number belongs here
# $name: the record's name as written (Teams).
data-single-brackets = `{ $name }(` holds its fields in brackets of their own: write `{ $name }((` … `))`, with two pairs of brackets

## Checks of any file: a list's limit, a name nobody can see, a portrait.

data-scenario-no-name = the scenario needs a name

# $what: the list, already written (data-field, or a record's list); $count: its length;
# $most: its limit.
data-over-limit = { $what }: { $count }, over the limit of { $most }
# A field of the file, as the file writes it ($field: zones, gear, hands...).
data-field = { $field }
# $who: the record, already written (data-character...); $field: its list, as the file writes it.
data-record-field = { $who }: { $field }
# $what: the kind of record the name is of; $name: the name, each invisible character in it
# written as its code (\u{200B}); $kind: the kind of invisible character; $code: its code (U+200B).
data-name-invisible = { $what ->
        [zone] zone
        [faction] faction
        [group] group
        [team] team
        [task] task
        [battle] battle
        [ending] ending
       *[character] character
    } "{ $name }": the name holds { $kind ->
        [nul] a NUL byte
        [zero-width-space] a zero-width space
        [zero-width-non-joiner] a zero-width non-joiner
        [zero-width-joiner] a zero-width joiner
        [word-joiner] a word joiner
        [byte-order-mark] a byte-order mark
        [soft-hyphen] a soft hyphen
        [direction] a mark that turns the text's direction
        [separator] a line or paragraph separator
        [control] a control character
       *[invisible] an invisible character
    } ({ $code }), which cannot be seen: two names that read the same could differ by it; write the name without it
# $who: the character, already written; $icon: the portrait the file names; $known: the
# portraits there are, already listed.
data-no-portrait = { $who }: no portrait "{ $icon }" (the portraits: { $known })

## A Zones scenario.

data-zones-chaos-zero = chaos_seconds: a declaration limit of 0 seconds leaves no time to declare anything
# $gear: the gear's name; $what: what is wrong with it, already written.
data-zones-gear = gear "{ $gear }": { $what }
# $sides: the die's faces as written.
data-zones-damage-die = damage must be a d4, d6, d8, d10, d12 or d20, not a d{ $sides }
data-zones-melee-range = a melee weapon has no range (found { $range })
data-zones-ranged-no-range = a ranged weapon needs a range of at least 1 zone
data-zones-indirect-range = indirect fire only reaches beyond half range, so its range must be at least 2
data-zones-hands = a weapon takes 1 or 2 hands, not { $hands }
data-zones-armour = armour { $armour } is beyond anything in the catalogue (0 to 5)
# A character as the errors name them ($name: as the file writes it).
data-character = character "{ $name }"
data-zones-too-few-factions = a fight needs at least two factions, found { $count }
# $most: the initiative die's most faces.
data-zones-too-many-factions = { $count } factions: the initiative die has at most { $most } faces, one a faction
data-zones-faction-empty = faction "{ $faction }" has no characters
data-zones-armour-on-ground = ground item "{ $item }": armour cannot be changed during a fight, so it cannot lie ready
# $who: the character, already written; $attribute: STR, AGI or WIT.
data-zones-attribute = { $who }: { $attribute } must be from 1 to 20 (a d20 save), not { $value }
data-zones-health = { $who }: health must be from 1 to 50, not { $health }
data-zones-hurt = { $who }: hurt { $hurt } leaves no health of { $health } (a character who starts a battle stands)
data-zones-speed = { $who }: speed must be at least 1
data-zones-not-armour = { $who }: "{ $gear }" is not armour
data-zones-armour-carried = { $who }: armour "{ $gear }" is worn (armour: …), not carried
data-zones-too-many-hands = { $who } holds more than two hands' worth of gear ({ $hands })
data-zones-damaged-not-carried = { $who }: damaged "{ $gear }" is not among their gear
data-zones-zone-blank = a zone needs a name, not a blank
# $zone: the zone's name.
data-zones-zone-twice = zone "{ $zone }" is defined twice
# $neighbour: the name the zone lists among its neighbours.
data-zones-no-neighbour = zone "{ $zone }": neighbour "{ $neighbour }" does not exist
data-zones-gear-blank = a gear needs a name, not a blank
# $item: the gear lying on the ground; $zone: where the file puts it.
data-zones-ground-no-zone = ground item "{ $item }": zone "{ $zone }" does not exist
data-zones-ground-unknown-gear = ground item: unknown gear "{ $item }"
data-zones-started-by-unknown = started_by: no faction is named "{ $faction }"
data-zones-fixture-blank = a fixture needs a name, not a blank
data-zones-fixture-twice = fixture "{ $fixture }" is defined twice
data-zones-fixture-no-zone = fixture "{ $fixture }": zone "{ $zone }" does not exist
data-zones-faction-blank = a faction needs a name, not a blank
data-zones-faction-twice = faction "{ $faction }" is named twice
# The list of a faction's characters, as its limit names it.
data-zones-faction-characters = faction "{ $faction }": characters
data-zones-character-no-zone = { $who }: zone "{ $zone }" does not exist
data-zones-unknown-gear = { $who }: unknown gear "{ $gear }"
data-zones-character-blank = a character needs a name, not a blank
data-character-twice = character "{ $name }" appears twice: names must tell characters apart
data-zones-no-zones = the map has no zones
# $placed: how many of the map's zones say where they are drawn.
data-zones-half-placed = zone "{ $zone }" does not say where it is drawn (`at: Some((column, row))`), while { $placed } of the map's zones do: every zone says, or none
# $other: the zone drawn there first; $column, $row: the spot.
data-zones-same-spot = zone "{ $zone }" is drawn on the same spot as "{ $other }" ({ $column }, { $row })
data-zones-own-neighbour = zone "{ $zone }" cannot neighbour itself
data-zones-hazard-die = zone "{ $zone }": hazard damage must be a standard die, not a d{ $sides }
# $count: the zone's neighbours; $most: the deviation die's most faces.
data-zones-too-many-neighbours = zone "{ $zone }" has { $count } neighbours: a missed blast's deviation die has at most { $most } faces
data-zones-passage-one-zone = fixture "{ $fixture }": a passage joins two different zones
# $zone: the zone the fixture stands in.
data-zones-passage-worked-from = fixture "{ $fixture }": a passage is worked from one of the two zones it joins, not from "{ $zone }"
# $from, $to: the zones the passage joins.
data-zones-passage-not-neighbours = fixture "{ $fixture }": a passage joins neighbouring zones, and "{ $from }" and "{ $to }" are not neighbours
data-zones-trap-no-hazard = fixture "{ $fixture }": zone "{ $zone }" has no hazard to unleash
data-zones-closed-not-door = fixture "{ $fixture }": only a door (a passage) can be closed
# $zone: the first zone $side stands in; $from: the first $other stands in; $here, $there:
# the zones each stands in, already listed.
data-zones-unreachable = zone "{ $zone }" cannot be reached from "{ $from }": no way joins them, so "{ $side }" (in { $here }) and "{ $other }" (in { $there }) could never meet

## A battle written mid-way (`situation`), in any ruleset.

# $name: a character's name as the situation writes it.
data-situation-who = situation: "{ $name }"
data-situation-no-character = situation: no character is named "{ $name }"
data-situation-turn-acted = situation: "{ $name }" cannot take a turn: they have acted this round
data-situation-turn-out = situation: "{ $name }" cannot take a turn: they are out of the fight
# $side: the side $name fights for; $turn: the side whose turn the situation says it is.
data-situation-not-their-turn = situation: "{ $name }" fights for { $side }, not { $turn } whose turn it is

## A Zones battle written mid-way.

data-zones-situation-no-threshold = situation: fast and slow activations are on: give the round's fast action threshold (threshold: 1 to 20)
data-zones-situation-threshold = situation: the fast action threshold is a d20's roll, 1 to 20, not { $threshold }
data-zones-situation-threshold-off = situation: a threshold is for fast and slow activations, which are off
data-zones-situation-round-zero = situation: rounds count from 1 (an ambush's bonus turn is not a situation)
# $who: the character, already written (data-situation-who); $most: their most health.
data-zones-situation-health = { $who }: health { $health } is more than their most, { $most }
# $status: the status as the file writes it (Dead, Incapacitated...).
data-zones-situation-status-health = { $who }: { $status } with health { $health }: health 0 is incapacitated or dead, and only that
data-zones-situation-may-resume = { $who }: only a surrendered character may resume fighting
# $holder: the one the file says holds them.
data-zones-situation-no-holder = { $who }: held_by: no character is named "{ $holder }"
data-zones-situation-holder-not-enemy = { $who }: held_by: "{ $holder }" must be an enemy fighting in the same zone
data-zones-situation-held-not-fighting = { $who }: only someone still fighting can be held
# $sides: the poison die's faces as written; $most: a die's most faces.
data-zones-situation-poison-die = { $who }: poisoned: a die has 1 to { $most } faces, not { $sides }
data-zones-situation-acted-unknown = situation: acted: no character is named "{ $name }"
data-zones-situation-to-act-unknown = situation: to_act: no faction is named "{ $faction }"
data-zones-situation-turn-unknown = situation: turn: no character is named "{ $name }"
# $wit: their WIT; $threshold: the round's fast action threshold.
data-zones-situation-too-slow = situation: "{ $name }" (WIT { $wit }) cannot act in the fast phase at threshold { $threshold }

## A Teams battle written mid-way.

# $team: the name the situation writes; $known: the teams there are, already listed.
data-teams-situation-no-team = situation: no team is named "{ $team }" (teams: { $known })
data-teams-situation-round-zero = situation: rounds count from 1 (a surprise round is not a situation)
data-teams-situation-order-twice = situation: order: "{ $team }" comes once
data-teams-situation-order-missing = situation: order: every team has its place, "{ $team }" too
# $field: endurance, health, stamina or focus; $value: as the situation writes it; $most: the
# character's most.
data-teams-situation-above-most = situation: "{ $name }": { $field ->
        [endurance] endurance
        [stamina] stamina
        [focus] focus
       *[health] health
    } { $value } is more than their most, { $most }
# $status: as the file writes it (Dead, Unconscious...).
data-teams-situation-status-health = situation: "{ $name }": { $status } with health { $health }: health 0 is unconscious or dead, and only that

## A Coterie scenario.

# A list of a record, as its limit names it ($record: a group's key as the file writes it,
# party or foes, or a character's name; $field: the list, as the file writes it).
data-field-of = { $record }: { $field }
data-coterie-no-skills = the conflict needs at least one relevant skill
data-coterie-conflict-blank = the conflict needs a name
# $what: skill, nuance or trait.
data-coterie-conflict-list = the conflict's { $what ->
        [nuance] nuances
        [trait] traits
       *[skill] skills
    }
# $name: the skill, nuance or trait the conflict lists again.
data-coterie-conflict-twice = the conflict lists the { $what ->
        [nuance] nuance
        [trait] trait
       *[skill] skill
    } "{ $name }" twice: it would count twice
# $group: the group's key as the file writes it (party, foes).
data-coterie-group-blank = { $group }: the group needs a name, not a blank
data-coterie-groups-same-name = two groups are called "{ $name }": their results could not be told apart
# $who: a character's name.
data-coterie-nuance-twice = { $who }: the nuance "{ $nuance }" is written twice: it would count twice
data-character-blank = a character needs a name
data-coterie-characters-same-name = two characters are called "{ $name }"
data-coterie-group-empty = { $group }: the group needs at least one character
data-coterie-breaks-at = { $group }: breaks_at is a position from -1 to -4 (-5 is over-run), not { $value }
data-coterie-armour = { $group }: armour must be 0 to 20
data-coterie-trait-rank = { $group }: trait "{ $trait }" must be -20 to 20
data-coterie-injury-no-trait = { $group }: an injury to "{ $trait }", a trait the group does not have
data-coterie-injury-range = { $group }: the injury to "{ $trait }" must be 0 to 100
data-coterie-skill-rank = { $who }: skill "{ $skill }" must be -20 to 20
data-coterie-nuance-no-skill = { $who }: nuance "{ $nuance }" refines "{ $skill }", a skill they do not have
data-coterie-nuance-rank = { $who }: nuance "{ $nuance }" must be -20 to 20
# $what: leadership or group_work, as the file writes it.
data-coterie-small-rating = { $who }: { $what ->
        [leadership] leadership
       *[group_work] group_work
    } must be -5 to 5
data-coterie-endurance = { $who }: endurance must be 1 to 20
data-coterie-fatigue = { $who }: fatigue must be 0 to 20
data-coterie-wounds = { $who }: wounds must be 0 to 20
data-coterie-goal-steps = { $who }: a goal needs 1 to 10 steps

## A Three actions (Teams) scenario.

data-teams-too-few-teams = a battle needs two or more teams, found { $count }
data-teams-team-blank = a team needs a name
data-teams-teams-same-name = two teams are called "{ $name }"
data-teams-tasks-same-name = two tasks are called "{ $name }"
# $item: the name the file writes; $known: the items there are, already listed.
data-teams-ground-unknown-item = ground: unknown item "{ $item }" (the items: { $known })
data-teams-task = task "{ $name }"
# $number: the objective change's place in its list, from 1.
data-teams-change-team = objective change { $number }: team
# $what: the field that names the team, already written; $known: the teams there are.
data-teams-no-team = { $what }: no team is named "{ $team }" (teams: { $known })
# $who: the character's name.
data-teams-unknown-item = character "{ $who }": unknown item "{ $item }" (the items: { $known })
# $why: blocked (on the map, where nobody can stand) or off (the map).
data-teams-ground-unreachable = ground: the { $item } lies at ({ $column }, { $row }), { $why ->
        [blocked] where nobody can reach it
       *[off] off the map
    }
data-teams-attacked-itself = attacked: the team that started the fight did not attack itself
data-teams-no-rounds = round_limit: the battle needs at least one round
# $limit: the scenario's round_limit.
data-teams-situation-past-limit = situation: round { $round } is past the battle's last round, { $limit } (its round_limit)

## A scenario or campaign found by its name.

# $known: the names there are, already joined.
data-no-scenario = no such file, and no built-in scenario by that name (built-in: { $known }; or a random skirmish, as random-zones-medium-42)
data-no-campaign = no such file, and no campaign by that name (shipped: { $known }; or a generated run, as run-zones-42)
# $what: the kind of file that names the scenario: replay or lesson.
data-scenario-outside = not read: { $what ->
        [lesson] a lesson's scenario is a built-in scenario or a file in the lesson's own folder
       *[replay] a replay's scenario is a built-in scenario or a file in the replay's own folder
    }, and this path leads out of it
# $ruleset: as the name writes it; $known: the rulesets there are, already joined.
data-campaign-run-no-ruleset = no ruleset "{ $ruleset }" (known: { $known })
data-campaign-run-seed = the seed "{ $seed }" is not a whole number
data-campaign-first-not-a-battle = the first battle "{ $battle }" is not among its battles
data-campaign-no-side = battle "{ $battle }": its scenario has no side "{ $side }"
data-campaign-not-before-battle = it is not before a battle now

## A replay's names for what its actions point at.

# $first, $rest: choices, already written: the second may itself be choices.
data-or = { $first } or { $rest }
# $kind: character, faction, zone, item, fixture or task; $number: the number the replay
# writes after the name; $found: the name of the thing of that number; $name: the name written.
data-replay-numbered-other = { $kind ->
        [faction] faction
        [zone] zone
        [item] item
        [fixture] fixture
        [task] task
       *[character] character
    } { $number } is "{ $found }", not "{ $name }"
# $count: how many things of the kind there are.
data-replay-numbered-none = there is no { $kind ->
        [faction] faction
        [zone] zone
        [item] item
        [fixture] fixture
        [task] task
       *[character] character
    } { $number } (there are { $count })
# $known: the names of the kind there are, already listed.
data-replay-no-name = no { $kind ->
        [faction] faction
        [zone] zone
        [item] item
        [fixture] fixture
        [task] task
       *[character] character
    } is named "{ $name }" (the { $kind ->
        [faction] factions
        [zone] zones
        [item] items
        [fixture] fixtures
        [task] tasks
       *[character] characters
    }: { $known })
data-replay-none = none
# A name with its number, as a replay writes it to tell things of one name apart.
data-replay-numbered-name = "{ $name } #{ $number }"
# $count: how many things the name names; $choices: each written with its number, already joined.
data-replay-name-several = "{ $name }" names { $count } { $kind ->
        [faction] factions
        [zone] zones
        [item] items
        [fixture] fixtures
        [task] tasks
       *[character] characters
    }; write which, as { $choices }

## A replay.

# $error: serde_json's own words for the mistake.
data-json = { $error }
data-replay-no-scenario = the replay names no scenario: a replay starts with `scenario: "duel"` (a built-in scenario, or a file beside it)
# $errors: the scenario's errors (data-errors-then...).
data-replay-scenario-broken =
    the scenario it names, "{ $scenario }", cannot be loaded:
    { $errors }
# $index: the action after which the battle differs, from 0; $from: the line from which an
# action may have been changed.
data-replay-edited = the battle differs from the one recorded after action { $index }: an action from line { $from } to this one, or the dice, were changed
# $index: the checkpoint's number, from 1.
data-replay-checkpoint = checkpoint { $index } differs from the battle that the actions, the dice and the rest of the seal agree on: the checkpoint was edited
# $what: cut (fewer actions than recorded) or added (more).
data-replay-length = { $found } actions where { $recorded } were recorded: { $what ->
        [cut] actions were cut off the end
       *[added] actions were added at the end
    }
# $index: the action's number, from 0; $action: the action, as a choice reads or as the file
# writes it; $reason: why the rules refuse it.
data-replay-refused = action { $index } ({ $action }) was refused: { $reason }
# What the replay's first "action" is, where the battle cannot even start.
data-replay-the-start = the battle's start
# Text as the file writes it (an action that names what the battle lacks, a battle's id).
data-as-written = { $text }
# $recorded: data-replay-recorded-under or data-replay-sealed-before-versions; $current: these
# rules' version; $cause: what went otherwise (another of these errors).
data-replay-other-rules = { $file }: { $recorded }; these rules are version { $current }, so the rules changed since and it no longer plays as it did: { $cause }
data-replay-recorded-under = recorded under the rules' version { $version }
data-replay-sealed-before-versions = sealed before Fray wrote its rules' version into replays
# A replay recorded under other rules that still plays as recorded: $version, its rules';
# $current, these.
data-replay-still-plays = { $file }: recorded under the rules' version { $version }, these are version { $current }: it still plays as recorded
# $key: the option the replay switches; $known: those the scenario has (data-names or
# data-replay-none).
data-replay-no-option = the scenario "{ $scenario }" has no optional rule "{ $key }" (it has: { $known })
# $got, $want: the final state's hash and the one recorded, in hexadecimal.
data-replay-diverged = the final state differs from the one recorded (hash { $got }, recorded { $want })
data-replay-never-closed = the replay's record is never closed
# $scenario: the scenario the replay names; $errors: its errors, already written, one a line.
data-replay-scenario-for-names =
    the scenario it names, "{ $scenario }", cannot be loaded, so the names its actions write cannot be read:
    { $errors }
# $actions: the tag the replay's actions are written under (Zones); $ruleset: its scenario's
# ruleset, as a replay tags its actions; $scenario: the scenario's name.
data-replay-wrong-ruleset = these are { $actions } actions in a { $ruleset } replay (its scenario, "{ $scenario }", is a { $ruleset } scenario)
# $error: RON's own words for why the scenario could not be written.
data-not-written-out = it could not be written out: { $error }
# $most: the most characters a battle holds.
data-teams-too-many-characters = { $count } characters: a battle holds at most { $most }
data-teams-team-empty = team "{ $team }" has no characters
# $who: the character, already written; $column, $row: the square; $why: what keeps them
# off it, already written (data-teams-on, data-teams-off-the-map).
data-teams-stands-blocked = { $who } stands at ({ $column }, { $row }), { $why }
# $what: wall, cover, door or open.
data-teams-on = on { $what ->
        [wall] a wall
        [cover] cover
        [door] a closed door
       *[open] open ground
    }
data-teams-off-the-map = off the map
# $other: the name of who stands there first.
data-teams-stands-taken = { $who } stands at ({ $column }, { $row }), where "{ $other }" already stands
data-teams-too-many-hands = { $who } holds more than two hands' worth ({ $hands })
data-teams-death-difficulty = { $who }: the difficulty of cheating death is from 10 up to 30, not { $value }
# $item: the item as the file names it; $lost: the durability the file says it lost; $most: its durability.
data-teams-worn-beyond = { $who }: "{ $item }" cannot have lost { $lost } of its durability { $most }
data-teams-worn-not-carried = { $who }: worn "{ $item }" is not among their gear
# $who: the character, already written; $what: what is wrong with their stats, already written.
data-teams-stat = { $who }: { $what }
# $stat: the stat as the file writes it (strength, combat...); $sides: its die's faces.
data-teams-die-no-faces = { $stat } is a die without faces (0)
data-teams-attribute-die = { $stat } must be a d4, d6, d8, d10, d12 or d20, not a d{ $sides }
data-teams-skill-die = { $stat } must be a d4, d6, d8, d10, d12 or d20 (0 untrained), not a d{ $sides }
data-teams-size = size { $size } (3 small, 4 medium, 5 large; 1 to 8)
data-teams-speed = a speed of 0 cannot move
# $least, $most: the bounds of luck; $luck: as the file writes it.
data-teams-luck = luck must be from { $least } to { $most } (added to the luck die, a d20), not { $luck }
data-teams-health-zero = a health of 0 would start the battle unconscious

## A lesson.

# $scenario: the scenario the lesson names; $errors: its errors, already written, one a line.
data-lesson-scenario-broken =
    its scenario, "{ $scenario }", cannot be loaded:
    { $errors }
# $faction: the side the lesson's learner plays; $known: the scenario's sides, already listed.
data-lesson-learner-no-faction = the learner plays "{ $faction }", which is no faction of the scenario (it has { $known }; or "GM")
# $step: the step's number, from 1; $place: the place it points at; $known: the board's places.
data-lesson-no-place = step { $step } points at the place "{ $place }", which is not on the board (its places: { $known })
data-lesson-no-scenario = a lesson names its scenario: `scenario: "duel"`
# $error: why the rules refuse the scenario's start.
data-lesson-cannot-start = its scenario cannot start: { $error }
data-lesson-no-learner = the learner plays no side
data-lesson-no-steps = a lesson has steps
# In each of these, $step: the step's number, from 1.
data-lesson-says-nothing = step { $step } says nothing
# $rule: the paragraph id the step names; $ruleset: the ruleset's id (zones...).
data-lesson-no-rule = step { $step } names the rule "{ $rule }", which is no paragraph of the { $ruleset } rules notes
data-lesson-points-at-nobody = step { $step } points at "{ $name }", who is not in the scenario
data-lesson-points-at-token = step { $step } waits for the learner but points at "{ $name }"'s token, where a click only shows their choices: point at the step's Choice
data-lesson-question = step { $step }'s question needs two answers or more, and `right` one of them (from 0)
data-lesson-points-at-no-choice = step { $step } points at its choice, but the learner takes no action there
data-lesson-allows-nothing = step { $step } allows no action
data-lesson-reads-only = step { $step } takes no action, so it rolls no dice and asks nothing
data-lesson-needs-hint = step { $step } waits for the learner, so it needs a hint
# $choice: the learner's choice among those the step allows, from 1; $errors: what goes wrong.
data-lesson-choice-breaks = with the learner's choice { $choice } of step { $step } the lesson cannot go on: { $errors }
# $error: what the rules say when the dice run out.
data-lesson-start-dice-short = the start rolls more dice than start_dice gives: { $error }
data-lesson-start-dice-left = { $left } of start_dice are never rolled
# $what: what is wrong at the step (the messages below).
data-lesson-step = step { $step }: { $what }
data-lesson-over-nothing-to-do = the battle is over; there is nothing to do
data-lesson-other-side-decides = the other side decides here, not the learner: write Watch(...)
data-lesson-over-nothing-to-watch = the battle is over; there is nothing to watch
data-lesson-learner-decides = the learner decides here: write Do([...])
# $number: the what-if's number, from 1; $what: what goes wrong with its dice.
data-lesson-what-if = what-if { $number }: { $what }
# $action: the action the step names, as the lesson's file writes it; $legal: those that are
# legal, written the same way and joined by " | ".
data-lesson-not-legal = { $action } is not a legal action here; the legal ones are: { $legal }
# $why: what a die was rolled for; $sides: its sides.
data-lesson-roll = { $why } (d{ $sides })
# $error: why the rules refuse the step's action; $rolled: how many dice were rolled before,
# $rolls: each (data-lesson-roll), joined.
data-lesson-refused = { $error }{ $rolled ->
        [0] {""}
       *[other] {" "}(after { $rolls })
    }
# $left: the dice the step gives and nothing rolled; $given: all it gives.
data-lesson-dice-left = { $left } of its { $given } dice are never rolled: the action rolls { $rolled ->
        [0] nothing
       *[other] { $rolls }
    }

## A campaign.

# $battle: a battle's id; $known: the battles' ids, already listed.
data-campaign-start-unknown = the first battle "{ $battle }" is not among the battles ({ $known })
# $errors: the scenario's errors, already written, one a line.
data-campaign-scenario-broken = battle "{ $battle }": its scenario cannot be loaded: { $errors }
# $scenario: the scenario the battle names; $side: the side the company takes; $known: its sides.
data-campaign-scenario-no-side = battle "{ $battle }": the scenario "{ $scenario }" has no side "{ $side }" (its sides: { $known })
# $name: the one the objective keeps standing; $known: the company's members, already listed.
data-campaign-not-of-company = battle "{ $battle }": "{ $name }" is not of the company ({ $known })
data-campaign-no-name = the campaign needs a name
data-campaign-no-battles = a campaign needs at least one battle
# $most: how many battles a campaign may hold.
data-campaign-too-many-battles = { $count } battles: a campaign holds at most { $most }
data-campaign-no-endings = a campaign needs at least one ending
data-campaign-objective-round-zero = an objective's rounds start at 1
# $item: the gear a reward names.
data-campaign-no-such-gear = battle "{ $battle }": "{ $item }" is no gear of its scenario "{ $scenario }"
# $errors: what is wrong with the battle written with the company cast in (data-errors).
data-campaign-company-does-not-fit = battle "{ $battle }": the company does not fit the side "{ $side }": { $errors }
# $what: battle or ending.
data-campaign-no-id = a { $what ->
        [battle] battle
       *[ending] ending
    } needs an id
data-campaign-id-twice = the id "{ $id }" is used twice
data-campaign-ending-no-title = the ending "{ $id }" needs a title
data-campaign-way-both = a way on is one `to` or a `choose`, not both
data-campaign-way-nowhere = where does it go? write `to` (a battle or ending) or `choose`
data-campaign-choice-of-one = a choice of one way: write it as `to`
data-campaign-unknown-way = "{ $id }" is neither a battle nor an ending
data-campaign-way-no-label = a way to choose needs a label
data-campaign-first-side-empty = the first battle's side "{ $side }" has nobody in it
data-campaign-battle-never-reached = battle "{ $battle }" is never reached from the first
data-campaign-ending-never-reached = ending "{ $id }" is never reached
# $round: the way round the loop, its first battle (data-as-written) then data-campaign-loop-then.
data-campaign-loop = battle "{ $battle }" leads back to "{ $to }", fought before it: a campaign must end (the way round: { $round })
# $before: the way so far.
data-campaign-loop-then = { $before } -> { $battle }
# $width, $height: the map's size in squares; $most: the most a side may be.
data-teams-map-size = map: { $width }×{ $height } squares; each side must be 1 to { $most }
# $list: the map's list the square is in, as the file writes it (walls, cover...); $column, $row: the square.
data-teams-square-off-map = map: { $list } square ({ $column }, { $row }) lies off the { $width }×{ $height } map
# $first: the list the square was in first; $list: the list that names it again.
data-teams-square-twice = map: square ({ $column }, { $row }) is listed in both { $first } and { $list }
data-teams-exit-twice = map: exit ({ $column }, { $row }) is listed twice
data-teams-exit-off-map = map: exit ({ $column }, { $row }) lies off the map
# $on: what stands there, already written (data-teams-on).
data-teams-exit-blocked = map: exit ({ $column }, { $row }) is { $on }
# $item: the item's name; $what: what is wrong with it, already written.
data-teams-item = item "{ $item }": { $what }
data-teams-block-zero = a block value of 0 blocks nothing
data-teams-durability-zero = a durability of 0 is already broken
data-teams-weapon-no-attribute = a weapon needs at least one attribute to attack with
data-teams-weapon-no-reach = a weapon needs a reach or a range
data-teams-critical = a critical threshold of { $critical } (a luck roll from 1 to 25)
data-teams-critical-damage = critical damage { $critical } is less than its damage { $damage }
data-teams-thrown-no-range = a thrown or reloaded weapon needs a range
data-teams-task-off-map = task "{ $task }": square ({ $column }, { $row }) lies off the map
data-teams-task-difficulty = task "{ $task }": a difficulty of 0 needs no test
data-teams-item-hands = an item takes 1 or 2 hands, not { $hands }

## Three actions: each team's objective, and the changes to it the scenario scripts. $who is
## data-teams-team or data-teams-objective-change.

data-teams-team = team "{ $team }"
# $number: the change's place in the list, from 1.
data-teams-objective-change = objective change { $number } (team "{ $team }")
data-teams-change-round-zero = { $who }: rounds count from 1
data-teams-change-after-limit = { $who }: round { $round } comes after the round limit, { $limit }
data-teams-change-no-task = { $who }: when the task "{ $task }" is done, but no task is called that
data-teams-change-nobody-down = { $who }: when "{ $name }" is down, but nobody is called that
data-teams-objective-no-squares = { $who }: the objective names no squares
data-teams-objective-square-twice = { $who }: objective square ({ $column }, { $row }) is listed twice
# $why: blocked (on the map, by a wall or the like) or off (the map).
data-teams-objective-square-closed = { $who }: objective square ({ $column }, { $row }) is { $why ->
        [blocked] blocked
       *[off] off the map
    }
data-teams-objective-hold-zero = { $who }: holding for 0 rounds is no objective
data-teams-objective-no-exits = { $who }: an escape needs exits on the map
# $count: how many are to escape; $members: how many the team has.
data-teams-objective-escape-count = { $who }: { $count } to escape, with { $members } in the team
data-teams-objective-protect-other = { $who }: "{ $name }" to protect is not one of the team
data-teams-objective-protect-nobody = { $who }: the objective names "{ $name }", who is not in the battle
data-teams-objective-protect-zero = { $who }: protecting for 0 rounds is no objective
data-teams-objective-no-task = { $who }: the objective names the task "{ $task }", which is not among the tasks
data-teams-objective-task-other = { $who }: the task "{ $task }" is for another team
