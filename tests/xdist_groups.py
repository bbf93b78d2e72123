"""One pytest-xdist worker per zoo model, whatever pytest's node ids look like.

`tests/test_zoo.py` runs a model's in-child stages once per worker and shares
them between that model's checks, so the checks of one model must go to one
worker. xdist's `--dist loadgroup` did that by appending `@group` to each
test's node id on the worker; from pytest 9.2 that mutation no longer takes
effect (pytest-xdist issue #1386) and the groups were silently dealt out one
test at a time, so both workers ran every big model's stages: the suite took
about half as long again. This scheduler reads the model from the node id
itself (`test_zoo[MODEL-CHECK]`), which no pytest version rewrites.
"""

from __future__ import annotations

import re

from xdist.scheduler import LoadGroupScheduling

# A check of the zoo: "tests/test_zoo.py::test_zoo[bert_layer-fuse-dp]".
_ZOO_CHECK = re.compile(r"^(?P<module>.*test_zoo\.py)::test_zoo\[(?P<model>[^-\]]+)-")


def scope_of(nodeid: str) -> str | None:
    """The worker group of `nodeid`: its zoo model, None for other tests."""
    match = _ZOO_CHECK.match(nodeid)
    return f"{match['module']}::{match['model']}" if match else None


class ZooModelScheduling(LoadGroupScheduling):
    """`loadgroup`, with every check of one zoo model in one group."""

    def _split_scope(self, nodeid: str) -> str:
        return scope_of(nodeid) or super()._split_scope(nodeid)
