"""Read torch-mlir's `tm_tensor.scan` (what `torch.cumsum` exports to) as linalg.

torch-mlir's linalg-on-tensors output is linalg except for a few ops of its
TMTensor dialect, which the upstream bindings do not know: the file would not
even parse. `tm_tensor.scan` is the one real models hit in a forward pass
(BLOOM's ALiBi slopes, RoBERTa/XLM-R position ids: a cumsum of the attention
mask), so it is rewritten in the source text, before parsing, into linalg
generics the rest of mlirfuse already fuses and lowers:

    out[p, j] = fold_{k <= j} x[p, k]    (k < j, from the accumulator's
                                           initial value, when exclusive)

as a reduction over a new innermost dim k with `select(k <= j, x, identity)`,
so the combiner stays a plain add/mul that reduction kernels recognise. This
does O(n^2) work along the scanned dim instead of O(n); scanned dims are
sequence lengths (hundreds to a few thousand) and the op is tiny next to the
layer around it. The final-accumulator result is a plain reduction, emitted
only when the text uses it.

Only the forms torch-mlir produces are taken: one scanned input, a combiner
that is a single arith add or mul of the two block arguments. Any other
`tm_tensor` op or form is left alone, so the parser reports it with its
location (see `explain_unknown_dialect`). The replacement is written on the
scan's first line and the lines it spanned are kept as blank lines, so every
later diagnostic keeps its line number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_NAME = r"%[\w$.-]+"
_USE = r"%[\w$.-]+(?:#\d+)?"
_TENSOR = r"tensor<[^<>]*>"
_SCAN = re.compile(
    rf"(?P<results>{_NAME}:2|{_NAME}\s*,\s*{_NAME})\s*=\s*tm_tensor\.scan\s+"
    rf"dimension\((?P<dim>\d+)\)\s+inclusive\((?P<inclusive>true|false)\)\s+"
    rf"ins\((?P<input>{_USE})\s*:\s*{_TENSOR}\)\s+"
    rf"outs\((?P<out>{_USE})\s*,\s*(?P<acc>{_USE})\s*:\s*"
    rf"(?P<out_type>{_TENSOR})\s*,\s*(?P<acc_type>{_TENSOR})\)\s*\{{\s*"
    rf"\^bb0\((?P<a>{_NAME})\s*:\s*(?P<elem>\w+)\s*,\s*(?P<b>{_NAME})\s*:\s*\w+\)\s*:\s*"
    rf"(?P<value>{_NAME})\s*=\s*arith\.(?P<combiner>addi|addf|muli|mulf)\s+"
    rf"(?P<x>{_NAME})\s*,\s*(?P<y>{_NAME})(?P<flags>\s+fastmath<[\w,]*>)?\s*:\s*\w+\s+"
    rf"tm_tensor\.yield\s+(?P<yielded>{_NAME})\s*:\s*\w+\s*\}}\s*->\s*{_TENSOR}\s*,\s*{_TENSOR}"
)
_FUNC = re.compile(r"\bfunc\.func\b")

UNKNOWN_DIALECT_PREFIX = "Dialect `tm_tensor' not found for custom op '"


@dataclass(frozen=True)
class _Scan:
    """One matched scan, with the names its replacement defines."""

    match: re.Match[str]
    prefix: str  # fresh SSA names of the replacement start with it

    def group(self, name: str) -> str:
        return self.match.group(name)

    @property
    def result_names(self) -> tuple[str, str]:
        results = self.group("results")
        if results.endswith(":2"):
            return f"{results[:-2]}#0", f"{results[:-2]}#1"
        first, second = (part.strip() for part in results.split(","))
        return first, second

    @property
    def rank(self) -> int:
        return tensor_rank(self.group("out_type"))

    @property
    def is_float(self) -> bool:
        return self.group("combiner").endswith("f")

    def constant(self, value: int) -> str:
        literal = f"{float(value):e}" if self.is_float else str(value)
        return f"arith.constant {literal} : {self.group('elem')}"

    @property
    def identity(self) -> int:
        return 0 if self.group("combiner").startswith("add") else 1

    def is_well_formed(self) -> bool:
        arguments = {self.group("a"), self.group("b")}
        operands = {self.group("x"), self.group("y")}
        return (
            arguments == operands
            and len(arguments) == 2
            and self.group("yielded") == self.group("value")
            and int(self.group("dim")) < self.rank
        )


def import_tm_tensor_scans(text: str) -> str:
    """`text` with each torch-mlir-style `tm_tensor.scan` rewritten as linalg.

    Text without a (supported) scan comes back unchanged."""
    if "tm_tensor.scan" not in text:
        return text

    def rewrite(match: re.Match[str], number: int) -> str | None:
        scan = _Scan(match, f"%tm_scan{number}_")
        return _replacement(scan, text) if scan.is_well_formed() else None

    return rename_marked_results(replace_matches(text, _SCAN, rewrite))


def replace_matches(
    text: str, pattern: re.Pattern[str], rewrite: Callable[[re.Match[str], int], str | None]
) -> str:
    """`text` with each match of `pattern` (the n-th passed as `number` n)
    replaced by what `rewrite` returns for it, left as it was where that is
    None. The replacement stands on the match's first line and its other
    lines stay, blank, so every later diagnostic keeps its line number."""
    pieces: list[str] = []
    position = 0
    for number, match in enumerate(pattern.finditer(text)):
        replacement = rewrite(match, number)
        if replacement is None:
            continue
        pieces.append(text[position : match.start()])
        pieces.append(replacement)
        pieces.append("\n" * match.group(0).count("\n"))
        position = match.end()
    pieces.append(text[position:])
    return "".join(pieces)


def used_after(name: str, text: str, start: int) -> bool:
    """Whether `name` is used after `start`, before the next function."""
    scope = text[start : _function_end(text, start)]
    return re.search(re.escape(name) + r"(?![\w$.-])", scope) is not None


def _function_end(text: str, start: int) -> int:
    """Where the function holding `start` ends: the next function, or the text's end."""
    following = _FUNC.search(text, start)
    return following.start() if following else len(text)


def _replacement(scan: _Scan, text: str) -> str:
    full, final = scan.result_names
    ops = []
    if used_after(full, text, scan.match.end()):
        ops.append(_scan_generic(scan, f"{scan.prefix}full"))
    if used_after(final, text, scan.match.end()):
        ops.append(_final_generic(scan, f"{scan.prefix}final"))
    # Marks the results' uses for `rename_marked_results`, which runs after every
    # scan is replaced (a later scan may use an earlier one's result).
    return (
        " ".join(ops)
        + f" // tm_tensor.scan: {full} -> {scan.prefix}full, {final} -> {scan.prefix}final"
    )


_MARK = re.compile(rf"// tm_tensor\.(?:scan|sort): ({_USE}) -> ({_NAME}), ({_USE}) -> ({_NAME})")


def rename_marked_results(text: str) -> str:
    """Replace the uses of each marked scan's or sort's two results with its
    replacement's names, up to the end of the function that holds the op."""
    while (mark := _MARK.search(text)) is not None:
        end = _function_end(text, mark.end())
        head, scope, tail = text[: mark.start()], text[mark.end() : end], text[end:]
        for old, new in ((mark.group(1), mark.group(2)), (mark.group(3), mark.group(4))):
            scope = re.sub(re.escape(old) + r"(?![\w$.#-])", new, scope)
        text = head + scope + tail
    return text


def element_type(tensor_type: str) -> str:
    """The element type written in a ranked tensor type: `i64` of `tensor<2x24xi64>`."""
    return tensor_type[:-1].rsplit("x", 1)[-1].removeprefix("tensor<")


def tensor_rank(tensor_type: str) -> int:
    """The rank of a ranked tensor type written `tensor<2x?x24xi64>`."""
    shape = re.match(r"tensor<((?:(?:\d+|\?)x)*)", tensor_type)
    return shape.group(1).count("x") if shape else 0


def _parallel(count: int) -> str:
    return ", ".join(['"parallel"'] * count)


def _dims(count: int) -> str:
    return ", ".join(f"d{i}" for i in range(count))


def _scan_generic(scan: _Scan, result: str) -> str:
    """out[.., j, ..] = fold over k of select(k <= j, x[.., k, ..], identity)."""
    rank, dim, elem = scan.rank, int(scan.group("dim")), scan.group("elem")
    out_type, p = scan.group("out_type"), scan.prefix
    read = [f"d{i}" for i in range(rank)]
    read[dim] = f"d{rank}"
    maps = f"affine_map<({_dims(rank + 1)}) -> ({', '.join(read)})>, affine_map<({_dims(rank + 1)}) -> ({_dims(rank)})>"
    iterators = f'{_parallel(rank)}, "reduction"'
    exclusive = scan.group("inclusive") == "false"
    init = (
        _exclusive_init(scan)
        if exclusive
        else f"{p}init = linalg.fill ins({p}identity : {elem}) outs({scan.group('out')} : {out_type}) -> {out_type}"
    )
    taken = "ult" if exclusive else "ule"
    flags = scan.group("flags") or ""
    body = (
        f"^bb0({p}x: {elem}, {p}acc: {elem}): {p}j = linalg.index {dim} : index "
        f"{p}k = linalg.index {rank} : index {p}take = arith.cmpi {taken}, {p}k, {p}j : index "
        f"{p}neutral = {scan.constant(scan.identity)} "
        f"{p}term = arith.select {p}take, {p}x, {p}neutral : {elem} "
        f"{p}sum = arith.{scan.group('combiner')} {p}acc, {p}term{flags} : {elem} linalg.yield {p}sum : {elem}"
    )
    return (
        f"{p}identity = {scan.constant(scan.identity)} {init} "
        f"{result} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iterators}]}} "
        f"ins({scan.group('input')} : {out_type}) outs({p}init : {out_type}) {{ {body} }} -> {out_type}"
    )


def _exclusive_init(scan: _Scan) -> str:
    """The output's initial value when exclusive: the accumulator, broadcast."""
    rank, dim, elem, p = scan.rank, int(scan.group("dim")), scan.group("elem"), scan.prefix
    kept = ", ".join(f"d{i}" for i in range(rank) if i != dim)
    maps = (
        f"affine_map<({_dims(rank)}) -> ({kept})>, affine_map<({_dims(rank)}) -> ({_dims(rank)})>"
    )
    out_type, acc_type = scan.group("out_type"), scan.group("acc_type")
    return (
        f"{p}init = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{_parallel(rank)}]}} "
        f"ins({scan.group('acc')} : {acc_type}) outs({scan.group('out')} : {out_type}) "
        f"{{ ^bb0({p}a: {elem}, {p}o: {elem}): linalg.yield {p}a : {elem} }} -> {out_type}"
    )


def _final_generic(scan: _Scan, result: str) -> str:
    """The final accumulator: the fold of the whole scanned dim (from the
    accumulator's initial value when exclusive, as the scan defines it)."""
    rank, dim, elem, p = scan.rank, int(scan.group("dim")), scan.group("elem"), scan.prefix
    kept = ", ".join(f"d{i}" for i in range(rank) if i != dim)
    maps = (
        f"affine_map<({_dims(rank)}) -> ({_dims(rank)})>, affine_map<({_dims(rank)}) -> ({kept})>"
    )
    iterators = ", ".join('"reduction"' if i == dim else '"parallel"' for i in range(rank))
    acc_type, flags = scan.group("acc_type"), scan.group("flags") or ""
    exclusive = scan.group("inclusive") == "false"
    init = scan.group("acc") if exclusive else f"{p}final_init"
    fill = (
        ""
        if exclusive
        else (
            f"{p}final_identity = {scan.constant(scan.identity)} "
            f"{p}final_init = linalg.fill ins({p}final_identity : {elem}) outs({scan.group('acc')} : {acc_type}) -> {acc_type} "
        )
    )
    return (
        f"{fill}{result} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iterators}]}} "
        f"ins({scan.group('input')} : {scan.group('out_type')}) outs({init} : {acc_type}) "
        f"{{ ^bb0({p}fx: {elem}, {p}facc: {elem}): {p}fsum = arith.{scan.group('combiner')} {p}facc, {p}fx{flags} : {elem} "
        f"linalg.yield {p}fsum : {elem} }} -> {acc_type}"
    )


def explain_unknown_dialect(message: str) -> str:
    """A clearer parse error for a TMTensor op this importer does not take."""
    if not message.startswith(UNKNOWN_DIALECT_PREFIX):
        return message
    op = message[len(UNKNOWN_DIALECT_PREFIX) :].split("'", 1)[0]
    return (
        f"'{op}' (torch-mlir's TMTensor dialect) is not supported: mlirfuse reads "
        "linalg on tensors and imports only tm_tensor.scan with one input and an "
        "arith add or mul combiner (torch.cumsum, torch.cumprod), tm_tensor.scatter "
        "of slices one element wide in each indexed dim and whole in the others, with "
        "an add, a mul or no combiner, static shapes and at most 2^26 outputs x index "
        "rows (F.fold, index_put, index_add), and tm_tensor.sort of one or two static "
        "outputs by one arith.cmpf or cmpi of the first (torch.sort, torch.topk)"
    )
