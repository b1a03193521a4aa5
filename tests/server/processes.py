"""Several ``nardy serve`` processes serving one site (PostgreSQL + Redis), for the tests:
each in its own process on a free loopback port, killed with SIGKILL or stopped with
SIGSTOP when a test says so."""

from __future__ import annotations

import signal
import subprocess
from pathlib import Path
from typing import Any

from servers import free_socket, start_serve


class ServeProcess:
    """One ``nardy serve --database … --broker …``."""

    def __init__(
        self, folder: Path, index: int, database: str, broker: str, extra: tuple[str, ...] = ()
    ) -> None:
        sock = free_socket()
        self.port = sock.getsockname()[1]
        sock.close()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / f"serve-{index}.log"
        self.database = database
        self.broker = broker
        self.extra = extra
        """More arguments of ``nardy serve``."""
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ServeProcess:
        self.process = start_serve(
            self.database, self.port, self.log, "--broker", self.broker, *self.extra
        )
        return self

    def kill(self) -> None:
        """SIGKILL: no clean-up, no hand-over, as in a crash."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def pause(self) -> None:
        """SIGSTOP: the process stalls, as a starved one does, holding its sockets."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def stall_loop(self) -> None:
        """SIGUSR1: the process's event loop stalls (for ``NARDY_TEST_STALL`` seconds, 4 by
        default) while its threads run on (:mod:`stallable`)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGUSR1)

    def resume(self) -> None:
        """SIGCONT after :meth:`pause`."""
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)  # a paused process could not stop
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def errors(self) -> list[str]:
        """Tracebacks the process logged."""
        text = self.log.read_text() if self.log.exists() else ""
        return [part for part in text.split("Traceback")[1:]]


class SiteProcesses:
    """``count`` processes on one database and one Redis, started one after the other,
    each with the ``extra`` arguments."""

    def __init__(
        self, folder: Path, count: int, database: str, broker: str, extra: tuple[str, ...] = ()
    ) -> None:
        self.processes = [ServeProcess(folder, k, database, broker, extra) for k in range(count)]

    def __enter__(self) -> SiteProcesses:
        try:
            for process in self.processes:
                process.start()
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_: Any) -> None:
        for process in self.processes:
            process.stop()

    @property
    def urls(self) -> list[str]:
        return [p.url for p in self.processes]

    def errors(self) -> list[str]:
        return [error for p in self.processes for error in p.errors()]
