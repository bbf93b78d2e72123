"""The export scripts of bench/dynamic_batch_probe.py, run by the zoo venv's
Python (argv: models dir, out dir, names, what is dynamic: batch, seq or both).

batch: inputs doubled along dim 0 when the example batch is 1 (torch.export
specialises a batch of 1), every input's dim 0 one `Dim("batch")`; files
NAME_dynb. seq: every dim (other than dim 0) of every input whose size is the
example sequence length (the first input's dim 1; Whisper's mel frames, dim
2) one `Dim("seq")`; files NAME_dyns. both: the two together, two distinct
symbols in one function; files NAME_dynbs. torch-mlir lowers a view that
merges two dynamic dims (`view(-1, 64)` of `[B, S, 64]`) to a collapse of S
with 64 that types S as 1 (llvm/torch-mlir#3852, #4743: the legacy view
pattern tracks one unknown size), so the exported function computes B rows
where it should compute B*S; with both dims dynamic such a view becomes the
`aten.flatten.using_ints` it is (lowered to the right collapse) before the
torch IR is lowered to linalg. Models of
bench/unseen_models_more.py may be named too. A model that does not export
leaves no file and says why on stderr.
"""

SUFFIX = {"batch": "_dynb", "seq": "_dyns", "both": "_dynbs"}

EXPORT = r"""
import dataclasses, re, sys, traceback
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import torch
from torch.export import Dim
import export as ex
from torch_mlir import fx, ir

VIEW = re.compile(
    r"^(\s*)(%[\w.$-]+) = torch\.aten\.view (%[\w.$-]+), %[\w.$-]+ : !torch\.vtensor<\[([^\]]*)\],(\w+)>, "
    r"!torch\.list<int> -> !torch\.vtensor<\[([^\]]*)\],(\w+)>$"
)

def flattened(line, n):
    # A view that merges a run of dims holding 2 or more dynamic ones into one
    # dim, the others kept, as the flatten it is; None for any other line.
    m = VIEW.match(line)
    if not m:
        return None
    indent, result, source, ins, dtype, outs, dtype2 = m.groups()
    a, b = ins.split(","), outs.split(",")
    pre = 0
    while pre < min(len(a), len(b)) and a[pre] == b[pre] != "?":
        pre += 1
    suf = 0
    while suf < min(len(a), len(b)) - pre and a[-1 - suf] == b[-1 - suf] != "?":
        suf += 1
    if len(b) - pre - suf != 1 or b[pre] != "?" or a[pre : len(a) - suf].count("?") < 2:
        return None
    start, end = f"%flat_start{n}", f"%flat_end{n}"
    return [
        f"{indent}{start} = torch.constant.int {pre}",
        f"{indent}{end} = torch.constant.int {len(a) - suf - 1}",
        f"{indent}{result} = torch.aten.flatten.using_ints {source}, {start}, {end} : "
        f"!torch.vtensor<[{ins}],{dtype}>, !torch.int, !torch.int -> !torch.vtensor<[{outs}],{dtype2}>",
    ]

lower = fx.lower_mlir_module
def lower_flattened(verbose, output_type, module, backend_options=None):
    lines = []
    for n, line in enumerate(str(module).splitlines()):
        lines += flattened(line, n) or [line]
    module = ir.Module.parse("\n".join(lines), module.context)
    return lower(verbose, output_type, module, backend_options)

out, mode = Path(sys.argv[2]), sys.argv[4]
suffix = {"batch": "_dynb", "seq": "_dyns", "both": "_dynbs"}[mode]
if mode == "both":
    fx.lower_mlir_module = lower_flattened  # export_mlir calls it through fx
models = {m.name: m for m in ex.all_models()}
if not set(sys.argv[3].split(",")) <= set(models):  # beyond the zoo: bench/unseen_models_more.py
    sys.path.insert(0, str(Path(sys.argv[1]).parent / "bench"))
    import unseen_models_more
    models |= {m.name: m for m in unseen_models_more.MODELS}
for name in sys.argv[3].split(","):
    spec = models[name]
    def build(spec=spec):
        module, inputs = spec.build()
        if mode == "seq":
            return module, inputs
        doubled = []
        for t in inputs:
            if t.dim() >= 1 and t.shape[0] == 1:
                other = t.flip(0) * 0.5 + 0.1 if t.is_floating_point() else t
                t = torch.cat([t, other], 0)
            doubled.append(t)
        return module, tuple(doubled)
    _, inputs = build()
    length = inputs[0].shape[2 if name.startswith("whisper") else 1]  # mel frames: dim 2
    batch, seq = Dim("batch", min=1, max=64), Dim("seq", min=2, max=128)
    def dynamic(count, inputs=inputs, length=length):
        marked = []
        for t in inputs:
            dims = {}
            if mode != "seq" and t.dim() >= 1 and t.shape[0] == 2:
                dims[0] = batch
            if mode != "batch":
                dims |= {d: seq for d in range(1, t.dim()) if t.shape[d] == length}
            marked.append(dims or None)
        return (*marked, *([None] * (count - len(inputs))))
    variant = dataclasses.replace(spec, name=name + suffix, build=build, dynamic=dynamic)
    try:
        files = ex.export_one(variant)
    except Exception as error:
        last = traceback.format_exception_only(error)[-1].strip()
        print(f"export {name}{suffix} failed: {last[:300]}", file=sys.stderr, flush=True)
        continue
    for file, data in files.items():
        (out / file).write_bytes(data)
    print(f"exported {name}{suffix}" + ("" if mode == "batch" else f" (seq {length})"), flush=True)
"""
