"""The text of one online-softmax attention kernel (no decisions here).

`kernel_text` writes a private function `@attention(q, k, v, side…)` whose body
is one `fusion.group` (pattern "attention"):

    m, l, acc = -inf, 0, 0                       per query row (acc: × Dv)
    for n0 in 0..N step BN:                      scf.for, tensors carried
        s   = q · k[n0:n0+BN]                    linalg.generic, on the tile
        s   = chain(s, side[n0:n0+BN])           the score ops, bodies filled later
        m'  = max(m, rowmax(s))
        p   = exp(s - m'),  α = exp(m - m')      (m' = -inf counts as 0)
        l   = l·α + rowsum(p),  acc = acc·α + p · v[n0:n0+BN]
    o = acc / l                                  (0 where m = -inf: zero_rows)

so the scores and probabilities of a (batch, query) row never leave the
kernel. The chain ops are emitted with a placeholder body and the attribute
CHAIN_ATTR = i; the rewrite copies the original bodies in. An operand read
through a prologue gets a placeholder cast marked PROLOGUE_ATTR in the
contraction's body, which the rewrite replaces by the prologue's body.
16-bit Q, K and V are widened in the contractions' bodies; a score op keeps its own result type
(a narrowed score tile until an `extf`); `out_element` narrows the output.
"""

from __future__ import annotations

from mlirfuse.transforms.attention_shapes import (
    BLOCK,
    KEYS,
    Size,
    affine,
    contraction,
    divided,
    empty,
    iterators,
    tensor,
    viewed,
)
from mlirfuse.transforms.attention_spec import ChainOp, KernelSpec

CHAIN_ATTR = "mlirfuse.attention_chain"
NEG_INF = "0xFF800000"


def kernel_text(spec: KernelSpec) -> str:
    lines = [_header(spec), *_prologue(spec), *_loop(spec), *_epilogue(spec)]
    return "\n".join(lines) + "\n}\n"


def _header(spec: KernelSpec) -> str:
    names = ["%q", "%k", "%v"] + [f"%side{i}" for i in range(len(spec.types) - 3)]
    args = ", ".join(f"{n}: {t}" for n, t in zip(names, spec.types, strict=True))
    args += "".join(f", {d}: index" for d in spec.size_args)
    return f"func.func private @attention({args}) -> {spec.out_type} {{"


def _shapes(spec: KernelSpec) -> dict[str, tuple[Size, ...]]:
    b, m, n, d, dv = spec.batch_sizes, spec.row_size, spec.key_size, spec.depth, spec.value_depth
    bn = spec.block_size
    return {
        "q": (*b, m, d),
        "k": (*b, n, d) if spec.k_transposed else (*b, d, n),
        "v": (*b, dv, n) if spec.v_transposed else (*b, n, dv),
        "kb": (*b, bn, d) if spec.k_transposed else (*b, d, bn),
        "vb": (*b, dv, bn) if spec.v_transposed else (*b, bn, dv),
        "row": (*b, m),
        "acc": (*b, m, dv),
        "s": (*b, m, bn),
    }


def _prologue(spec: KernelSpec) -> list[str]:
    sh = _shapes(spec)
    out = [
        '  %r = "fusion.group"() ({',
        f"    %ninf = arith.constant {NEG_INF} : f32",
        "    %zero = arith.constant 0.000000e+00 : f32",
        "    %c0 = arith.constant 0 : index",
        f"    %cb = arith.constant {spec.key_block} : index",
    ]
    bound = KEYS
    if spec.keys is not None:
        out.append(f"    %cn = arith.constant {spec.keys} : index")
        bound = "%cn"
    for name, index in (("q", 0), ("k", 1), ("v", 2)):
        if spec.reassociation is None or spec.views[index] is not None:
            out.append(
                f"    %{name}s = tensor.cast %{name} : {spec.types[index]} to {spec.types[index]}"
            )
            continue
        shape = ", ".join(str(d) for d in sh[name])
        out.append(
            f"    %{name}s = tensor.expand_shape %{name} {spec.reassociation} output_shape [{shape}]"
            f" : {spec.types[index]} into {tensor(sh[name], spec.elements[index])}"
        )
    row, acc = tensor(sh["row"]), tensor(sh["acc"])
    out += [
        f"    %erow = {empty(sh['row'])}",
        f"    %m0 = linalg.fill ins(%ninf : f32) outs(%erow : {row}) -> {row}",
        f"    %l0 = linalg.fill ins(%zero : f32) outs(%erow : {row}) -> {row}",
        f"    %eacc = {empty(sh['acc'])}",
        f"    %a0 = linalg.fill ins(%zero : f32) outs(%eacc : {acc}) -> {acc}",
        f"    %res:3 = scf.for %n0 = %c0 to {bound} step %cb iter_args(%m = %m0, %l = %l0, %acc = %a0)"
        f" -> ({row}, {row}, {acc}) {{",
    ]
    return out


def _slice(
    value: str, shape: tuple[Size, ...], key_dim: int, block: Size, name: str, element: str
) -> str:
    offsets = ", ".join("%n0" if i == key_dim else "0" for i in range(len(shape)))
    sizes = ", ".join(str(block if i == key_dim else d) for i, d in enumerate(shape))
    strides = ", ".join("1" for _ in shape)
    tile = tuple(block if i == key_dim else d for i, d in enumerate(shape))
    return (
        f"      {name} = tensor.extract_slice {value}[{offsets}] [{sizes}] [{strides}]"
        f" : {tensor(shape, element)} to {tensor(tile, element)}"
    )


def _viewed_slice(
    value: str,
    shape: tuple[Size, ...],
    key_dim: int,
    view: tuple[int, ...] | None,
    block: Size,
    name: str,
    element: str,
    divisors: tuple[int, ...] | None = None,
) -> str:
    """The key-block slice of K or V (`shape`, keys at `key_dim`) taken on the
    tensor its view reads (a repeated kv head's extent over its divisor)."""
    dims = viewed(list(range(len(shape))), view)
    read = tuple(divided(viewed(shape, view), divisors))
    return _slice(value, read, dims.index(key_dim), block, name, element)


def _loop(spec: KernelSpec) -> list[str]:
    sh, nb = _shapes(spec), len(spec.batch)
    r = nb + 2
    bn = spec.block_size
    batch = list(range(nb))
    s_t, row, _acc = tensor(sh["s"]), tensor(sh["row"]), tensor(sh["acc"])
    k_dim = r - 2 if spec.k_transposed else r - 1
    v_dim = r - 1 if spec.v_transposed else r - 2
    qv, kv, vv = spec.views
    qc, kc, vc = spec.divisors
    q_el, k_el, v_el = spec.elements
    out = [] if spec.keys is not None else _partial_block()
    out += [
        _viewed_slice("%ks", sh["k"], k_dim, kv, bn, "%kb", k_el, kc),
        _viewed_slice("%vs", sh["v"], v_dim, vv, bn, "%vb", v_el, vc),
        *[text for _, text in spec.slices if text],
        f"      %es = {empty(sh['s'])}",
        f"      %zs = linalg.fill ins(%zero : f32) outs(%es : {s_t}) -> {s_t}",
    ]
    m, n, k = nb, nb + 1, nb + 2
    kmap = [*batch, n, k] if spec.k_transposed else [*batch, k, n]
    out += contraction(
        "%s0",
        ("%qs", "%kb"),
        (
            tensor(divided(viewed(sh["q"], qv), qc), q_el),
            tensor(divided(viewed(sh["kb"], kv), kc), k_el),
        ),
        "%zs",
        s_t,
        (
            affine(r + 1, viewed([*batch, m, k], qv), qc),
            affine(r + 1, viewed(kmap, kv), kc),
            affine(r + 1, [*batch, m, n]),
        ),
        r,
        (q_el, k_el),
        (_prologue_of(spec, 0), _prologue_of(spec, 1)),
    )
    current, current_t = "%s0", s_t
    for i, op in enumerate(spec.chain):
        out += _chain_op(i, op, (current, current_t), sh["s"], r)
        current, current_t = f"%ch{i}", tensor(sh["s"], op.out_element)
    full, rmap = affine(r, list(range(r))), affine(r, [*batch, m])
    rrow = affine(r - 1, list(range(r - 1)))
    out += [
        f"      %ninfs = linalg.fill ins(%ninf : f32) outs(%erow : {row}) -> {row}",
        f"      %bm = linalg.generic {{indexing_maps = [{full}, {rmap}], iterator_types = {iterators(r - 1, 1)}}}"
        f" ins({current} : {s_t}) outs(%ninfs : {row}) {{",
        "      ^bb0(%x: f32, %o: f32):",
        "        %y = arith.maximumf %x, %o : f32",
        "        linalg.yield %y : f32",
        f"      }} -> {row}",
        # α = exp(m - m') before m is overwritten by m' (in place: the loop's
        # carried tensors stay one buffer each).
        f"      %al = linalg.generic {{indexing_maps = [{rrow}, {rrow}, {rrow}], iterator_types = {iterators(r - 1)}}}"
        f" ins(%m, %bm : {row}, {row}) outs(%erow : {row}) {{",
        "      ^bb0(%old: f32, %blk: f32, %o: f32):",
        "        %new = arith.maximumf %old, %blk : f32",
        *_safe("%new", "%ns"),
        "        %d = arith.subf %old, %ns : f32",
        "        %e = math.exp %d : f32",
        "        linalg.yield %e : f32",
        f"      }} -> {row}",
        f"      %mx = linalg.generic {{indexing_maps = [{rrow}, {rrow}], iterator_types = {iterators(r - 1)}}}"
        f" ins(%bm : {row}) outs(%m : {row}) {{",
        "      ^bb0(%x: f32, %o: f32):",
        "        %y = arith.maximumf %o, %x : f32",
        "        linalg.yield %y : f32",
        f"      }} -> {row}",
        f"      %p = linalg.generic {{indexing_maps = [{full}, {rmap}, {full}], iterator_types = {iterators(r)}}}"
        f" ins({current}, %mx : {s_t}, {row}) outs(%es : {s_t}) {{",
        "      ^bb0(%x: f32, %mm: f32, %o: f32):",
        *_safe("%mm", "%ms"),
        "        %d = arith.subf %x, %ms : f32",
        "        %e = math.exp %d : f32",
        "        linalg.yield %e : f32",
        f"      }} -> {s_t}",
    ]
    out += _rescale(spec, r, batch)
    return out


def _partial_block() -> list[str]:
    """BLOCK = min(BN, N - n0): a dynamic key count's last block holds the
    keys left, so no key past the count is read (nothing to mask)."""
    return [
        f"      %left = arith.subi {KEYS}, %n0 : index",
        f"      {BLOCK} = arith.minui %left, %cb : index",
    ]


def _prologue_of(spec: KernelSpec, operand: int) -> tuple[int, str] | None:
    applied = spec.prologues[operand]
    return None if applied is None else (operand, applied)


def _safe(value: str, name: str) -> list[str]:
    """`name` = value, or 0 where value is -inf (a row with no key yet)."""
    return [
        f"        {name}c = arith.cmpf oeq, {value}, %ninf : f32",
        f"        {name} = arith.select {name}c, %zero, {value} : f32",
    ]


def _chain_op(
    i: int, op: ChainOp, current: tuple[str, str], shape: tuple[Size, ...], r: int
) -> list[str]:
    """Score op `i` on the key tile `current` (its name and type): a
    placeholder body yielding its init, of the op's result type on `shape`."""
    out_t = tensor(shape, op.out_element)
    inputs = [current[0] if name == "%s" else name for name in op.inputs]
    types = [current[1] if name == "%s" else t for name, t in zip(op.inputs, op.types, strict=True)]
    maps = ", ".join(f"affine_map<{m}>" for m in op.maps)
    args = ", ".join(f"%i{j}: {t}" for j, t in enumerate(op.element_types))
    init, out = "%es", []
    if op.out_element != "f32":
        init = f"%es{i}"
        out.append(f"      {init} = {empty(shape, op.out_element)}")
    return [
        *out,
        f"      %ch{i} = linalg.generic {{indexing_maps = [{maps}, {affine(r, list(range(r)))}],"
        f" iterator_types = {iterators(r)}}} ins({', '.join(inputs)} : {', '.join(types)})"
        f" outs({init} : {out_t}) attrs = {{{CHAIN_ATTR} = {i} : i64}} {{",
        f"      ^bb0({args}, %o: {op.out_element}):",
        f"        linalg.yield %o : {op.out_element}",
        f"      }} -> {out_t}",
    ]


def _rescale(spec: KernelSpec, r: int, batch: list[int]) -> list[str]:
    sh = _shapes(spec)
    s_t, row, acc = tensor(sh["s"]), tensor(sh["row"]), tensor(sh["acc"])
    m = len(batch)
    rrow = affine(r - 1, list(range(r - 1)))
    full, rmap = affine(r, list(range(r))), affine(r, [*batch, m])
    out = [
        f"      %ls = linalg.generic {{indexing_maps = [{rrow}, {rrow}], iterator_types = {iterators(r - 1)}}}"
        f" ins(%al : {row}) outs(%l : {row}) {{",
        "      ^bb0(%a: f32, %o: f32):",
        "        %y = arith.mulf %o, %a : f32",
        "        linalg.yield %y : f32",
        f"      }} -> {row}",
        f"      %l1 = linalg.generic {{indexing_maps = [{full}, {rmap}], iterator_types = {iterators(r - 1, 1)}}}"
        f" ins(%p : {s_t}) outs(%ls : {row}) {{",
        "      ^bb0(%x: f32, %o: f32):",
        "        %y = arith.addf %x, %o : f32",
        "        linalg.yield %y : f32",
        f"      }} -> {row}",
        f"      %as = linalg.generic {{indexing_maps = [{rmap}, {full}], iterator_types = {iterators(r)}}}"
        f" ins(%al : {row}) outs(%acc : {acc}) {{",
        "      ^bb0(%a: f32, %o: f32):",
        "        %y = arith.mulf %o, %a : f32",
        "        linalg.yield %y : f32",
        f"      }} -> {acc}",
    ]
    n, k = m + 1, m + 2
    vc = spec.divisors[2]
    vmap = [*batch, n, k] if spec.v_transposed else [*batch, k, n]
    out += contraction(
        "%a1",
        ("%p", "%vb"),
        (s_t, tensor(divided(viewed(sh["vb"], spec.views[2]), vc), spec.elements[2])),
        "%as",
        acc,
        (
            affine(r + 1, [*batch, m, k]),
            affine(r + 1, viewed(vmap, spec.views[2]), vc),
            affine(r + 1, [*batch, m, n]),
        ),
        r,
        ("f32", spec.elements[2]),
        (None, _prologue_of(spec, 2)),
    )
    out += ["      scf.yield %mx, %l1, %a1 : " + f"{row}, {row}, {acc}", "    }"]
    return out


def _epilogue(spec: KernelSpec) -> list[str]:
    sh = _shapes(spec)
    row, acc = tensor(sh["row"]), tensor(sh["acc"])
    r = len(spec.batch) + 2
    full, rmap = affine(r, list(range(r))), affine(r, [*range(len(spec.batch)), r - 2])
    body = ["        %y = arith.divf %x, %s : f32"]
    final = "%y"
    if spec.zero_rows:
        body += [
            "        %masked = arith.cmpf oeq, %mm, %ninf : f32",
            "        %z = arith.select %masked, %zero, %y : f32",
        ]
        final = "%z"
    if spec.out_element != "f32":
        body.append(f"        %n = arith.truncf {final} : f32 to {spec.out_element}")
        final = "%n"
    body.append(f"        linalg.yield {final} : {spec.out_element}")
    order = list(spec.out_perm) if spec.out_perm is not None else list(range(r))
    out_shape = [sh["acc"][p] for p in order]
    out_t = tensor(out_shape, spec.out_element)
    out_map, init = affine(r, order), "%eout"
    out = [f"    %eout = {empty(out_shape, spec.out_element)}"]
    out += [
        f"    %o = linalg.generic {{indexing_maps = [{full}, {rmap}, {rmap}, {out_map}], iterator_types = {iterators(r)}}}"
        f" ins(%res#2, %res#1, %res#0 : {acc}, {row}, {row}) outs({init} : {out_t}) {{",
        f"    ^bb0(%x: f32, %s: f32, %mm: f32, %out: {spec.out_element}):",
        *body,
        f"    }} -> {out_t}",
    ]
    if spec.reassociation is None or spec.out_perm is not None:
        out.append(f"    %o3 = tensor.cast %o : {out_t} to {spec.out_type}")
    else:
        out.append(
            f"    %o3 = tensor.collapse_shape %o {spec.reassociation} : {out_t} into {spec.out_type}"
        )
    segments = "array<i32: 1, 0, 0, 0, 0, 0, 0, 0>"
    out += [
        f"    gpu.yield %o3 : {spec.out_type}",
        f'  }}) {{fusion.pattern = "attention", fusion.id = {spec.group_id} : i64,'
        f" resultSegmentSizes = {segments}}} : () -> {spec.out_type} {spec.location}",
        f"  return %r : {spec.out_type}",
    ]
    return out


__all__ = ["CHAIN_ATTR", "ChainOp", "KernelSpec", "kernel_text"]
