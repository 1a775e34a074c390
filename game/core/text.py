"""Small helpers for the sentences games write: counts with their nouns."""
from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """A count with its noun: "1 bike", "2 bikes"; `many` for a noun that does not take an s
    ("1 calligraphy", "2 calligraphies")."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
