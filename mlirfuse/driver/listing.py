"""`--list-passes`: mlirfuse passes with their options, and named pipelines."""

from __future__ import annotations

from mlirfuse.passes import get_pass_class, pass_names
from mlirfuse.passes.base import format_option
from mlirfuse.pipeline import named_pipelines


def _pipeline_summary(text: str) -> str:
    """The first comment line of a pipeline file, if it has one."""
    for line in text.splitlines():
        if line.startswith("#") and line.strip("# "):
            return line.strip("# ").strip()
    return ""


def _type_name(kind: object) -> str:
    return getattr(kind, "__name__", str(kind))


def list_passes_text() -> str:
    lines = ["mlirfuse passes (flag --NAME or pipeline element NAME{opt=value ...}):"]
    for name in pass_names():
        cls = get_pass_class(name)
        lines.append(f"  {name}")
        lines.append(f"      {cls.SUMMARY}")
        for spec in cls.option_specs():
            default = format_option(spec.default) if spec.default != "" else "''"
            lines.append(
                f"      {spec.flag}=<{_type_name(spec.type)}>  {spec.help} (default: {default})"
            )
    lines.append("")
    lines.append("named pipelines (--pass-pipeline=@NAME):")
    for name, path in sorted(named_pipelines().items()):
        summary = _pipeline_summary(path.read_text())
        lines.append(f"  @{name}" + (f"  {summary}" if summary else ""))
    lines.append("")
    lines.append("upstream MLIR passes: any pass of mlir-opt (see `mlir-opt --help`).")
    return "\n".join(lines) + "\n"
