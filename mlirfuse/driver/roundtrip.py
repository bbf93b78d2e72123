"""`--verify-roundtrip`: the output must parse back to the same IR.

Printed in generic form (with locations) and in pretty form, the module is
parsed again and printed again; either text changing, or failing to parse,
means a printer/parser pair that does not round-trip (for example an IRDL op
or an attribute whose printed form cannot be read back).
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.driver.diagnostics import Diag

_FORMS = {
    "generic": {"print_generic_op_form": True, "enable_debug_info": True},
    "pretty": {},
}


def roundtrip_problems(module: ir.Module, ctx: ir.Context, source_name: str) -> list[Diag]:
    """One error per printed form that does not round-trip (empty: sound)."""
    problems = []
    for form, options in _FORMS.items():
        first = module.operation.get_asm(**options)
        try:
            again = ir.Module.parse(first, ctx).operation.get_asm(**options)
        except ir.MLIRError as error:
            reason = f"the {form} form does not parse back: {error.error_diagnostics[0].message}"
            problems.append(Diag("error", f"roundtrip verification failed: {reason}", source_name))
            continue
        if again != first:
            line = _first_difference(first, again)
            reason = f"the {form} form prints differently after reparsing (printed line {line})"
            problems.append(Diag("error", f"roundtrip verification failed: {reason}", source_name))
    return problems


def _first_difference(first: str, second: str) -> int:
    pairs = zip(first.splitlines(), second.splitlines(), strict=False)
    return next((n for n, (a, b) in enumerate(pairs, start=1) if a != b), 0)
