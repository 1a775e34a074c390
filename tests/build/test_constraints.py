"""build_scripts/constraints.txt pins every library Journeys is tested and released with.

CI and the release workflow install with it; here we check that it is complete (everything the
project's extras bring is pinned, on every system we release for) and that this environment is
the one it pins, so a library moving forward is a change someone made on purpose."""
from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
CONSTRAINTS = ROOT / "build_scripts" / "constraints.txt"
EXTRAS = ("test", "build", "maps")
#: the systems a release is built for, as the marker variables their Python reports
SYSTEMS = {"linux": {"sys_platform": "linux", "platform_system": "Linux", "os_name": "posix"},
           "windows": {"sys_platform": "win32", "platform_system": "Windows", "os_name": "nt"},
           "macos": {"sys_platform": "darwin", "platform_system": "Darwin", "os_name": "posix"}}


def read_pins(text: str) -> dict[str, Requirement]:
    """Each pinned name -> its requirement line; anything but `name==version` is refused."""
    pins: dict[str, Requirement] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        requirement = Requirement(line)
        specifiers = list(requirement.specifier)
        if len(specifiers) != 1 or specifiers[0].operator != "==" or "*" in specifiers[0].version:
            raise ValueError(f"constraints.txt line {number}: {line!r} is not pinned to one version")
        name = canonicalize_name(requirement.name)
        if name in pins:
            raise ValueError(f"constraints.txt line {number}: {requirement.name} is pinned twice")
        pins[name] = requirement
    return pins


def needed(system: dict[str, str] | None = None) -> dict[str, str]:
    """Every distribution the project's dependencies and extras bring on `system` (this one when
    None), walked through the installed packages' metadata -> who asked for it."""
    environment = {**default_environment(), **(system or {})}
    wanted: dict[str, str] = {}
    seen: set[tuple[str, frozenset[str]]] = set()
    queue: list[tuple[str, frozenset[str], str]] = [("journeys", frozenset(EXTRAS), "pyproject.toml")]
    while queue:
        name, extras, asked_by = queue.pop()
        key = canonicalize_name(name)
        if (key, extras) in seen:
            continue
        seen.add((key, extras))
        wanted.setdefault(key, asked_by)
        try:
            requires = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue  # not installed here (another system's package): pinned by name only
        for line in requires:
            requirement = Requirement(line)
            active = requirement.marker is None or any(
                requirement.marker.evaluate({**environment, "extra": extra}) for extra in (extras or {""}))
            if active:
                queue.append((requirement.name, frozenset(requirement.extras), name))
    wanted.pop("journeys")
    return wanted


@pytest.fixture(scope="module")
def pins() -> dict[str, Requirement]:
    return read_pins(CONSTRAINTS.read_text(encoding="utf-8"))


def test_every_library_of_every_release_system_is_pinned(pins):
    for system_name, system in SYSTEMS.items():
        missing = {name: by for name, by in needed(system).items() if name not in pins}
        assert not missing, (f"not pinned in build_scripts/constraints.txt for {system_name} "
                             f"(package <- required by): {missing}")
        for name in needed(system):
            marker = pins[name].marker
            assert marker is None or marker.evaluate({**default_environment(), **system}), (
                f"{name} is needed on {system_name} but its pin's marker leaves it out there")


def test_this_environment_is_the_pinned_one(pins):
    """CI installs with -c constraints.txt; a local environment that drifted says so here."""
    drifted = {}
    for name in needed():
        installed = metadata.version(name)
        pinned = next(iter(pins[name].specifier)).version
        if installed != pinned:
            drifted[name] = f"installed {installed}, pinned {pinned}"
    assert not drifted, (f"{drifted}: install with `pip install -e \".[{','.join(EXTRAS)}]\" -c "
                         f"build_scripts/constraints.txt`, or update the pins on purpose")


def test_nothing_is_pinned_that_no_system_needs(pins):
    used = set().union(*(needed(system) for system in SYSTEMS.values()))
    assert not set(pins) - used, f"pinned but needed nowhere: {sorted(set(pins) - used)}"


def test_the_pin_reader_refuses_a_range_and_a_repeat():
    assert set(read_pins("pygame-ce==2.5.8\nPyTMX==3.32 ; python_version >= '3.11'\n")) == {"pygame-ce", "pytmx"}
    with pytest.raises(ValueError, match="not pinned"):
        read_pins("pygame-ce>=2.5")
    with pytest.raises(ValueError, match="twice"):
        read_pins("pytmx==3.32\nPyTMX==3.32")


def test_ci_and_the_workflow_install_with_the_pins():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    workflow = (ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8")
    for name, text in ((".ci/run", ci), ("build.yml", workflow)):
        installs = [line for line in text.splitlines() if re.search(r"pip install .*-e ", line)]
        assert installs, name
        for line in installs:
            assert "-c build_scripts/constraints.txt" in line, f"{name}: {line.strip()}"
