"""build_scripts/build.py's choices for every system, run here with the system faked: names,
icons, archives, Windows version information, the macOS Info.plist and signing, the Linux
desktop entry; and the archive writers on small folders (links and executable bits kept).

Fast and offline: no PyInstaller build (tests/test_packaging.py makes the real one)."""
from __future__ import annotations

import ast
import configparser
import importlib.util
import os
import plistlib
import shutil
import stat
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "build_scripts" / "build.py"
SPEC_FILE = ROOT / "build_scripts" / "journeys.spec"

#: (sys.platform, platform.machine()) as each build runner reports them, and what it must make
PLATFORMS = {
    ("win32", "AMD64"): ("windows-x86_64", ".zip", "icon.ico", "Journeys/Journeys.exe"),
    ("darwin", "arm64"): ("macos-arm64", ".zip", "icon.icns", "Journeys.app/Contents/MacOS/Journeys"),
    ("darwin", "x86_64"): ("macos-x86_64", ".zip", "icon.icns", "Journeys.app/Contents/MacOS/Journeys"),
    ("linux", "x86_64"): ("linux-x86_64", ".tar.gz", "icon.png", "Journeys/Journeys"),
}
posix_only = pytest.mark.skipif(os.name != "posix", reason="links and modes are POSIX things")


def _load():
    spec = importlib.util.spec_from_file_location("journeys_build_platforms", BUILD_SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load()
VERSION = build.version()


def target(sys_platform: str, machine: str = "x86_64"):
    return build.target_for(sys_platform, machine)


# ---- names, icons, archive kinds --------------------------------------------------------------

@pytest.mark.parametrize("platform_key", list(PLATFORMS), ids=lambda k: "-".join(k))
def test_each_system_gets_its_names_icon_and_archive(platform_key, tmp_path):
    tag, suffix, icon, exe = PLATFORMS[platform_key]
    chosen = build.target_for(*platform_key)
    assert chosen.tag == tag
    assert chosen.archive_name(VERSION) == f"Journeys-{VERSION}-{tag}{suffix}"
    assert chosen.icon == icon and (ROOT / "sprites" / icon).is_file()
    assert chosen.executable == exe
    assert build.executable(tmp_path, chosen) == tmp_path.joinpath(*exe.split("/"))
    assert build.app_path(tmp_path, chosen) == tmp_path / exe.split("/")[0]


def test_windowed_where_a_console_window_would_show():
    assert target("win32").console is False
    assert target("darwin").console is False
    assert target("linux").console is True  # no console window exists for an ELF file


def test_only_each_systems_own_extras():
    win, mac, linux = target("win32"), target("darwin", "arm64"), target("linux")
    assert (win.version_resource, mac.version_resource, linux.version_resource) == (True, False, False)
    assert (win.ad_hoc_sign, mac.ad_hoc_sign, linux.ad_hoc_sign) == (False, True, False)
    assert (win.desktop_entry, mac.desktop_entry, linux.desktop_entry) == (False, False, True)
    assert win.bundle_identifier is None and linux.bundle_identifier is None
    assert mac.bundle_identifier == build.APP_ID
    assert linux.exe_icon is None and win.exe_icon == "icon.ico" and mac.exe_icon == "icon.icns"


def test_machine_names_and_unknown_systems():
    assert [build.normal_machine(m) for m in ("AMD64", "x86_64", "aarch64", "arm64")] == \
        ["x86_64", "x86_64", "arm64", "arm64"]
    assert target("linux2", "aarch64").tag == "linux-arm64"
    with pytest.raises(ValueError, match="freebsd"):
        build.target_for("freebsd14", "amd64")


def test_this_machine_is_one_of_them():
    here = build.current_target()
    assert here == build.target_for(sys.platform, __import__("platform").machine())
    assert build.executable(ROOT / "dist") == build.executable(ROOT / "dist", here)


def test_the_spec_asks_build_py_instead_of_deciding():
    """Every per-system choice comes from the Target: the spec never looks at sys.platform."""
    text = SPEC_FILE.read_text(encoding="utf-8")
    assert "sys.platform" not in text and "platform.system" not in text
    calls = {node.func.id: node for node in ast.walk(ast.parse(text))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    keywords = {k.arg: ast.unparse(k.value) for k in calls["EXE"].keywords}
    assert keywords["console"] == "TARGET.console"
    assert keywords["icon"] == "icon" and keywords["version"] == "version_file"
    bundle = {k.arg: ast.unparse(k.value) for k in calls["BUNDLE"].keywords}
    assert bundle["bundle_identifier"] == "TARGET.bundle_identifier"
    assert bundle["info_plist"] == "build.info_plist(VERSION)"


# ---- versions -----------------------------------------------------------------------------------

def test_version_numbers_and_release_tags():
    assert build.version_numbers("0.1.0") == (0, 1, 0, 0)
    assert build.version_numbers("1.2.3.4.5") == (1, 2, 3, 4)
    assert build.version_numbers("2.0rc1") == (2, 0, 0, 0)
    build.check_tag(f"v{VERSION}", VERSION)
    build.check_tag(f"refs/tags/v{VERSION}", VERSION)
    with pytest.raises(SystemExit, match="does not match"):
        build.check_tag("v99.0.0", VERSION)


def test_the_version_is_written_once():
    """game/__init__.py holds the version; pyproject.toml takes it from there (hatchling's
    dynamic version), so the package, the app's title, its saves and the release tag agree."""
    import tomllib

    import game
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"], "pyproject.toml states a version: keep it in game/__init__.py"
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "game/__init__.py"
    assert VERSION == game.__version__


def test_windows_version_information(tmp_path):
    text = build.windows_version_info("1.2.3")
    path = build.write_windows_version_info(tmp_path / "work", "1.2.3")
    assert path.read_text(encoding="utf-8") == text
    strings = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "StringStruct":
            key, value = (ast.literal_eval(arg) for arg in node.args)
            strings[key] = value
    assert strings["ProductName"] == "Journeys" and strings["OriginalFilename"] == "Journeys.exe"
    assert strings["FileVersion"] == strings["ProductVersion"] == "1.2.3"
    assert "filevers=(1, 2, 3, 0)" in text and "prodvers=(1, 2, 3, 0)" in text
    # one expression of PyInstaller's version-info classes, which is what it evaluates
    tree = ast.parse(text, mode="eval")
    assert isinstance(tree.body, ast.Call) and tree.body.func.id == "VSVersionInfo"
    assert {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call)} == {
        "VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
        "VarFileInfo", "VarStruct"}
    # and PyInstaller reads it back (EXE(version=FILE)) and writes it into the .exe; its
    # version-info module imports on Windows only (pefile and win32api)
    if sys.platform != "win32" or importlib.util.find_spec("PyInstaller") is None:
        return
    from PyInstaller.utils.win32 import versioninfo
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert info.ffi.fileVersionMS == (1 << 16) | 2 and info.ffi.fileVersionLS == 3 << 16
    raw = info.toRaw()
    assert "Journeys".encode("utf-16-le") in raw and "1.2.3".encode("utf-16-le") in raw


# ---- macOS ----------------------------------------------------------------------------------------

def test_info_plist_names_the_bundle():
    keys = plistlib.loads(build.info_plist_bytes("1.2.3"))
    assert keys["CFBundleIdentifier"] == build.APP_ID == target("darwin").bundle_identifier
    assert keys["CFBundleName"] == keys["CFBundleDisplayName"] == "Journeys"
    assert keys["CFBundleShortVersionString"] == keys["CFBundleVersion"] == "1.2.3"
    assert keys["NSHighResolutionCapable"] is True
    assert keys["LSApplicationCategoryType"].startswith("public.app-category.")
    parts = build.APP_ID.split(".")
    assert len(parts) >= 3 and all(p.replace("-", "").isalnum() for p in parts)


def test_icns_holds_pngs_macos_reads():
    data = (ROOT / "sprites" / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and int.from_bytes(data[4:8], "big") == len(data)
    kinds, offset = {}, 8
    while offset < len(data):
        kind, length = data[offset:offset + 4].decode(), int.from_bytes(data[offset + 4:offset + 8], "big")
        kinds[kind] = data[offset + 8:offset + length]
        offset += length
    assert offset == len(data)
    assert {"ic07", "ic08", "ic09", "ic10"} <= set(kinds)
    assert all(blob.startswith(b"\x89PNG") for blob in kinds.values())
    # ic10 is 512 pt at 2x: a 1024 x 1024 PNG (the IHDR's width and height)
    assert int.from_bytes(kinds["ic10"][16:20], "big") == int.from_bytes(kinds["ic10"][20:24], "big") == 1024


def test_macos_finish_signs_ad_hoc_and_verifies(tmp_path):
    ran = []
    done = build.finish(target("darwin", "arm64"), tmp_path, run=ran.append)
    bundle = str(tmp_path / "Journeys.app")
    assert ran == [["codesign", "--force", "--deep", "--sign", "-", bundle],
                   ["codesign", "--verify", "--deep", "--strict", "--verbose=2", bundle]]
    assert done == ["signed Journeys.app ad hoc"]


def test_windows_finish_does_nothing_more(tmp_path):
    ran = []
    assert build.finish(target("win32"), tmp_path, run=ran.append) == [] and ran == []


# ---- Linux: the desktop entry -------------------------------------------------------------------

def _desktop_keys(text: str) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(text)
    assert parser.sections() == ["Desktop Entry"]
    return dict(parser["Desktop Entry"])


def _exec_argv(value: str) -> list[str]:
    """An Exec value as the desktop-entry specification reads it: the string escapes first
    (\\\\ is one backslash), then the arguments: split at spaces, double quotes group, and
    inside them a backslash escapes " ` $ and itself."""
    text = value.replace("\\\\", "\0").replace("\\s", " ").replace("\0", "\\")
    args, current, quoted, i = [], None, False, 0
    while i < len(text):
        char = text[i]
        if quoted and char == "\\" and i + 1 < len(text) and text[i + 1] in '"`$\\':
            current, i = (current or "") + text[i + 1], i + 2
            continue
        if char == '"':
            quoted, current = not quoted, current or ""
        elif char == " " and not quoted:
            if current is not None:
                args.append(current)
            current = None
        else:
            current = (current or "") + char
        i += 1
    assert not quoted, f"unbalanced quotes in {value!r}"
    return args + ([current] if current is not None else [])


def _check_entry(text: str, path: Path | None = None) -> dict[str, str]:
    keys = _desktop_keys(text)
    assert keys["Type"] == "Application" and keys["Name"] == "Journeys"
    assert keys["Categories"].split(";")[:2] == ["Game", "BoardGame"] and keys["Categories"].endswith(";")
    assert keys["Icon"] and keys["Exec"] and keys["Terminal"] == "false"
    if path is not None and shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr
    return keys


@posix_only
def test_linux_folder_gets_desktop_file_icon_and_install_script(tmp_path):
    folder = tmp_path / "Journeys"
    folder.mkdir()
    done = build.finish(target("linux"), tmp_path)
    assert done == ["added Journeys.desktop, journeys.png, install-desktop-entry.sh"]
    keys = _check_entry((folder / "Journeys.desktop").read_text(encoding="utf-8"), folder / "Journeys.desktop")
    assert keys["Icon"] == build.APP_ID and keys["Exec"] == "Journeys"
    assert (folder / "journeys.png").read_bytes() == (ROOT / "sprites" / "icon.png").read_bytes()
    assert os.access(folder / "install-desktop-entry.sh", os.X_OK)


@posix_only
def test_install_script_adds_the_menu_entry_for_a_folder_with_an_odd_name(tmp_path):
    """The menu entry starts the program where the folder lies, whatever characters its path
    holds (spaces, quotes, $, backslash, | and &), and --remove takes it out again."""
    folder = tmp_path / 'My "Games" $HOME `x` \\ |&' / "Journeys"
    folder.mkdir(parents=True)
    program = folder / "Journeys"
    program.write_text("#!/bin/sh\necho started\n")
    program.chmod(0o755)
    build.add_desktop_entry(folder)
    data = tmp_path / "share"
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_DATA_HOME=str(data))
    result = subprocess.run([str(folder / "install-desktop-entry.sh")], env=env, cwd=tmp_path,
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    entry = data / "applications" / f"{build.APP_ID}.desktop"
    keys = _check_entry(entry.read_text(encoding="utf-8"), entry)
    assert _exec_argv(keys["Exec"]) == [str(program)]
    assert (data / "icons" / "hicolor" / "256x256" / "apps" / f"{build.APP_ID}.png").is_file()
    # the folder's own entry now knows the way too, and may be launched
    assert (folder / "Journeys.desktop").read_text(encoding="utf-8") == entry.read_text(encoding="utf-8")
    assert os.access(folder / "Journeys.desktop", os.X_OK)

    removed = subprocess.run([str(folder / "install-desktop-entry.sh"), "--remove"], env=env,
                             capture_output=True, text=True, timeout=30)
    assert removed.returncode == 0, removed.stderr
    assert not entry.exists()


# ---- archives -------------------------------------------------------------------------------------

def _small_app(root: Path, name: str) -> Path:
    """A folder shaped like a built app: an executable, data, a link to a file and to a folder."""
    app = root / name
    (app / "_internal" / "maps").mkdir(parents=True)
    (app / "_internal" / "maps" / "ubike.tmx").write_text("<map/>")
    exe = app / "Journeys"
    exe.write_bytes(b"\x7fELF fake")
    exe.chmod(0o755)
    (app / "_internal" / "libpython.so.1.0").write_bytes(b"lib")
    if os.name == "posix":
        os.symlink("libpython.so.1.0", app / "_internal" / "libpython.so")
        os.symlink("maps", app / "_internal" / "Resources")
    return app


@posix_only
def test_tar_gz_keeps_links_and_the_executable_bit(tmp_path):
    linux = target("linux")
    app = _small_app(tmp_path / "dist", "Journeys")
    archive = build.make_archive(linux, app, tmp_path / "dist", VERSION)
    assert archive.name == f"Journeys-{VERSION}-linux-x86_64.tar.gz"
    with tarfile.open(archive) as tar:
        members = {m.name: m for m in tar.getmembers()}
    assert all(name == "Journeys" or name.startswith("Journeys/") for name in members)
    assert members["Journeys/Journeys"].mode & 0o111 == 0o111
    link = members["Journeys/_internal/libpython.so"]
    assert link.issym() and link.linkname == "libpython.so.1.0"
    assert members["Journeys/_internal/Resources"].issym()

    unpacked = build.extract_archive(linux, archive, tmp_path / "unpacked")
    assert unpacked == tmp_path / "unpacked" / "Journeys"
    assert os.access(unpacked / "Journeys", os.X_OK)
    assert os.readlink(unpacked / "_internal" / "libpython.so") == "libpython.so.1.0"
    assert (unpacked / "_internal" / "Resources" / "ubike.tmx").read_text() == "<map/>"


@posix_only
def test_macos_zip_keeps_the_bundles_links(tmp_path, monkeypatch):
    """Without ditto (here), the zip is written by Python the way ditto and Info-ZIP write
    links: S_IFLNK in the Unix mode, the link's target as the content."""
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    mac = target("darwin", "arm64")
    app = _small_app(tmp_path / "dist", "Journeys.app")
    archive = build.make_archive(mac, app, tmp_path / "dist", VERSION)
    assert archive.name == f"Journeys-{VERSION}-macos-arm64.zip"
    with zipfile.ZipFile(archive) as zipped:
        infos = {i.filename.rstrip("/"): i for i in zipped.infolist()}
        assert all(name.split("/")[0] == "Journeys.app" for name in infos)
        link = infos["Journeys.app/_internal/libpython.so"]
        assert stat.S_ISLNK(link.external_attr >> 16) and link.create_system == 3
        assert zipped.read(link) == b"libpython.so.1.0"
        assert stat.S_ISLNK(infos["Journeys.app/_internal/Resources"].external_attr >> 16)
        assert (infos["Journeys.app/Journeys"].external_attr >> 16) & 0o111 == 0o111
        assert zipped.read("Journeys.app/_internal/maps/ubike.tmx") == b"<map/>"
    assert shutil.which("unzip") is None or _unzip_keeps_links(archive, tmp_path / "unzipped")


def _unzip_keeps_links(archive: Path, into: Path) -> bool:
    subprocess.run(["unzip", "-q", str(archive), "-d", str(into)], check=True, timeout=30)
    return os.readlink(into / "Journeys.app" / "_internal" / "libpython.so") == "libpython.so.1.0"


def test_macos_uses_ditto_where_it_exists(tmp_path, monkeypatch):
    monkeypatch.setattr(build.shutil, "which", lambda name: f"/usr/bin/{name}")
    mac, app, archive = target("darwin"), tmp_path / "Journeys.app", tmp_path / "J.zip"
    assert build.archive_command(mac, app, archive) == \
        ["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(app), str(archive)]
    assert build.extract_command(mac, archive, tmp_path / "x") == \
        ["ditto", "-x", "-k", str(archive), str(tmp_path / "x")]
    # ditto is a macOS tool: Windows and Linux never ask for it
    for other in (target("win32"), target("linux")):
        assert build.archive_command(other, app, archive) is None
        assert build.extract_command(other, archive, tmp_path / "x") is None


def test_windows_zip_holds_the_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(build.shutil, "which", lambda name: f"/usr/bin/{name}")
    win = target("win32")
    app = tmp_path / "dist" / "Journeys"
    (app / "_internal" / "maps").mkdir(parents=True)
    (app / "Journeys.exe").write_bytes(b"MZ fake")
    (app / "_internal" / "maps" / "ubike.tmx").write_text("<map/>")
    archive = build.make_archive(win, app, tmp_path / "dist", VERSION)
    assert archive.name == f"Journeys-{VERSION}-windows-x86_64.zip"
    names = zipfile.ZipFile(archive).namelist()
    assert "Journeys/Journeys.exe" in names and "Journeys/_internal/maps/ubike.tmx" in names
    unpacked = build.extract_archive(win, archive, tmp_path / "unpacked")
    assert (unpacked / "Journeys.exe").read_bytes() == b"MZ fake"


# ---- the windowed build's missing streams -----------------------------------------------------

def test_entry_point_without_stdout_or_stderr_runs_and_logs(tmp_path):
    """A windowed build starts with sys.stdout and sys.stderr set to None: the entry point
    must not crash (what a library prints goes to the null device), and what the app logs
    still lands in journeys.log in the user's data folder."""
    entry = repr(str(ROOT / "build_scripts" / "journeys_main.py"))
    env = dict(os.environ, JOURNEYS_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    probe = ("import runpy, sys; sys.argv = ['Journeys', '--list']; sys.stdout = sys.stderr = None; "
             f"runpy.run_path({entry}, run_name='__main__')")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == "" and result.stderr == ""
    probe = ("import logging, sys; sys.stdout = sys.stderr = None; "
             "from game.cli import _guard_streams; _guard_streams(); print('to nowhere'); "
             "from game import log; log.start(); logging.getLogger('journeys').warning('a windowed warning')")
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    log = (tmp_path / "data" / "journeys.log").read_text(encoding="utf-8")
    assert "a windowed warning" in log and "to nowhere" not in log
