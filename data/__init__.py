"""boardkit's rules, boards and game data (YAML), perft counts and recorded playthroughs.

This folder is installed as the package ``boardkit.data``; code finds it with
``importlib.resources`` (see ``boardkit/core/paths.py``).
"""
