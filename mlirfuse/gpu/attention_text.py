"""The text of the GPU attention kernel: one thread per query row (no decisions here).

`kernel_text` writes `@attention(q, k, v, side…) -> tensor<R x Dv>`, R the
query rows of every batch and head, in the order the output stores them:

    scf.forall %blk in (G)            #gpu.block<x>: T rows per block
      off = min(blk·T, R − T)         (the last block overlaps its neighbour,
                                       writing the same values: no bounds check)
      scf.forall %t in (T)            #gpu.thread<x>: one query row each
        (b…, m) = the row's indices;  q_d = q[…] for every d (registers)
        scf.for n in 0..N carrying m, l, acc_0 … acc_{Dv−1} (scalars: registers)
          s = Σ_d q_d · k[…, n, d];  s = chain(s)           (score ops, later)
          e = exp(min(m, s) − max(m, s));  s > m ? (α, p) = (e, 1) : (1, e)
          m = max(m, s);  l = l·α + p;  acc_j = acc_j·α + p · v[…, n, j]
        out[row, :] = acc / l (0 where m = −inf: zero_rows), one vector store

One exponential per key (the online softmax of a single key: whichever of
the running max and the new score is smaller is rescaled); a −inf score adds
nothing (p = exp(−inf) = 0) and a row with no key yet takes the first score
whole (α = exp(−inf) = 0). The score ops are a call to
`@mlirfuse_attention_chain(s, b…, m, n)` here; `attention_kernel` replaces it
by the ops' bodies. 16-bit Q, K and V are widened as they are loaded; a
16-bit output is narrowed before its store (`out_element`). Over a dynamic
batch or query-row count R and G are counted at run time (the extent read
with `tensor.dim` of an operand it indexes) and T comes from the static
dims, so R ≥ T; a dynamic key count N is read from K.
"""

from __future__ import annotations

from dataclasses import dataclass

CHAIN_FUNC = "mlirfuse_attention_chain"
# Per Q, K, V: the call standing for its prologue on a loaded element.
PROLOGUE_FUNCS = tuple(f"mlirfuse_attention_prologue_{x}" for x in "qkv")
THREADS_ATTR = "mlirfuse.attention_threads"
NEG_INF = "0xFF800000"
ELEMENTS = ("f32", "f16", "bf16")  # of Q, K, V and the output


@dataclass(frozen=True)
class GpuSpec:
    types: tuple[str, ...]  # q, k, v, side tensors
    q_index: tuple[str, ...]  # per dim: a loop dim name or "0"
    k_index: tuple[str, ...]
    v_index: tuple[str, ...]
    # The row's dims in output order (name, extent; None: a dynamic batch
    # dim, read with `tensor.dim` from the first of Q, K, V indexed by it).
    dims: tuple[tuple[str, int | None], ...]
    keys: int | None  # None: read with `tensor.dim` from K
    depth: int
    value_depth: int
    threads: int
    chain: bool  # call the chain function on the score
    batch_rank: int
    zero_rows: bool
    elements: tuple[str, str, str] = ("f32", "f32", "f32")  # of Q, K, V
    out_element: str = "f32"
    prologues: tuple[bool, bool, bool] = (False, False, False)  # Q, K, V: call theirs
    # The last block holds the rows left (a dynamic query-row count: no
    # static lower bound on R for T), else it is clamped to R − T … R − 1.
    short_last_block: bool = False

    @property
    def rows(self) -> int | None:
        """Query rows of every batch and head (None: counted at run time)."""
        count = 1
        for _, extent in self.dims:
            if extent is None:
                return None
            count *= extent
        return count


def _extent_of(spec: GpuSpec, name: str) -> str:
    """`tensor.dim` of the first of Q, K, V that loop dim `name` indexes."""
    for operand, index, ty in zip(
        ("%q", "%k", "%v"), (spec.q_index, spec.k_index, spec.v_index), spec.types, strict=False
    ):
        if name in index:
            position = index.index(name)
            return (
                f"  %cx_{name} = arith.constant {position} : index\n"
                f"  %ext_{name} = tensor.dim {operand}, %cx_{name} : {ty}"
            )
    raise ValueError(f"no operand of the attention kernel is indexed by {name}")


def _key_count(spec: GpuSpec) -> list[str]:
    """`%cn`, the key loop's bound: K's extent along `n` when dynamic."""
    if spec.keys is not None:
        return [f"  %cn = arith.constant {spec.keys} : index"]
    position = spec.k_index.index("n")
    return [
        f"  %cxn = arith.constant {position} : index",
        f"  %cn = tensor.dim %k, %cxn : {spec.types[1]}",
    ]


def _row_count(spec: GpuSpec) -> list[str]:
    """`%rows`, and when a batch dim is dynamic, `%blocks` (rows over T,
    rounded up) and the dynamic dims' `%ext_<dim>`, counted at run time."""
    if spec.rows is not None:
        return [f"  %rows = arith.constant {spec.rows} : index"]
    out, count = [], "%c1"
    for i, (name, extent) in enumerate(spec.dims):
        if extent is None:
            out.append(_extent_of(spec, name))
            factor = f"%ext_{name}"
        else:
            out.append(f"  %cr{i} = arith.constant {extent} : index")
            factor = f"%cr{i}"
        out.append(f"  %count{i} = arith.muli {count}, {factor} : index")
        count = f"%count{i}"
    return [
        *out,
        f"  %rows = arith.addi {count}, %c0 : index",
        "  %blocks = arith.ceildivui %rows, %ct : index",
    ]


def _index(names: tuple[str, ...], fixed: dict[str, str]) -> str:
    return ", ".join(fixed.get(n, "%c0") if n != "0" else "%c0" for n in names)


def _divided(spec: GpuSpec) -> dict[str, str]:
    """Each `b<i>/c` index of Q, K or V (a grouped-query kv head): its value's name."""
    names = {n for index in (spec.q_index, spec.k_index, spec.v_index) for n in index}
    return {n: "%" + n.replace("/", "_div") for n in sorted(names) if "/" in n}


def _divided_lines(spec: GpuSpec) -> list[str]:
    """`%b1_div2 = b1 / 2`: the kv head a query head reads (after `_decode`)."""
    out = []
    for name, value in _divided(spec).items():
        dim, c = name.split("/")
        out += [
            f"        {value}c = arith.constant {c} : index",
            f"        {value} = arith.divui %{dim}, {value}c : index",
        ]
    return out


def _decode(spec: GpuSpec) -> list[str]:
    """The row's dims from its linear index (output order, innermost last)."""
    out, rest = [], "%row"
    for i, (name, extent) in reversed(list(enumerate(spec.dims))):
        if i == 0:
            out.append(f"        %{name} = arith.addi {rest}, %c0 : index")
            break
        if extent is not None:  # a dynamic one's %ext_ is read at the top
            out.append(f"        %ext_{name} = arith.constant {extent} : index")
        out += [
            f"        %{name} = arith.remui {rest}, %ext_{name} : index",
            f"        %rest_{name} = arith.divui {rest}, %ext_{name} : index",
        ]
        rest = f"%rest_{name}"
    return out


def kernel_text(spec: GpuSpec) -> str:
    dv, t, el = spec.value_depth, spec.threads, spec.out_element
    rows = "?" if spec.rows is None else spec.rows
    tile_rows = "?" if spec.short_last_block else t
    out_t, tile_t = f"tensor<{rows}x{dv}x{el}>", f"tensor<{tile_rows}x{dv}x{el}>"
    block = _block_rows(spec)
    empty = "tensor.empty(%rows)" if spec.rows is None else "tensor.empty()"
    grid = "%blocks" if spec.rows is None else str(-(-spec.rows // t))
    names = ["%q", "%k", "%v"] + [f"%side{i}" for i in range(len(spec.types) - 3)]
    args = ", ".join(f"{n}: {ty}" for n, ty in zip(names, spec.types, strict=True))
    index_args = ", ".join(["f32"] + ["index"] * (spec.batch_rank + 2))
    lines = [
        f"func.func private @{CHAIN_FUNC}({index_args}) -> f32",
        *[
            f"func.func private @{func}({element}) -> f32"
            for func, element, called in zip(
                PROLOGUE_FUNCS, spec.elements, spec.prologues, strict=True
            )
            if called
        ],
        f"func.func private @attention({args}) -> {out_t} {{",
        "  %c0 = arith.constant 0 : index",
        "  %c1 = arith.constant 1 : index",
        *_key_count(spec),
        f"  %ct = arith.constant {t} : index",
        *_row_count(spec),
        "  %clast = arith.subi %rows, %ct : index",
        f"  %ninf = arith.constant {NEG_INF} : f32",
        "  %zero = arith.constant 0.000000e+00 : f32",
        "  %one = arith.constant 1.000000e+00 : f32",
        f"  %empty = {empty} : {out_t}",
        f"  %res = scf.forall (%blk) in ({grid}) shared_outs(%o = %empty) -> ({out_t}) {{",
        *block.offset,
        f"    %tile = tensor.extract_slice %o[%off, 0] [{block.size}, {dv}] [1, 1]"
        f" : {out_t} to {tile_t}",
        f"    %rt = scf.forall (%t) in ({t}) shared_outs(%ot = %tile) -> ({tile_t}) {{",
        *block.row,
        *_decode(spec),
        *_divided_lines(spec),
        *_row(spec),
        f"      %slot = tensor.extract_slice %ot[{block.store}, 0] [1, {dv}] [1, 1] : {tile_t} to tensor<{dv}x{el}>",
        f"      %w = vector.transfer_write %vec, %slot[%c0] {{in_bounds = [true]}}"
        f" : vector<{dv}x{el}>, tensor<{dv}x{el}>",
        "      scf.forall.in_parallel {",
        f"        tensor.parallel_insert_slice %w into %ot[{block.store}, 0] [1, {dv}] [1, 1]"
        f" : tensor<{dv}x{el}> into {tile_t}",
        "      }",
        "    } {mapping = [#gpu.thread<x>]}",
        "    scf.forall.in_parallel {",
        f"      tensor.parallel_insert_slice %rt into %o[%off, 0] [{block.size}, {dv}] [1, 1]"
        f" : {tile_t} into {out_t}",
        "    }",
        f"  }} {{mapping = [#gpu.block<x>], {THREADS_ATTR} = {t} : i64}}",
        f"  return %res : {out_t}",
        "}",
    ]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class BlockRows:
    offset: tuple[str, ...]  # lines defining %off (and what the rows need)
    size: str  # the block tile's rows
    row: tuple[str, ...]  # lines defining %row, the row the thread computes
    store: str  # the tile row it stores


def _block_rows(spec: GpuSpec) -> BlockRows:
    """Which rows block %blk writes (`offset`: %off; `size`: the tile's
    rows) and which row thread %t computes (`row`: %row) and stores (`store`).
    Clamped: the last block starts at R − T (so R ≥ T), each thread
    computes and stores its own row. Short last block (`short_last_block`,
    any R ≥ 1): the last block holds the R − off rows left; its threads past
    them compute and store the block's last row again (the same values, as
    a clamped block writes its neighbour's), so no thread reads or writes
    past R."""
    if not spec.short_last_block:
        return BlockRows(
            offset=(
                "    %start = arith.muli %blk, %ct : index",
                "    %off = arith.minui %start, %clast : index",
            ),
            size=str(spec.threads),
            row=("        %row = arith.addi %off, %t : index",),
            store="%t",
        )
    return BlockRows(
        offset=(
            "    %off = arith.muli %blk, %ct : index",
            "    %left = arith.subi %rows, %off : index",
            "    %size = arith.minui %left, %ct : index",
            "    %tlast = arith.subi %size, %c1 : index",
            "    %crow = arith.subi %rows, %c1 : index",
        ),
        size="%size",
        row=(
            "        %tw = arith.minui %t, %tlast : index",
            "        %rowu = arith.addi %off, %t : index",
            "        %row = arith.minui %rowu, %crow : index",
        ),
        store="%tw",
    )


def _row(spec: GpuSpec) -> list[str]:
    d, dv = spec.depth, spec.value_depth
    fixed = {name: f"%{name}" for name, _ in spec.dims} | _divided(spec)
    out = []
    for i in range(d):
        index = _index(spec.q_index, {**fixed, "d": f"%cd{i}"})
        out += _load(f"%q{i}", f"%q[{index}]", spec, 0)
    out = [f"        %cd{i} = arith.constant {i} : index" for i in range(max(d, dv))] + out
    carried = ", ".join(["%mx = %ninf", "%l = %zero"] + [f"%a{j} = %zero" for j in range(dv)])
    result_types = ", ".join(["f32"] * (dv + 2))
    out.append(
        f"        %acc:{dv + 2} = scf.for %n = %c0 to %cn step %c1 iter_args({carried})"
        f" -> ({result_types}) {{"
    )
    out += _key_step(spec, {**fixed, "n": "%n"})
    out.append("        }")
    for j in range(dv):
        out.append(f"        %o{j} = arith.divf %acc#{j + 2}, %acc#1 : f32")
        if spec.zero_rows:
            out += [
                f"        %z{j}c = arith.cmpf oeq, %acc#0, %ninf : f32",
                f"        %o{j}z = arith.select %z{j}c, %zero, %o{j} : f32",
            ]
    final = [f"%o{j}z" if spec.zero_rows else f"%o{j}" for j in range(dv)]
    if spec.out_element != "f32":
        for j, value in enumerate(final):
            out.append(f"        %o{j}n = arith.truncf {value} : f32 to {spec.out_element}")
        final = [f"%o{j}n" for j in range(dv)]
    out.append(
        f"        %vec = vector.from_elements {', '.join(final)} : vector<{dv}x{spec.out_element}>"
    )
    return out


def _load(name: str, at: str, spec: GpuSpec, operand: int) -> list[str]:
    """`name` = the f32 value of element `at` of Q, K or V (`operand`): its
    prologue's call on it, or it widened."""
    tensor_type, element = spec.types[operand], spec.elements[operand]
    if spec.prologues[operand]:
        func = PROLOGUE_FUNCS[operand]
        return [
            f"        {name}h = tensor.extract {at} : {tensor_type}",
            f"        {name} = func.call @{func}({name}h) : ({element}) -> f32",
        ]
    if element == "f32":
        return [f"        {name} = tensor.extract {at} : {tensor_type}"]
    return [
        f"        {name}h = tensor.extract {at} : {tensor_type}",
        f"        {name} = arith.extf {name}h : {element} to f32",
    ]


def _key_step(spec: GpuSpec, fixed: dict[str, str]) -> list[str]:
    d, dv = spec.depth, spec.value_depth
    out = []
    for i in range(d):
        index = _index(spec.k_index, {**fixed, "d": f"%cd{i}"})
        out += _load(f"%k{i}", f"%k[{index}]", spec, 1)
        out.append(f"          %qk{i} = arith.mulf %q{i}, %k{i} : f32")
        if i:
            out.append(f"          %s{i} = arith.addf %s{i - 1}, %qk{i} : f32")
        else:
            out.append("          %s0 = arith.addf %zero, %qk0 : f32")
    score = f"%s{d - 1}"
    if spec.chain:
        batch = [f"%b{i}" for i in range(spec.batch_rank)]
        operands = ", ".join([score, *batch, "%m", "%n"])
        types = ", ".join(["f32"] + ["index"] * (spec.batch_rank + 2))
        out.append(f"          %sc = func.call @{CHAIN_FUNC}({operands}) : ({types}) -> f32")
        score = "%sc"
    out += [
        f"          %gt = arith.cmpf ogt, {score}, %mx : f32",
        f"          %hi = arith.maximumf %mx, {score} : f32",
        f"          %lo = arith.minimumf %mx, {score} : f32",
        "          %hinf = arith.cmpf oeq, %hi, %ninf : f32",
        "          %hs = arith.select %hinf, %zero, %hi : f32",
        "          %dd = arith.subf %lo, %hs : f32",
        "          %e = math.exp %dd : f32",
        "          %al = arith.select %gt, %e, %one : f32",
        "          %p = arith.select %gt, %one, %e : f32",
        "          %l1 = arith.mulf %l, %al : f32",
        "          %l2 = arith.addf %l1, %p : f32",
    ]
    for j in range(dv):
        index = _index(spec.v_index, {**fixed, "j": f"%cd{j}"})
        out += _load(f"%v{j}", f"%v[{index}]", spec, 2)
        out += [
            f"          %x{j} = arith.mulf %a{j}, %al : f32",
            f"          %y{j} = arith.mulf %p, %v{j} : f32",
            f"          %a{j}n = arith.addf %x{j}, %y{j} : f32",
        ]
    news = ", ".join(["%hi", "%l2"] + [f"%a{j}n" for j in range(dv)])
    out.append(f"          scf.yield {news} : {', '.join(['f32'] * (dv + 2))}")
    return out
