"""The model zoo end to end (`mlirfuse zoo`, tests/test_zoo.py).

`stages` measures one model one stage at a time (kernels and bytes through
`mlirfuse.metrics`, CPU numerics through the runner, PTX through `mlirfuse
compile`); `child` runs stages in a process of its own, since the bindings
can abort; `driver` runs every model's child in parallel and survives their
crashes; `table` renders the Markdown table with IREE's figures from
`models/baseline.json`.
"""
