"""The archive's schema name and its one user error."""

SCHEMA = "whistdrive.event/1"


class ArchiveError(ValueError):
    """A file that cannot be imported; ``problems`` has one line per fault, naming its place."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))
