"""PTX out of `gpu.binary` ops, and what `ptxas -v` says about each kernel."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from mlir import ir
from mlir.dialects.gpu import ObjectAttr

from mlirfuse.gpu.irutil import walk


def extract_ptx(module: ir.Module) -> list[tuple[str, str]]:
    """(gpu.module name, PTX text) for every gpu.binary of `module`."""
    found = []
    for op in walk(module.operation):
        if op.name != "gpu.binary":
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        for attr in ir.ArrayAttr(op.attributes["objects"]):
            data = ObjectAttr(attr).object
            text = data.decode() if isinstance(data, bytes) else str(data)
            found.append((name, text))
    return found


def entry_names(ptx: str) -> list[str]:
    return re.findall(r"\.entry\s+([\w$]+)\s*\(", ptx)


@dataclass(frozen=True)
class KernelResources:
    """One kernel as `ptxas -v` reports it."""

    name: str
    registers: int
    spill_stores: int
    spill_loads: int
    stack: int
    shared: int

    @property
    def spills(self) -> int:
        return self.spill_stores + self.spill_loads


def find_ptxas() -> str | None:
    return shutil.which("ptxas")


_FUNCTION = re.compile(r"Compiling entry function '([\w$]+)'")
_STACK = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers")
_SHARED = re.compile(r"(\d+) bytes smem")


class PtxasError(Exception):
    """ptxas rejected the PTX; the message holds its output."""


def run_ptxas(ptx: str, arch: str = "sm_90", ptxas: str | None = None) -> list[KernelResources]:
    """Assemble one PTX module for `arch` with `ptxas -v`; parse its report."""
    tool = ptxas or find_ptxas()
    if tool is None:
        raise PtxasError("ptxas not found on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "kernels.ptx"
        source.write_text(ptx)
        done = subprocess.run(
            [tool, "-v", f"-arch={arch}", str(source), "-o", str(Path(tmp) / "kernels.cubin")],
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        raise PtxasError(done.stderr.strip() or done.stdout.strip())
    return parse_ptxas_report(done.stderr + done.stdout)


_MAXNTID = re.compile(r"^(\.maxntid [^\n]*)$", re.MULTILINE)


def with_register_budget(text: str, registers: int) -> str:
    """`text` with `.maxnreg registers` after each kernel's `.maxntid`.

    With a block size ptxas sees as a few warps short of a round number (216
    threads: a 6 x 6 x 6 convolution block), its occupancy heuristic caps the
    kernel at 32 registers and spills; an explicit budget (the target's
    registers per thread) lets it allocate what the kernel needs."""
    return _MAXNTID.sub(lambda m: f"{m.group(1)}\n.maxnreg {registers}", text)


def parse_ptxas_report(report: str) -> list[KernelResources]:
    kernels: list[KernelResources] = []
    fields: dict[str, int] = {}
    name = ""
    for line in report.splitlines():
        if m := _FUNCTION.search(line):
            name, fields = m.group(1), {}
        elif m := _STACK.search(line):
            fields.update(stack=int(m.group(1)), stores=int(m.group(2)), loads=int(m.group(3)))
        elif (m := _USED.search(line)) and name:
            shared = _SHARED.search(line)
            kernels.append(
                KernelResources(
                    name,
                    int(m.group(1)),
                    fields.get("stores", 0),
                    fields.get("loads", 0),
                    fields.get("stack", 0),
                    int(shared.group(1)) if shared else 0,
                )
            )
            name = ""
    return kernels


def format_table(rows: list[KernelResources], arch: str) -> str:
    lines = [f"{'kernel':40} {'regs':>5} {'spill':>6} {'stack':>6} {'smem':>6}  ({arch})"]
    for r in rows:
        lines.append(f"{r.name:40} {r.registers:5d} {r.spills:6d} {r.stack:6d} {r.shared:6d}")
    return "\n".join(lines)


UNIT_ENTRY = "mlirfuse_kernel_k0"  # the entry of every unit's PTX (isolate.KERNEL_FUNC)
_HEADER_END = re.compile(r"^\.address_size\s+\d+\s*$", re.MULTILINE)
_MODULE_SYMBOL = re.compile(
    r"^(?:\.visible\s+|\.weak\s+)?"
    r"(?:\.(?:entry|func)\s+(?:\([^)]*\)\s*)?([\w$]+)"
    r"|\.(?:global|shared|const)\s+[^;=]*?([\w$]+)\s*(?:\[[^\]]*\]\s*)*(?:=|;))",
    re.MULTILINE,
)


class PtxMergeError(Exception):
    """Unit PTX modules that cannot be one module (different targets)."""


def split_header(text: str) -> tuple[str, str]:
    """(`.version`/`.target`/`.address_size` header, the rest) of a PTX module."""
    end = _HEADER_END.search(text)
    if end is None:
        raise PtxMergeError("PTX without an .address_size directive")
    return text[: end.end()], text[end.end() :]


def _renamed_body(body: str, entry: str, suffix: str) -> str:
    """The unit's entry becomes `entry` (its parameters follow: they are named
    after it); other module-scope symbols get `suffix`, so that units
    concatenate without clashes."""
    names = {m.group(1) or m.group(2) for m in _MODULE_SYMBOL.finditer(body)} - {UNIT_ENTRY}
    for name in sorted(names, key=len, reverse=True):
        body = re.sub(rf"(?<![\w$]){re.escape(name)}(?![\w$])", f"{name}{suffix}", body)
    return re.sub(rf"(?<![\w$]){UNIT_ENTRY}(?![0-9])", entry, body)


def merge_units(units: list[tuple[str, str]]) -> str:
    """One PTX module from (unit PTX, entry name) pairs, in order."""
    if not units:
        return ""
    header = _normalized_header(split_header(units[0][0])[0])
    bodies = []
    for number, (text, entry) in enumerate(units):
        unit_header, body = split_header(text)
        if _normalized_header(unit_header) != header:
            raise PtxMergeError(f"unit {number} targets another PTX version or chip")
        bodies.append(_renamed_body(body, entry, f"_u{number}"))
    return header + "\n" + "\n".join(bodies)


def _normalized_header(header: str) -> str:
    lines = [line.strip() for line in header.splitlines()]
    return "\n".join(line for line in lines if line.startswith("."))
