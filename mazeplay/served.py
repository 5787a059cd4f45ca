"""textual-serve's web server, made to stop every browser's game process before it exits.

textual-serve runs one game process per browser connection. On Ctrl+C or SIGTERM it closes its event
loop while those processes may still be running: their pipes are then cleaned up against a closed loop
(a traceback on the way out), and a game is cut off mid-write instead of being asked to quit. Here the
server's shutdown first asks each running game to quit and waits for its process to exit (killed after
`STOP_TIMEOUT` seconds), so games end the way a closed browser tab ends them and none is left running.
"""

from __future__ import annotations

import asyncio

import textual_serve.server as textual_server
from aiohttp import web
from textual_serve.app_service import AppService

STOP_TIMEOUT = 10.0
_running: set[AppService] = set()


class _TrackedAppService(AppService):
    """An app service that the server can find again at shutdown."""

    async def start(self, width: int, height: int) -> None:
        _running.add(self)
        await super().start(width, height)

    async def stop(self) -> None:
        """Ask the game to quit, then wait for its process to exit (textual-serve stops at its output's end)."""
        try:
            await super().stop()
            process = self._process
            if process is not None and process.returncode is None:
                try:
                    await asyncio.wait_for(process.wait(), STOP_TIMEOUT)
                except asyncio.TimeoutError:
                    process.kill()
                    await process.wait()
        finally:
            _running.discard(self)


class GameServer(textual_server.Server):
    async def on_shutdown(self, app: web.Application) -> None:
        await super().on_shutdown(app)
        stopping = [asyncio.ensure_future(service.stop()) for service in list(_running)]
        if stopping:
            await asyncio.wait(stopping, timeout=STOP_TIMEOUT)


textual_server.AppService = _TrackedAppService  # the name textual-serve's websocket handler creates services by
