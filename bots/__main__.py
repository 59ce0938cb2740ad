"""`python -m bots` runs the memorybot CLI."""

from bots.cli import main

main()
