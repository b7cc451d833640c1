"""Every game's engine has the same shape (docs/games.md): its rules package holds the six
modules ``system``, ``legal``, ``actions``, ``words``, ``state`` and ``setup``, each importing
only those below it, ``legal`` imported by ``system`` alone and ``system`` by nothing in its
package. The games are the registry's, so a game added later is held to it too (the test-only
game in tests/toygame/ checks its own engine with ``layering_problems``)."""

from __future__ import annotations

from functools import cache

import grimp

from games import registry

LAYERS = ("system", "legal", "actions", "words", "state", "setup")


@cache
def _graph(top: str) -> grimp.ImportGraph:
    return grimp.build_graph(top, cache_dir=None)


def _engines() -> dict[str, str]:
    """Each tracked game's rules package, by slug."""
    return {
        slug: type(system).__module__.rpartition(".")[0]
        for slug, system in registry.trackers().items()
    }


def test_it_finds_every_engine() -> None:
    assert len(_engines()) == 5


def layering_problems(package: str) -> list[str]:
    """What keeps the engine in ``package`` from having the six modules in their layers."""
    graph = _graph(package.partition(".")[0])
    problems = [
        f"{package} has no {layer} module"
        for layer in LAYERS
        if f"{package}.{layer}" not in graph.modules
    ]
    if problems:
        return problems
    for illegal in graph.find_illegal_dependencies_for_layers(layers=LAYERS, containers={package}):
        for route in illegal.routes:
            problems.append(f"{' -> '.join(route.heads)} ... imports upwards: {illegal}")
    importers = graph.find_modules_that_directly_import(f"{package}.legal")
    problems += [f"{m} imports legal" for m in importers if m != f"{package}.system"]
    problems += [
        f"{m} imports system"
        for m in graph.find_modules_that_directly_import(f"{package}.system")
        if m.startswith(package + ".")
    ]
    return problems


def test_every_engine_has_the_same_layers() -> None:
    problems = {slug: layering_problems(package) for slug, package in _engines().items()}
    assert {slug: found for slug, found in problems.items() if found} == {}
