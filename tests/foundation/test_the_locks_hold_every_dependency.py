"""The lock files (requirements/) hold every dependency pyproject.toml names, at a version its range allows:
a dependency added or a range moved without making the locks again (requirements/README.md) fails here,
rather than CI quietly installing an untested version beside the lock."""

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
PINNED = re.compile(r"^([A-Za-z0-9._-]+)==([^\s;\\]+)", re.MULTILINE)


def _locked(name: str) -> dict[str, str]:
    text = (ROOT / "requirements" / name).read_text()
    return {canonicalize_name(package): version for package, version in PINNED.findall(text)}


@pytest.mark.parametrize(
    "lock, requirements",
    [
        ("lock.txt", PROJECT["dependencies"]),
        ("test-lock.txt", PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"]),
        (
            "hosted-lock.txt",
            PROJECT["dependencies"]
            + PROJECT["optional-dependencies"]["postgres"]
            + PROJECT["optional-dependencies"]["redis"],
        ),
    ],
)
def test_every_dependency_is_locked_at_a_version_its_range_allows(lock, requirements):
    locked = _locked(lock)
    for line in requirements:
        requirement = Requirement(line)
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{name} is not in requirements/{lock}: make the locks again (requirements/README.md)"
        assert requirement.specifier.contains(locked[name], prereleases=True), (
            f"requirements/{lock} has {name}=={locked[name]}, outside pyproject.toml's {requirement.specifier}"
        )
