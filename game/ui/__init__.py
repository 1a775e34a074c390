"""Widgets, theme, animation, sound and overlays shared by every scene (pygame)."""
