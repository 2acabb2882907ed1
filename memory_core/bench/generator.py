"""Deterministic synthetic memory: what a year of one person's desktop agent sees.

The stream interleaves *episodes* the way a real day does: a chat session (Chinese or English
user statements and questions, assistant replies from a sentence to several kilobytes, tool
calls with name/success/duration), then a browsing burst, a few songs, terminal and git work,
calendar entries, app usage, photos. Payloads use the real ingest contract (chat messages and
plugin payloads of the sources registered in ``events/sources.py``), so the benchmark exercises
validation, rendering, classification and segmentation exactly as production does.

Same seed → same payloads, byte for byte (ids included), so runs at different sizes share a
prefix and two runs of one size are comparable.
"""

from __future__ import annotations

import bisect
import itertools
import random
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from . import vocab

T_START = 1_609_459_200.0  # 2021-01-01T00:00:00Z
#: Average events per day; 1M events span ~4.5 years, 10k about 11 days.
EVENTS_PER_DAY = 600


class Zipf:
    """Sample a pool with Zipf(s) weights: a few common words, a long tail of rare ones."""

    def __init__(self, pool: Sequence[Any], s: float = 1.05) -> None:
        self.pool = list(pool)
        weights = [1.0 / (i + 1) ** s for i in range(len(self.pool))]
        self.cum = list(itertools.accumulate(weights))

    def __call__(self, rng: random.Random) -> Any:
        return self.pool[bisect.bisect_left(self.cum, rng.random() * self.cum[-1])]


@dataclass
class Mix:
    """Relative weight of each episode kind (per episode, not per event)."""

    chat: float = 0.30
    browser: float = 0.20
    music: float = 0.10
    terminal: float = 0.10
    git: float = 0.07
    system: float = 0.12
    calendar: float = 0.05
    media: float = 0.03
    photo: float = 0.03


class MemoryGenerator:
    def __init__(self, seed: int = 42, *, start: float = T_START, mix: Mix | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.t = start
        self.mix = mix or Mix()
        self.en_topic = Zipf(vocab.EN_TOPICS)
        self.zh_topic = Zipf(vocab.ZH_TOPICS)
        self.place = Zipf(vocab.EN_PLACES)
        self.person = Zipf(vocab.EN_PEOPLE)
        self.zh_person = Zipf(vocab.ZH_PEOPLE)
        self.site = Zipf(vocab.SITES, 0.8)
        self.artist = Zipf(vocab.ARTISTS, 0.9)
        self.repo = Zipf(vocab.REPOS)
        self.command = Zipf(vocab.COMMANDS)
        self.app = Zipf(vocab.APPS)
        self.tool = Zipf(vocab.TOOLS, 0.9)
        self.word = Zipf(vocab.WORDS)
        self._kinds = list(vars(self.mix))
        self._kind_cum = list(itertools.accumulate(vars(self.mix).values()))
        self._n = 0  # running item counter: unique, deterministic ids
        self._session = 0

    # -- helpers -------------------------------------------------------------------------------

    def _id(self, prefix: str) -> str:
        self._n += 1
        return f"{prefix}-{self.seed}-{self._n:08d}"

    def _tick(self, lo: float, hi: float) -> float:
        self.t += self.rng.uniform(lo, hi)
        return round(self.t, 3)

    def _fill(self, template: str, zh: bool = False) -> str:
        r = self.rng
        topic = self.zh_topic if zh else self.en_topic
        return template.format(
            t=topic(r), t2=topic(r), zt=self.zh_topic(r), p=self.place(r),
            n=(self.zh_person if zh else self.person)(r), zn=self.zh_person(r),
            k=r.randint(1, 9), m=r.randint(2, 45), w=self.word(r))

    def _assistant_text(self, zh: bool) -> str:
        """Reply lengths: most a few sentences, some long explanations, a few multi-kilobyte."""
        r = self.rng.random()
        n = self.rng.randint(1, 3) if r < 0.55 else self.rng.randint(4, 12) if r < 0.92 else self.rng.randint(25, 70)
        pool = vocab.ZH_ASSISTANT_SENTENCES if zh else vocab.EN_ASSISTANT_SENTENCES
        sentences = [self._fill(self.rng.choice(pool), zh) for _ in range(n)]
        if n > 10:  # long answers come as paragraphs / numbered lists
            out = []
            for i, s in enumerate(sentences):
                out.append(f"{i // 5 + 1}. {s}" if i % 5 == 0 else s)
                if i % 5 == 4:
                    out.append("\n")
            return ("" if zh else " ").join(out).strip()
        return ("" if zh else " ").join(sentences)

    # -- episodes ------------------------------------------------------------------------------

    def _chat_session(self) -> Iterator[dict[str, Any]]:
        r = self.rng
        self._session += 1
        zh = r.random() < 0.55
        session_id = f"sess-{self.seed}-{self._session:06d}"
        for _ in range(r.randint(2, 10)):
            question = r.random() < 0.45
            if zh:
                pool = vocab.ZH_USER_QUESTIONS if question else vocab.ZH_USER_STATEMENTS
            else:
                pool = vocab.EN_USER_QUESTIONS if question else vocab.EN_USER_STATEMENTS
            text = self._fill(r.choice(pool), zh)
            if r.random() < 0.25:  # people often say two things in one message
                text += ("" if zh else " ") + self._fill(r.choice(pool), zh)
            yield {"type": "chat", "session_id": session_id, "role": "user", "content": text,
                   "occurred_at": self._tick(20, 240), "message_id": self._id("m")}
            if question and r.random() < 0.35:
                yield self._tool_call(session_id)
            yield {"type": "chat", "session_id": session_id, "role": "assistant",
                   "content": self._assistant_text(zh), "occurred_at": self._tick(2, 30),
                   "message_id": self._id("m")}

    def _tool_call(self, session_id: str) -> dict[str, Any]:
        r = self.rng
        name, category = self.tool(r)
        ok = r.random() < 0.88
        topic = self.en_topic(r)
        msg: dict[str, Any] = {
            "type": "chat", "session_id": session_id, "role": "tool",
            "tool_name": name, "category": category, "success": ok,
            "duration_ms": round(r.lognormvariate(6.0, 1.0), 1),
            "input": {"query": topic, "limit": r.randint(3, 20)},
            "occurred_at": self._tick(1, 10), "message_id": self._id("tool"),
        }
        if ok:
            msg["content"] = f"{name} returned {r.randint(1, 20)} results for '{topic}': " + \
                "; ".join(self._fill("{t} in {p}") for _ in range(r.randint(1, 4)))
        else:
            err = r.choice(vocab.TOOL_ERRORS)
            msg["content"] = f"{name} failed: {err}"
            msg["error"] = err
        return msg

    def _plugin(self, source: str, action: str, obj: str, provenance: dict[str, Any],
                entities: list[tuple[str, str]] = (), tags: Sequence[str] = ()) -> dict[str, Any]:
        return {
            "source_type": source, "source_item_id": self._id(source), "occurred_at": self._tick(5, 180),
            "activity": {"source_code": source, "action_code": action, "object_code": obj},
            "provenance": provenance,
            "entities": [{"mention_text": m, "entity_type": t} for m, t in entities],
            "tags": list(tags),
        }

    def _browser_burst(self) -> Iterator[dict[str, Any]]:
        r = self.rng
        for _ in range(r.randint(4, 30)):
            x = r.random()
            if x < 0.75:
                domain, title = self.site(r)
                title = self._fill(title)
                url = f"https://{domain}/{self.word(r)}/{r.randint(1000, 9_999_999)}"
                yield self._plugin("browser", "visit_page", "web_page", {"title": title, "url": url},
                                   [(domain, "website")], ["browser", "history"])
            elif x < 0.95:
                q = self.zh_topic(r) + " " + r.choice(("推荐", "怎么用", "评测", "价格")) if r.random() < 0.5 \
                    else f"{self.en_topic(r)} {r.choice(('review', 'how to', 'vs', 'best', 'price'))}"
                yield self._plugin("browser", "search", "query", {"query": q, "engine": r.choice(vocab.SEARCH_ENGINES)},
                                   tags=["browser", "search"])
            else:
                yield self._plugin("browser", "download", "file",
                                   {"file_name": f"{self.word(r)}-{r.randint(1, 999)}.pdf",
                                    "url": f"https://example.org/files/{r.randint(1, 99999)}"}, tags=["browser"])

    def _music_burst(self) -> Iterator[dict[str, Any]]:
        r = self.rng
        for _ in range(r.randint(3, 12)):
            artist, tracks = self.artist(r)
            track = r.choice(tracks)
            yield self._plugin("netease_music", "listen_music", "song",
                               {"track_name": track, "artist_name": artist, "album_name": track,
                                "play_duration_sec": r.randint(30, 400)},
                               [(track, "media"), (artist, "person")], ["netease_music", "music"])

    def _terminal_burst(self) -> Iterator[dict[str, Any]]:
        r = self.rng
        cwd = f"~/projects/{self.repo(r)}"
        for _ in range(r.randint(3, 25)):
            yield self._plugin("terminal", "run_command", "command",
                               {"command": self._fill(self.command(r)), "cwd": cwd,
                                "exit_code": 0 if r.random() < 0.9 else r.choice((1, 2, 127)),
                                "duration_sec": round(r.expovariate(0.5), 2)}, tags=["terminal"])

    def _git_burst(self) -> Iterator[dict[str, Any]]:
        r = self.rng
        repo = self.repo(r)
        for _ in range(r.randint(1, 6)):
            action = r.choices(("commit", "push", "pull", "checkout", "merge"), (6, 3, 2, 2, 1))[0]
            prov = {"repo": repo, "branch": r.choice(vocab.BRANCHES)}
            if action == "commit":
                prov["message"] = self._fill(r.choice(vocab.COMMIT_MESSAGES))
            yield self._plugin("git", action, "repository", prov, [(repo, "software")], ["git"])

    def _system_burst(self) -> Iterator[dict[str, Any]]:
        r = self.rng
        for _ in range(r.randint(2, 10)):
            app, window = self.app(r)
            yield self._plugin("system_usage", "app_usage", "app",
                               {"app_name": app, "window_title": self._fill(window),
                                "duration_sec": r.randint(30, 5400)}, [(app, "software")], ["system"])

    def _calendar(self) -> Iterator[dict[str, Any]]:
        r = self.rng
        for _ in range(r.randint(1, 3)):
            start = self.t + r.uniform(3600, 7 * 86400)
            yield self._plugin("calendar", "calendar_event", "event",
                               {"title": self._fill(r.choice(vocab.CALENDAR_TITLES)),
                                "start": _iso(start), "end": _iso(start + r.choice((1800, 3600, 5400))),
                                "location": self.place(r) if r.random() < 0.5 else ""}, tags=["calendar"])

    def _media(self) -> Iterator[dict[str, Any]]:
        r = self.rng
        for _ in range(r.randint(1, 3)):
            title, app = r.choice(vocab.MEDIA)
            yield self._plugin("media_player", "play_media", "video", {"title": title, "app": app},
                               [(title, "media")], ["media"])

    def _photos(self) -> Iterator[dict[str, Any]]:
        r = self.rng
        for _ in range(r.randint(1, 5)):
            yield self._plugin("photo", "take_photo", "image",
                               {"file_name": f"IMG_{r.randint(1000, 9999)}.HEIC", "location": self.place(r),
                                "caption": self._fill(r.choice(vocab.PHOTO_CAPTIONS))}, tags=["photo"])

    # -- stream --------------------------------------------------------------------------------

    def episodes(self) -> Iterator[dict[str, Any]]:
        episode = {"chat": self._chat_session, "browser": self._browser_burst, "music": self._music_burst,
                   "terminal": self._terminal_burst, "git": self._git_burst, "system": self._system_burst,
                   "calendar": self._calendar, "media": self._media, "photo": self._photos}
        # mean events per episode ≈ 8.5 with ~100 s between events → pad with idle gaps so the
        # average day holds EVENTS_PER_DAY events
        gap_mean = max(60.0, 86400.0 / EVENTS_PER_DAY * 8.5 - 8.5 * 95.0)
        while True:
            kind = self._kinds[bisect.bisect_left(self._kind_cum, self.rng.random() * self._kind_cum[-1])]
            yield from episode[kind]()
            self.t += self.rng.expovariate(1.0 / gap_mean)

    def payloads(self, n: int) -> Iterator[dict[str, Any]]:
        """Exactly ``n`` payloads, in time order."""
        return itertools.islice(self.episodes(), n)


def generate(n: int, seed: int = 42) -> list[dict[str, Any]]:
    return list(MemoryGenerator(seed).payloads(n))


def _iso(ts: float) -> str:
    from datetime import datetime, timezone

    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# -- queries ---------------------------------------------------------------------------------------

QUERY_TEMPLATES: dict[str, tuple[tuple[str, bool], ...]] = {
    "exact_fact": (("What {t} did I buy?", False), ("我买的{t}是什么时候买的？", True),
                   ("Which {t} did {n} recommend to me?", False), ("我对什么过敏？", True)),
    "current_state": (("Where do I live now?", False), ("我现在常用的{t}是哪个？", True),
                      ("What do I currently think about {t}?", False)),
    "temporal_compare": (("What kitchen appliance did I buy before the air fryer?", False),
                         ("在买{t}之前我买了什么？", True), ("Did I like {t} before or after moving to {p}?", False)),
    "summary": (("Summarise what we discussed about {t}.", False), ("总结一下我们关于{t}的讨论", True)),
    "activity_summary": (("What was I busy with last week?", False), ("上周我都在忙什么？", True),
                         ("What did I do on the computer yesterday?", False)),
    "strategy": (("How did the {tool} tool work last time?", False), ("{tool} 工具上次失败的原因是什么？", True)),
    "episode_recall": (("That time we talked about {t} in {p}", False), ("那次聊{t}的对话", True)),
    "cross_session": (("Everything I said about {t} across sessions", False), ("我在不同对话里提到的{t}", True)),
    "event_stream": (("What happened with {t} recently?", False), ("最近和{t}有关的事", True)),
}


def queries(per_mode: int, seed: int = 7) -> list[tuple[str, str]]:
    """(query_mode, text) pairs drawn from the corpus vocabulary (same Zipf weights)."""
    g = MemoryGenerator(seed)
    out: list[tuple[str, str]] = []
    for mode, templates in QUERY_TEMPLATES.items():
        for i in range(per_mode):
            template, zh = templates[i % len(templates)]
            text = g._fill(template.replace("{tool}", g.tool(g.rng)[0]), zh)
            out.append((mode, text))
    return out
