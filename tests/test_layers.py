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
    assert {"games.tasks", "games.views.tracker", "games.api.tracker.play"} <= names


def test_it_resolves_relative_imports() -> None:
    names = {name for _, name in _imports(GAMES / "tracker" / "lifecycle.py")}
    assert "games.models" in names  # from ..models import Catalog
    assert "games.models.Catalog" in names


def _is_api(module: str) -> bool:
    """The API's own modules: ``games.api``, and a game's endpoints in its package
    (``games.systems.<slug>.api_urls``, ``.api`` ...)."""
    parts = module.split(".")
    in_a_game = parts[:2] == ["games", "systems"] and len(parts) > 3
    return _within(module, "games.api") or (in_a_game and parts[3].startswith("api"))


@pytest.mark.parametrize(
    "path", [p for p in _sources(GAMES) if not _is_api(_module_name(p))], ids=str
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


# --- The odds task loads no DRF --------------------------------------------------------------

DRF = ("rest_framework", "drf_spectacular", "knox")


def _path_of(module: str) -> Path | None:
    """The source of ``module`` when it is one of the project's, else None (a third-party
    module, or a name imported from a module rather than a module)."""
    base = ROOT.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _on_import(path: Path) -> set[int]:
    """The lines of the imports that run when ``path`` is imported: not those in functions."""
    lines: set[int] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                lines.add(child.lineno)
            elif not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    return lines


def _loaded_with(names: list[str], *, in_functions: bool) -> dict[str, Path]:
    """Every project module that importing ``names`` loads, parent packages included,
    followed to the end. ``in_functions`` also follows the imports inside functions, which
    load only when a function runs."""
    found: dict[str, Path] = {}
    todo = list(names)
    while todo:
        parts = todo.pop().split(".")
        for end in range(1, len(parts) + 1):
            module = ".".join(parts[:end])
            path = _path_of(module)
            if path is None or module in found:
                continue
            found[module] = path
            lines = None if in_functions else _on_import(path)
            todo.extend(name for line, name in _imports(path) if lines is None or line in lines)
    return found


ODDS_TASKS = GAMES / "systems" / "azeroth" / "tasks.py"  # where the attack_odds task lives


def _task_body_imports(task: str, path: Path = GAMES / "tasks.py") -> list[str]:
    """The modules the task ``task`` of ``path`` (games.tasks) imports in its body when it
    runs."""
    tree = ast.parse(path.read_text(), str(path))
    body = next(
        node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == task
    )
    lines = {
        node.lineno for node in ast.walk(body) if isinstance(node, ast.Import | ast.ImportFrom)
    }
    return [name for line, name in _imports(path) if line in lines]


def _drf_imports(modules: dict[str, Path]) -> list[str]:
    return [
        f"{module} line {line}: {name}"
        for module, path in sorted(modules.items())
        for line, name in _imports(path)
        if any(_within(name, top) for top in DRF)
    ]


def test_it_follows_what_a_task_imports() -> None:
    odds = _loaded_with(_task_body_imports("attack_odds", ODDS_TASKS), in_functions=True)
    assert {
        "games.systems.azeroth.odds.service",
        "games.systems.azeroth.odds.requests",
        "games.errors",
    } <= set(odds)
    tokens = _loaded_with(_task_body_imports("purge_expired_tokens"), in_functions=True)
    assert _drf_imports(tokens), "games.tokens holds the API's token login, DRF and all"
    assert "games.tokens" not in _loaded_with(["games.tasks"], in_functions=False)


def test_the_attack_odds_task_loads_nothing_from_drf() -> None:
    # Loading the task module, then everything the task's body imports, at any depth.
    loaded = _loaded_with([_module_name(ODDS_TASKS)], in_functions=False)
    loaded |= _loaded_with(_task_body_imports("attack_odds", ODDS_TASKS), in_functions=True)
    bad = _drf_imports(loaded)
    assert not bad, f"the attack_odds task can load DRF: {bad}"
