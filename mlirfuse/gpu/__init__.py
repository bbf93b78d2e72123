"""GPU lowering: fusion groups -> one gpu.func each -> NVVM -> PTX."""
