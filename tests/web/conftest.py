"""The web tests use the db tests' fixtures: a real SQLite file, and PostgreSQL when configured."""

from tests.db.conftest import db, db_url  # noqa: F401
