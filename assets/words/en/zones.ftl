# Zones: the referee's lines.

zones-fight-over = The fight is over: { $how }.
zones-durability = { $what }: durability { $roll } — { $result ->
        [damaged] damaged
       *[holds-up] holds up
    }.
zones-durability-against = 1 = damaged
zones-durability-outcome = { $result ->
        [damaged] damaged
       *[holds-up] holds up
    }
