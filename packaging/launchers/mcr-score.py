"""Frozen entry point of ``mcr-score`` (the same function as the console script)."""
import sys

from web.score_cli import main

sys.exit(main())
