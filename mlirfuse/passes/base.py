"""The declared unit every mlirfuse pass is made of.

A pass is a frozen dataclass: its class variables name it (`NAME` is the flag,
`SUMMARY` one line for --list-passes) and its fields are its typed options,
each with a default and a one-line help in the field's metadata. `run` receives
the module operation and may mutate it; it reports bad input by raising
`PassFailure` with the location of the offending op, which the pass manager
turns into a located diagnostic.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from mlir import ir
from mlir.passmanager import PassManager

from mlirfuse.mutation import MutationError, run_all_or_nothing
from mlirfuse.vocab.errors import OptionError, PassFailure


def option(default: Any, help: str) -> Any:
    """Declare a pass option with its default and one line of help."""
    return dataclasses.field(default=default, metadata={"help": help})


@dataclass(frozen=True)
class OptionSpec:
    """One option of a pass as the driver and --list-passes see it."""

    flag: str  # kebab-case, as written in a pipeline: `keep-intermediates`
    field: str  # the dataclass field: `keep_intermediates`
    type: type
    default: Any
    help: str


@dataclass(frozen=True)
class ModulePass:
    """Base of every mlirfuse pass. Subclasses set NAME and SUMMARY."""

    NAME: ClassVar[str] = ""
    SUMMARY: ClassVar[str] = ""

    def run(self, module: ir.Operation) -> None:
        raise NotImplementedError

    # -- declaration helpers -------------------------------------------------

    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        hints = typing.get_type_hints(cls)
        specs = []
        for f in dataclasses.fields(cls):
            specs.append(
                OptionSpec(
                    flag=f.name.replace("_", "-"),
                    field=f.name,
                    type=hints[f.name],
                    default=f.default,
                    help=f.metadata.get("help", ""),
                )
            )
        return specs

    @classmethod
    def from_options(cls, options: dict[str, str]) -> Self:
        """Build the pass from textual options (`{flag: value}`), type-checked."""
        specs = {s.flag: s for s in cls.option_specs()}
        values: dict[str, Any] = {}
        for flag, text in options.items():
            spec = specs.get(flag) or specs.get(flag.replace("_", "-"))
            if spec is None:
                raise OptionError(_unknown_option_message(cls.NAME, flag, list(specs)))
            values[spec.field] = convert_option(cls.NAME, spec, text)
        instance = cls(**values)
        instance.validate()
        return instance

    def validate(self) -> None:
        """Reject option values out of range (raise OptionError)."""

    def pipeline_text(self) -> str:
        """This pass with its non-default options, as a pipeline element."""
        parts = []
        for spec in self.option_specs():
            value = getattr(self, spec.field)
            if value != spec.default:
                parts.append(f"{spec.flag}={format_option(value)}")
        return f"{self.NAME}{{{' '.join(parts)}}}" if parts else self.NAME

    # -- running -------------------------------------------------------------

    def as_callable(self) -> Callable[[ir.Operation, Any], None]:
        """The callable `PassManager.add` takes; failures become diagnostics.
        A pass either leaves IR that verifies and parses again or leaves its
        input unchanged (mlirfuse.mutation.run_all_or_nothing)."""

        def run_pass(op: ir.Operation, pass_: Any) -> None:
            try:
                # A caller's pass manager may run us outside `with ctx:`; rewrites
                # build attributes and types that need the context entered.
                with op.context:
                    run_all_or_nothing(op, lambda: self.run(op))
            except (PassFailure, MutationError) as failure:
                location = failure.location or op.location
                location.emit_error(f"{self.NAME}: {failure.message}")
                pass_.signal_pass_failure()

        return run_pass

    def add_to(self, pm: PassManager) -> None:
        """Append this pass to a caller's pass manager (module level)."""
        pm.add(self.as_callable(), name=self.NAME, argument=self.NAME)

    def __call__(self, module: ir.Module | ir.Operation) -> None:
        """Run the pass alone on `module`, through a pass manager (so the
        verifier runs after it and failures raise MLIRError)."""
        op = module.operation if isinstance(module, ir.Module) else module
        pm = PassManager("builtin.module", context=op.context)
        self.add_to(pm)
        pm.run(op)


_TRUE = {"true", "1", "on", "yes"}
_FALSE = {"false", "0", "off", "no"}


def convert_option(pass_name: str, spec: OptionSpec, text: str) -> Any:
    """Parse one textual option value into the option's declared type."""
    lowered = text.strip().lower()
    if spec.type is bool and lowered in _TRUE | _FALSE:
        return lowered in _TRUE
    if spec.type is str:
        return text
    if spec.type in (int, float):
        try:
            return spec.type(text)
        except ValueError:
            pass
    raise OptionError(
        f"invalid value '{text}' for option '{spec.flag}' of pass '{pass_name}' "
        f"(expected {spec.type.__name__})"
    )


def format_option(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _unknown_option_message(pass_name: str, flag: str, known: list[str]) -> str:
    import difflib

    near = difflib.get_close_matches(flag, known, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""
    return f"unknown option '{flag}' for pass '{pass_name}'{hint} (known: {', '.join(known) or 'none'})"
