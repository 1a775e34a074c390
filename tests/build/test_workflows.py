"""The GitHub Actions workflows: every file in .github/workflows/ is valid against the GitHub
workflow schema that check-jsonschema ships (vendored, so no network), and the release
workflow does what the README promises: tests on three systems for every push, and on a tag
v* a build on each system with its smoke test, and a release with every archive.

A workflow GitHub would refuse fails here, before anyone pushes a tag."""
from __future__ import annotations

import fnmatch
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
RELEASE = WORKFLOWS / "build.yml"
SCHEMA = "vendor.github-workflows"

#: The runner labels GitHub hosts, checked on 2026-12-05 against the "Available Images" table
#: of actions/runner-images. A label GitHub retires gets no runner: a job on it waits and then
#: fails, and the release job, which needs every build, never runs. Move a label from RUNNERS
#: to RETIRED when GitHub announces its retirement, and date the check again.
RUNNERS_CHECKED = "2026-12-05"
RUNNERS = {
    "ubuntu-latest", "ubuntu-26.04", "ubuntu-24.04", "ubuntu-22.04", "ubuntu-slim",
    "ubuntu-26.04-arm", "ubuntu-24.04-arm", "ubuntu-22.04-arm",
    "windows-latest", "windows-2025", "windows-2025-vs2026", "windows-2022", "windows-11-arm",
    "macos-latest", "macos-26", "macos-26-intel", "macos-15", "macos-15-intel",
}
#: retired labels with the month GitHub stopped running them
RETIRED = {"macos-14": "2026-11", "macos-13": "2025-12", "macos-12": "2024-12", "ubuntu-20.04": "2025-04",
           "windows-2019": "2025-06"}
#: Each action's current major version and the Node runtime it runs on, checked on
#: 2026-12-05 against the actions' own action.yml (runs.using). Node 20 majors are past.
ACTIONS = {"actions/checkout": 7, "actions/setup-python": 7, "actions/upload-artifact": 7,
           "actions/download-artifact": 8}

#: each build of the release, as (sys.platform, platform.machine()) on its runner
BUILDS = {"windows-x86_64": ("win32", "AMD64"), "macos-arm64": ("darwin", "arm64"),
          "macos-x86_64": ("darwin", "x86_64"), "linux-x86_64": ("linux", "x86_64")}


def _load_build_script():
    spec = importlib.util.spec_from_file_location("journeys_build_workflows",
                                                  ROOT / "build_scripts" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _validate(*files: Path) -> subprocess.CompletedProcess:
    pytest.importorskip("check_jsonschema", reason="pip install -e .[test] brings check-jsonschema")
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", SCHEMA,
                           *map(str, files)], capture_output=True, text=True, timeout=120)


def _yaml(path: Path) -> dict:
    # ruamel.yaml comes with check-jsonschema; it reads YAML 1.2, where `on` is a string
    # (PyYAML's YAML 1.1 would make it True)
    ruamel = pytest.importorskip("ruamel.yaml")
    return ruamel.YAML(typ="safe", pure=True).load(path.read_text(encoding="utf-8"))


def _workflow_files() -> list[Path]:
    return sorted([*WORKFLOWS.glob("*.yml"), *WORKFLOWS.glob("*.yaml")])


def _steps(job: dict) -> list[dict]:
    return job.get("steps", [])


def _runs(job: dict) -> str:
    return "\n".join(step.get("run", "") for step in _steps(job))


def _uses(job: dict, action: str) -> list[dict]:
    return [s for s in _steps(job) if s.get("uses", "").split("@")[0] == action]


# ---- the schema -------------------------------------------------------------------------------------

def test_every_workflow_is_valid_against_the_github_schema():
    files = _workflow_files()
    assert RELEASE in files
    result = _validate(*files)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_broken_workflow_fails_validation(tmp_path):
    """The check can fail: a job with a misspelt key and an event that does not exist."""
    broken = tmp_path / "broken.yml"
    broken.write_text("name: broken\non: pussh\njobs:\n  test:\n    runs-on: ubuntu-latest\n"
                      "    stepz:\n      - run: echo hi\n", encoding="utf-8")
    result = _validate(broken)
    assert result.returncode != 0
    # refused by the schema (not a crash of the checker), naming the file and the bad key
    assert "Schema validation errors were encountered" in result.stdout, result.stdout + result.stderr
    assert "broken.yml::$.on" in result.stdout


# ---- what the release workflow does -------------------------------------------------------------------

@pytest.fixture(scope="module")
def workflow() -> dict:
    return _yaml(RELEASE)


def test_triggers_every_push_pull_requests_and_version_tags(workflow):
    triggers = workflow["on"]
    assert "pull_request" in triggers
    assert triggers["push"]["branches"] == ["**"]
    assert "v*" in triggers["push"]["tags"]
    assert workflow["permissions"] == {"contents": "read"}  # write only where releasing


def test_the_test_suite_runs_on_three_systems(workflow):
    test = workflow["jobs"]["test"]
    systems = test["strategy"]["matrix"]["os"]
    assert {s.split("-")[0] for s in systems} == {"ubuntu", "windows", "macos"}
    assert test["runs-on"] == "${{ matrix.os }}"
    assert test["strategy"]["fail-fast"] is False
    assert re.search(r'pip install -e "\.\[test[,\w]*\]"', _runs(test))
    assert "python -m pytest" in _runs(test)
    env = {**workflow.get("env", {}), **test.get("env", {})}
    assert env["SDL_VIDEODRIVER"] == env["SDL_AUDIODRIVER"] == "dummy"
    assert "JOURNEYS_REQUIRE_X11" not in env  # the real-window test skips without Xvfb


def test_a_tag_builds_on_each_system_with_the_smoke_test(workflow):
    build_py = _load_build_script()
    job = workflow["jobs"]["build"]
    assert "refs/tags/v" in job["if"] and job["needs"] == "test"
    include = {entry["name"]: entry["os"] for entry in job["strategy"]["matrix"]["include"]}
    assert set(include) == set(BUILDS)
    assert include["windows-x86_64"].startswith("windows-")
    # Apple silicon and Intel: the -intel labels are the x86_64 images, the plain ones arm64
    assert re.fullmatch(r"macos-\d+|macos-latest", include["macos-arm64"])
    assert re.fullmatch(r"macos-\d+-intel", include["macos-x86_64"])
    # the oldest supported Ubuntu, named: ubuntu-latest would move the glibc forward by itself
    assert re.fullmatch(r"ubuntu-\d\d\.04", include["linux-x86_64"])
    runs = _runs(job)
    assert "python build_scripts/build.py" in runs and "--skip-smoke" not in runs
    assert "--check-archive" in runs  # and the archive itself, unpacked, smoke-tested again

    upload = _uses(job, "actions/upload-artifact")
    assert len(upload) == 1 and upload[0]["with"]["if-no-files-found"] == "error"
    pattern = upload[0]["with"]["path"]
    version = build_py.version()
    for name, platform_key in BUILDS.items():
        archive = build_py.target_for(*platform_key).archive_name(version)
        # the matrix's name is build.py's tag, so each runner uploads exactly its archive
        assert build_py.target_for(*platform_key).tag == name
        assert fnmatch.fnmatch(f"dist/{archive}", pattern.replace("${{ matrix.name }}", name))
        others = [n for n in BUILDS if n != name]
        assert not any(fnmatch.fnmatch(f"dist/{archive}", pattern.replace("${{ matrix.name }}", o))
                       for o in others)


def test_the_release_gets_every_archive(workflow):
    job = workflow["jobs"]["release"]
    assert job["needs"] == "build" and "refs/tags/v" in job["if"]
    assert job["permissions"] == {"contents": "write"}
    download = _uses(job, "actions/download-artifact")
    assert len(download) == 1 and download[0]["with"]["path"] == "dist"
    assert download[0]["with"]["merge-multiple"] is True
    assert re.search(r"gh release create \"\$GITHUB_REF_NAME\" dist/Journeys-\*", _runs(job))
    assert "GH_TOKEN" in next(s for s in _steps(job) if "gh release" in s.get("run", ""))["env"]


def _runner_labels(path: Path) -> list[tuple[str, str]]:
    """(job, label) for every runner a workflow asks for, the matrix's values expanded."""
    labels = []
    for name, job in _yaml(path)["jobs"].items():
        runs_on = job["runs-on"]
        if runs_on == "${{ matrix.os }}":
            matrix = job["strategy"]["matrix"]
            values = [*matrix.get("os", []), *(entry["os"] for entry in matrix.get("include", []))]
        else:
            values = [runs_on] if isinstance(runs_on, str) else list(runs_on)
        labels += [(name, value) for value in values]
    return labels


def test_every_runner_label_is_one_github_runs_today():
    for path in _workflow_files():
        for job, label in _runner_labels(path):
            assert label not in RETIRED, (f"{path.name}: job {job} runs on {label}, retired by GitHub in "
                                          f"{RETIRED[label]}: it would wait for a runner that never comes")
            assert label in RUNNERS, (f"{path.name}: job {job} runs on {label}, not a label GitHub hosted when "
                                      f"checked on {RUNNERS_CHECKED}: check actions/runner-images and update RUNNERS")


def test_the_label_check_fails_on_a_retired_or_unknown_runner(tmp_path, monkeypatch):
    """The check above can fail: the release's old Apple silicon label and a misspelt one."""
    for label in ("macos-14", "macos-51"):
        workflow = tmp_path / f"{label}.yml"
        workflow.write_text(f"on: push\njobs:\n  build:\n    runs-on: {label}\n    steps:\n      - run: echo\n",
                            encoding="utf-8")
        monkeypatch.setattr(sys.modules[__name__], "_workflow_files", lambda workflow=workflow: [workflow])
        with pytest.raises(AssertionError, match=label):
            test_every_runner_label_is_one_github_runs_today()


def test_actions_are_on_their_current_major_version():
    """Pinned to a major (v7, not a branch), and that major the current one: the Node 20 majors
    stopped being served their runtime."""
    for path in _workflow_files():
        for job in _yaml(path)["jobs"].values():
            for step in _steps(job):
                if "uses" in step:
                    assert re.fullmatch(r"[\w.-]+/[\w.-]+@v\d+", step["uses"]), (path.name, step["uses"])
                    action, major = step["uses"].split("@v")
                    assert action in ACTIONS, f"{path.name}: {action} is not in ACTIONS: check its current major"
                    assert int(major) == ACTIONS[action], (f"{path.name}: {action}@v{major}, current major "
                                                           f"v{ACTIONS[action]} (checked {RUNNERS_CHECKED})")
