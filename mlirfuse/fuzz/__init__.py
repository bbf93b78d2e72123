"""Differential fuzzing of the fusion passes (docs/reliability.md).

`generator` builds random Linalg functions from (seed, index), `render` prints
them, `check` fuses, verifies, runs and compares them, `worker` does that in a
child process, `campaign` drives workers and `reducer` shrinks failures;
`oracle` is a numpy interpreter that checks the unfused side.
"""
