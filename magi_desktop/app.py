"""``magi-desktop``: the tray app (QApplication + qasync), or the headless demo with no screen.

Start-up order: settings → offline guard (when offline) → engine host thread (opens the
database and starts the workers off the UI thread) → window and tray. The window appears at
once and fills in when the engine is ready. Closing the window hides it to the tray when a tray
exists; Quit (tray or menu) stops the workers and closes the database cleanly.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path
from typing import Sequence

log = logging.getLogger(__name__)


def has_display() -> bool:
    """Can Qt show a window here? (offscreen/minimal count: tests and screenshots use them)."""
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith("xcb") and not platform.startswith("wayland"):
        return True
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="magi-desktop", description="Magi Desktop: memory inspector and chat")
    p.add_argument("--data-dir", type=Path, help="data folder (default: the saved setting or the user data folder)")
    p.add_argument("--db", type=Path, help="open this database file instead of <data dir>/memory.db")
    p.add_argument("--offline", action="store_true", help="no network call at all for this session")
    p.add_argument("--no-tray", action="store_true", help="a plain window even where a tray exists")
    p.add_argument("--headless", action="store_true", help="run the headless demo (what runs with no screen)")
    p.add_argument("--smoke-test", action="store_true",
                   help="open the window and the engine, print what memory holds, quit (packaging check)")
    p.add_argument("-v", "--verbose", action="store_true")
    return p


def run_headless_demo() -> int:
    from memory_core.cli.core import cmd_demo

    print("magi-desktop: no screen (no DISPLAY / WAYLAND_DISPLAY): running the headless demo instead.\n",
          file=sys.stderr)
    return int(cmd_demo(argparse.Namespace(keep=False, db=None)) or 0)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    if args.headless or not has_display():
        return run_headless_demo()

    import qasync
    from PySide6.QtWidgets import QApplication, QSystemTrayIcon

    from .engine_host import EngineHost
    from .engine_server import EngineSpec
    from .heap import settle_heap
    from .main_window import MainWindow, app_icon
    from .network_guard import NetworkGuard
    from .settings import APP, ORG, AppSettings
    from .tray import Tray

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(ORG)
    app.setApplicationName(APP)
    app.setWindowIcon(app_icon())
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    settings = AppSettings.load()
    if args.data_dir:
        settings.data_dir = args.data_dir.expanduser()
    if args.offline:
        settings.offline_only = True
    config = settings.to_memory_config()
    guard = NetworkGuard().activate() if config.providers.offline_only else None
    db_path = args.db or config.db_path

    spec = EngineSpec(db_path=str(db_path), config=config.to_json(),
                      offline_guard=config.providers.offline_only,
                      log_level=logging.INFO if args.verbose else logging.WARNING)
    host = EngineHost(spec)
    tray_ok = QSystemTrayIcon.isSystemTrayAvailable() and not args.no_tray
    window = MainWindow(host, settings, hide_on_close=tray_ok)
    tray = Tray(window) if tray_ok else None
    if tray is not None:
        tray.show()
    app.setQuitOnLastWindowClosed(tray is None)
    window.show()
    settle_heap()  # start-up objects out of the collector's scans (magi_desktop/heap.py)
    host.ready.connect(settle_heap)  # and the engine client's
    host.start()

    if args.smoke_test:
        def report() -> None:
            def count() -> int:
                return host.engine.db.reader().execute("SELECT count(*) FROM fact_events").fetchone()[0]

            def done(n: int) -> None:
                print(f"magi-desktop smoke test: window up, engine process ready, {n} events in "
                      f"{host.engine.db.path}, {window.tabs.count()} panels, tray: {tray is not None}")
                app.quit()

            host.call(count, on_done=done, on_error=lambda e: (print(f"smoke test failed: {e}"), app.exit(1)))

        host.ready.connect(report)
        host.failed.connect(lambda e: (print(f"smoke test failed: {e}"), app.exit(1)))

    quit_event = asyncio.Event()
    app.aboutToQuit.connect(quit_event.set)
    try:
        with loop:
            loop.run_until_complete(quit_event.wait())
    finally:
        host.stop()
        if guard is not None:
            guard.deactivate()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
