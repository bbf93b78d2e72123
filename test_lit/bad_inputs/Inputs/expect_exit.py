"""Run a command and succeed only if it exits with the expected code.

Usage: expect_exit.py CODE COMMAND [ARGS...]. The command's stdout and stderr
pass through, so FileCheck can read them. lit's `not` accepts any non-zero
code; this tells a diagnosed bad input (1) from an internal error (2) or a
signal, which matters for the bad-input corpus.
"""

import subprocess
import sys


def main() -> int:
    expected = int(sys.argv[1])
    proc = subprocess.run(sys.argv[2:], check=False)
    if proc.returncode != expected:
        print(f"expect_exit: expected exit code {expected}, got {proc.returncode}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
