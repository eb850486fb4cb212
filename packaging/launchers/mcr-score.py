"""Frozen entry point of ``mcr-score`` (the same function as the console script)."""
import sys

from scoring.cli import main

sys.exit(main())
