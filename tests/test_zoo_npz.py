"""models/npz_io.py: the zoo's .npz files hold each argument at the shape the
exported function takes, scalars included, and are reproducible."""

from __future__ import annotations

import io

import numpy as np

from tests.conftest import models_script


def test_a_scalar_parameter_keeps_its_zero_dims() -> None:
    arrays = {
        "arg0": np.float32(0.3) * np.ones((), np.float32),
        "arg1": np.arange(6, dtype=np.float32).reshape(2, 3).T,  # not C-contiguous
    }
    loaded = np.load(io.BytesIO(models_script("npz_io.py").npz_bytes(arrays)))
    assert loaded["arg0"].shape == ()
    assert float(loaded["arg0"]) == np.float32(0.3)
    np.testing.assert_array_equal(loaded["arg1"], arrays["arg1"])


def test_the_same_arrays_give_the_same_bytes() -> None:
    arrays = {"arg0": np.ones((4, 4), np.float32)}
    npz_io = models_script("npz_io.py")
    assert npz_io.npz_bytes(arrays) == npz_io.npz_bytes(dict(arrays))
