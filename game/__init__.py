"""Journeys: six travel board games at one screen."""
__version__ = "0.1.0"
