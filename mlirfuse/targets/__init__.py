"""GPU targets: the numbers the cost model prices a fusion plan with.

A target is loaded by name from `mlirfuse/targets/data/<name>.toml` or from a
user's TOML or JSON file with the same keys (see docs/targets.md). Every
number carries its source in the file's `sources` list.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from importlib import resources
from pathlib import Path
from typing import Any

try:  # Python 3.11+; on 3.10 the tomli backport reads the same files
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - depends on the interpreter
    import tomli as tomllib  # type: ignore[no-redef]


class TargetError(ValueError):
    """An unknown target name or a malformed target file."""


@dataclass(frozen=True)
class Target:
    name: str
    description: str
    chip: str
    sm_count: int
    hbm_bandwidth_gbs: float  # GB/s (1e9 bytes per second)
    fp32_tflops: float
    tf32_tflops: float
    bf16_tflops: float
    l2_bytes: int
    shared_bytes_per_block: int
    shared_bytes_per_sm: int
    registers_per_thread: int
    registers_per_sm: int
    max_threads_per_block: int
    launch_overhead_us: float
    sources: tuple[str, ...] = ()

    @property
    def bytes_per_us(self) -> float:
        """HBM bandwidth in bytes per microsecond."""
        return self.hbm_bandwidth_gbs * 1e3

    @property
    def fp32_flops_per_us(self) -> float:
        return self.fp32_tflops * 1e6

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["sources"] = list(self.sources)
        return data


def known_targets() -> list[str]:
    """Names of the built-in targets."""
    folder = resources.files("mlirfuse.targets").joinpath("data")
    return sorted(
        p.name.removesuffix(".toml") for p in folder.iterdir() if p.name.endswith(".toml")
    )


def get_target(name_or_path: str | Path | Target) -> Target:
    """A built-in target by name (`h200`) or a target file (`.toml`/`.json`)."""
    if isinstance(name_or_path, Target):
        return name_or_path
    text = str(name_or_path)
    if text.endswith((".toml", ".json")) or Path(text).is_file():
        return _load_file(Path(text))
    key = text.lower()
    if key not in known_targets():
        raise TargetError(
            f"unknown target '{text}' (known: {', '.join(known_targets())}; or give a .toml/.json file)"
        )
    data = resources.files("mlirfuse.targets").joinpath(f"data/{key}.toml").read_text()
    return _from_mapping(tomllib.loads(data), f"<built-in {key}>")


def _load_file(path: Path) -> Target:
    if not path.is_file():
        raise TargetError(f"{path}: target file not found")
    text = path.read_text()
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as error:
        raise TargetError(f"{path}: cannot parse target file: {error}") from error
    return _from_mapping(data, str(path))


def _from_mapping(data: dict[str, Any], origin: str) -> Target:
    """Build a Target; a file may start from a built-in one with `base = "h100"`."""
    if "base" in data:
        base = get_target(str(data["base"])).to_dict()
        base.update({k: v for k, v in data.items() if k != "base"})
        data = base
    known = {f.name: f for f in fields(Target)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise TargetError(f"{origin}: unknown target keys {unknown} (known: {sorted(known)})")
    missing = sorted(n for n, f in known.items() if n not in data and n != "sources")
    if missing:
        raise TargetError(f"{origin}: missing target keys {missing}")
    values: dict[str, Any] = {}
    for name, value in data.items():
        kind = known[name].type
        try:
            values[name] = _convert(kind, value)
        except (TypeError, ValueError) as error:
            raise TargetError(f"{origin}: bad value for '{name}': {value!r}") from error
    return Target(**values)


def _convert(kind: Any, value: Any) -> Any:
    if kind in ("int", int):
        return int(value)
    if kind in ("float", float):
        return float(value)
    if kind in ("str", str):
        return str(value)
    return tuple(str(v) for v in value)
