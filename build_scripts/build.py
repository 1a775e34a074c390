"""Build the packaged Journeys app: PyInstaller one-folder build, smoke test, archive.

    python build_scripts/build.py [--dist DIR] [--work DIR] [--no-archive] [--skip-smoke]

1. runs PyInstaller with build_scripts/journeys.spec (`--noconfirm --clean`) into DIST
   (default <repo>/dist) with its work files in WORK (default <repo>/build);
2. runs the BUILT executable with `--smoke-test` (SDL's dummy drivers, a temporary
   JOURNEYS_HOME) and fails with exit 1, showing the smoke output, if that fails;
3. packs the app next to it: Journeys-<version>-<platform>-<machine>.tar.gz on Linux and
   macOS (symbolic links kept), .zip on Windows.

PyInstaller is not a cross-compiler: build on each system you ship for.
Needs `pip install pyinstaller` (or `pip install -e .[build]`) besides the app's own dependencies.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_scripts" / "journeys.spec"
APP_NAME = "Journeys"
SMOKE_TIMEOUT_S = 600


def version() -> str:
    """The app's version, read from game/__init__.py (without importing the game)."""
    text = (ROOT / "game" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", text, re.MULTILINE)
    if not match:
        raise SystemExit("game/__init__.py has no __version__")
    return match.group(1)


def platform_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    if system.startswith("linux"):
        system = "linux"
    machine = platform.machine().lower() or "unknown"
    machine = {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)
    return f"{system}-{machine}"


def app_path(dist: Path) -> Path:
    """What a player gets: the one-folder app, or Journeys.app on macOS."""
    if sys.platform == "darwin":
        return dist / f"{APP_NAME}.app"
    return dist / APP_NAME


def executable(dist: Path) -> Path:
    """The built executable inside `dist`."""
    if sys.platform == "darwin":
        return dist / f"{APP_NAME}.app" / "Contents" / "MacOS" / APP_NAME
    if sys.platform == "win32":
        return dist / APP_NAME / f"{APP_NAME}.exe"
    return dist / APP_NAME / APP_NAME


def folder_size(path: Path) -> int:
    """Bytes in the files under `path`; symbolic links count as themselves, not their targets."""
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for name in files:
            total += os.lstat(os.path.join(dirpath, name)).st_size
    return total


def megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def run_pyinstaller(dist: Path, work: Path, log_level: str) -> None:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
               "--distpath", str(dist), "--workpath", str(work), "--log-level", log_level, str(SPEC)]
    print("$ " + " ".join(command), flush=True)
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run(command, cwd=ROOT, env=env)
    if result.returncode != 0:
        raise SystemExit(f"PyInstaller failed (exit {result.returncode}); see its output above.")


def run_app(exe: Path, args: list[str], home: Path, timeout: float = SMOKE_TIMEOUT_S
            ) -> tuple[int, str]:
    """Run the built app headless with JOURNEYS_HOME=`home`; (exit code, everything it printed).

    A windowed build on Windows has no stdout: the app then writes to journeys.log in its
    data folder, which is read back here."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               JOURNEYS_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    log = home / "data" / "journeys.log"
    log_before = log.stat().st_size if log.is_file() else 0
    try:
        result = subprocess.run([str(exe), *args], env=env, cwd=home, capture_output=True,
                                text=True, errors="replace", timeout=timeout)
        code, output = result.returncode, result.stdout + result.stderr
    except subprocess.TimeoutExpired as exc:
        code = -1
        output = _text(exc.stdout) + _text(exc.stderr) + f"\n(timed out after {timeout:.0f} s)"
    if log.is_file():
        with open(log, encoding="utf-8", errors="replace") as handle:
            handle.seek(log_before)
            output += handle.read()
    return code, output


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    return data if isinstance(data, str) else data.decode("utf-8", "replace")


def smoke_test(exe: Path) -> str:
    """Run `exe --smoke-test`; exit 1 with its output if it fails, else return the output."""
    with tempfile.TemporaryDirectory(prefix="journeys-smoke-") as home:
        started = time.perf_counter()
        code, output = run_app(exe, ["--smoke-test"], Path(home))
        elapsed = time.perf_counter() - started
    print(output.rstrip(), flush=True)
    if code != 0 or "passed in" not in output:
        print(f"\nSMOKE TEST FAILED: {exe} --smoke-test exited with {code} after {elapsed:.1f} s "
              f"(output above).", file=sys.stderr, flush=True)
        raise SystemExit(1)
    print(f"smoke test of the built app passed ({elapsed:.1f} s including start-up)", flush=True)
    return output


def make_archive(app: Path, dist: Path, name: str) -> Path:
    """Pack `app` (a folder) into `dist`; tar.gz keeps PyInstaller's symbolic links."""
    if sys.platform == "win32":
        target = dist / f"{name}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
            for path in sorted(app.rglob("*")):
                archive.write(path, Path(app.name) / path.relative_to(app))
    else:
        target = dist / f"{name}.tar.gz"
        with tarfile.open(target, "w:gz", compresslevel=6) as archive:
            archive.add(app, arcname=app.name)  # tarfile stores links as links by default
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build",
                        help="PyInstaller's work folder (default: build/)")
    parser.add_argument("--no-archive", action="store_true", help="do not make the .tar.gz / .zip")
    parser.add_argument("--skip-smoke", action="store_true", help="do not run the built app's smoke test")
    parser.add_argument("--log-level", default="WARN",
                        help="PyInstaller's log level (default WARN; INFO shows every step)")
    args = parser.parse_args(argv)
    dist, work = args.dist.resolve(), args.work.resolve()
    started = time.perf_counter()

    run_pyinstaller(dist, work, args.log_level)
    built = time.perf_counter()
    exe = executable(dist)
    if not exe.is_file():
        print(f"PyInstaller finished but {exe} is missing.", file=sys.stderr)
        return 1
    print(f"built {exe} in {built - started:.1f} s", flush=True)

    if not args.skip_smoke:
        smoke_test(exe)

    app = app_path(dist)
    archive = None
    if not args.no_archive:
        archive = make_archive(app, dist, f"{APP_NAME}-{version()}-{platform_tag()}")

    print(f"\napp:     {app} ({megabytes(folder_size(app))})")
    if archive is not None:
        print(f"archive: {archive} ({megabytes(archive.stat().st_size)})")
    print(f"done in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
