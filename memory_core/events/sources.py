"""The plugin source registry and its one template set.

Plugins never write prose: they report ``activity`` + ``provenance`` and the memory system
renders ``content`` here, so every event reads the same way whatever plugin sent it. The text
starts with the source and action labels (as in the design's NetEase example) followed by one
sentence in Chinese and, in ``bilingual`` mode, the same sentence in English — the offline
retrievers are lexical/n-gram based and cannot translate a query by themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..policy import RetentionClass
from .errors import PayloadError

Provenance = Mapping[str, Any]
Renderer = Callable[[Provenance], str]


def _minutes(seconds: Any) -> int:
    try:
        return max(1, round(float(seconds) / 60))
    except (TypeError, ValueError):
        return 0


def _opt(p: Provenance, key: str, fmt: str) -> str:
    v = p.get(key)
    return fmt.format(v) if v not in (None, "", []) else ""


@dataclass(frozen=True, slots=True)
class ActionSpec:
    label_zh: str
    label_en: str
    required: tuple[str, ...]
    zh: Renderer
    en: Renderer
    #: provenance fields with a fixed type (checked: wrong types are rejected, naming the field)
    numeric: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SourceSpec:
    source_type: str
    label_zh: str
    label_en: str
    actions: Mapping[str, ActionSpec]
    retention: RetentionClass = RetentionClass.COMPRESSIBLE
    #: L2 micro-batches group a sensor burst by this owner (e.g. one browsing catch-up)
    batch_owner: str = field(default="")


def _music_zh(p: Provenance) -> str:
    mins = _minutes(p.get("play_duration_sec"))
    dur = f"，播放了 {mins} 分钟" if mins else ""
    return f"在网易云音乐听了 {p['artist_name']} 的《{p['track_name']}》{dur}"


def _music_en(p: Provenance) -> str:
    mins = _minutes(p.get("play_duration_sec"))
    dur = f" for {mins} min" if mins else ""
    return f"Listened to \"{p['track_name']}\" by {p['artist_name']} on NetEase Cloud Music{dur}"


SOURCES: dict[str, SourceSpec] = {}


def register_source(spec: SourceSpec) -> None:
    """Plugins add their source here (once, at start-up) before sending payloads."""
    SOURCES[spec.source_type] = spec


register_source(SourceSpec("netease_music", "网易云音乐", "NetEase Music", {
    "listen_music": ActionSpec("听歌", "listen", ("track_name", "artist_name"), _music_zh, _music_en,
                               numeric=("play_duration_sec",)),
}))

register_source(SourceSpec("media_player", "媒体播放", "Media", {
    "play_media": ActionSpec(
        "播放", "play", ("title",),
        lambda p: f"播放了{_opt(p, 'creator', ' {} 的')}《{p['title']}》{_opt(p, 'app', '（{}）')}",
        lambda p: f"Played \"{p['title']}\"{_opt(p, 'creator', ' by {}')}{_opt(p, 'app', ' in {}')}"),
}))

register_source(SourceSpec("browser", "浏览器", "Browser", {
    "visit_page": ActionSpec(
        "浏览", "visit", ("title", "url"),
        lambda p: f"浏览了网页《{p['title']}》（{p['url']}）",
        lambda p: f"Visited the page \"{p['title']}\" ({p['url']})"),
    "search": ActionSpec(
        "搜索", "search", ("query",),
        lambda p: f"在{p.get('engine') or '浏览器'}搜索了“{p['query']}”",
        lambda p: f"Searched for \"{p['query']}\"{_opt(p, 'engine', ' on {}')}"),
    "download": ActionSpec(
        "下载", "download", ("file_name",),
        lambda p: f"下载了文件 {p['file_name']}{_opt(p, 'url', '（{}）')}",
        lambda p: f"Downloaded the file {p['file_name']}{_opt(p, 'url', ' ({})')}"),
}, batch_owner="browser_history"))

register_source(SourceSpec("calendar", "日历", "Calendar", {
    "calendar_event": ActionSpec(
        "日程", "event", ("title", "start"),
        lambda p: f"日程“{p['title']}”，开始于 {p['start']}{_opt(p, 'end', '，结束于 {}')}"
                  f"{_opt(p, 'location', '，地点 {}')}",
        lambda p: f"Calendar event \"{p['title']}\" starting {p['start']}{_opt(p, 'end', ', ending {}')}"
                  f"{_opt(p, 'location', ' at {}')}"),
}, retention=RetentionClass.STANDARD))

register_source(SourceSpec("terminal", "终端", "Terminal", {
    "run_command": ActionSpec(
        "命令", "command", ("command",),
        lambda p: f"在终端运行了命令 `{p['command']}`{_opt(p, 'cwd', '（目录 {}）')}"
                  f"{_opt(p, 'exit_code', '，退出码 {}')}",
        lambda p: f"Ran the command `{p['command']}` in the terminal{_opt(p, 'cwd', ' in {}')}"
                  f"{_opt(p, 'exit_code', ', exit code {}')}",
        numeric=("exit_code", "duration_sec")),
}))

_GIT_VERBS = {"commit": ("提交", "committed"), "push": ("推送", "pushed"), "pull": ("拉取", "pulled"),
              "checkout": ("切换分支", "checked out"), "merge": ("合并", "merged")}


def _git_action(code: str) -> ActionSpec:
    zh_verb, en_verb = _GIT_VERBS[code]
    return ActionSpec(
        zh_verb, code, ("repo",),
        lambda p: f"在仓库 {p['repo']} {zh_verb}{_opt(p, 'branch', '（分支 {}）')}"
                  f"{_opt(p, 'message', '：{}')}",
        lambda p: f"{en_verb.capitalize()} in repository {p['repo']}{_opt(p, 'branch', ' (branch {})')}"
                  f"{_opt(p, 'message', ': {}')}")


register_source(SourceSpec("git", "Git", "Git", {code: _git_action(code) for code in _GIT_VERBS}))

register_source(SourceSpec("photo", "照片", "Photos", {
    "take_photo": ActionSpec(
        "拍照", "photo", ("file_name",),
        lambda p: f"拍摄了照片 {p['file_name']}{_opt(p, 'location', '，地点 {}')}"
                  f"{_opt(p, 'caption', '，内容：{}')}",
        lambda p: f"Took the photo {p['file_name']}{_opt(p, 'location', ' at {}')}"
                  f"{_opt(p, 'caption', ': {}')}"),
}))

register_source(SourceSpec("system_usage", "系统使用", "System usage", {
    "app_usage": ActionSpec(
        "使用应用", "app use", ("app_name",),
        lambda p: f"使用了应用 {p['app_name']}{_opt(p, 'window_title', '（{}）')}"
                  f"{'，' + str(_minutes(p['duration_sec'])) + ' 分钟' if p.get('duration_sec') else ''}",
        lambda p: f"Used the app {p['app_name']}{_opt(p, 'window_title', ' ({})')}"
                  f"{' for ' + str(_minutes(p['duration_sec'])) + ' min' if p.get('duration_sec') else ''}",
        numeric=("duration_sec",)),
}))


#: The sources this module defines, as defined: a process whose registry still equals this
#: renders exactly like a freshly started one (bulk imports prepare events in worker processes).
_BUILTIN_SOURCES: dict[str, SourceSpec] = dict(SOURCES)


def registry_is_builtin() -> bool:
    """True when no plugin has added or replaced a source since start-up."""
    return len(SOURCES) == len(_BUILTIN_SOURCES) and all(
        _BUILTIN_SOURCES.get(name) is spec for name, spec in SOURCES.items())


def render(spec: SourceSpec, action_code: str, provenance: Provenance, *, locale: str) -> str:
    """The one template set: '<source> <action> <sentence>' (zh, en or both)."""
    action = spec.actions.get(action_code)
    if action is None:
        known = ", ".join(sorted(spec.actions))
        raise PayloadError("activity.action_code",
                           f"unknown action {action_code!r} for source {spec.source_type!r} "
                           f"(known: {known})")
    for key in action.required:
        value = provenance.get(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            raise PayloadError(f"provenance.{key}", "missing")
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise PayloadError(f"provenance.{key}", f"expected text, got {type(value).__name__}")
    for key in action.numeric:
        value = provenance.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise PayloadError(f"provenance.{key}", f"expected a number, got {type(value).__name__}")
    zh = f"{spec.label_zh} {action.label_zh} {action.zh(provenance)}"
    en = f"{spec.label_en} {action.label_en}: {action.en(provenance)}"
    if locale == "zh":
        return zh
    if locale == "en":
        return en
    return f"{zh}\n{en}"
