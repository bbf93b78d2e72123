"""What one online-softmax attention kernel is made of (`KernelSpec`), as
`transforms/attention.py` reads it from a chain and `attention_text.py`
writes it (no decisions here)."""

from __future__ import annotations

from dataclasses import dataclass

from mlirfuse.transforms.attention_shapes import BLOCK, KEYS, ROWS, Size, size_name


@dataclass(frozen=True)
class ChainOp:
    """One score op as the kernel sees it: its operands on the key tile."""

    inputs: tuple[str, ...]  # SSA name of each input: "%s" (the scores) or an argument/slice
    types: tuple[str, ...]  # each input's type on the tile ("" for the scores)
    maps: tuple[str, ...]  # each input's indexing map (text)
    element_types: tuple[str, ...]  # the body's block arguments, inputs only
    out_element: str = "f32"  # the op's result element type


@dataclass(frozen=True)
class KernelSpec:
    batch: tuple[int | None, ...]  # None: a dynamic batch dim (an index argument)
    rows: int | None  # M (None: dynamic, the index argument ROWS)
    keys: int | None  # N (None: dynamic, KEYS; the key blocks then end partial)
    depth: int  # D
    value_depth: int  # Dv
    key_block: int
    k_transposed: bool
    v_transposed: bool
    reassociation: str | None  # "[[0, 1], [2], [3]]" or None: no reshape
    types: tuple[str, ...]  # q, k, v, then the side arguments' types
    out_type: str
    slices: tuple[tuple[str, str], ...]  # (argument, its key-tile slice text or "")
    chain: tuple[ChainOp, ...]
    zero_rows: bool
    group_id: int
    location: str = ""  # the group's location ("loc(...)"), that of P·V
    # The output written permuted (the heads' transpose of its consumer,
    # `[b, h, m, dv] -> [b, m, h, dv]`): result dim i is acc dim out_perm[i].
    # The group then yields that layout, with no reshape back.
    out_perm: tuple[int, ...] | None = None
    # Q, K, V each read through a head-split copy (`views`): None, or per dim
    # of the tensor passed, the dim of the (batch…, rows, depth)-space operand
    # it is (the copy's map); the kernel slices and indexes that tensor itself.
    views: tuple[tuple[int, ...] | None, ...] = (None, None, None)
    # Per Q, K, V: None, or per dim of the tensor passed the divisor its view's
    # operand dim is read by (grouped-query attention's K and V: the kv head
    # is head floordiv rep, `attention_views._through_repeat`).
    divisors: tuple[tuple[int, ...] | None, ...] = (None, None, None)
    elements: tuple[str, str, str] = ("f32", "f32", "f32")  # of Q, K, V as read
    out_element: str = "f32"  # the output's (P·V narrowed when not f32)
    # Per Q, K, V: the element type its prologue yields (the chain's operand
    # read through `attention_views.is_operand_prologue` ops), or None.
    prologues: tuple[str | None, str | None, str | None] = (None, None, None)

    @property
    def batch_sizes(self) -> tuple[Size, ...]:
        """Each batch dim's extent, or its index argument's name when dynamic."""
        return tuple(size_name(i) if b is None else b for i, b in enumerate(self.batch))

    @property
    def row_size(self) -> Size:
        return ROWS if self.rows is None else self.rows

    @property
    def key_size(self) -> Size:
        return KEYS if self.keys is None else self.keys

    @property
    def block_size(self) -> Size:
        """A key block's extent: BLOCK (min(BN, N - n0)) when N is dynamic."""
        return BLOCK if self.keys is None else self.key_block

    @property
    def size_args(self) -> tuple[str, ...]:
        """The kernel's index arguments: dynamic batch dims, rows, keys."""
        return tuple(
            d for d in (*self.batch_sizes, self.row_size, self.key_size) if isinstance(d, str)
        )
