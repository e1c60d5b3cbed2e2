# Coterie: the referee's lines.
