"""Writing an .npz the zoo can reproduce byte for byte (no torch here, so the
project's own tests can check it)."""

from __future__ import annotations

import io
import zipfile

import numpy as np

ZIP_TIME = (2026, 1, 1, 0, 0, 0)


def npz_bytes(arrays: dict[str, np.ndarray]) -> bytes:
    """An .npz like np.savez_compressed, but with fixed zip timestamps (reproducible)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for key, array in arrays.items():
            member = io.BytesIO()
            # np.asarray, not np.ascontiguousarray: the latter makes a 0-d
            # array (a scalar parameter: StyleGAN's noise strength) 1-d, and
            # the npz would disagree with the function's signature.
            contiguous = np.asarray(array, order="C")
            np.lib.format.write_array(member, contiguous, allow_pickle=False)
            info = zipfile.ZipInfo(f"{key}.npy", date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, member.getvalue())
    return buffer.getvalue()
