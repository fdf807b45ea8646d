"""brawl: small tabletop combat games as software."""

__version__ = "0.1.0"
