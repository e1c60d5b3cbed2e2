# The result screen: who won and how, the turning point, each character's figures, what next.

result-victory = { $side } win — { $how }
result-draw = A draw — { $how }
result-unfinished = The battle was left unfinished
result-facts = { $scenario } · round { $round } · { $decisions ->
        [one] 1 decision
       *[other] { $decisions } decisions
    } · dice seed { $seed }
result-turning-point = The turning point
result-decision = Decision { $number }: { $line }
result-odds-before = Its odds before it was taken: { $odds }
result-share = { $side }'s share of the fight, as the AI judges it, went from { $before }% to { $after }% there.
result-side = Side
result-watch-again = Watch it again
result-again-same-seed = Again, same seed
result-again-new-seed = Again, new seed
result-new-skirmish = A new random skirmish
result-save-skirmish = Save the skirmish as a file
result-save-replay = Save the replay
result-back-to-menu = Back to the menu
