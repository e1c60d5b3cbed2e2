# fray referee: the questions it asks at the table, and what it says as the battle ends.

referee-decides = Round { $round }: { $who } decides.
referee-the-gm = The GM
referee-choose = Choose 1 to { $n }:{" "}
referee-not-a-choice = {"  "}'{ $typed }' is not one of the choices: type a number from 1 to { $n }
referee-input-ended = The input ended; the battle so far is kept.
# Why a roll typed in by hand was not rolled: the input ended before a face was typed.
referee-roll-input-ended = the input ended
referee-stopped = { $why }; the battle so far is kept.
referee-over-victory = The battle is over: { $side } win — { $how }
referee-over-draw = The battle is over: a draw — { $how }
referee-cannot-write = cannot write: { $why }
