"""Write a ~20 MB MLIR module to stdout (generated at test time, not committed).

Usage: gen_big.py [--megabytes N] [--broken]. The bulk is one dense f32
constant in hex form feeding a short elementwise chain; with --broken the last
line holds a syntax error, so a diagnostic must point past 20 MB of text.
"""

import argparse
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=float, default=20.0)
    parser.add_argument("--broken", action="store_true")
    args = parser.parse_args()
    hex_digits = int(args.megabytes * 1024 * 1024) // 8 * 8
    elements = hex_digits // 8
    ty = f"tensor<{elements}xf32>"
    out = sys.stdout
    out.write("// A generated 20 MB input: one large constant, then an elementwise chain.\n")
    out.write(f"func.func @big(%arg0: {ty}) -> {ty} {{\n")
    out.write(f'  %cst = arith.constant dense<"0x{"0000803F" * elements}"> : {ty}\n')
    out.write(f"  %e = tensor.empty() : {ty}\n")
    previous = "%arg0"
    for i, op in enumerate(("arith.addf", "arith.mulf", "arith.subf")):
        out.write(
            f"  %r{i} = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>, "
            f'affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}} '
            f"ins({previous}, %cst : {ty}, {ty}) outs(%e : {ty}) {{\n"
            f"  ^bb0(%a: f32, %b: f32, %o: f32):\n"
            f"    %s = {op} %a, %b : f32\n"
            f"    linalg.yield %s : f32\n"
            f"  }} -> {ty}\n"
        )
        previous = f"%r{i}"
    out.write(f"  return {previous} : {ty}\n")
    out.write("  %oops = arith.addf\n" if args.broken else "")
    out.write("}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
