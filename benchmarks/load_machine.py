"""The machine side of the load benchmark (``web_load.py``): ports, percentiles, CPU accounting from
/proc, a throwaway PostgreSQL cluster, CPU caps in control groups, and the ``brawl serve`` processes
under test.  ``web_startup.py`` and ``web_writer.py`` use its cluster and helpers too."""

from __future__ import annotations

import glob
import os
import resource
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time


from pathlib import Path

import httpx

SETUPS = {  # name -> (database, server processes, how the processes share the clients)
    "sqlite1": ("sqlite", 1, "one"),
    "pg1": ("postgresql", 1, "one"),
    "pg2": ("postgresql", 2, "workers"),
    "pg4": ("postgresql", 4, "workers"),
    "pg2ports": ("postgresql", 2, "ports"),
    "pg2room": ("postgresql", 2, "room"),
}
CLK_TCK = os.sysconf("SC_CLK_TCK")


# -- small helpers ---------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * (len(ordered) - 1)))))]


def raise_fd_limit() -> int:
    """Thousands of sockets: lift the soft limit on open files to the hard one (children inherit it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


# -- CPU accounting from /proc ---------------------------------------------------------------------------
def _stat(path: str) -> tuple[int, float] | None:
    """(parent pid, CPU seconds used) from a ``stat`` file of /proc (a process's or a thread's)."""
    try:
        with open(path) as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / CLK_TCK


def _proc_table() -> dict[int, tuple[int, float]]:
    """pid -> (parent pid, CPU seconds used) for every process we can read."""
    table = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (got := _stat(f"/proc/{entry}/stat")) is not None:
            table[int(entry)] = got
    return table


def tree_cpu(roots: list[int]) -> dict[int, float]:
    """CPU seconds of each process in the trees under ``roots`` (the roots included)."""
    table = _proc_table()
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    out, todo = {}, [r for r in roots if r in table]
    while todo:
        pid = todo.pop()
        out[pid] = table[pid][1]
        todo.extend(children.get(pid, ()))
    return out


def loop_cpu(pids) -> dict[int, float]:
    """CPU seconds of each process's main thread (a server's event loop; its other threads are
    the writer's and the executor's)."""
    out = {}
    for pid in pids:
        if (got := _stat(f"/proc/{pid}/task/{pid}/stat")) is not None:
            out[pid] = got[1]
    return out


def spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds between two snapshots (a process born in between counts from zero)."""
    return sum(max(0.0, t - before.get(pid, 0.0)) for pid, t in after.items())


def machine_ticks() -> tuple[int, int]:
    """(busy, total) jiffies of all cores since boot."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]
    total = sum(values[:8])
    return total - idle, total


# -- PostgreSQL of its own ----------------------------------------------------------------------------------
class Postgres:
    """A throwaway PostgreSQL cluster in a temporary directory on a free loopback port, removed by
    :meth:`stop`.  Run as root, its tools run as the ``postgres`` user (initdb refuses root)."""

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                       key=lambda p: [int(x) if x.isdigit() else x for x in Path(p).parts[-3].split(".")])
        if not found:
            raise SystemExit("PostgreSQL is not installed: no initdb under /usr/lib/postgresql/*/bin")
        self.bindir = Path(found[-1]).parent
        self.base = Path(tempfile.mkdtemp(prefix="brawl-bench-pg-"))
        self.data = self.base / "data"
        self.port = free_port()
        self.user: str | None = None
        self.count = 0
        if os.geteuid() == 0:
            import pwd
            account = pwd.getpwnam("postgres")
            self.user = "postgres"
            os.chown(self.base, account.pw_uid, account.pw_gid)

    def _tool(self, tool: str, *args: str) -> None:
        cmd = [str(self.bindir / tool), *args]
        if self.user:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr or done.stdout}")

    def start(self) -> "Postgres":
        self._tool("initdb", "-D", str(self.data), "-U", "brawl", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.base} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300")
        self._tool("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.base / "log"), "-w", "-t", "60", "start")
        return self

    def pid(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def new_database(self) -> str:
        import psycopg
        self.count += 1
        name = f"bench_{os.getpid()}_{self.count}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=brawl dbname=postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql://brawl@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._tool("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


# -- the servers ------------------------------------------------------------------------------------------------
class CpuCap:
    """Each server process held to ``cores`` of the CPU, in a control group of its own (Linux's CFS
    quota over a 5 ms period; cgroup v1's ``cpu`` hierarchy or cgroup v2's ``cpu.max``).

    This shows on a small machine what a process does with a core of its own: one process capped
    at 0.4 of a core stands for one process on a core, two capped processes for two processes on
    two cores, while the clients and PostgreSQL use the rest of the machine instead of taking
    the servers' share.  A process's threads share its cap, as they would share its core."""

    PERIOD_US = 5_000

    def __init__(self, cores: float) -> None:
        self.cores = cores
        self.groups: list[Path] = []
        v1, v2 = Path("/sys/fs/cgroup/cpu"), Path("/sys/fs/cgroup")
        if (v1 / "cpu.cfs_quota_us").exists():
            self.root, self.v2 = v1, False
        elif "cpu" in (v2 / "cgroup.controllers").read_text().split() if (v2 / "cgroup.controllers").exists() else False:
            self.root, self.v2 = v2, True
        else:
            raise SystemExit("--cpu-per-process needs Linux control groups with the cpu controller")

    def hold(self, pid: int) -> None:
        group = self.root / f"brawl-load-{pid}"
        try:
            group.mkdir(exist_ok=True)
            quota = max(1_000, int(self.cores * self.PERIOD_US))
            if self.v2:
                (group / "cpu.max").write_text(f"{quota} {self.PERIOD_US}")
            else:
                (group / "cpu.cfs_period_us").write_text(str(self.PERIOD_US))
                (group / "cpu.cfs_quota_us").write_text(str(quota))
            (group / "cgroup.procs").write_text(str(pid))  # every thread of the process, and those it starts
        except OSError as exc:
            raise SystemExit(f"--cpu-per-process: cannot use {group} ({exc}); it needs root") from None
        self.groups.append(group)

    def throttled(self) -> float:
        """Seconds the capped processes were held back so far, all groups together."""
        total = 0.0
        for group in self.groups:
            for line in (group / "cpu.stat").read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "throttled_time":  # v1: nanoseconds
                    total += int(value) / 1e9
                elif key == "throttled_usec":  # v2
                    total += int(value) / 1e6
        return total

    def release(self) -> None:
        for group in self.groups:
            for _ in range(50):  # a group can be removed once its processes have exited
                try:
                    group.rmdir()
                    break
                except OSError:
                    time.sleep(0.1)
        self.groups = []


class Servers:
    """``brawl serve`` as one process, as ``--workers 2`` on one port, or as two processes on two ports."""

    def __init__(self, db_url: str, processes: int, mode: str, bot_delay: float, logdir: Path,
                 cap: CpuCap | None = None) -> None:
        self.brawl = str(Path(sys.executable).with_name("brawl"))
        self.db_url, self.processes, self.mode, self.bot_delay = db_url, processes, mode, bot_delay
        self.cap = cap
        self.log = logdir / f"server-{secrets.token_hex(3)}.log"
        self.procs: list[subprocess.Popen] = []
        self.urls: list[str] = []

    def _command(self, port: int, workers: int) -> list[str]:
        return [self.brawl, "serve", "--host", "127.0.0.1", "--port", str(port), "--db", self.db_url,
                "--bot-delay", f"{self.bot_delay:g}", "--workers", str(workers),
                "--rooms-per-minute", "1000000", "--decisions-per-second", "1000",
                "--sockets-per-room", "1000", "--sockets-per-client", "1000000"]

    def start(self, timeout: float = 60.0) -> None:
        log = open(self.log, "ab")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        if self.mode in ("ports", "room"):
            ports = [free_port() for _ in range(self.processes)]
            for i, port in enumerate(ports):
                self.procs.append(subprocess.Popen(self._command(port, 1), stdout=log, stderr=log, env=env))
                if i == 0:  # the first one makes the tables; the second would race it
                    self._wait([f"http://127.0.0.1:{port}"], timeout)
        else:
            ports = [free_port()]
            self.procs.append(subprocess.Popen(self._command(ports[0], self.processes), stdout=log, stderr=log, env=env))
        self.urls = [f"http://127.0.0.1:{p}" for p in ports]
        self._wait(self.urls, timeout)
        log.close()
        if self.cap is not None:
            for pid in self.workers():
                self.cap.hold(pid)

    def workers(self) -> list[int]:
        """The processes that serve (with ``--workers`` its workers, not the front that hands them connections)."""
        roots = self.pids()
        if self.mode != "workers":
            return roots
        return [pid for pid in sorted(tree_cpu(roots)) if pid not in roots]

    def _wait(self, urls: list[str], timeout: float) -> None:
        deadline = time.monotonic() + timeout
        for url in urls:
            while True:
                for p in self.procs:
                    if p.poll() is not None:
                        raise SystemExit(f"brawl serve exited with code {p.returncode}; see {self.log}:\n"
                                         + self.log.read_text()[-2000:])
                try:
                    if httpx.get(url + "/api/games", timeout=5).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise SystemExit(f"brawl serve did not answer within {timeout:g} s")
                time.sleep(0.1)
        if self.mode == "workers":  # every worker must be up, not just the first to answer
            while len(tree_cpu([self.procs[0].pid])) < 1 + self.processes and time.monotonic() < deadline:
                time.sleep(0.1)

    def pids(self) -> list[int]:
        return [p.pid for p in self.procs]

    def stop(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(timeout=10)
        if self.cap is not None:
            self.cap.release()

    def problems(self) -> int:
        """Tracebacks and error lines the servers logged."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return sum(1 for line in text.splitlines() if line.startswith("Traceback") or line.startswith("ERROR"))
