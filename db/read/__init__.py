"""The read side: the frozen views and the queries that build them (sheets, standings, stages, awards, players), what a change touched, lookups shared with the services, and the integrity check."""
