"""Refuse a zoo venv whose torch is a CUDA build (the zoo is exported on the CPU).

A CUDA build gives other kernels (and so other reference outputs) and pulls in
gigabytes of libraries nobody here needs.
"""

from __future__ import annotations

import sys

import torch


def main() -> int:
    if torch.version.cuda is not None or torch.backends.cudnn.is_available():
        print(
            f"models/check_venv.py: torch {torch.__version__} is a CUDA build "
            f"(CUDA {torch.version.cuda}); the zoo needs the CPU build (torch==2.13.0+cpu)",
            file=sys.stderr,
        )
        return 1
    print(f"zoo venv: torch {torch.__version__} (CPU build)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
