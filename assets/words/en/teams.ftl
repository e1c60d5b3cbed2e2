# Three actions: the referee's lines.

teams-battle-over = The battle is over: { $how }.
