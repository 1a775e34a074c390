"""`python -m game` runs Journeys."""
from game.cli import main

if __name__ == "__main__":  # not when a bot worker process imports this module
    raise SystemExit(main())
