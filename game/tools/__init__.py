"""Command-line tools: screenshots, the smoke test, the benchmarks; and the sound synthesiser
the effects' recipes are written with (build_scripts/make_sounds.py runs them, the app never)."""
