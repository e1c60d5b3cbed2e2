# Campaigns: choosing one, the camp between battles, the ways on, the endings.

menu-campaigns = Campaigns
menu-campaign-under-way = Campaigns: continue { $name }
camp-choose-title = Campaigns
camp-choose-about = Battles linked by what lasts: who is hurt, who is dead, what they carry. Between battles the company rests in camp.
camp-start = Start
# Why a battle fought could not go into the campaign's record (neither happens but by a fault).
camp-not-at-battle = the campaign is not at a battle
camp-battle-not-over = the battle is not over
camp-start-ironman = Start in ironman
camp-ironman-about = Ironman: one save, no undo, no battle fought again.
camp-run-title = A run of skirmishes
camp-run-about = Five generated battles of growing size, from a seed: the same seed makes the same run, a challenge to share. The first battle lost ends it.
camp-run-seed = Seed
camp-continue = Continue { $name } ({ $fought ->
        [0] before the first battle
        [one] 1 battle fought
       *[other] { $fought } battles fought
    })
camp-continue-ironman = { $name }, ironman
camp-abandon = Abandon it
camp-abandon-first = A campaign is under way: continue it or abandon it before starting another.
camp-back = Back to the menu
camp-ironman-mark = Ironman
camp-battle-heading = Battle { $number }: { $scenario }
camp-last-won = Won: { $battle }
camp-last-lost = Lost: { $battle }
camp-briefing = Briefing
camp-objectives = Objectives
camp-objective-within-rounds = Win by the end of round { $rounds }
camp-objective-keep-standing = Win with { $name } still standing
camp-objective-none-fallen = Win with nobody of the company taken out
camp-reward-gear = earns { $item } for the stores
camp-reward-rest = earns a longer rest
camp-objective-line = { $goal }: { $reward }
camp-objective-met = Met: { $goal }
camp-company = The company
camp-places = { $places ->
        [one] 1 place
       *[other] { $places } places
    } in this battle: if more are ready, the fittest go and the rest wait in camp, and rest.
camp-sits-out = Sits this one out (rests twice)
camp-fallen = Dead
camp-goes = Goes into the battle
camp-waits = Waits in camp for want of a place, and rests
camp-health = Health { $left } of { $most }
camp-wounds = { $wounds ->
        [0] No wounds
        [one] 1 wound
       *[other] { $wounds } wounds
    }
camp-fatigue = fatigue { $fatigue }
camp-death = cheats death on { $difficulty } or more
camp-damaged = { $item } (damaged)
camp-stores = The stores
camp-stores-empty = Nothing in the stores.
camp-give = Give { $item } to { $name }
camp-fight = To battle
camp-choose = Which way?
camp-ending-won = The campaign is won
camp-ending-lost = The campaign is lost
camp-fallen-title = The company is no more
camp-fallen-says = Nobody of the company is left standing.
camp-run-won = The run is won
camp-run-lost = The run ends
camp-record = The battles
camp-record-line = { $battle }: { $won ->
        [yes] won
       *[no] lost
    } in { $rounds ->
        [one] 1 round
       *[other] { $rounds } rounds
    }{ $fallen ->
        [none] {""}
       *[other] {" "}· fell: { $fallen }
    }
camp-not-read = The campaign's save cannot be read: { $why }
camp-not-written = The campaign could not be saved: { $why }
camp-cannot-start = The battle cannot start: { $why }
camp-nobody-ready = nobody of the company is ready to fight
camp-set-aside = A damaged campaign save was set aside as { $place }: { $why }
result-go-on = Go on with the campaign
result-fight-again = Fight it again
result-lasts = What lasts into the campaign
result-lasts-fallen = { $name } is dead.
result-lasts-health = { $name }: { $lost ->
        [0] unhurt
       *[other] { $lost } health lost
    } after the rest, of { $most }.
result-lasts-coterie = { $name }: { $wounds ->
        [one] 1 wound
       *[other] { $wounds } wounds
    }, fatigue { $fatigue }, after the rest.
result-lasts-met = Objective met: { $goal }.
