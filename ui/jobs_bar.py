"""The status-bar strip for background work: one progress bar and a Cancel button per job."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from magi_desktop.jobs import BackgroundJob


class JobRow(QWidget):
    def __init__(self, job: BackgroundJob, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.job = job
        self.label = QLabel(job.name)
        self.label.setMinimumWidth(1)  # a long progress message must not widen the window
        self.bar = QProgressBar()
        self.bar.setFixedWidth(180)
        self.bar.setRange(0, 0)  # busy until the first progress report
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self._cancel)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(4, 0, 4, 0)
        lay.addWidget(self.label)
        lay.addWidget(self.bar)
        lay.addWidget(self.cancel_button)
        lay.addStretch(1)  # the spare width stays empty (it stretched the Cancel button)
        job.progressed.connect(self._progress)

    def _progress(self, done: int, total: int, message: str) -> None:
        if total > 0:
            self.bar.setRange(0, 1000)
            self.bar.setValue(int(1000 * min(done, total) / total))
        self.label.setText(f"{self.job.name}: {message}" if message else self.job.name)

    def _cancel(self) -> None:
        self.job.cancel()
        self.cancel_button.setEnabled(False)
        self.label.setText(f"{self.job.name}: cancelling…")


class JobsBar(QWidget):
    """Holds the rows of running jobs; a finished job's row is replaced by its outcome text."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lay = QHBoxLayout(self)
        self._lay.setContentsMargins(0, 0, 0, 0)
        self.outcome = QLabel("")
        self._lay.addWidget(self.outcome)
        self.rows: list[JobRow] = []

    def add(self, job: BackgroundJob, *, describe: Any = None) -> JobRow:
        row = JobRow(job)
        self.rows.append(row)
        self._lay.insertWidget(0, row)

        def finish(text: str) -> None:
            if row in self.rows:
                self.rows.remove(row)
            row.setParent(None)
            row.deleteLater()
            self.outcome.setText(text)

        job.finished.connect(lambda r: finish(f"{job.name}: done — {describe(r) if describe else r}"))
        job.failed.connect(lambda e: finish(f"{job.name} failed: {e}"))
        job.cancelled_signal.connect(lambda r: finish(f"{job.name}: cancelled — "
                                                      f"{describe(r) if describe and r else 'partial work kept'}"))
        return row
