"""The app's scenes: main menu, setup, settings, results, statistics."""
