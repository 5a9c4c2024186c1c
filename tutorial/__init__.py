"""Moon Tutor's Streamlit app: ``streamlit run tutorial/app.py``.

- ``app.py`` is the router and the shared frame;
- ``views/`` holds the thin page files;
- ``components/`` the Streamlit widgets the pages are built from;
- ``services/`` the logic behind them, with no Streamlit import (tested on its own).
"""
