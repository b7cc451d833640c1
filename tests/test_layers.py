"""Layers only point down (STYLE 13): the rules engines know nothing of Django or of the
app, and nothing in the app but the API itself imports the API."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
RULES = ROOT / "referee" / "rules"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    """Every module ``path`` imports (relative imports resolved), with its line."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            yield node.lineno, target
            for alias in node.names:  # from games import api
                yield node.lineno, f"{target}.{alias.name}"


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _sources(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.py") if "migrations" not in p.parts)


def test_it_finds_the_modules_it_checks() -> None:
    names = {_module_name(p) for p in _sources(GAMES)}
    assert {"games.tasks", "games.views.tracker", "games.api.games"} <= names


def test_it_resolves_relative_imports() -> None:
    names = {name for _, name in _imports(GAMES / "tracker" / "service.py")}
    assert "games.models" in names  # from ..models import Catalog
    assert "games.models.Catalog" in names


@pytest.mark.parametrize(
    "path", [p for p in _sources(GAMES) if not _within(_module_name(p), "games.api")], ids=str
)
def test_nothing_outside_the_api_imports_the_api(path: Path) -> None:
    bad = [f"line {line}: {name}" for line, name in _imports(path) if _within(name, "games.api")]
    assert not bad, f"{_module_name(path)} imports the API: {bad}"


@pytest.mark.parametrize("path", _sources(RULES), ids=str)
def test_the_rules_import_nothing_from_django_or_the_app(path: Path) -> None:
    bad = [
        f"line {line}: {name}"
        for line, name in _imports(path)
        if any(_within(name, top) for top in ("django", "rest_framework", "games"))
    ]
    assert not bad, f"{_module_name(path)} imports {bad}"
