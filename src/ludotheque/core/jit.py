"""Compiled code cached on disk, the per-game loops included, so a warm process compiles nothing.

numba caches a function by its source file. The rules kernels are module functions and cache
as they are; the hot loops (random playouts, MCTS) call one game's kernels, and a
closure over them cannot be cached. So each loop module is a *template*: a real module whose
last block names the functions it calls (``legal``, ``apply``… as placeholders). `bind`
writes a copy of the template per game, with that block replaced by imports of the game's
kernels, and imports it: numba then caches the copy like any module. Binding the kernels as
globals also lets numba call them directly (Oware: 104,000 playouts/s against 91,000 when they
are passed as first-class functions).

Everything lives under one folder per version of the compiled sources (``jit-<hash>``):
numba checks only a file's own date, not the functions it calls from other files, so a
changed kernel must not meet loops compiled against the old one. A new version starts an
empty folder; `prune` deletes the ones unused for a week.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import io
import pickletools
import re
import shutil
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numba
from numba.core import types
from numba.core.dispatcher import _DispatcherBase
from numba.core.errors import TypingError
from platformdirs import user_cache_dir

PACKAGE = Path(__file__).resolve().parents[1]
COMPILED_PACKAGES = ("core", "games", "ai")     # where the numba code is
BIND_MARK = "# --- bound per game by ludotheque.core.jit"


def source_hash() -> str:
    """A hash of every source file that holds compiled code (imports from numba), and of
    numba's version."""
    h = hashlib.sha256(numba.__version__.encode())
    for sub in COMPILED_PACKAGES:
        for f in sorted((PACKAGE / sub).rglob("*.py")):
            text = f.read_bytes()
            if re.search(rb"^from numba", text, re.M):
                h.update(str(f.relative_to(PACKAGE)).encode() + b"\0" + text)
    return h.hexdigest()[:16]


def cache_root() -> Path:
    """``$LUDOTHEQUE_CACHE`` if set, else the platform's user cache folder."""
    return Path(os.environ.get("LUDOTHEQUE_CACHE") or user_cache_dir("ludotheque"))


JIT_DIR = cache_root() / f"jit-{source_hash()}"
BOUND_DIR = JIT_DIR / "bound"


def use_cache_dir() -> None:
    """Sends numba's cache files to `JIT_DIR` (unless the user chose a folder with
    NUMBA_CACHE_DIR). Must run before the first ``@njit(cache=True)`` of the package."""
    if not os.environ.get("NUMBA_CACHE_DIR"):
        numba.config.CACHE_DIR = str(JIT_DIR / "numba")  # type: ignore[attr-defined]


def general_type(t: Any, ours: bool) -> Any:
    """The type a compiled function is compiled for when compiled code passes it ``t``: the
    constant's type, and for a function of this package (``ours``) a narrower signed integer
    widened to int64 (a value read from an int32 state is an int32: without widening, a
    helper was compiled once for int32 and once for int64 arguments; numba's own helpers may
    need their exact integer types)."""
    nb: Any = types     # numba's types module: typed in some numba releases, not in others
    t = nb.unliteral(t)
    if ours and isinstance(t, nb.Integer) and t.signed and t.bitwidth < 64:
        return nb.int64
    return t


def compile_for_types() -> None:
    """Has a compiled function that compiled code calls with constant or narrow integer
    arguments compile for one general type each (`general_type`), not once for each constant
    and integer width. numba compiles a callee for the literal values it is given (a game's
    table offsets, a direction), so a helper was compiled again for each caller and constant:
    a quarter of the warm-up's compile time. LLVM inlines the helpers and folds the constants
    all the same; a function that cannot be typed with the general types, or that calls
    itself, still gets the given ones."""
    general_call = _DispatcherBase.get_call_template

    def get_call_template(self: Any, args: Any, kws: Any) -> Any:
        module = getattr(getattr(self, "py_func", None), "__module__", None) or ""
        ours = module.startswith("ludotheque")      # the bound copies' modules included
        general = [general_type(a, ours) for a in args]
        general_kws = {k: general_type(v, ours) for k, v in kws.items()}
        # a function calling itself while it compiles keeps numba's own typing: its general
        # signature may be the one being compiled (numba refuses to re-enter it)
        if not self._compiling_counter and (general != list(args) or general_kws != kws):
            try:
                return general_call(self, general, general_kws)
            except TypingError:
                pass
        return general_call(self, args, kws)

    _DispatcherBase.get_call_template = get_call_template  # type: ignore[method-assign]


def prune(days: float = 7.0) -> list[Path]:
    """Deletes the cache folders of other versions of the sources that no process has used for
    ``days`` (a folder is marked used by `touch`: two checkouts side by side keep theirs);
    returns them."""
    limit = time.time() - days * 86400
    gone = [d for d in cache_root().glob("jit-*")
            if d.is_dir() and d != JIT_DIR and d.stat().st_mtime < limit]
    for d in gone:
        shutil.rmtree(d, ignore_errors=True)
    return gone


def touch() -> None:
    """Marks this version's cache folder as used now (see `prune`)."""
    JIT_DIR.mkdir(parents=True, exist_ok=True)
    os.utime(JIT_DIR)


def drop_unreadable() -> int:
    """Deletes the cache files numba could not read (numba raises on a corrupt file instead of
    compiling again); returns how many. An index (``.nbi``) is a pickled version followed by a
    pickled table; a data file (``.nbc``) is one pickle. Each pickle's opcodes are walked to
    its end, building nothing (building would import the bound copies the data refers to)."""
    dropped = 0
    for f in sorted((JIT_DIR / "numba").rglob("*.nb[ic]")):
        try:
            with open(f, "rb") as fh:
                if f.suffix == ".nbi":
                    _walk(fh)
                rest = io.BytesIO(fh.read())
            _walk(rest)
            if rest.read(1):
                raise ValueError("bytes after the end")
        except FileNotFoundError:
            continue
        except Exception:
            f.unlink(missing_ok=True)
            dropped += 1
    return dropped


def _walk(fh: Any) -> None:
    """Reads one pickle from ``fh`` to its STOP opcode; ValueError if it is cut or garbled."""
    for op, _, _ in pickletools.genops(fh):
        if op.name == "STOP":
            return
    raise ValueError("a pickle without its end")


_BOUND: dict[tuple[str, tuple[tuple[str, Any], ...]], ModuleType] = {}


def bind(template: str, **functions: Any) -> ModuleType:
    """The copy of module ``template`` whose bound names are ``functions``: compiled
    functions defined at the top level of a module (a bound copy's included)."""
    key = (template, tuple(sorted(functions.items(), key=lambda kv: kv[0])))
    if key in _BOUND:
        return _BOUND[key]
    spec = importlib.util.find_spec(template)
    assert spec is not None and spec.origin is not None, template
    source = Path(spec.origin).read_text(encoding="utf-8")
    head, mark, _ = source.partition(BIND_MARK)
    assert mark, f"{template} has no block of bound names"
    lines = [BIND_MARK + " (generated: do not edit) ---"]
    for name, f in key[1]:
        lines.append(f"from {_import_path(f)} as {name}")
    text = head + "\n".join(lines) + "\n"
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    module_name = f"ludotheque_bound_{template.rsplit('.', 1)[-1]}_{digest}"
    path = BOUND_DIR / f"{module_name}.py"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        BOUND_DIR.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)           # atomic: a process never reads half a file
    mod_spec = importlib.util.spec_from_file_location(module_name, path)
    assert mod_spec is not None and mod_spec.loader is not None
    module = importlib.util.module_from_spec(mod_spec)
    sys.modules[module_name] = module
    mod_spec.loader.exec_module(module)
    _BOUND[key] = module
    return module


def _import_path(f: Any) -> str:
    """``module import name`` of a top-level compiled function."""
    py = getattr(f, "py_func", f)
    if getattr(sys.modules.get(py.__module__), py.__name__, None) is not f:
        raise TypeError(f"{py.__module__}.{py.__qualname__} is not a top-level function: "
                        "a bound copy cannot import it")
    return f"{py.__module__} import {py.__name__}"
