"""The games Referee ships, one package each (a Django app listed in ``INSTALLED_APPS``, found
through ``games.registry``): everything of one game's Django side lives in its package."""
