"""GPU lowering: fusion groups -> one gpu.func each -> NVVM -> PTX.

Importing the package registers the back end's lowerability predicate
(`mlirfuse.gpu.lowerability`), so planning done before a GPU lowering (the
compile child, `verify --schedule gpu`, `--backend gpu`) refuses groups this
back end cannot build as one kernel.
"""

from mlirfuse.gpu.lowerability import register

register()
