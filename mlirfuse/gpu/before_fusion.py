"""What the GPU back end rewrites before a module is planned.

`mlirfuse compile`, its CPU check and `mlirfuse plan --backend gpu` plan the
same IR, so that the plan's kernels are the kernels that launch:

- contractions read their 16-bit operands directly (`narrow.py`), so no
  kernel is planned for the widening;
- a returned concat whose slices are contiguous is written in place by its
  operands' kernels (`concat_in_place.py`: no kernel for it);
- any other static `tensor.concat` becomes the generic the back end launches for it
  (`concat_kernel.concat_to_generic`): a kernel the plan counts (and prices, and
  may fuse) instead of one the split adds after planning;
- a gather reading another gather (or a transpose of one) becomes one gather
  (`gather_compose.compose_gathers`: torch's roll and a window partition
  after it, one kernel instead of three).
"""

from __future__ import annotations

from mlir import ir

from mlirfuse.gpu import concat_in_place, concat_kernel, gather_compose, narrow
from mlirfuse.gpu.prepare import functions


def before_fusion(module: ir.Module) -> None:
    """Rewrite `module` in place as the GPU back end plans it."""
    narrow.narrow_contraction_operands(module)
    for func in functions(module):
        concat_in_place.in_place_concats(func)
        concat_kernel.concats_to_generics(func)
        gather_compose.compose_gathers(func)
