"""Streamlit building blocks shared by the pages (tiles, settings, explanations, charts)."""
