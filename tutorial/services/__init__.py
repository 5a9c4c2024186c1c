"""The app's logic, free of Streamlit: URL state, a game in progress with its computer
players, progress files, the rules reference text, simulations. Pages call these."""
