"""Errors every layer may raise: a pass's refusal of its input, a bad option."""

from __future__ import annotations

from mlir import ir


class PassFailure(Exception):
    """Raised by a pass on input it refuses; `location` points at the culprit."""

    def __init__(self, message: str, location: ir.Location | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location


class OptionError(ValueError):
    """An option name or value a pass does not accept."""
