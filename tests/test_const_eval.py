"""Tables computed from constants are folded with the values the CPU computes.

Each case is a function whose result is computed from constants alone (read
through a copy that also reads an argument: a function result itself is never
folded): `fold_constant_tables` turns it into one `arith.constant`
(the interpreter of `transforms/const_interp.py`), and the folded module,
compiled for the CPU, must return what the original returns: bit for bit for
arithmetic, comparisons and conversions, within one f32 ulp (relative 1e-6)
for transcendentals.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from mlirfuse.context import make_context, parse_module
from mlirfuse.runner.run import run
from mlirfuse.transforms.const_eval import fold_constant_tables

F32_A = "dense<[-2.5, -1.0, -0.0, 0.0, 0.5, 1.5, 3.0, 0x7FC00000, 0x7F800000, 7.25]>"
F32_B = "dense<[2.0, -3.0, 0.0, 1.0, 0.25, 1.5, 0x7FC00000, 4.0, 2.0, -0.75]>"
F32_FINITE = "dense<[-2.5, -1.0, -0.0, 0.0, 0.5, 1.5, 3.0, 2.75, -7.5, 7.25]>"
I64_A = "dense<[-7, -1, 0, 1, 5, 9, -12, 3, 100, -100]>"
I64_B = "dense<[2, -3, 1, 4, -5, 3, 5, -2, 7, 9]>"


def _elementwise(body: str, a: tuple[str, str], b: tuple[str, str], out: str) -> str:
    """A function applying `body` (reading %x, %y; result %r) to two constants."""
    return f"""
#m = affine_map<(d0) -> (d0)>
func.func @table() -> tensor<10x{out}> {{
  %a = arith.constant {a[0]} : tensor<10x{a[1]}>
  %b = arith.constant {b[0]} : tensor<10x{b[1]}>
  %e = tensor.empty() : tensor<10x{out}>
  %r = linalg.generic {{indexing_maps = [#m, #m, #m], iterator_types = ["parallel"]}}
      ins(%a, %b : tensor<10x{a[1]}>, tensor<10x{b[1]}>) outs(%e : tensor<10x{out}>) {{
  ^bb0(%x: {a[1]}, %y: {b[1]}, %o: {out}):
    {body}
    linalg.yield %r : {out}
  }} -> tensor<10x{out}>
  return %r : tensor<10x{out}>
}}
"""


F32 = (F32_A, "f32")
F64 = (F32_B.replace("0x7FC00000", "1.0"), "f64")
I64_ARGS = ((I64_A, "i64"), (I64_B, "i64"), "i32")
F32_2 = (F32_B, "f32")
I64 = (I64_A, "i64")
I64_2 = (I64_B, "i64")
_CMPF = ["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule"]
_CMPF += ["une", "uno", "true", "false"]
_CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]

EXACT = [
    *[(f"%r = arith.{op} %x, %y : f32", F32, F32_2, "f32") for op in ("addf", "subf", "mulf")],
    *[(f"%r = arith.{op} %x, %y : f32", F32, F32_2, "f32") for op in ("divf", "remf")],
    *[(f"%r = arith.{op} %x, %y : f32", F32, F32_2, "f32") for op in ("maximumf", "minimumf")],
    *[(f"%r = arith.{op} %x, %y : f32", F32, F32_2, "f32") for op in ("maxnumf", "minnumf")],
    ("%r = arith.negf %x : f32", F32, F32_2, "f32"),
    *[(f"%r = arith.cmpf {p}, %x, %y : f32", F32, F32_2, "i1") for p in _CMPF],
    *[(f"%r = arith.cmpi {p}, %x, %y : i64", I64, I64_2, "i1") for p in _CMPI],
    *[(f"%r = arith.{op} %x, %y : i64", I64, I64_2, "i64") for op in ("addi", "subi", "muli")],
    *[(f"%r = arith.{op} %x, %y : i64", I64, I64_2, "i64") for op in ("divsi", "remsi")],
    *[(f"%r = arith.{op} %x, %y : i64", I64, I64_2, "i64") for op in ("floordivsi", "ceildivsi")],
    *[(f"%r = arith.{op} %x, %y : i64", I64, I64_2, "i64") for op in ("minsi", "maxsi", "andi")],
    *[(f"%r = arith.{op} %x, %y : i64", I64, I64_2, "i64") for op in ("ori", "xori")],
    (
        "%c = arith.cmpf olt, %x, %y : f32\n    %r = arith.select %c, %x, %y : f32",
        F32,
        F32_2,
        "f32",
    ),
    ("%r = arith.sitofp %x : i64 to f32", I64, F32, "f32"),
    ("%r = arith.fptosi %x : f32 to i64", (F32_FINITE, "f32"), F32_2, "i64"),
    ("%h = arith.truncf %x : f32 to f16\n    %r = arith.extf %h : f16 to f32", F32, F32, "f32"),
    ("%h = arith.truncf %x : f32 to bf16\n    %r = arith.extf %h : bf16 to f32", F32, F32, "f32"),
    (
        "%i = arith.index_cast %x : i64 to index\n    %r = arith.index_cast %i : index to i32",
        *I64_ARGS,
    ),
    ("%c = arith.cmpi slt, %x, %y : i64\n    %r = arith.extui %c : i1 to i64", I64, I64_2, "i64"),
    *[(f"%r = math.{op} %x : f32", F32, F32_2, "f32") for op in ("floor", "ceil", "absf", "sqrt")],
    *[(f"%r = math.{op} %x : f32", F32, F32_2, "f32") for op in ("round", "roundeven", "trunc")],
]
CLOSE = [
    *[(f"%r = math.{op} %x : f32", F32, F32_2, "f32") for op in ("exp", "log", "tanh", "erf")],
    *[(f"%r = math.{op} %x : f32", F32, F32_2, "f32") for op in ("sin", "cos", "rsqrt")],
    ("%r = math.powf %x, %y : f32", F32, F32_2, "f32"),
]


def _fold(text: str) -> str:
    ctx = make_context()
    with ctx:
        module = parse_module(text, ctx)
        func = next(op.operation for op in module.body.operations)
        assert fold_constant_tables(func) == 1
        folded = module.operation.get_asm()
        assert folded.count("linalg.generic") == 1, folded  # the table is one constant now
        return folded


def _through_argument(text: str) -> tuple[str, list[int]]:
    """`text`'s function returning its table through a generic that also
    reads an argument (a function result itself is never folded)."""
    result = re.search(r"func.func @table\(\) -> (tensor<([0-9x]+)x(\w+)>)", text)
    assert result is not None
    t, shape = result.group(1), [int(d) for d in result.group(2).split("x")]
    mask = f"tensor<{result.group(2)}xi1>"
    dims = ", ".join(f"d{i}" for i in range(len(shape)))
    identity = f"affine_map<({dims}) -> ({dims})>"
    element = result.group(3)
    copy = f"""%pe = tensor.empty() : {t}
  %passed = linalg.generic {{indexing_maps = [{identity}, {identity}, {identity}],
      iterator_types = [{", ".join(['"parallel"'] * len(shape))}]}}
      ins(\\1, %pass : {t}, {mask}) outs(%pe : {t}) {{
  ^bb0(%tv: {element}, %pv: i1, %po: {element}):
    linalg.yield %tv : {element}
  }} -> {t}
  return %passed : {t}"""
    text = text.replace("func.func @table() ->", f"func.func @table(%pass: {mask}) ->")
    text = re.sub(r"return (%\w+) : " + re.escape(t), copy, text)
    return text, shape


def _both(text: str) -> tuple[np.ndarray, np.ndarray]:
    text, shape = _through_argument(text)
    mask = np.ones(shape, dtype=np.bool_)
    (expected,) = run(text, "table", mask)
    (actual,) = run(_fold(text), "table", mask)
    return expected, actual


@pytest.mark.parametrize("case", EXACT, ids=lambda c: c[0].split("=")[-1].split(":")[0].strip())
def test_folded_arithmetic_is_bit_exact(
    case: tuple[str, tuple[str, str], tuple[str, str], str],
) -> None:
    expected, actual = _both(_elementwise(*case))
    assert expected.dtype == actual.dtype
    np.testing.assert_array_equal(actual, expected)


@pytest.mark.parametrize("case", CLOSE, ids=lambda c: c[0].split("=")[-1].split(":")[0].strip())
def test_folded_transcendentals_within_an_ulp(
    case: tuple[str, tuple[str, str], tuple[str, str], str],
) -> None:
    expected, actual = _both(_elementwise(*case))
    np.testing.assert_allclose(actual, expected, rtol=1e-6, atol=1e-7, equal_nan=True)


def test_a_nan_converted_to_an_integer_is_not_folded() -> None:
    """fptosi of NaN is poison: the interpreter refuses, the table stays."""
    text = _elementwise("%r = arith.fptosi %x : f32 to i64", F32, F32_2, "i64")
    ctx = make_context()
    with ctx:
        module = parse_module(text, ctx)
        assert fold_constant_tables(next(op.operation for op in module.body.operations)) == 0
        assert "linalg.generic" in module.operation.get_asm()


_ID2 = "affine_map<(d0, d1) -> (d0, d1)>"
PROGRAMS = {
    "index-reduction": f"""
func.func @table() -> tensor<3xi64> {{
  %z = arith.constant 0 : i64
  %e = tensor.empty() : tensor<3x5xi64>
  %g = linalg.generic {{indexing_maps = [{_ID2}], iterator_types = ["parallel", "parallel"]}}
      outs(%e : tensor<3x5xi64>) {{
  ^bb0(%o: i64):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = arith.muli %i, %j : index
    %v = arith.index_cast %k : index to i64
    linalg.yield %v : i64
  }} -> tensor<3x5xi64>
  %e1 = tensor.empty() : tensor<3xi64>
  %f = linalg.fill ins(%z : i64) outs(%e1 : tensor<3xi64>) -> tensor<3xi64>
  %s = linalg.generic {{indexing_maps = [{_ID2}, affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}} ins(%g : tensor<3x5xi64>) outs(%f : tensor<3xi64>) {{
  ^bb0(%x: i64, %o: i64):
    %v = arith.addi %x, %o : i64
    linalg.yield %v : i64
  }} -> tensor<3xi64>
  return %s : tensor<3xi64>
}}
""",
    "gather-transpose-broadcast": f"""
func.func @table() -> tensor<4x3xf32> {{
  %src = arith.constant dense<[1.5, -2.0, 3.25, 8.0]> : tensor<4xf32>
  %idx = arith.constant dense<[[3, 0, 1, 2], [2, 2, 0, 1], [1, 3, 3, 0]]> : tensor<3x4xi64>
  %e = tensor.empty() : tensor<3x4xf32>
  %g = linalg.generic {{indexing_maps = [{_ID2}, {_ID2}], iterator_types = ["parallel", "parallel"]}}
      ins(%idx : tensor<3x4xi64>) outs(%e : tensor<3x4xf32>) {{
  ^bb0(%i: i64, %o: f32):
    %c = arith.index_cast %i : i64 to index
    %v = tensor.extract %src[%c] : tensor<4xf32>
    linalg.yield %v : f32
  }} -> tensor<3x4xf32>
  %et = tensor.empty() : tensor<4x3xf32>
  %t = linalg.transpose ins(%g : tensor<3x4xf32>) outs(%et : tensor<4x3xf32>) permutation = [1, 0]
  %row = arith.constant dense<[0.5, 1.0, 2.0]> : tensor<3xf32>
  %eb = tensor.empty() : tensor<4x3xf32>
  %b = linalg.broadcast ins(%row : tensor<3xf32>) outs(%eb : tensor<4x3xf32>) dimensions = [0]
  %e2 = tensor.empty() : tensor<4x3xf32>
  %m = linalg.generic {{indexing_maps = [{_ID2}, {_ID2}, {_ID2}], iterator_types = ["parallel", "parallel"]}}
      ins(%t, %b : tensor<4x3xf32>, tensor<4x3xf32>) outs(%e2 : tensor<4x3xf32>) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %v = arith.mulf %x, %y : f32
    linalg.yield %v : f32
  }} -> tensor<4x3xf32>
  return %m : tensor<4x3xf32>
}}
""",
    "slices-concat-pad-reshape": """
func.func @table() -> tensor<2x9xi1> {
  %a = arith.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi32>
  %s = tensor.extract_slice %a[1, 0] [2, 4] [1, 1] : tensor<3x4xi32> to tensor<2x4xi32>
  %c = tensor.concat dim(1) %s, %s : (tensor<2x4xi32>, tensor<2x4xi32>) -> tensor<2x8xi32>
  %z = arith.constant -1 : i32
  %p = tensor.pad %c low[0, 1] high[0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : i32
  } : tensor<2x8xi32> to tensor<2x9xi32>
  %f = tensor.collapse_shape %p [[0, 1]] : tensor<2x9xi32> into tensor<18xi32>
  %x = tensor.expand_shape %f [[0, 1]] output_shape [2, 9] : tensor<18xi32> into tensor<2x9xi32>
  %seven = arith.constant dense<0> : tensor<1x3xi32>
  %w = tensor.insert_slice %seven into %x[1, 2] [1, 3] [1, 1] : tensor<1x3xi32> into tensor<2x9xi32>
  %e = tensor.empty() : tensor<2x9xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel"]} ins(%w : tensor<2x9xi32>) outs(%e : tensor<2x9xi1>) {
  ^bb0(%v: i32, %o: i1):
    %two = arith.constant 2 : i32
    %m = arith.remsi %v, %two : i32
    %zero = arith.constant 0 : i32
    %b = arith.cmpi eq, %m, %zero : i32
    linalg.yield %b : i1
  } -> tensor<2x9xi1>
  return %r : tensor<2x9xi1>
}
""",
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_folded_tensor_programs_match_the_cpu(name: str) -> None:
    expected, actual = _both(PROGRAMS[name])
    assert expected.dtype == actual.dtype
    np.testing.assert_array_equal(actual, expected)


def _init_program(init: str) -> str:
    return f"""
#m = affine_map<(d0) -> (d0)>
func.func @f(%x: tensor<4xf32>) -> tensor<4xi64> {{
  %c = arith.constant dense<[3, 1, 2, 0]> : tensor<4xi64>
  %e = tensor.empty() : tensor<4xi64>
  %t = linalg.generic {{indexing_maps = [#m, #m], iterator_types = ["parallel"]}}
      ins(%c : tensor<4xi64>) outs(%e : tensor<4xi64>) {{
  ^bb0(%i: i64, %o: i64):
    %one = arith.constant 1 : i64
    %v = arith.addi %i, %one : i64
    linalg.yield %v : i64
  }} -> tensor<4xi64>
  %r = linalg.generic {{indexing_maps = [#m, #m, #m], iterator_types = ["parallel"]}}
      ins(%x, %t : tensor<4xf32>, tensor<4xi64>) outs({init} : tensor<4xi64>) {{
  ^bb0(%a: f32, %b: i64, %o: i64):
    %z = arith.constant 0.0 : f32
    %p = arith.cmpf ogt, %a, %z : f32
    %v = arith.select %p, %b, %o : i64
    linalg.yield %v : i64
  }} -> tensor<4xi64>
  return %r : tensor<4xi64>
}}
"""


@pytest.mark.parametrize(("init", "folded"), [("%t", 0), ("%c", 1)])
def test_a_table_written_in_place_is_no_table(init: str, folded: int) -> None:
    """A value some op takes as its init is that op's buffer (the iota a
    sort's indices start from): folded into a constant, the back end would
    write into a constant. Read only as an input, it folds."""
    ctx = make_context()
    with ctx:
        module = parse_module(_init_program(init), ctx)
        assert fold_constant_tables(next(op.operation for op in module.body.operations)) == folded


BF16_TABLE = "dense<[0.1, -2.5, 3.0e+30, 0x7F80, 0xFF80, -0.0, 1.0e-30, 7.0, 0.33, 65504.0]>"


@pytest.mark.parametrize("element", ["f16", "bf16"])
def test_a_16_bit_float_table_folds_bit_exact(element: str) -> None:
    """A computed f16 or bf16 table becomes a constant with the bits the
    CPU computes (the GPU back end reads such constants: `dense_values`)."""
    body = f"%r = arith.truncf %x : f64 to {element}"
    expected, actual = _both(_elementwise(body, F64, F64, element))
    np.testing.assert_array_equal(actual.view(np.uint16), expected.view(np.uint16))


def test_a_bf16_constant_is_read_by_its_bits() -> None:
    """The interpreter reads a non-splat bf16 constant (infinities, a
    denormal-free tiny and huge value) exactly as the CPU does."""
    body = "%w = arith.extf %x : bf16 to f32\n    %r = arith.mulf %w, %y : f32"
    expected, actual = _both(_elementwise(body, (BF16_TABLE, "bf16"), F32_2, "f32"))
    np.testing.assert_array_equal(actual, expected)
