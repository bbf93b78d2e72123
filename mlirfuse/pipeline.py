"""Textual pipelines that mix upstream MLIR passes and mlirfuse passes.

An upstream textual pipeline cannot name a pass written in Python, so a
pipeline such as

    builtin.module(canonicalize, mlirfuse-fuse{target=h200}, func.func(cse))

is split here into its top-level elements and each one is added, in order, to
one module-level PassManager: upstream elements verbatim (`pm.add(text)`),
mlirfuse passes through the registry (`ModulePass.add_to(pm)`).

`@name` (as the whole text or as one element) expands the named pipeline
`pipelines/<name>.pipeline`, a text file holding a pipeline string where lines
starting with `#` are comments. Extra search folders come first from the
`MLIRFUSE_PIPELINE_PATH` environment variable (os.pathsep-separated).
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from mlir import ir
from mlir.passmanager import PassManager

from mlirfuse.context import GROUP_OP, load_fusion_dialect
from mlirfuse.passes import OptionError, UnknownPassError, get_pass_class, pass_names
from mlirfuse.upstream_passes import upstream_pass_names, upstream_passes

MLIRFUSE_PREFIX = "mlirfuse-"
PIPELINE_SUFFIX = ".pipeline"
PIPELINE_PATH_ENV = "MLIRFUSE_PIPELINE_PATH"
_MODULE_ANCHOR = "builtin.module"
_OPENERS = {"(": ")", "{": "}"}


class PipelineError(ValueError):
    """A pipeline text that cannot be parsed or names an unknown pass/option."""


@dataclass(frozen=True)
class PipelineElement:
    """One top-level element of a pipeline.

    `text` is the element as written (upstream elements are handed to MLIR
    verbatim); `options` holds the parsed `{k=v ...}` of an mlirfuse pass.
    """

    text: str
    name: str
    options: dict[str, str] = field(default_factory=dict)

    @property
    def is_mlirfuse(self) -> bool:
        return self.name.startswith(MLIRFUSE_PREFIX)


# -- splitting -----------------------------------------------------------------


def split_top_level(text: str, separator: str = ",") -> list[str]:
    """Split at `separator` outside (), {} and quotes; pieces are stripped."""
    pieces, depth_stack, quote, start = [], [], "", 0
    for i, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in _OPENERS:
            depth_stack.append(_OPENERS[char])
        elif char in ")}":
            if not depth_stack or depth_stack.pop() != char:
                raise PipelineError(f"unbalanced '{char}' at column {i + 1} in pipeline '{text}'")
        elif (char == separator or (separator == " " and char.isspace())) and not depth_stack:
            pieces.append(text[start:i].strip())
            start = i + 1
    if depth_stack or quote:
        raise PipelineError(f"unbalanced brackets or quotes in pipeline '{text}'")
    pieces.append(text[start:].strip())
    return [p for p in pieces if p]


def _unwrap_module(text: str) -> str:
    """`builtin.module(X)` -> `X`; any other text is returned unchanged."""
    text = text.strip()
    if text.startswith(_MODULE_ANCHOR + "(") and text.endswith(")"):
        inner = text[len(_MODULE_ANCHOR) + 1 : -1]
        split_top_level(inner)  # raises if the outer parentheses do not pair
        return inner
    return text


def parse_options(text: str, pass_name: str = "") -> dict[str, str]:
    """`{a=1 b='x y' flag}` -> {'a': '1', 'b': 'x y', 'flag': 'true'}."""
    body = text.strip()
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1]
    options: dict[str, str] = {}
    for item in split_top_level(body, " "):
        key, has_value, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not key:
            raise PipelineError(f"malformed option '{item}' for pass '{pass_name}'")
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        options[key] = value if has_value else "true"
    return options


_NAME = re.compile(r"^[A-Za-z0-9_.@-]+")


def _parse_element(text: str) -> PipelineElement:
    match = _NAME.match(text)
    if not match:
        raise PipelineError(f"malformed pipeline element '{text}'")
    name, rest = match.group(0), text[match.end() :].strip()
    if name.startswith(MLIRFUSE_PREFIX):
        if rest and not (rest.startswith("{") and rest.endswith("}")):
            raise PipelineError(f"malformed options for pass '{name}': '{rest}'")
        return PipelineElement(text, name, parse_options(rest, name) if rest else {})
    if MLIRFUSE_PREFIX in rest and rest.startswith("("):
        raise PipelineError(
            f"mlirfuse passes run on the whole module: move them out of '{name}(...)' in '{text}'"
        )
    return PipelineElement(text, name)


def parse_pipeline(text: str, _seen: tuple[str, ...] = ()) -> list[PipelineElement]:
    """Split a pipeline (`builtin.module(...)`, a bare comma list, or `@name`)."""
    elements: list[PipelineElement] = []
    for piece in split_top_level(_unwrap_module(text)):
        if piece.startswith("@"):
            name = piece[1:]
            if name in _seen:
                raise PipelineError(f"named pipeline '@{name}' includes itself")
            elements += parse_pipeline(load_named_pipeline(name), (*_seen, name))
        elif piece.startswith(_MODULE_ANCHOR + "("):
            elements += parse_pipeline(piece, _seen)
        else:
            elements.append(_parse_element(piece))
    return elements


def pipeline_text(elements: list[PipelineElement]) -> str:
    """The elements as one `builtin.module(...)` string (for reproducers)."""
    return f"{_MODULE_ANCHOR}({','.join(e.text for e in elements)})"


# -- named pipelines -----------------------------------------------------------


def pipeline_dirs() -> list[Path]:
    """Folders searched for `<name>.pipeline`, first match wins."""
    extra = [Path(p) for p in os.environ.get(PIPELINE_PATH_ENV, "").split(os.pathsep) if p]
    repo = Path(__file__).resolve().parent.parent / "pipelines"
    packaged = Path(__file__).resolve().parent / "data" / "pipelines"
    return [*extra, repo, packaged]


def named_pipelines() -> dict[str, Path]:
    """Every named pipeline that can be loaded, by name."""
    found: dict[str, Path] = {}
    for folder in pipeline_dirs():
        if folder.is_dir():
            for path in sorted(folder.glob("*" + PIPELINE_SUFFIX)):
                found.setdefault(path.stem, path)
    return found


def read_pipeline_file(path: Path) -> str:
    """A pipeline file's text without `#` comment lines, lines joined by spaces."""
    lines = path.read_text().splitlines()
    return " ".join(s for s in (line.strip() for line in lines) if s and not s.startswith("#"))


def load_named_pipeline(name: str) -> str:
    """The pipeline text of `@name`."""
    known = named_pipelines()
    path = known.get(name)
    if path is None:
        near = difflib.get_close_matches(name, list(known), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join('@' + n for n in near)}?" if near else ""
        listing = ", ".join("@" + n for n in sorted(known)) or "none"
        raise PipelineError(f"unknown named pipeline '@{name}'{hint} (known: {listing})")
    return read_pipeline_file(path)


# -- building and running ------------------------------------------------------


def nearest_pass_names(name: str) -> list[str]:
    candidates = pass_names() + upstream_pass_names()
    return difflib.get_close_matches(name, candidates, n=3, cutoff=0.6)


def _did_you_mean(near: list[str]) -> str:
    return f"; did you mean {', '.join(repr(n) for n in near)}?" if near else ""


_UNREGISTERED = re.compile(r"'([^']+)' does not refer to a registered pass")
_NO_SUCH_OPTION = re.compile(r"no such option (\S+)")


def _upstream_error(element: PipelineElement, error: ValueError) -> PipelineError:
    message = str(error)
    if match := _UNREGISTERED.search(message):
        name = match.group(1)
        return PipelineError(f"unknown pass '{name}'{_did_you_mean(nearest_pass_names(name))}")
    if match := _NO_SUCH_OPTION.search(message):
        option = match.group(1)
        known = upstream_passes().get(element.name)
        options = known.options if known else []
        near = difflib.get_close_matches(option, options, n=3, cutoff=0.5)
        listing = f" (known: {', '.join(options)})" if options else ""
        return PipelineError(
            f"unknown option '{option}' for pass '{element.name}'{_did_you_mean(near)}{listing}"
        )
    if "failed to add" in message:
        return PipelineError(f"invalid options in '{element.text}'")
    first_line = next((line for line in message.splitlines() if line.strip()), message)
    return PipelineError(f"invalid pipeline element '{element.text}': {first_line}")


def add_element(pm: PassManager, element: PipelineElement) -> None:
    """Append one element to `pm`, raising PipelineError on unknown names."""
    if element.is_mlirfuse:
        try:
            get_pass_class(element.name).from_options(element.options).add_to(pm)
        except UnknownPassError:
            near = _did_you_mean(nearest_pass_names(element.name))
            raise PipelineError(f"unknown pass '{element.name}'{near}") from None
        except OptionError as error:
            raise PipelineError(str(error)) from None
        return
    try:
        pm.add(element.text)
    except ValueError as error:
        raise _upstream_error(element, error) from None


def _ensure_fusion_dialect(ctx: ir.Context) -> None:
    """mlirfuse passes create fusion.group: load the dialect into a caller's
    context, keeping its allow-unregistered-dialects setting."""
    allowed = ctx.allow_unregistered_dialects
    load_fusion_dialect(ctx)
    ctx.allow_unregistered_dialects = allowed


def build_pass_manager(
    text: str | list[PipelineElement], ctx: ir.Context | None = None
) -> PassManager:
    """One module-level PassManager running every element of `text` in order."""
    elements = parse_pipeline(text) if isinstance(text, str) else text
    if ctx is not None and any(e.is_mlirfuse for e in elements):
        _ensure_fusion_dialect(ctx)
    pm = PassManager(_MODULE_ANCHOR, context=ctx)
    for element in elements:
        add_element(pm, element)
    return pm


def _holds_fusion_ops(root: ir.Operation) -> bool:
    found = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name.startswith(GROUP_OP.split(".")[0] + "."):
            found.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    return bool(found)


def run_pipeline(module: ir.Module | ir.Operation, text: str) -> None:
    """Run the pipeline `text` on `module` in place; failures raise MLIRError.

    The module's context and an unknown location are entered while the passes
    run, as the Python passes expect."""
    op = module.operation if isinstance(module, ir.Module) else module
    if not op.context.is_registered_operation(GROUP_OP) and _holds_fusion_ops(op):
        # Loading the dialect now would leave these ops dangling (MLIR crashes
        # printing them): the dialect must be loaded before parsing.
        raise PipelineError(
            "the module holds fusion ops parsed without the fusion dialect; call "
            "mlirfuse.load_fusion_dialect(ctx) before parsing it"
        )
    pm = build_pass_manager(text, op.context)
    # Python passes build IR with the bindings' implicit context and location.
    with op.context, ir.Location.unknown(op.context):
        pm.run(op)
