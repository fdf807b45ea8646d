"""Tactics: a d20 grid skirmish (seed `tactics.txt`)."""
