"""Frozen entry point of ``mcr-referee`` (the same function as the console script)."""
import sys

from referee_app.shell.main import main

sys.exit(main())
