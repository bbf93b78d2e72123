"""The layers of mlirfuse only point down (docs/architecture.md).

The import graph is read from the source (ast), module-level and
function-level imports alike, so a lazy import cannot hide a cycle. Nodes are
the subpackages and top-level modules of `mlirfuse/`.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "mlirfuse"

# Bottom first. An import may only name a unit of the same rank or lower.
LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "vocab",
        "settings",
        "locations",
        "functions",
        "source",
        "tm_tensor_scan",
        "tm_tensor_scatter",
        "tm_tensor_sort",
        "targets",
        "upstream_passes",
        "child_process",
    ),
    ("mutation", "context"),
    ("analysis",),
    ("metrics",),
    ("cost",),
    ("search",),
    ("policy",),
    ("transforms",),
    ("passes",),
    ("pipeline",),
    ("driver",),
    ("runner",),
    ("verify",),
    ("gpu",),
    ("fuzz",),
    ("api",),
    ("zoo",),
    ("commands",),
    ("cli", "tools", "__init__"),
)
RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}


def _unit(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else path.stem


def _imported_units(path: Path) -> set[tuple[str, int]]:
    """(unit, line) of every mlirfuse import in `path`, at any depth."""
    package = ".".join(("mlirfuse", *path.relative_to(PACKAGE).parent.parts))
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            names = [base] if base != "mlirfuse" else [f"mlirfuse.{a.name}" for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "mlirfuse" and len(parts) > 1:
                found.add((parts[1], node.lineno))
    return found


def import_graph() -> dict[str, dict[str, list[str]]]:
    """unit -> imported unit -> the places (`file:line`) that import it."""
    graph: dict[str, dict[str, list[str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        unit = _unit(path)
        for target, line in sorted(_imported_units(path)):
            if target != unit:
                where = f"{path.relative_to(PACKAGE.parent)}:{line}"
                graph.setdefault(unit, {}).setdefault(target, []).append(where)
    return graph


def find_cycle(graph: dict[str, dict[str, list[str]]]) -> list[str] | None:
    """One cycle of units, or None."""
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    stack: list[str] = []

    def visit(unit: str) -> list[str] | None:
        state[unit] = 1
        stack.append(unit)
        for target in sorted(graph.get(unit, {})):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        stack.pop()
        state[unit] = 2
        return None

    for unit in sorted(graph):
        if unit not in state:
            cycle = visit(unit)
            if cycle:
                return cycle
    return None


def test_the_graph_sees_function_level_imports() -> None:
    # commands/demo.py imports the API at module level; driver/main.py imports
    # the pipeline module inside a function: both edges count.
    graph = import_graph()
    assert "api" in graph["commands"]
    assert "pipeline" in graph["driver"]  # driver/main.py imports it in a function


def test_no_import_cycle_between_subpackages() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_find_cycle_reports_one() -> None:
    assert find_cycle({"a": {"b": []}, "b": {"c": []}, "c": {"a": []}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": []}, "b": {}}) is None


def test_every_unit_has_a_layer() -> None:
    units = {_unit(p) for p in PACKAGE.rglob("*.py")}
    assert units - set(RANK) == set()


def test_imports_point_down_the_layers() -> None:
    upward = [
        f"{where}: {unit} imports {target}"
        for unit, targets in import_graph().items()
        for target, places in targets.items()
        if RANK[target] > RANK[unit]
        for where in places
    ]
    assert upward == []


def test_no_import_guard_for_the_package_itself() -> None:
    guarded = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Try):
                continue
            catches = [ast.unparse(h.type) for h in node.handlers if h.type is not None]
            if any("ImportError" in c for c in catches) and any(
                unit for unit in _units_in(node.body)
            ):
                guarded.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert guarded == []


def _units_in(body: list[ast.stmt]) -> list[str]:
    names = []
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mlirfuse"):
                names.append(node.module or "")
    return names


def test_the_module_map_names_every_unit_and_module() -> None:
    doc = (PACKAGE.parent / "docs" / "architecture.md").read_text()
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        unit = _unit(path)
        named = f"`{unit}/`" in doc or f"`{unit}.py`" in doc or f"`{unit}/{path.name}`" in doc
        if unit in ("vocab", "analysis", "cost", "search", "policy", "passes", "transforms"):
            named = named and (path.name == "__init__.py" or f"{path.name}`" in doc)
        if not named:
            missing.append(str(path.relative_to(PACKAGE.parent)))
    assert missing == []
