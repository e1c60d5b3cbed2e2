# Words every ruleset's battle uses.

# Between the items of a list written in a line.
list-separator = {", "}
# A roll's dice that were rolled but not counted.
roll-dropped = (dropped { $dice })
# What a roll was compared with.
roll-against = vs { $against }
