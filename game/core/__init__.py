"""The engine every game shares. Nothing here imports pygame (a test checks it)."""
