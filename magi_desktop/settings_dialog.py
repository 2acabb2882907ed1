"""The settings dialog: provider, model per tier, data folder, capture, offline switch, API key.

The key field is a password field that starts empty: a stored key is never read back into the
UI, the dialog only says where one is stored ("key stored in keyring"). Typing a new key and
pressing OK stores it; leaving the field empty keeps the existing one.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFileDialog,
                               QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QVBoxLayout, QWidget)

from memory_core.policy import Tier

from .settings import (CHAT_PROVIDERS, EMBEDDING_PROVIDERS, AppSettings, key_origin,
                       store_api_key)

_TIER_HELP = {
    Tier.FAST_CLASSIFY: "L2 Phase 1/2 extraction (no reasoning)",
    Tier.CORE_REASONING: "conflict arbitration, the chat agent",
    Tier.MEMORY_SUMMARIZER: "L3 summaries (hour: no reasoning, day+: reasoning)",
    Tier.CONTEXT_COMPACT: "L4 strategy distillation",
}


class SettingsDialog(QDialog):
    def __init__(self, settings: AppSettings, parent: QWidget | None = None, *,
                 store: QSettings | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self.setWindowTitle("Magi settings")
        self.settings = settings
        self.stored_key_location: str | None = None
        lay = QVBoxLayout(self)

        general = QGroupBox("Memory")
        form = QFormLayout(general)
        self.data_dir = QLineEdit(str(settings.data_dir))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.data_dir, 1)
        row.addWidget(browse)
        form.addRow("Data folder", row)
        self.capture = QCheckBox("Capture new memories (chat and plugins)")
        self.capture.setChecked(settings.capture_enabled)
        form.addRow("", self.capture)
        self.offline = QCheckBox("Offline: make no network call at all")
        self.offline.setChecked(settings.offline_only)
        form.addRow("", self.offline)
        lay.addWidget(general)

        prov = QGroupBox("Model providers")
        pform = QFormLayout(prov)
        self.chat_provider = QComboBox()
        self.chat_provider.addItems(CHAT_PROVIDERS)
        self.chat_provider.setCurrentText(settings.chat_provider)
        pform.addRow("Chat provider", self.chat_provider)
        self.embedding_provider = QComboBox()
        self.embedding_provider.addItems(EMBEDDING_PROVIDERS)
        self.embedding_provider.setCurrentText(settings.embedding_provider)
        pform.addRow("Embeddings", self.embedding_provider)
        self.base_url = QLineEdit(settings.openai_base_url, placeholderText="http://127.0.0.1:11434/v1")
        pform.addRow("OpenAI-compatible URL", self.base_url)
        self.openai_model = QLineEdit(settings.openai_model, placeholderText="qwen2.5:7b")
        pform.addRow("OpenAI-compatible model", self.openai_model)
        self.tier_edits: dict[str, QLineEdit] = {}
        for tier in Tier:
            edit = QLineEdit(settings.tier_models.get(tier.value, ""),
                             placeholderText="provider default")
            edit.setToolTip(_TIER_HELP[tier])
            self.tier_edits[tier.value] = edit
            pform.addRow(f"{tier.value} model", edit)
        self.key_provider = QComboBox()
        self.key_provider.addItems(["dashscope", "openai_compat"])
        self.key_provider.currentTextChanged.connect(self._show_key_origin)
        self.api_key = QLineEdit()
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.api_key.setPlaceholderText("enter a new key to store it (never shown again)")
        self.key_status = QLabel("")
        krow = QHBoxLayout()
        krow.addWidget(self.key_provider)
        krow.addWidget(self.api_key, 1)
        pform.addRow("API key", krow)
        pform.addRow("", self.key_status)
        lay.addWidget(prov)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self._show_key_origin(self.key_provider.currentText())

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Data folder", self.data_dir.text())
        if folder:
            self.data_dir.setText(folder)

    def _show_key_origin(self, provider: str) -> None:
        origin = key_origin(provider, Path(self.data_dir.text()).expanduser())
        self.key_status.setText(f"a key is stored ({origin})" if origin else "no key stored")

    def result_settings(self) -> AppSettings:
        """The edited settings (does not store anything)."""
        return AppSettings(
            data_dir=Path(self.data_dir.text().strip() or str(self.settings.data_dir)).expanduser(),
            chat_provider=self.chat_provider.currentText(),
            embedding_provider=self.embedding_provider.currentText(),
            tier_models={k: e.text().strip() for k, e in self.tier_edits.items() if e.text().strip()},
            openai_base_url=self.base_url.text().strip(),
            openai_model=self.openai_model.text().strip(),
            capture_enabled=self.capture.isChecked(),
            offline_only=self.offline.isChecked())

    def accept(self) -> None:
        new = self.result_settings()
        key = self.api_key.text()
        if key.strip():
            self.stored_key_location = store_api_key(self.key_provider.currentText(), key, new.data_dir)
        # the typed key leaves the widget as soon as it is stored
        self.api_key.clear()
        self.settings = new
        new.save(self.store)
        super().accept()
