# The random skirmishes' refusals (`fray-content`'s generator) and a batch of battles' failures
# (`fray sim`, the generator's balance check). A ruleset's id, a size's, a seed, a file's path
# and a name the generator's kinds file gives are values, written as given; a nested message
# ($why, $errors, $error, $side) comes already written.

## A generated skirmish's name: random-RULESET-SIZE-SEED.

# $why: what is wrong with the name.
generate-name-wrong = { $why }; a random skirmish is named {"random-RULESET-SIZE-SEED"}, as {"random-zones-medium-42"}
generate-name-parts = not three parts after "random-"
# $ruleset: as the name wrote it; $known: the rulesets' ids, joined.
generate-name-no-ruleset = no ruleset "{ $ruleset }" (known: { $known })
# $ruleset: as the command line wrote it; $known: as above.
generate-no-ruleset = unknown ruleset "{ $ruleset }" (known: { $known })
# $size: as written; $known: the sizes, joined.
generate-no-size = no size "{ $size }" (known: { $known })
# $seed: as written.
generate-seed-not-a-number = the seed "{ $seed }" is not a whole number

## Drafting and balancing.

# $ruleset, $seed: the skirmish asked for.
generate-none = no { $ruleset } skirmish from seed { $seed }
# $drafts: how many drafts were tried; $side: the first side's name (or generate-the-first-side);
# $share: its share of the battles, a percentage rounded to a whole number.
generate-none-even = no even { $ruleset } skirmish from seed { $seed } ({ $drafts } { $drafts ->
        [one] draft
       *[other] drafts
    }): the closest gave { $side } { $share }%; try another seed
generate-the-first-side = the first side
# $errors: the data errors the made scenario has, already written.
generate-does-not-check = the generator made a scenario that does not check: { $errors }
# $file: the generator's kinds file; $side, $kind: names it gives.
generate-no-kind = { $file }: side "{ $side }" names the kind "{ $kind }", which is not among the kinds
# $file: the generator's kinds file; $conflict, $group: names it gives.
generate-no-names = { $file }: the conflict "{ $conflict }" names the group "{ $group }", which has no names

## A batch of battles.

# $game: the battle's number in the batch; $seed: its dice's seed; $error: the referee's refusal.
sim-battle-failed = game { $game } (seed { $seed }): { $error }
sim-battle-panicked = a battle panicked
