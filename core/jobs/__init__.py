"""Background work: the job port's in-process runner, the handler table, and the handlers."""
