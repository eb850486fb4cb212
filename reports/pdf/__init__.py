"""The PDF renderers (ReportLab): score sheets, results, penalties, seating, standings and awards, their shared page frame and fonts, and deterministic sample data for previews."""
