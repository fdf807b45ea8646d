"""Reports for game designers (``brawl analyze``): exact figures from the solvers, simulated ones
from the batch simulators, with confidence intervals."""
