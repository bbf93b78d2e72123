"""IREE's peer figures for every zoo model: models/baseline.json.

    .zoo-venv/bin/python models/baseline.py [--models A,B]

For each models/NAME.mlir, `iree-compile --compile-to=flow
--iree-hal-target-device=cuda` runs at the default level and at
`--iree-opt-level=O3`; in the flow-level IR we count the `flow.dispatch` ops
(IREE's kernels) and the bytes at dispatch boundaries: the tensor operands
and results of every dispatch, from their types (a result tied to an operand,
`-> %x`, is written back and counts once more as a result). Compulsory bytes
are the function's arguments and results (what any schedule must move),
from the model's own header. A
dimension that is dynamic makes the bytes unknown (null); a model with
dynamic arguments is measured once more at its example inputs (`at_inputs`:
a static wrapper, `@NAME_at_inputs`, casts the shapes of `NAME.npz` in and
calls the model, made private so IREE inlines it and plans with every size
known: the strongest IREE can do on those inputs). A model IREE
refuses gets its first error line instead of figures. The JSON is committed,
so tests and benches compare with IREE without IREE installed; `--models`
refreshes only those entries.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "baseline.json"
IREE_COMPILE = Path(sys.executable).parent / "iree-compile"
LEVELS = {"default": [], "O3": ["--iree-opt-level=O3"]}
BASE_FLAGS = ["--compile-to=flow", "--iree-hal-target-device=cuda"]
TIMEOUT_S = 600

ELEMENT_BYTES = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8}
ELEMENT_BYTES |= {"f16": 2, "bf16": 2, "f32": 4, "f64": 8}
TENSOR = re.compile(r"tensor<([^<>]*)>")
DISPATCH = re.compile(r"^\s*(?P<results>%[^=]*)= flow\.dispatch @(?P<rest>.*)$")


def tensor_bytes(type_text: str) -> int | None:
    """Bytes of `tensor<4x?x8xf32>` written without the `tensor<>`; None when dynamic."""
    *dims, element = type_text.split("x")
    if any(not d.isdigit() for d in dims) or element not in ELEMENT_BYTES:
        return None
    count = 1
    for d in dims:
        count *= int(d)
    return count * ELEMENT_BYTES[element]


def sum_bytes(types: list[str]) -> int | None:
    sizes = [tensor_bytes(t) for t in types]
    return None if any(s is None for s in sizes) else sum(s for s in sizes if s is not None)


def _split_top(text: str) -> list[str]:
    """Split at commas outside brackets: `(a, b), c` -> ['(a, b)', 'c']."""
    parts, depth, current = [], 0, ""
    for char in text:
        depth += char in "(<[{"
        depth -= char in ")>]}"
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    return [p for p in [*parts, current.strip()] if p]


def dispatch_types(line: str) -> tuple[list[str], list[str]] | None:
    """(operand types, result types) of one `flow.dispatch` line."""
    match = DISPATCH.match(line)
    if match is None:
        return None
    rest = match["rest"]
    call, _, signature = rest.rpartition(" : ")
    operands_text, _, results_text = signature.partition(" -> ")
    names = _split_top(call[call.index("(") + 1 : call.rindex(")")])
    operands = _split_top(operands_text.strip().removeprefix("(").removesuffix(")"))
    by_name = {n: TENSOR.findall(t)[:1] for n, t in zip(names, operands, strict=False)}
    operand_types = [t for o in operands for t in TENSOR.findall(o)]
    results_text = results_text.split(" attributes")[0].strip().removeprefix("(").removesuffix(")")
    result_types: list[str] = []
    for result in _split_top(results_text):
        # A result tied to an operand (`-> %x`) has the operand's type.
        result_types += (
            by_name.get(result, []) if result.startswith("%") else TENSOR.findall(result)
        )
    return operand_types, result_types


def count_dispatches(flow_text: str) -> dict[str, int | None]:
    dispatches = 0
    types: list[str] = []
    for line in flow_text.splitlines():
        found = dispatch_types(line)
        if found is not None:
            dispatches += 1
            types += found[0] + found[1]
    return {"dispatches": dispatches, "bytes": sum_bytes(types)}


def compulsory_bytes(source: Path) -> int | None:
    """Arguments + results of the model's function, from its one-line header."""
    for line in source.read_text().splitlines():
        if line.lstrip().startswith("func.func @"):
            return sum_bytes(TENSOR.findall(line.rpartition(" {")[0]))
    return None


def first_error(stderr: str, returncode: int) -> str:
    for line in stderr.splitlines():
        if "error:" in line:
            return line.strip()[:300]
    return f"iree-compile exited with status {returncode}"


def iree_version() -> str:
    out = subprocess.run([str(IREE_COMPILE), "--version"], capture_output=True, text=True)
    match = re.search(r"IREE compiler version (\S+)", out.stdout)
    return match[1] if match else "unknown"


def compile_to_flow(source: Path, flags: list[str]) -> tuple[str | None, str]:
    """(flow text, "") on success, (None, error line) on failure."""
    with tempfile.TemporaryDirectory(prefix="iree-flow-") as tmp:
        output = Path(tmp) / "flow.mlir"
        command = [str(IREE_COMPILE), *BASE_FLAGS, *flags, str(source), "-o", str(output)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return None, f"iree-compile timed out after {TIMEOUT_S} s"
        if done.returncode != 0 or not output.is_file():
            return None, first_error(done.stderr, done.returncode)
        return output.read_text(), ""


HEADER = re.compile(
    r"^(?P<indent>\s*)func\.func @(?P<name>[\w.$-]+)\((?P<args>.*)\) -> (?P<results>.*) \{$"
)
DYNAMIC_TENSOR = re.compile(r"tensor<(?P<dims>(?:[0-9?]+x)+)(?P<element>[^<>x]+)>")


def _static_type(dynamic: str, shape: tuple[int, ...]) -> str:
    """`tensor<?x32xf32>` with the dims of `shape`: `tensor<2x32xf32>`."""
    match = DYNAMIC_TENSOR.fullmatch(dynamic.strip())
    if match is None:
        raise ValueError(f"not a ranked tensor type: {dynamic}")
    dims = match["dims"].rstrip("x").split("x")
    if len(dims) != len(shape) or any(
        d not in ("?", str(n)) for d, n in zip(dims, shape, strict=True)
    ):
        raise ValueError(f"{dynamic} does not match the example shape {shape}")
    return f"tensor<{'x'.join(str(n) for n in shape)}x{match['element']}>"


def at_inputs(
    text: str, shapes: list[tuple[int, ...]], result_shapes: list[tuple[int, ...]]
) -> str:
    """The model made private, with a static `@NAME_at_inputs` that casts the
    example shapes in and the result out and calls it."""
    lines = text.splitlines()
    at, header = next((i, HEADER.match(ln)) for i, ln in enumerate(lines) if HEADER.match(ln))
    assert header is not None
    name = header["name"]
    arg_types = [a.split(":", 1)[1].strip() for a in _split_top(header["args"])]
    result_types = _split_top(header["results"].strip().removeprefix("(").removesuffix(")"))
    static_args = [_static_type(t, s) for t, s in zip(arg_types, shapes, strict=True)]
    static_results = [_static_type(t, s) for t, s in zip(result_types, result_shapes, strict=True)]
    body = [f"  func.func @{name}_at_inputs("]
    body[0] += ", ".join(f"%a{i}: {t}" for i, t in enumerate(static_args))
    body[0] += f") -> ({', '.join(static_results)}) {{"
    for i, (static, dynamic) in enumerate(zip(static_args, arg_types, strict=True)):
        body.append(f"    %c{i} = tensor.cast %a{i} : {static} to {dynamic}")
    operands = ", ".join(f"%c{i}" for i in range(len(arg_types)))
    signature = f"({', '.join(arg_types)}) -> ({', '.join(result_types)})"
    body.append(f"    %r:{len(result_types)} = func.call @{name}({operands}) : {signature}")
    outs = []
    for i, (static, dynamic) in enumerate(zip(static_results, result_types, strict=True)):
        body.append(f"    %s{i} = tensor.cast %r#{i} : {dynamic} to {static}")
        outs.append(f"%s{i}")
    body.append(f"    return {', '.join(outs)} : {', '.join(static_results)}")
    body.append("  }")
    lines[at] = lines[at].replace("func.func @", "func.func private @", 1)
    closing = max(i for i, ln in enumerate(lines) if ln.strip() == "}")
    return "\n".join([*lines[:closing], *body, *lines[closing:]]) + "\n"


def example_shapes(source: Path) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The shapes of `NAME.npz`'s `arg0`, `arg1`, ... and `ref` (or `ref0`, ...)."""
    import numpy as np  # the zoo venv has it; only dynamic models need it

    with np.load(source.with_suffix(".npz")) as arrays:
        args = sorted((k for k in arrays.files if k.startswith("arg")), key=lambda k: int(k[3:]))
        refs = sorted(k for k in arrays.files if k.startswith("ref"))
        return [arrays[k].shape for k in args], [arrays[k].shape for k in refs]


def _levels(source: Path) -> dict[str, object]:
    figures: dict[str, object] = {}
    for level, flags in LEVELS.items():
        flow, error = compile_to_flow(source, flags)
        figures[level] = {"error": error} if flow is None else count_dispatches(flow)
    return figures


def measure(source: Path, version: str) -> dict[str, object]:
    entry: dict[str, object] = {"iree_version": version}
    entry["compulsory_bytes"] = compulsory_bytes(source)
    entry |= _levels(source)
    if entry["compulsory_bytes"] is None:
        args, refs = example_shapes(source)
        with tempfile.TemporaryDirectory(prefix="iree-at-inputs-") as tmp:
            static = Path(tmp) / source.name
            static.write_text(at_inputs(source.read_text(), args, refs))
            entry["at_inputs"] = {"compulsory_bytes": compulsory_bytes(static)} | _levels(static)
    return entry


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", help="comma-separated names (default: all)")
    args = parser.parse_args()
    sources = sorted(HERE.glob("*.mlir"))
    if args.models:
        wanted = args.models.split(",")
        unknown = sorted(set(wanted) - {s.stem for s in sources})
        if unknown:
            print(f"baseline.py: error: no model named {', '.join(unknown)}", file=sys.stderr)
            return 1
        sources = [s for s in sources if s.stem in wanted]
    known = {s.stem for s in HERE.glob("*.mlir")}
    table = json.loads(OUTPUT.read_text()) if OUTPUT.is_file() else {}
    table = {name: row for name, row in table.items() if name in known}
    version = iree_version()
    for source in sources:
        table[source.stem] = measure(source, version)
        print(f"{source.stem}: {json.dumps(table[source.stem], sort_keys=True)}")
    OUTPUT.write_text(json.dumps(table, sort_keys=True, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
