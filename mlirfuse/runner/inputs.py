"""What the `run` and `verify` commands read and print.

Inputs come from an `.npz` holding `arg0`, `arg1`, ... in argument order (and
optionally `ref`, or `ref0`, `ref1`, ..., the expected results, and `exact`,
or `exact0`, ..., a 16-bit model's results computed in f32: what `verify`
judges a transformation's rounding against); results are summarised by
checksums that stay identical from run to run.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from mlirfuse.runner.bf16 import as_float
from mlirfuse.runner.errors import RunnerError
from mlirfuse.source import SourceError
from mlirfuse.source import read_source as read_text_source


def read_source(path: str) -> tuple[str, str]:
    """(text, name for diagnostics) of a file, or of stdin for '-'."""
    try:
        return read_text_source(path)
    except SourceError as error:
        raise RunnerError(str(error)) from None


@dataclass
class NpzInputs:
    path: str
    args: list[np.ndarray]
    refs: dict[int, np.ndarray] = field(default_factory=dict)
    exact: dict[int, np.ndarray] = field(default_factory=dict)


def _numbered(keys: list[str], prefix: str) -> dict[int, str]:
    found = {}
    for key in keys:
        suffix = key[len(prefix) :]
        if key.startswith(prefix) and suffix.isdigit():
            found[int(suffix)] = key
    return found


def load_npz(path: str) -> NpzInputs:
    """`arg0..argN` in order (no gaps), `ref`/`refK` and `exact`/`exactK` of
    an .npz file."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except (OSError, ValueError, zipfile.BadZipFile) as error:
        raise RunnerError(f"cannot read inputs from {path}: {error}") from None
    args = _numbered(list(arrays), "arg")
    missing = [f"arg{i}" for i in range(len(args)) if i not in args]
    if missing:
        raise RunnerError(
            f"{path}: inputs must be arg0, arg1, ... without gaps; missing {missing[0]}"
        )
    refs, exact = (_expected(arrays, prefix) for prefix in ("ref", "exact"))
    return NpzInputs(path, [arrays[f"arg{i}"] for i in range(len(args))], refs, exact)


def _expected(arrays: dict[str, np.ndarray], prefix: str) -> dict[int, np.ndarray]:
    """Result index -> array, of `prefixK` keys or a bare `prefix` (result 0)."""
    found = {i: arrays[key] for i, key in _numbered(list(arrays), prefix).items()}
    if prefix in arrays:
        found.setdefault(0, arrays[prefix])
    return found


def save_results(path: str, results: list[np.ndarray]) -> None:
    """Write `result0`, ... atomically: a failed write leaves no partial file."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(suffix=".npz", dir=folder)
    except OSError as error:
        raise RunnerError(f"cannot write {path}: {error.strerror or error}") from None
    named: dict[str, Any] = {f"result{i}": r for i, r in enumerate(results)}
    try:
        with os.fdopen(handle, "wb") as stream:
            np.savez(stream, **named)
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise RunnerError(f"cannot write {path}: {error.strerror or error}") from None


def _number(value: float | int | bool, integral: bool) -> str:
    return str(int(value)) if integral else f"{float(value):.7g}"


def checksum_line(index: int, type_text: str, result: np.ndarray) -> str:
    """`resultK: TYPE sum=... abs_sum=... min=... max=... first=[...]` (bf16 as its values)."""
    result = as_float(result)
    integral = result.dtype.kind in "biu"
    wide = result.astype(np.int64 if integral else np.float64)
    parts = [f"result{index}: {type_text}"]
    if result.size:
        parts += [
            f"sum={_number(wide.sum(), integral)}",
            f"abs_sum={_number(np.abs(wide).sum(), integral)}",
            f"min={_number(wide.min(), integral)}",
            f"max={_number(wide.max(), integral)}",
            "first=[" + ", ".join(_number(v, integral) for v in wide.ravel()[:4]) + "]",
        ]
    else:
        parts.append("empty")
    return " ".join(parts)
