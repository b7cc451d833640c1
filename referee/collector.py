"""The garbage collector as a serving process runs it (referee/wsgi.py, referee/asgi.py).

Python collects its youngest objects after every 700 allocations more than deallocations,
and now and then walks every object the process holds. A request to the tracker makes
thousands of short-lived objects (query sets, the state's view, its JSON), so with those
defaults a change at a table spent about a tenth of its CPU time in the collector
(bench/change.py prints that share). So, once the application is loaded:

- what it made to start (Django, the URL patterns, the rules' tables) lives as long as the
  process: it is frozen, and no collection walks it again;
- the youngest objects are collected after 5,000 allocations rather than 700: a request's
  garbage is mostly freed by reference counting anyway, and a few thousand objects more in
  the youngest generation is a few hundred kilobytes.
"""

from __future__ import annotations

import gc

YOUNGEST = 5_000


def settle() -> None:
    """Freeze what the process holds now and collect its youngest objects less often."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNGEST, middle, oldest)
