"""The app's own scenes: main menu, setup, load, save dialog, settings, results, statistics,
rules, pause and the error screen. Each is reached by name through the app's routes
(`app.scene("load")`, see game/app.py), never by importing another scene; the plain helpers
here (savelist, game_number) hold no scene and may be shared."""
