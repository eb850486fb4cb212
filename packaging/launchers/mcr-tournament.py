"""Frozen entry point of ``mcr-tournament`` (the same function as the console script)."""
import sys

from web.cli import main

sys.exit(main())
