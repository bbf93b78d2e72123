"""Every check of a zoo model is scheduled on one xdist worker (tests/xdist_groups.py)."""

from __future__ import annotations

from tests.conftest import REPO_ROOT, zoo_files
from tests.test_zoo import CHECKS
from tests.xdist_groups import scope_of


def test_each_zoo_model_is_one_scope_and_models_are_apart() -> None:
    scopes = {
        path.stem: {
            scope_of(f"tests/test_zoo.py::test_zoo[{path.stem}-{check}]") for check in CHECKS
        }
        for path in zoo_files()
    }
    assert all(len(found) == 1 and None not in found for found in scopes.values()), scopes
    assert len({next(iter(found)) for found in scopes.values()}) == len(scopes)


def test_other_tests_keep_their_own_scope() -> None:
    assert scope_of("tests/test_search_bound.py::test_auto[models/bert_layer.mlir]") is None
    assert scope_of("tests/test_zoo_table.py::test_zoo[bert_layer]") is None


def test_the_makefile_runs_pytest_with_the_grouping_scheduler() -> None:
    makefile = (REPO_ROOT / "Makefile").read_text()
    assert "--dist loadgroup" in makefile, (
        "tests/conftest.py only schedules by model under loadgroup"
    )
