"""jieba's dictionary cache is read whole and unmarshalled from bytes (segment._WholeFileMarshal):
the same objects as the stdlib's piecewise ``marshal.load``, and jieba's own module is left as it
was."""

from __future__ import annotations

import marshal
import sys

from memory_core.text import segment


def test_whole_file_load_equals_marshal_load(tmp_path) -> None:
    value = ({f"词{i}": i for i in range(5000)} | {"咖啡": 0, "coffee": 7}, 12345)
    path = tmp_path / "cache"
    path.write_bytes(marshal.dumps(value))
    with open(path, "rb") as f:
        piecewise = marshal.load(f)
    with open(path, "rb") as f:
        whole = segment._WholeFileMarshal(marshal).load(f)
    assert whole == piecewise and list(whole[0]) == list(piecewise[0])
    assert segment._WholeFileMarshal(marshal).dumps is marshal.dumps


def test_jieba_keeps_its_marshal_and_its_dictionary() -> None:
    jieba = segment._get_jieba()
    assert jieba.marshal is marshal
    if jieba.dt.cache_file is None and jieba.dt.dictionary == jieba.DEFAULT_DICT:
        import os
        import tempfile

        cache = os.path.join(jieba.dt.tmp_dir or tempfile.gettempdir(), "jieba.cache")
        if os.path.isfile(cache):
            with open(cache, "rb") as f:
                freq, total = marshal.load(f)
            # the lexicon's words are added on top of the cached dictionary
            assert all(jieba.dt.FREQ.get(w) == n for w, n in list(freq.items())[:: 997])
    assert "jieba" in sys.modules
