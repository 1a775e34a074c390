"""Bots think in a separate process, so the window's frames never wait for them.

A search bot is pure Python: on a thread it would hold the interpreter lock and make the
animations stutter. The worker process gets the seat's view and legal actions as JSON, keeps
one bot per (game, seat, level, seed) so each bot's own random choices continue from move to
move, and answers with the chosen action as JSON.

If a process cannot be started (a locked-down machine), `BotRunner` falls back to a thread.
"""
from __future__ import annotations

import itertools
import logging
import multiprocessing
import os
import queue
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from ..memory import let_go
from ..protocol import Action
from ..registry import get
from .bots import make_bot

#: Bots kept between moves (each continues its own random choices); the least recently asked
#: go first, so games played earlier in a session do not keep theirs.
MAX_BOTS = 12


#: how much the worker yields to the window (a POSIX nice increment): a bot that thinks on
#: the window's core then waits for the frame instead of taking the core from it when its
#: request arrives, and the animations stay smooth on a two-core machine
WORKER_NICENESS = 10


def lower_priority() -> None:
    """Let the window go first when the worker and the window want the same core."""
    if hasattr(os, "nice"):
        try:
            os.nice(WORKER_NICENESS)
        except OSError:
            pass
    elif sys.platform == "win32":   # Windows: the process's priority class, below normal
        try:
            import ctypes
            kernel = ctypes.windll.kernel32
            kernel.SetPriorityClass(kernel.GetCurrentProcess(), 0x4000)   # BELOW_NORMAL_PRIORITY_CLASS
        except Exception:
            pass


def serve(conn: Any) -> None:
    """The worker process's loop: one request in, one answer out, until told to stop."""
    lower_priority()
    bots: dict[tuple, Any] = {}
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request is None:
            return
        try:
            answer = respond(bots, request)
        except Exception as exc:  # report it; the app decides what to do
            answer = {"id": request["id"], "error": f"{type(exc).__name__}: {exc}"}
        try:
            conn.send(answer)
        except (OSError, EOFError):
            return


def choose(bots: dict[tuple, Any], request: dict[str, Any]) -> dict[str, Any]:
    spec = get(request["game"])
    if any(key[0] != request["game"] for key in bots):
        # another game's table has opened: one table plays at a time, so the bots of the
        # games before it (and their caches) go, and their memory goes back to the system
        bots.clear()
        let_go()
    key = (request["game"], request["seat"], request["level"], request["seed"])
    bot = bots.pop(key, None) or make_bot(spec, request["level"], request["seed"])
    bots[key] = bot   # now the most recently asked
    while len(bots) > MAX_BOTS:
        del bots[next(iter(bots))]
    legal = [spec.decode_action(a) for a in request["legal"]]
    return bot.choose(request["view"], legal).to_json()


class Pending:
    """A bot's answer on its way."""

    def __init__(self, runner: BotRunner, request_id: int, future: Future | None = None) -> None:
        self.runner = runner
        self.request_id = request_id
        self.future = future
        #: for a hint: why the bot suggests its move, once `result` has been taken ("" unknown)
        self.why = ""

    def done(self) -> bool:
        if self.future is not None:
            return self.future.done()
        return self.runner._collect(self.request_id)

    def result(self) -> Action:
        answer = self.future.result() if self.future is not None else None
        action, self.why = self.runner._take(self.request_id, answer)
        return action


def respond(bots: dict[tuple, Any], request: dict[str, Any]) -> dict[str, Any]:
    """The answer to a request: the bot's action and, for a hint (`explain`), why in words."""
    action = choose(bots, request)
    answer: dict[str, Any] = {"id": request["id"], "action": action}
    if request.get("explain"):
        spec = get(request["game"])
        knowledge = spec.knowledge()
        try:
            answer["why"] = knowledge.explain(request["view"], spec.decode_action(action)) if knowledge else ""
        except Exception as exc:   # a hint without its reason is still a hint
            logging.getLogger(__name__).warning("no reason for a hint: %s", exc)
            answer["why"] = ""
    return answer


class BotRunner:
    """Asks bots for moves in the worker process (or on a thread if that is impossible)."""

    def __init__(self, use_process: bool = True) -> None:
        self._ids = itertools.count(1)
        self._answers: dict[int, dict[str, Any]] = {}
        self._requests: dict[int, dict[str, Any]] = {}
        self._lock = threading.Lock()
        self._conn: Any = None
        self._process: Any = None
        self._thread_pool: ThreadPoolExecutor | None = None
        self._thread_bots: dict[tuple, Any] = {}
        self._outbox: queue.SimpleQueue = queue.SimpleQueue()   # requests for the sending thread
        self._sender: threading.Thread | None = None
        self._unsent: set[int] = set()   # requests the sending thread could not send
        self.mode = "thread"
        if use_process:
            self._start_process()

    def _start_process(self) -> None:
        try:
            ctx = multiprocessing.get_context("spawn")
            parent, child = ctx.Pipe()
            process = ctx.Process(target=serve, args=(child,), daemon=True, name="journeys-bots")
            process.start()
            child.close()
            self._conn, self._process, self.mode = parent, process, "process"
        except Exception as exc:  # no processes here: think on a thread instead
            logging.getLogger(__name__).warning("bots think on a thread: no worker process (%s)", exc)
            self._conn = self._process = None
            self.mode = "thread"

    @property
    def alive(self) -> bool:
        return self.mode == "process" and self._process is not None and self._process.is_alive()

    def ask(self, game: str, seat: int, level: str, seed: int, view: dict[str, Any],
            legal: list[Action], *, explain: bool = False) -> Pending:
        """Ask the bot of `level` for `seat`'s move; `explain` also asks why (a hint: then
        `Pending.why` says it once the result is taken)."""
        request_id = next(self._ids)
        request = {"id": request_id, "game": game, "seat": seat, "level": level, "seed": seed,
                   "view": view, "legal": [a.to_json() for a in legal], "explain": explain}
        if self.mode == "process" and self.alive:
            self._requests[request_id] = request
            self._post(request)
            return Pending(self, request_id)
        self.mode = "thread"   # no (live) worker process: think on a thread from now on
        if self._thread_pool is None:
            self._thread_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        def think() -> dict[str, Any]:
            return respond(self._thread_bots, request)
        self._requests[request_id] = request
        return Pending(self, request_id, self._thread_pool.submit(think))

    def _post(self, request: dict[str, Any]) -> None:
        """Hand a request to the sending thread: writing to the pipe wakes the worker, and on a
        busy two-core machine the window's thread would wait milliseconds for the write."""
        if self._sender is None:
            self._sender = threading.Thread(target=self._send_loop, daemon=True, name="journeys-bot-requests")
            self._sender.start()
        self._outbox.put(request)

    def _send_loop(self) -> None:
        while True:
            request = self._outbox.get()
            if request is None:
                return
            try:
                self._conn.send(request)
            except Exception as exc:   # a dead worker or a request that cannot travel: think here instead
                logging.getLogger(__name__).warning("a bot request stays in the app: %s", exc)
                with self._lock:
                    self._unsent.add(request["id"])

    def _collect(self, request_id: int) -> bool:
        with self._lock:
            if request_id in self._answers:
                return True
            if request_id in self._unsent:
                self._unsent.discard(request_id)
                self._fail_over(request_id)
                return True
            try:
                while self._conn is not None and self._conn.poll():
                    answer = self._conn.recv()
                    self._answers[answer["id"]] = answer
            except (OSError, EOFError):
                self._fail_over(request_id)
            if request_id not in self._answers and not self.alive:
                self._fail_over(request_id)
            return request_id in self._answers

    def _fail_over(self, request_id: int) -> None:
        """The worker died: answer this request on a thread, and keep to threads from now."""
        self.mode = "thread"
        request = self._requests.get(request_id)
        if request is not None and request_id not in self._answers:
            self._answers[request_id] = respond(self._thread_bots, request)

    def _take(self, request_id: int, answer: dict[str, Any] | None = None) -> tuple[Action, str]:
        """The action of an answer (and why, for a hint)."""
        answer = answer if answer is not None else self._answers.pop(request_id)
        request = self._requests.pop(request_id)
        if "error" in answer:
            raise RuntimeError(f"the bot failed: {answer['error']}")
        return get(request["game"]).decode_action(answer["action"]), str(answer.get("why", ""))

    def close(self) -> None:
        if self._sender is not None:   # what was asked goes first, then the word to stop
            self._outbox.put(None)
            self._sender.join(timeout=1.0)
            self._sender = None
        if self._conn is not None:
            try:
                self._conn.send(None)
            except (OSError, EOFError):
                pass
        if self._process is not None:
            self._process.join(timeout=1.0)
            if self._process.is_alive():
                self._process.terminate()
        self._conn = self._process = None
        if self._thread_pool is not None:
            self._thread_pool.shutdown(wait=False, cancel_futures=True)


# ---- the app's one worker --------------------------------------------------------------------------

_SHARED: BotRunner | None = None
_SHARED_GAME: str | None = None   # the game the shared worker process has served


def shared_runner(game: str | None = None) -> BotRunner:
    """The worker the tables of this run ask (started on first use): the table kit uses it,
    the app closes it at exit (`close_shared_runner`).

    One table plays at a time, so a worker process serves one game: asked for another `game`,
    it is replaced by a fresh one, and what the last game's rules, bots and caches held goes
    with the old process (a worker that had served every game in turn held 35 MB, a fresh one
    about 20). The table asks when it opens, so the new worker starts while the table is built."""
    global _SHARED, _SHARED_GAME
    if (_SHARED is not None and game is not None and _SHARED_GAME not in (None, game)
            and _SHARED.mode == "process"):
        # the old worker may still be thinking for the table just left: it is told to stop
        # and waited for off the window's thread (its close waits up to a second or two)
        threading.Thread(target=_SHARED.close, name="journeys-bots-closing", daemon=True).start()
        _SHARED = None
    if _SHARED is None:
        _SHARED = BotRunner()
    if game is not None:
        _SHARED_GAME = game
    return _SHARED


def started_runner() -> BotRunner | None:
    """The shared worker if it has been started (the bench reads its process)."""
    return _SHARED


def close_shared_runner() -> None:
    global _SHARED, _SHARED_GAME
    if _SHARED is not None:
        _SHARED.close()
        _SHARED = None
    _SHARED_GAME = None
