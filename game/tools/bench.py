"""`--bench`: the performance report of game/DESIGN.md ("Budgets"), printed as one JSON object.

    {"window", "present_path", "startup_s", "idle_cpu_pct",
     "session_memory_mb": {"after_<game>": {main, worker, total}, "peak_main", "peak_worker",
                           "peak_total"},
     "games": {id: {"frame_ms_p50", "frame_ms_p99", "move_frame_ms_p95", "frame_ms_p99_1080",
                    "playouts_per_s", "playouts_per_s_by_players", "bot_normal_p95_s",
                    "bot_hard_p95_s", "bot_hard_iterations_median"}}}

It measures what a player gets. The window measurements run in child processes
(`--bench-child`), in a real window where one can be opened (else SDL's dummy driver; "window"
says which), so start-up includes the interpreter. Every frame in which something is drawn or
a move is applied is timed, those that apply a move also on their own. Memory is the whole
app's, main process and bot worker, across one session that opens every game in turn at
1920x1080. The hard bot's time per move is a cap, so its iterations per move say how strong it
is on this machine. Benchmarks print figures; the tests never assert timings.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

BENCH_WINDOW = (1280, 720)
FULL_HD = (1920, 1080)
_DUMMY = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
_window_env: dict[str, str] | None = None   # found by the first child: a real window, or dummy


def _child(kind: str, game: str = "", quick: bool = False, size: tuple[int, int] = BENCH_WINDOW) -> dict[str, Any]:
    """Run one measurement in a fresh process: in a real window if one opens, else headless."""
    global _window_env
    command = _self_command() + ["--bench-child", f"{kind}:{game}", "--size", f"{size[0]}x{size[1]}"] \
        + (["--quick"] if quick else [])
    tries = [_window_env] if _window_env is not None else [{"SDL_AUDIODRIVER": "dummy"}, _DUMMY]
    problem = ""
    for extra in tries:
        env = dict(os.environ, **extra)
        if "SDL_VIDEODRIVER" not in extra and env.get("SDL_VIDEODRIVER") == "dummy":
            env.pop("SDL_VIDEODRIVER")
        started = time.time()
        import subprocess   # here, not at the top: a start-up child measures the app, not the bench
        out = subprocess.run(command, capture_output=True, text=True, env=env, timeout=900)
        if out.returncode == 0:
            _window_env = extra
            data = json.loads(out.stdout.strip().splitlines()[-1])
            data["_started"] = started
            return data
        problem = out.stderr[-2000:]
    raise RuntimeError(f"bench child {kind} failed:\n{problem}")


def _without_start(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "_started"}


def _self_command() -> list[str]:
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, "-m", "game"]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def rss_mb(pid: int | None = None, field: str = "VmRSS") -> float | None:
    """The resident memory of a process now (or its most, with field "VmHWM"), from Linux's
    /proc; elsewhere this process's peak, and None for another process."""
    try:
        status = Path(f"/proc/{pid or os.getpid()}/status").read_text()
    except OSError:
        return _peak_rss_mb() if pid is None else None
    for line in status.splitlines():
        if line.startswith(field + ":"):
            return round(int(line.split()[1]) / 1024, 1)
    return None


def _peak_rss_mb() -> float | None:
    try:
        import resource
    except ImportError:  # Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def _make_app(size: tuple[int, int], **settings: Any):
    """The app as a player starts it: a real window unless SDL's driver is the dummy one."""
    from game.app import App
    from game.settings import Settings
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    app = App(headless=headless, settings=Settings(muted=True, fullscreen=False, window_size=size, **settings),
              window_size=size)
    app.garbage.start()   # as App.run does (a bench child ends with its process)
    return app


# ---- children ---------------------------------------------------------------------------------

def child_startup(size: tuple[int, int]) -> dict[str, Any]:
    import pygame
    app = _make_app(size)
    app.push(app.scene("menu"))
    app.step(events=[], dt=0.0)
    return {"first_frame_time": time.time(), "window": pygame.display.get_driver(),
            "present_path": app.present_path or "none", "present_ms": app.present_ms,
            "present_choice": app.present_choice or "none"}


def child_idle(seconds: float, size: tuple[int, int]) -> dict[str, Any]:
    app = _make_app(size)
    app.push(app.scene("menu"))
    app.step(events=[], dt=0.0)
    settle = time.perf_counter() + 1.0   # past the first frames and window events
    while time.perf_counter() < settle:
        app.step()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        app.step()          # the real loop: waits for events when nothing moves
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return {"idle_cpu_pct": round(100 * cpu / wall, 2)}


def _bot_seats(spec) -> list:
    from game.core.session import BOT, Seat
    return [Seat(f"Bot {i + 1}", BOT, "normal", i) for i in range(spec.max_players)]


def play_frames(app, game_id: str, frames: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """Bots play `game_id` in the app's window at normal animation speed, in a 60 Hz loop as
    the app's; the times of every frame that drew or applied a move, and of the move frames."""
    from game.core.registry import get
    from game.core.session import Session
    from game.table.frame import open_game
    spec = get(game_id)
    seats = _bot_seats(spec)
    scene = open_game(app, Session(spec, seats, {}, seed))
    times: list[float] = []
    move_times: list[float] = []
    clock_dt = 1 / 60
    while len(times) < frames:
        if scene.session.state.is_over or scene.closed:
            seed += 1
            scene = open_game(app, Session(spec, seats, {}, seed))
        moves, draws = len(scene.session.actions), app.draws
        start = time.perf_counter()
        app.step(events=_pending_events(), dt=clock_dt)
        spent = time.perf_counter() - start
        if len(scene.session.actions) != moves:
            move_times.append(spent * 1000)
            times.append(spent * 1000)
        elif app.draws != draws:
            times.append(spent * 1000)
        time.sleep(max(0.0, clock_dt - spent))
    return times, move_times


def _pending_events() -> list:
    """The window's own events (exposure, focus), as the app's loop reads them."""
    import pygame
    return pygame.event.get()


def child_frames(game_id: str, frames: int, size: tuple[int, int]) -> dict[str, Any]:
    app = _make_app(size, animation_speed="normal", bot_pace="fast")
    app.push(app.scene("menu"))
    times, move_times = play_frames(app, game_id, frames)
    return {"frame_ms_p50": round(percentile(times, 50), 2), "frame_ms_p99": round(percentile(times, 99), 2),
            "move_frame_ms_p95": round(percentile(move_times, 95), 2),
            "move_frame_ms_p99": round(percentile(move_times, 99), 2),
            "frames": len(times), "move_frames": len(move_times)}


def child_session(frames: int, size: tuple[int, int]) -> dict[str, Any]:
    """One session at 1920x1080 that opens every game in turn (bots playing, the bot worker
    thinking), back to the menu between them; the memory of the main process and the worker
    after each game, and the most they held together."""
    from game.core.registry import playable_games
    from game.core.ai import worker as bot_worker
    app = _make_app(size, animation_speed="normal", bot_pace="fast")
    menu = app.push(app.scene("menu"))
    report: dict[str, Any] = {}
    peak = worker_peak = 0.0
    for spec in playable_games():
        play_frames(app, spec.id, frames)
        app.reset_to(menu)                 # the game closes, as Main menu does
        for _ in range(3):
            app.step(events=_pending_events(), dt=1 / 60)
        main = rss_mb() or 0.0
        runner = bot_worker.started_runner()
        pid = runner._process.pid if runner is not None and runner._process is not None else None
        worker = (rss_mb(pid) or 0.0) if pid else 0.0
        report[f"after_{spec.id}"] = {"main": main, "worker": worker, "total": round(main + worker, 1)}
        peak = max(peak, main + worker)
        # a worker process serves one game (the next game's table replaces it): its most
        # is read before it goes
        worker_peak = max(worker_peak, (rss_mb(pid, "VmHWM") or 0.0) if pid else 0.0)
    report["after_each_peak_total"] = round(peak, 1)
    # the most either process held at any moment (their peaks need not coincide, so this sum
    # is an upper bound of the app's peak)
    report["peak_main"] = rss_mb(field="VmHWM")
    report["peak_worker"] = worker_peak or None
    report["peak_total"] = round((report["peak_main"] or 0.0) + (report["peak_worker"] or 0.0), 1)
    bot_worker.close_shared_runner()
    return report


# ---- in-process measurements ------------------------------------------------------------------------

def playouts_per_second(game_id: str, seconds: float) -> dict[str, float]:
    """Random games to the end with checked moves (apply validates each one, as a person's
    click is), at every player count: games per second for each count."""
    from game.core.registry import get
    from game.core.rng import Rng
    spec = get(game_id)
    counts = range(spec.min_players, spec.max_players + 1)
    share = seconds / len(counts)
    rates: dict[str, float] = {}
    for n in counts:
        rng = Rng(7 + n)
        games = 0
        start = time.perf_counter()
        while time.perf_counter() - start < share or games == 0:
            state = spec.make(n, games)
            state.logging = False
            state.settle_chance()
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
                state.settle_chance()
            games += 1
        rates[str(n)] = round(games / (time.perf_counter() - start), 1)
    return rates


def bot_move_times(game_id: str, level: str, moves: int,
                   iterations: list[int] | None = None) -> list[float]:
    """Decision times of a bot at `level` against normal bots, over whole games (and, for a
    searching bot, its iterations per move into `iterations`)."""
    from game.core.ai import make_bot
    from game.core.registry import get
    spec = get(game_id)
    times: list[float] = []
    seed = 0
    while len(times) < moves:
        seed += 1
        n = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        state = spec.make(n, seed)
        state.settle_chance()
        bots = [make_bot(spec, level if i == 0 else "normal", seed * 10 + i) for i in range(n)]
        while not state.is_over and len(times) < moves:
            seat = state.current_player
            legal = state.legal_actions()
            start = time.perf_counter()
            action = bots[seat].choose(state.view(seat), legal)
            if seat == 0 and len(legal) > 1:
                times.append(time.perf_counter() - start)
                if iterations is not None and hasattr(bots[0], "last_iterations"):
                    iterations.append(bots[0].last_iterations)
            state.apply(action)
            state.settle_chance()
    return times


def _size(args: argparse.Namespace) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in str(args.size).lower().split("x"))
        return (w, h)
    except (ValueError, AttributeError):
        return BENCH_WINDOW


def run(args: argparse.Namespace) -> int:
    if args.bench_child:
        kind, _, game = args.bench_child.partition(":")
        size = _size(args)
        if kind == "startup":
            result = child_startup(size)
        elif kind == "idle":
            result = child_idle(3.0 if args.quick else 8.0, size)
        elif kind == "session":
            result = child_session(120 if args.quick else 600, size)
        else:
            result = child_frames(game, 300 if args.quick else 1200, size)
        print(json.dumps(result))
        return 0
    from game.core.registry import playable_games
    quick = bool(args.quick)
    starts = []
    first: dict[str, Any] = {}
    for _ in range(3 if quick else 7):
        data = _child("startup")
        first = first or data
        starts.append(data["first_frame_time"] - data["_started"])
    report: dict[str, Any] = {
        "window": first.get("window"),
        "present_path": first.get("present_path"),
        "present_ms": first.get("present_ms"),
        "present_choice": data.get("present_choice"),   # the last start's: remembered after the first
        "startup_s": round(sorted(starts)[len(starts) // 2], 3),   # the median (an odd count)
        "idle_cpu_pct": _child("idle", quick=quick)["idle_cpu_pct"],
        "session_memory_mb": _without_start(_child("session", quick=quick, size=FULL_HD)),
        "games": {},
    }
    for spec in playable_games():
        frames = _child("frames", spec.id, quick=quick)
        frames_hd = _child("frames", spec.id, quick=quick, size=FULL_HD)
        normal = bot_move_times(spec.id, "normal", 40 if quick else 150)
        hard_iterations: list[int] = []
        hard = bot_move_times(spec.id, "hard", 6 if quick else 40, hard_iterations)
        rates = playouts_per_second(spec.id, 2.0 if quick else 6.0)
        report["games"][spec.id] = {
            "frame_ms_p50": frames["frame_ms_p50"],
            "frame_ms_p99": frames["frame_ms_p99"],
            "move_frame_ms_p95": frames["move_frame_ms_p95"],
            "move_frame_ms_p99": frames["move_frame_ms_p99"],
            "frame_ms_p99_1080": frames_hd["frame_ms_p99"],
            "move_frame_ms_p99_1080": frames_hd["move_frame_ms_p99"],
            "playouts_per_s": min(rates.values()),
            "playouts_per_s_by_players": rates,
            "bot_normal_p95_s": round(percentile(normal, 95), 3),
            "bot_hard_p95_s": round(percentile(hard, 95), 3),
            "bot_hard_iterations_median": int(percentile(hard_iterations, 50)) if hard_iterations else 0,
        }
    print(json.dumps(report))
    return 0
