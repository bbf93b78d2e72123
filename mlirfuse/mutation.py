"""The one place that erases ops and redirects uses (the only `.erase()` caller).

The MLIR Python bindings do not own IR: an `ir.Operation` is a handle on a C++
op, and once that op is erased the handle (and every value handle whose owner
it was) dangles. Touching it is a use after free: a segfault, or the bindings'
assertion "expected the owner of the value in Python to match that in the IR"
when a new op was allocated at the freed address. Erasing an op that still has
users aborts the process too. So every rewrite step records what it replaces
and erases in a `Rewrite`, and the erasures happen once, at the end of the step:

* everything to erase is collected while all of it is alive, deduplicated by
  `==` (which compares live ops) and reduced to the outermost ops (erasing an
  op erases what is nested in it);
* ops are erased users first: an op goes only when nothing uses its results,
  so a producer never dies before its consumer;
* "erase if dead" (an init's `tensor.empty`/`linalg.fill`/`tensor.dim`) is
  decided after the step's erasures, and then walks up through the dead op's
  operands while it is still alive, never through a handle already erased;
* an op that would still have users is not erased: the step fails with a
  `MutationError` naming the step and the op, instead of aborting.

With `MLIRFUSE_CHECK_IR=1` (mlirfuse.settings) each step then verifies the
function (or module) it changed and fails naming the step that broke it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import TracebackType

from mlir import ir

from mlirfuse.settings import check_ir

# Ops with no effect but their result: erased once their last user is gone.
DEAD_IF_UNUSED = frozenset({"tensor.empty", "linalg.fill", "tensor.dim"})
# Ops whose verification covers a whole rewrite step's changes.
_SCOPES = frozenset({"func.func", "gpu.func", "gpu.module", "builtin.module"})


class MutationError(Exception):
    """A rewrite step that cannot be completed safely, or left invalid IR."""

    def __init__(self, step: str | None, message: str, location: ir.Location | None = None) -> None:
        self.message = f"rewrite step '{step}': {message}" if step else message
        super().__init__(self.message)
        self.step = step
        self.location = location


class Rewrite:
    """One rewrite step. Use as `with Rewrite("step name", anchor) as rw:`;
    `rw.erase`/`rw.erase_if_dead` are deferred to the end of the block."""

    def __init__(self, step: str, anchor: ir.Operation | ir.OpView) -> None:
        self.step = step
        self._scope = _scope_of(anchor.operation)
        self._erase: list[ir.Operation] = []
        self._maybe_dead: list[ir.Operation] = []

    def __enter__(self) -> Rewrite:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            self.commit()

    # -- recording -------------------------------------------------------------

    def replace_uses(self, old: ir.Value, new: ir.Value) -> None:
        """Every use of `old` now uses `new` (same type, or the step fails)."""
        if old.type != new.type:
            raise MutationError(self.step, f"replacing a {old.type} value by a {new.type} value")
        old.replace_all_uses_with(new)

    def replace_op(self, op: ir.Operation | ir.OpView, new_values: Sequence[ir.Value]) -> None:
        """`op`'s results are replaced by `new_values`, then `op` is erased."""
        results = list(op.operation.results)
        if len(results) != len(new_values):
            raise MutationError(
                self.step,
                f"{op.operation.name} has {len(results)} results, given {len(new_values)}",
                op.operation.location,
            )
        for old, new in zip(results, new_values, strict=True):
            self.replace_uses(old, new)
        self.erase(op)

    def erase(self, op: ir.Operation | ir.OpView) -> None:
        """Erase `op` at the end of the step (once its users are gone)."""
        _add_unique(self._erase, op.operation)

    def erase_if_dead(self, value: ir.Value) -> None:
        """At the end of the step, erase `value`'s defining op if it is a pure
        init (DEAD_IF_UNUSED) that nothing uses any more."""
        owner = value.owner
        if isinstance(owner, ir.Block):
            return
        if owner.operation.name in DEAD_IF_UNUSED:
            _add_unique(self._maybe_dead, owner.operation)

    def erase_if_unused(self, op: ir.Operation | ir.OpView) -> None:
        """At the end of the step, erase `op` if nothing uses its results."""
        _add_unique(self._maybe_dead, op.operation)

    # -- applying --------------------------------------------------------------

    def commit(self) -> None:
        pending = _outermost(self._erase)
        maybe = [
            op
            for op in self._maybe_dead
            if op not in pending and not any(_is_inside(op, p) for p in pending)
        ]
        scope_erased = self._scope is not None and any(
            self._scope == p or _is_inside(self._scope, p) for p in pending
        )
        self._erase, self._maybe_dead = [], []
        self._erase_users_first(pending, maybe)
        if check_ir() and self._scope is not None and not scope_erased:
            self.verify()

    def verify(self) -> None:
        """Fail naming this step if the IR it touched no longer verifies."""
        if self._scope is None:
            return
        try:
            self._scope.verify()
        except ir.MLIRError as error:
            details = "; ".join(d.message for d in error.error_diagnostics) or str(error)
            raise MutationError(
                self.step, f"left invalid IR: {details}", self._scope.location
            ) from None

    def _erase_users_first(self, pending: list[ir.Operation], maybe: list[ir.Operation]) -> None:
        while pending or maybe:
            ready = next((op for op in pending if not has_uses(op)), None)
            if ready is not None:
                pending.remove(ready)
                _forget_nested(maybe, ready)
                ready.erase()
                continue
            dead = next((op for op in maybe if not has_uses(op)), None)
            if dead is None:
                break
            maybe.remove(dead)
            _erase_init(dead, maybe)
        if pending:
            op = pending[0]
            user = next(use.owner.operation for r in op.results for use in r.uses)
            raise MutationError(
                self.step,
                f"cannot erase {op.name}: still used by {user.name} at {user.location}",
                op.location,
            )


def erase(op: ir.Operation | ir.OpView, step: str) -> None:
    """Erase one op now, as a step of its own."""
    with Rewrite(step, op) as rw:
        rw.erase(op)


def replace_op(op: ir.Operation | ir.OpView, new_values: Sequence[ir.Value], step: str) -> None:
    """Replace `op` by `new_values` and erase it, as a step of its own."""
    with Rewrite(step, op) as rw:
        rw.replace_op(op, new_values)


def replace_body(target: ir.Operation, source: ir.Operation) -> None:
    """Make module `target` hold `source`'s ops and attributes; `source`
    (a parentless module, left empty) is erased."""
    body = target.regions[0].blocks[0]
    with Rewrite("replace module body", target) as rw:
        for op in list(body.operations):
            rw.erase(op)
    for name in list(target.attributes):
        del target.attributes[name]
    for name in list(source.attributes):
        target.attributes[name] = source.attributes[name]
    for op in list(source.regions[0].blocks[0].operations):
        body.append(op.operation)
    with Rewrite("drop the emptied module", source) as rw:
        rw.erase(source)


def run_all_or_nothing(module: ir.Operation, run: Callable[[], None]) -> None:
    """Run `run` (a pass over `module`) so that it either leaves a module that
    verifies and parses again from its printed form, or leaves `module` as it
    was: on an exception it is restored and the exception goes on; on output
    that does not verify or parse again, a `MutationError` located at the
    offending function. (Input that already fails to print parseably is not
    held against the pass.)"""
    saved = module.clone()
    try:
        run()
        problem = output_problem(module)
        if problem is not None and output_problem(saved) is not None:
            problem = None
    except BaseException:
        replace_body(module, saved)
        raise
    if problem is None:
        erase(saved, "drop the saved input")
        return
    replace_body(module, saved)
    message, location = problem
    raise MutationError(None, f"{message}; the input is left unchanged", location)


def output_problem(module: ir.Operation) -> tuple[str, ir.Location] | None:
    """Why `module` is not sound output (it does not verify, or its printed
    form does not parse again in the same context), and where; None if it is."""
    try:
        module.verify()
    except ir.MLIRError as error:
        first = error.error_diagnostics[0]
        return f"produced IR that does not verify: {first.message}", first.location
    try:
        ir.Module.parse(module.get_asm(), module.context)
    except ir.MLIRError as error:
        reason = error.error_diagnostics[0].message if error.error_diagnostics else str(error)
        return f"produced IR that does not parse again ({reason})", _unparsable(module).location
    return None


def _unparsable(module: ir.Operation) -> ir.Operation:
    """The first top-level op of `module` whose printed form does not parse
    (the module itself when each parses alone)."""
    for op in module.regions[0].blocks[0].operations:
        text = op.operation.get_asm()
        try:
            ir.Module.parse(text, module.context)
        except ir.MLIRError:
            return op.operation
    return module


def has_uses(op: ir.Operation | ir.OpView) -> bool:
    return any(True for r in op.operation.results for _ in r.uses)


def _erase_init(op: ir.Operation, maybe: list[ir.Operation]) -> None:
    """Erase the dead init `op`; the inits it reads become candidates first,
    while `op` (and so they) are still alive."""
    for value in op.operands:
        owner = value.owner
        if not isinstance(owner, ir.Block) and owner.operation.name in DEAD_IF_UNUSED:
            _add_unique(maybe, owner.operation)
    op.erase()


def _forget_nested(ops: list[ir.Operation], container: ir.Operation) -> None:
    """Drop from `ops` what erasing `container` takes with it."""
    for op in [o for o in ops if _is_inside(o, container)]:
        ops.remove(op)


def _add_unique(ops: list[ir.Operation], op: ir.Operation) -> None:
    if op not in ops:
        ops.append(op)


def _outermost(ops: Iterable[ir.Operation]) -> list[ir.Operation]:
    found: list[ir.Operation] = []
    for op in ops:
        _add_unique(found, op)
    return [op for op in found if not any(_is_inside(op, other) for other in found)]


def _is_inside(op: ir.Operation, container: ir.Operation) -> bool:
    cur = _parent(op)
    while cur is not None:
        if cur == container:
            return True
        cur = _parent(cur)
    return False


def _parent(op: ir.Operation) -> ir.Operation | None:
    """`op`'s parent op; None at the top (a detached op raises on `.parent`)."""
    try:
        parent = op.parent
    except ValueError:
        return None
    return parent.operation if parent is not None else None


def _scope_of(op: ir.Operation) -> ir.Operation | None:
    """The nearest function or module around `op` (the op itself if it is one)."""
    cur: ir.Operation | None = op
    while cur is not None:
        if cur.name in _SCOPES:
            return cur
        cur = _parent(cur)
    return None
