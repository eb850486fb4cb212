"""Pure tournament rules (no SQLAlchemy): the clock, winds and rotation, table points and ranking, stages and cuts, names, countries, profiles, limits, safe text and seat letters."""
