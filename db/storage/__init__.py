"""The file and the server: opening a tournament (store, database, schema, migrations), the guard of the live file, outputs beside it, backups and the JSON export."""
