"""The shared vocabulary at the bottom of the layers: the plan model, the
fusion switches, every refusal code and the errors a pass raises.

Everything else imports from here; this package imports nothing of mlirfuse.
"""
