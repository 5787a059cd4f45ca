"""How many participants one machine serves: `mazeplay serve --study` under simulated browsers.

Each simulated browser opens the page's websocket (what textual-serve's page does), so the server
starts one game process for it, exactly as for a real participant. For 1, 4, 8 … N concurrent
connections it prints the time from connect to the first frame (median and worst), then, with all of
them connected and idle on the consent page, the memory (RSS) and CPU of each participant process.

    python -m tests.perf.bench_serve [MAX_CONNECTIONS]    (default 16; bounded, loopback only)
"""

from __future__ import annotations

import asyncio
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

STUDY = """
name = "load"
games_per_participant = 1
[[conditions]]
name = "bot"
partner = "bot"
indices = [0]
"""
FRAME_BYTES = 200  # the first message at least this long is a drawn frame, not a handshake


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def python_games(server_pid: int) -> list[int]:
    """The participant processes: `python -m mazeplay study play` under the server."""
    games = []
    for pid in descendants(server_pid):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"study" in cmdline and b"play" in cmdline and b"python" in cmdline[0]:
            games.append(pid)
    return games


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def connect(session: aiohttp.ClientSession, url: str, first_frame: list[float], hold: asyncio.Event) -> None:
    started = time.monotonic()
    async with session.ws_connect(url, timeout=aiohttp.ClientWSTimeout(ws_close=5)) as ws:
        async for message in ws:
            if message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT) and len(message.data) >= FRAME_BYTES:
                first_frame.append(time.monotonic() - started)
                break
        await hold.wait()


async def round_of(port: int, server_pid: int, n: int) -> dict:
    url = f"http://127.0.0.1:{port}/ws?width=120&height=40"
    first_frame: list[float] = []
    hold = asyncio.Event()
    async with aiohttp.ClientSession() as session:
        tasks = [asyncio.create_task(connect(session, url, first_frame, hold)) for _ in range(n)]
        deadline = time.monotonic() + 120
        while len(first_frame) < n and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        await asyncio.sleep(3)  # idle on the consent page
        games = python_games(server_pid)
        cpu_before = {pid: cpu_seconds(pid) for pid in games}
        await asyncio.sleep(5)
        idle_cpu = [(cpu_seconds(pid) - cpu_before[pid]) / 5 * 100 for pid in games if Path(f"/proc/{pid}").exists()]
        memory = [rss_mb(pid) for pid in games if Path(f"/proc/{pid}").exists()]
        startup_cpu = [cpu_before[pid] for pid in games]
        hold.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(2)  # let the processes end
    return {"n": n, "framed": len(first_frame), "first_frame": first_frame, "memory": memory, "idle_cpu": idle_cpu,
            "startup_cpu": startup_cpu, "processes": len(games)}


def main(max_connections: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        study = Path(tmp) / "load.toml"
        study.write_text(STUDY)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "mazeplay", "serve", "--study", str(study), "--port", str(port),
                                   "--db", str(Path(tmp) / "load.db")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                    break
                except OSError:
                    time.sleep(0.2)
            print(f"mazeplay serve on 127.0.0.1:{port}; {os.cpu_count()} CPUs; each connection is one participant process")
            print(f"{'conns':>5s} {'framed':>6s} {'first frame median':>19s} {'worst':>7s} {'RSS/proc MB':>12s} "
                  f"{'start CPU s/proc':>17s} {'idle CPU %/proc':>16s}")
            n = 1
            while n <= max_connections:
                r = asyncio.run(round_of(port, server.pid, n))
                frames = r["first_frame"] or [float("nan")]
                print(f"{n:5d} {r['framed']:6d} {statistics.median(frames):17.2f} s {max(frames):5.2f} s "
                      f"{statistics.mean(r['memory'] or [0]):12.0f} {statistics.mean(r['startup_cpu'] or [0]):17.2f} "
                      f"{statistics.mean(r['idle_cpu'] or [0]):16.1f}", flush=True)
                n = n * 2 if n > 1 else 4
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 16)
