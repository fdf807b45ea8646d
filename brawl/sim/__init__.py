"""Simulation: many games between bots, with the full engine or a batch path."""
