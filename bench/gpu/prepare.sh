#!/usr/bin/env bash
# Build here everything the GPU machine needs to run the zoo end to end, in
# one folder: per model the PTX and launch manifest of `mlirfuse compile`
# fused and unfused (NAME.fused.ptx/.json, NAME.unfused.ptx/.json), its
# inputs and reference (NAME.npz), its aten graph for torch eager and
# torch.compile (NAME.torch.py, from the zoo venv), launch.py and run.sh.
# Models that do not compile are left out (their error is in NAME.log).
# There, one command runs it all and writes its table to $OUT:
#   bash FOLDER/run.sh          (python3 with numpy and cupy; torch for the torch columns)
# Usage: bench/gpu/prepare.sh [FOLDER (default build/gpu-bench)] [MODEL ...]
# PYTHON / ZOO_PYTHON: the project's and the zoo's interpreters (default .venv, .zoo-venv).
set -euo pipefail
cd "$(dirname "$0")/../.."
FOLDER="${1:-build/gpu-bench}"
shift || true
PY="${PYTHON:-.venv/bin/python}"
ZOO="${ZOO_PYTHON:-.zoo-venv/bin/python}"
LIMIT_MIB=60
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"

if [ "$#" -gt 0 ]; then models=("$@"); else
  models=(); for f in models/*.mlir; do models+=("$(basename "$f" .mlir)"); done
fi
rm -rf "$FOLDER" && mkdir -p "$FOLDER"
built=()
for m in "${models[@]}"; do
  if "$PY" -m mlirfuse.cli compile "models/$m.mlir" -o "$FOLDER/$m.fused.ptx" >"$FOLDER/$m.log" 2>&1 &&
     "$PY" -m mlirfuse.cli compile "models/$m.mlir" --no-fuse -o "$FOLDER/$m.unfused.ptx" >>"$FOLDER/$m.log" 2>&1; then
    cp "models/$m.npz" "$FOLDER/"
    built+=("$m")
    rm "$FOLDER/$m.log"
  else
    echo "prepare: $m does not compile, left out (see $FOLDER/$m.log)" >&2
    rm -f "$FOLDER/$m".*.ptx "$FOLDER/$m".*.json
  fi
done
if [ -x "$ZOO" ] && [ "${#built[@]}" -gt 0 ]; then
  "$ZOO" bench/gpu/export_torch.py "$FOLDER" "${built[@]}"
else
  echo "prepare: no zoo venv ($ZOO): no torch graphs, the torch columns will say so" >&2
fi
cp bench/gpu/launch.py bench/gpu/launch_backends.py "$FOLDER/"
cat >"$FOLDER/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs every model of this folder on the GPU (launch.py); the table goes to $OUT.
set -uo pipefail
cd "$(dirname "$0")"
DEST="${OUT:-$PWD}"
mkdir -p "$DEST"
timeout 470 python3 launch.py . --out "$DEST/gpu_table.md" "$@" 2>&1 | tee "$DEST/gpu_run.log"
RUN
chmod +x "$FOLDER/run.sh"
size_kib=$(du -sk "$FOLDER" | cut -f1)
echo "prepare: ${#built[@]} of ${#models[@]} models in $FOLDER, $((size_kib / 1024)) MiB ($size_kib KiB)"
if [ "$size_kib" -gt $((LIMIT_MIB * 1024)) ]; then
  echo "prepare: $FOLDER is over $LIMIT_MIB MiB" >&2
  exit 1
fi
