"""Benchmarks: ``python -m bench.engine`` and friends print median and p90 figures."""
