"""Command-line tools: screenshots, the smoke test, the benchmarks."""
