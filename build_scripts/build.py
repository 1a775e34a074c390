"""Build the packaged Journeys app: PyInstaller one-folder build, finishing touches, smoke test,
archive.

    python build_scripts/build.py [--dist DIR] [--work DIR] [--no-archive] [--skip-smoke]
                                  [--expect-version TAG]
    python build_scripts/build.py --check-archive ARCHIVE

1. runs PyInstaller with build_scripts/journeys.spec (`--noconfirm --clean`) into DIST
   (default <repo>/dist) with its work files in WORK (default <repo>/build);
2. finishes the app for its system: on macOS signs Journeys.app ad hoc (and verifies the
   signature); on Linux puts a .desktop file, the icon and install-desktop-entry.sh in the
   folder;
3. runs the BUILT executable with `--smoke-test` (SDL's dummy drivers, a temporary
   JOURNEYS_HOME) and fails with exit 1, showing the smoke output, if that fails;
4. packs the app next to it as Journeys-<version>-<system>-<machine>.<zip|tar.gz>.

`--check-archive` unpacks an archive in a fresh folder and smoke-tests the app in it.

Every difference between Windows, macOS and Linux is decided in one place: `target_for()`
returns a `Target` for a (sys.platform, machine) pair, and both this script and
journeys.spec ask it. Nothing below it reads sys.platform, so the choices for every system
can be tested on any one (tests/build/test_build_platforms.py).

PyInstaller is not a cross-compiler: build on each system you ship for
(.github/workflows/build.yml does, on a tag).
Needs `pip install pyinstaller` (or `pip install -e .[build]`) besides the app's own dependencies.
"""
# (no `from __future__ import annotations`: the Target dataclass must build even when this file
# is loaded by path, as journeys.spec and the tests do, outside sys.modules)
import argparse
import os
import platform
import plistlib
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_scripts" / "journeys.spec"
SPRITES = ROOT / "sprites"
APP_NAME = "Journeys"
#: reverse-DNS name of the app: the macOS bundle identifier and the Linux desktop-entry id
APP_ID = "io.github.journeys.Journeys"
DESCRIPTION = "Six travel board games at one screen, hot-seat and with bots"
SMOKE_TIMEOUT_S = 600

#: what the Linux folder holds besides PyInstaller's output
DESKTOP_FILE = f"{APP_NAME}.desktop"
LINUX_ICON = "journeys.png"
INSTALL_SCRIPT = "install-desktop-entry.sh"


# ---- the per-system choices -------------------------------------------------------------------

@dataclass(frozen=True)
class Target:
    """Everything that differs between the systems Journeys is built for."""

    system: str          # "windows", "macos" or "linux"
    machine: str         # "x86_64" or "arm64"
    app: str             # what a player gets, inside DIST: the folder, or the .app bundle
    executable: str      # the program inside DIST (a POSIX relative path)
    console: bool        # PyInstaller's console flag (False: windowed, no console window)
    icon: str            # the app icon, a file in sprites/
    archive_format: str  # "zip" or "gztar"
    bundle_identifier: str | None = None  # macOS only
    version_resource: bool = False        # Windows: version information inside the .exe
    ad_hoc_sign: bool = False             # macOS: codesign --sign - after the build
    desktop_entry: bool = False           # Linux: .desktop file, icon and install script

    @property
    def tag(self) -> str:
        return f"{self.system}-{self.machine}"

    @property
    def archive_suffix(self) -> str:
        return {"zip": ".zip", "gztar": ".tar.gz"}[self.archive_format]

    @property
    def exe_icon(self) -> str | None:
        """The icon PyInstaller puts on the executable (ELF files carry none)."""
        return None if self.system == "linux" else self.icon

    def archive_name(self, version: str) -> str:
        return f"{APP_NAME}-{version}-{self.tag}{self.archive_suffix}"


def normal_machine(machine: str) -> str:
    """platform.machine() in the names used for downloads: AMD64 and x86_64 -> x86_64,
    aarch64 and arm64 -> arm64."""
    machine = machine.lower() or "unknown"
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def target_for(sys_platform: str, machine: str) -> Target:
    """The choices for a system, given as sys.platform and platform.machine() report it."""
    machine = normal_machine(machine)
    if sys_platform == "win32":
        return Target("windows", machine, app=APP_NAME, executable=f"{APP_NAME}/{APP_NAME}.exe",
                      console=False, icon="icon.ico", archive_format="zip", version_resource=True)
    if sys_platform == "darwin":
        return Target("macos", machine, app=f"{APP_NAME}.app",
                      executable=f"{APP_NAME}.app/Contents/MacOS/{APP_NAME}", console=False,
                      icon="icon.icns", archive_format="zip", bundle_identifier=APP_ID,
                      ad_hoc_sign=True)
    if sys_platform.startswith("linux"):
        # a console build: the flag changes nothing for an ELF file started from a file
        # manager, and `--smoke-test` prints to the terminal
        return Target("linux", machine, app=APP_NAME, executable=f"{APP_NAME}/{APP_NAME}",
                      console=True, icon="icon.png", archive_format="gztar", desktop_entry=True)
    raise ValueError(f"Journeys is built for Windows, macOS and Linux, not {sys_platform!r}")


def current_target() -> Target:
    """The target of the machine this runs on."""
    return target_for(sys.platform, platform.machine())


# ---- version ------------------------------------------------------------------------------------

def version(root: Path = ROOT) -> str:
    """The app's version, read from game/__init__.py (without importing the game)."""
    text = (root / "game" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", text, re.MULTILINE)
    if not match:
        raise SystemExit("game/__init__.py has no __version__")
    return match.group(1)


def version_numbers(text: str) -> tuple[int, int, int, int]:
    """'0.1.0' -> (0, 1, 0, 0); a part that is not a number ('0.2.0rc1') counts its digits only."""
    numbers = []
    for part in text.split(".")[:4]:
        digits = re.match(r"\d*", part).group()
        numbers.append(int(digits) if digits else 0)
    return tuple((numbers + [0, 0, 0, 0])[:4])  # type: ignore[return-value]


def check_tag(tag: str, app_version: str) -> None:
    """A release tag must name the version the app reports (v0.1.0 for 0.1.0)."""
    if tag.removeprefix("refs/tags/").removeprefix("v") != app_version:
        raise SystemExit(f"the tag {tag} does not match the app's version {app_version} "
                         f"(game/__init__.py): tag v{app_version}, or change __version__")


# ---- Windows: version information -------------------------------------------------------------

def windows_version_info(app_version: str) -> str:
    """The .exe's version resource in PyInstaller's text form (the one pyi-grab_version writes
    and EXE(version=FILE) reads); Explorer shows it under Properties > Details."""
    numbers = version_numbers(app_version)
    strings = (
        ("CompanyName", APP_NAME),
        ("FileDescription", APP_NAME),  # shown in Task Manager and the "Open with" list
        ("FileVersion", app_version),
        ("InternalName", APP_NAME),
        ("LegalCopyright", "MIT License"),
        ("OriginalFilename", f"{APP_NAME}.exe"),
        ("ProductName", APP_NAME),
        ("ProductVersion", app_version),
        ("Comments", DESCRIPTION),
    )
    table = ",\n".join(f"          StringStruct({key!r}, {value!r})" for key, value in strings)
    return f"""# UTF-8
# Made by build_scripts/build.py from game/__init__.py; do not edit.
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
{table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def write_windows_version_info(folder: Path, app_version: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "version_info.txt"
    path.write_text(windows_version_info(app_version), encoding="utf-8")
    return path


# ---- macOS: Info.plist and signing ------------------------------------------------------------

def info_plist(app_version: str) -> dict:
    """The keys journeys.spec gives BUNDLE(info_plist=...) (PyInstaller adds the rest:
    CFBundleExecutable, CFBundleIconFile, CFBundlePackageType ...)."""
    return {
        "CFBundleIdentifier": APP_ID,
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": app_version,
        "CFBundleVersion": app_version,
        "LSApplicationCategoryType": "public.app-category.board-games",
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": "MIT License",
    }


def info_plist_bytes(app_version: str) -> bytes:
    return plistlib.dumps(info_plist(app_version))


def sign_commands(bundle: Path) -> list[list[str]]:
    """Ad-hoc signing: no certificate, but a signature macOS can check, so the app opens
    after right-click > Open (arm64 Macs refuse to run unsigned code at all)."""
    return [["codesign", "--force", "--deep", "--sign", "-", str(bundle)],
            ["codesign", "--verify", "--deep", "--strict", "--verbose=2", str(bundle)]]


# ---- Linux: the desktop entry -----------------------------------------------------------------

def desktop_entry(exec_line: str, icon: str, comment: str | None = None) -> str:
    """A freedesktop.org desktop entry for Journeys (`comment`: a # line on top)."""
    return "\n".join([
        *([f"# {comment}"] if comment else []),
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",  # 1.5 adds nothing used here, and older validators refuse it
        f"Name={APP_NAME}",
        "GenericName=Board games",
        f"Comment={DESCRIPTION}",
        f"Exec={exec_line}",
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=board game;hot-seat;Tokaido;Ticket to Ride;Rallyman;Ubi;",
        f"StartupWMClass={APP_NAME}",
        "",
    ])


def folder_desktop_entry() -> str:
    """The entry shipped in the folder. Exec must be an absolute path or a program on PATH,
    and where the folder will be extracted is not known here (launchers do not give %k
    reliably), so install-desktop-entry.sh writes the real one, here and in the menu."""
    return desktop_entry(APP_NAME, APP_ID, comment=f"{INSTALL_SCRIPT} fills in where this "
                         "folder is, and adds Journeys to your applications menu")


def install_script() -> str:
    """install-desktop-entry.sh: adds Journeys to this user's applications menu (no root),
    pointing at the folder where it lies; --remove takes the entry out again."""
    entry = desktop_entry("@EXEC@", APP_ID).rstrip("\n")
    return f"""#!/bin/sh
# Add Journeys to your applications menu (for you only, no root needed):
#     ./install-desktop-entry.sh            (run it again after moving this folder)
#     ./install-desktop-entry.sh --remove   (takes the menu entry and the icon out)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
id={APP_ID}
data=${{XDG_DATA_HOME:-$HOME/.local/share}}
entry=$data/applications/$id.desktop
icon=$data/icons/hicolor/256x256/apps/$id.png

if [ "${{1:-}}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    echo "removed $entry and $icon"
else
    # the program's path in a quoted Exec argument: \\ " ` and $ escaped, twice over
    # (once for Exec's quoting, once for the desktop file's strings)
    exec_path=$(printf '%s' "$here/{APP_NAME}" | sed -e 's/\\\\/\\\\\\\\\\\\\\\\/g' -e 's/["`$]/\\\\\\\\&/g')
    mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
    cp "$here/{LINUX_ICON}" "$icon"
    cat > "$entry.tmp" <<'ENTRY'
{entry}
ENTRY
    # the path may hold | & or \\, which a sed replacement or awk -v would read as their own:
    # awk takes it from the environment as it is
    JOURNEYS_EXEC="\\"$exec_path\\"" awk \\
        '{{ if ($0 == "Exec=@EXEC@") print "Exec=" ENVIRON["JOURNEYS_EXEC"]; else print }}' \\
        "$entry.tmp" > "$entry"
    rm -f "$entry.tmp"
    chmod 644 "$entry"
    # the entry beside the program now knows where it is too (unless the folder is read-only);
    # GNOME wants it marked as trusted before it launches it
    if cp "$entry" "$here/{DESKTOP_FILE}" 2>/dev/null; then
        chmod 755 "$here/{DESKTOP_FILE}"
        if command -v gio >/dev/null 2>&1; then
            gio set "$here/{DESKTOP_FILE}" metadata::trusted true 2>/dev/null || true
        fi
    fi
    echo "added Journeys to the applications menu ($entry)"
fi
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$data/applications" 2>/dev/null || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -t "$data/icons/hicolor" 2>/dev/null || true
fi
"""


def add_desktop_entry(folder: Path, sprites: Path = SPRITES) -> list[Path]:
    """Put Journeys.desktop, journeys.png and install-desktop-entry.sh in the Linux folder."""
    desktop = folder / DESKTOP_FILE
    desktop.write_text(folder_desktop_entry(), encoding="utf-8")
    icon = folder / LINUX_ICON
    shutil.copyfile(sprites / "icon.png", icon)
    script = folder / INSTALL_SCRIPT
    script.write_text(install_script(), encoding="utf-8", newline="\n")
    for path, mode in ((desktop, 0o755), (icon, 0o644), (script, 0o755)):
        path.chmod(mode)
    return [desktop, icon, script]


# ---- after PyInstaller ------------------------------------------------------------------------

def app_path(dist: Path, target: Target | None = None) -> Path:
    """What a player gets: the one-folder app, or Journeys.app on macOS."""
    return dist / (target or current_target()).app


def executable(dist: Path, target: Target | None = None) -> Path:
    """The built executable inside `dist`."""
    return dist.joinpath(*(target or current_target()).executable.split("/"))


def finish(target: Target, dist: Path,
           run: Callable[[Sequence[str]], None] | None = None) -> list[str]:
    """The steps after PyInstaller that the target asks for; what was done, as sentences."""
    run = run or _run_checked
    app = app_path(dist, target)
    done = []
    if target.desktop_entry:
        added = add_desktop_entry(app)
        done.append("added " + ", ".join(p.name for p in added))
    if target.ad_hoc_sign:
        for command in sign_commands(app):
            run(command)
        done.append(f"signed {app.name} ad hoc")
    return done


def _run_checked(command: Sequence[str]) -> None:
    print("$ " + " ".join(command), flush=True)
    result = subprocess.run(list(command))
    if result.returncode != 0:
        raise SystemExit(f"{command[0]} failed (exit {result.returncode})")


# ---- archives -----------------------------------------------------------------------------------

def archive_command(target: Target, app: Path, archive: Path) -> list[str] | None:
    """The system tool that packs `app`, when there is a better one than Python's: on macOS
    `ditto` (the zip Finder makes: symbolic links, permissions and extended attributes kept)."""
    if target.system == "macos" and shutil.which("ditto"):
        return ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app), str(archive)]
    return None


def write_zip(app: Path, archive: Path) -> Path:
    """`app` (a folder) zipped under its own name. Permissions are kept, and a symbolic link
    is stored as a link (its target as the content, S_IFLNK in the mode), the way Info-ZIP
    and ditto store them, so Journeys.app's framework links survive an unzip on macOS."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zipped:
        for path in [app, *sorted(app.rglob("*"))]:
            name = (Path(app.name) / path.relative_to(app)).as_posix()
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                info = zipfile.ZipInfo(name)
                info.create_system = 3  # Unix: the mode bits below mean what they say
                info.external_attr = (mode & 0xFFFF) << 16
                zipped.writestr(info, os.readlink(path), compress_type=zipfile.ZIP_STORED)
            elif path.is_dir():
                zipped.write(path, name + "/")
            else:
                zipped.write(path, name)
    return archive


def write_tar(app: Path, archive: Path) -> Path:
    """`app` in a .tar.gz under its own name; tarfile keeps links as links and the modes."""
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(app, arcname=app.name)
    return archive


def make_archive(target: Target, app: Path, out: Path, app_version: str) -> Path:
    """Pack `app` into `out` as the target's archive."""
    archive = out / target.archive_name(app_version)
    archive.unlink(missing_ok=True)
    command = archive_command(target, app, archive)
    if command is not None:
        _run_checked(command)
        return archive
    if target.archive_format == "zip":
        return write_zip(app, archive)
    return write_tar(app, archive)


def extract_command(target: Target, archive: Path, into: Path) -> list[str] | None:
    """The system tool that unpacks an archive the way a player's system does, where Python's
    own would differ: on macOS `ditto` (zipfile drops symbolic links)."""
    if target.system == "macos" and archive.suffix == ".zip" and shutil.which("ditto"):
        return ["ditto", "-x", "-k", str(archive), str(into)]
    return None


def extract_archive(target: Target, archive: Path, into: Path) -> Path:
    """Unpack `archive` into `into`; the app's path in there."""
    into.mkdir(parents=True, exist_ok=True)
    command = extract_command(target, archive, into)
    if command is not None:
        _run_checked(command)
    elif archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as tar:
            # the "tar" filter keeps links inside the folder and the executable bits
            tar.extractall(into, filter="tar")
    else:
        with zipfile.ZipFile(archive) as zipped:
            for info in zipped.infolist():
                extracted = Path(zipped.extract(info, into))
                mode = info.external_attr >> 16
                if mode and not info.is_dir() and os.name == "posix":
                    extracted.chmod(stat.S_IMODE(mode))
    return into / target.app


def check_archive(target: Target, archive: Path) -> str:
    """Unpack the archive in a fresh folder and smoke-test the app from there: what a player
    downloads, links, permissions (and on macOS the signature) included."""
    with tempfile.TemporaryDirectory(prefix="journeys-unpacked-") as folder:
        extract_archive(target, archive, Path(folder))
        exe = executable(Path(folder), target)
        if not exe.is_file():
            raise SystemExit(f"{archive.name} holds no {target.executable}")
        if target.ad_hoc_sign:
            _run_checked(sign_commands(app_path(Path(folder), target))[-1])
        return smoke_test(exe)


# ---- building and the smoke test ----------------------------------------------------------------

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

    A windowed build on Windows may have no stdout: the app then writes to journeys.log in
    its data folder, which is read back here."""
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


def start_up_time(exe: Path) -> float:
    """Seconds for the built app to start and answer `--list` (the unpacking and imports a
    player waits for before the window, without the window)."""
    with tempfile.TemporaryDirectory(prefix="journeys-start-") as home:
        started = time.perf_counter()
        code, output = run_app(exe, ["--list"], Path(home), timeout=120)
        elapsed = time.perf_counter() - started
    if code != 0:
        raise SystemExit(f"{exe} --list failed (exit {code}):\n{output}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build",
                        help="PyInstaller's work folder (default: build/)")
    parser.add_argument("--no-archive", action="store_true", help="do not make the .zip / .tar.gz")
    parser.add_argument("--skip-smoke", action="store_true", help="do not run the built app's smoke test")
    parser.add_argument("--expect-version", metavar="TAG",
                        help="fail unless TAG (v0.1.0, or refs/tags/v0.1.0) names the app's version")
    parser.add_argument("--log-level", default="WARN",
                        help="PyInstaller's log level (default WARN; INFO shows every step)")
    parser.add_argument("--check-archive", metavar="ARCHIVE", type=Path,
                        help="build nothing: unpack ARCHIVE in a fresh folder and smoke-test it")
    args = parser.parse_args(argv)
    dist, work = args.dist.resolve(), args.work.resolve()
    target = current_target()
    if args.check_archive:
        check_archive(target, args.check_archive.resolve())
        print(f"{args.check_archive.name}: the unpacked app passed its smoke test")
        return 0
    app_version = version()
    if args.expect_version:
        check_tag(args.expect_version, app_version)
    print(f"building Journeys {app_version} for {target.tag}", flush=True)
    started = time.perf_counter()

    run_pyinstaller(dist, work, args.log_level)
    built = time.perf_counter()
    exe = executable(dist, target)
    if not exe.is_file():
        print(f"PyInstaller finished but {exe} is missing.", file=sys.stderr)
        return 1
    print(f"built {exe} in {built - started:.1f} s", flush=True)
    for step in finish(target, dist):
        print(step, flush=True)

    if not args.skip_smoke:
        smoke_test(exe)
        print(f"start-up (--list): {start_up_time(exe):.2f} s", flush=True)

    app = app_path(dist, target)
    archive = None
    if not args.no_archive:
        archive = make_archive(target, app, dist, app_version)

    print(f"\napp:     {app} ({megabytes(folder_size(app))})")
    if archive is not None:
        print(f"archive: {archive} ({megabytes(archive.stat().st_size)})")
    print(f"done in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
