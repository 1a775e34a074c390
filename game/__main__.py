"""`python -m game` runs Journeys."""
from game.cli import main

raise SystemExit(main())
