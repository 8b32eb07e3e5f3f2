"""The replay viewer: a finished match (or a record) replayed step by step with every hand face up."""
