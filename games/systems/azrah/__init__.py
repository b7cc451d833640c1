"""AZRAH: War of Heralds: its Django side (``game.GAME`` says what the app offers for it).

- ``models``: a catalog's Guardian and shared cards (tables of the ``games`` app);
- ``catalog``: the catalog file format, and a catalog's cards as the rules engine sees them;
- ``admin``: those rows in the Django admin, checked as the catalog file checks them;
- ``list_game``, ``builder``, ``setup``: rosters, the roster builder page, and a tracked
  game set up from two saved rosters;
- ``api``, ``api_urls``: the roster validation endpoint;
- ``templates/``, ``static/``: the roster builder page, the board and its stylesheet.
"""
