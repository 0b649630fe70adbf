"""The compiled-kernel contract every game implements, and the generic compiled loops.

A game's rules live in five numba functions over a flat int32 state array `s` and the
ruleset's `spec` (a numpy array or tuple of arrays built once from the options):

- ``legal(s, spec, out) -> n``: writes the legal actions (chance outcomes at a chance node)
  into ``out[:n]``, and nothing past ``out[n + LEGAL_SLACK - 1]`` (a branch-free append writes
  its candidate at ``out[n]`` before counting it): the batched games hand ``legal`` a game's
  own row of ``num_actions + LEGAL_SLACK`` entries, not a buffer of MAX_ACTIONS_BUFFER;
- ``apply(s, spec, action) -> need``: plays one action in place; returns 0, or the array
  length the state needs before the next action (a game whose state keeps a growing history
  asks for room this way; callers then `grow` it). Returning an int, not the array, keeps
  refcounting out of the hot loop (~30 ns a call);
- ``to_move(s, spec) -> int``: 0, 1, ``CHANCE`` or ``TERMINAL``;
- ``returns(s, spec, out)``: writes both players' returns (+1/-1/0) of a terminal state;
- ``chance_probs(s, spec, out) -> n``: the probabilities aligned with ``legal`` at a chance node;
- optionally ``fast_playout(s, spec, rng, scratch, max_actions) -> (s, played)``: a game's own
  random playout, playing exactly the actions of the generic loop (the same draws from
  ``rng[0]``, the same final array, but for the history a finished game keeps, such as a
  repetition record: the playouts' callers read only who won) with its position kept in
  registers; it may stop early (the generic loop goes on from there). ``scratch`` is the
  loop's int64 action buffer;
- optionally ``fast_step(s, spec, action, out, obs, observing) -> (need, p, n)``: the batched
  games' step (`batched.py`) in one call: plays ``action`` as ``apply`` does (the same array,
  the same ``need``), and, unless ``need`` exceeds the array's length, returns the player to
  move ``p`` (as ``to_move``) and, when ``p`` is a player, writes his legal actions into
  ``out[:n]`` (as ``legal``, within its slack: ``out`` is the batched game's own row of
  legal actions) and, if ``observing``, his observation into ``obs`` (as the game's
  ``observer``). ``need`` -1: the game has no fast step (nothing was played).

Hot loops (random playouts, search) are compiled once per game with its kernels bound in
(`loops.py`), so Python is only called once per batch.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple, cast

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.core.errors import TypingError
from numba.extending import intrinsic

CHANCE = -1
TERMINAL = -2
MAX_ACTIONS_BUFFER = 1024
LEGAL_SLACK = 1         # entries ``legal`` may write past its ``n`` (see above)


@njit(cache=True)
def no_fast_playout(s: np.ndarray, spec: Any, rng: np.ndarray, scratch: np.ndarray,
                    max_actions: int) -> tuple[np.ndarray, int]:
    """``fast_playout`` of a game without one: plays nothing."""
    return s, 0


@njit(cache=True)
def no_fast_step(s: np.ndarray, spec: Any, action: int, out: np.ndarray, obs: np.ndarray,
                 observing: bool) -> tuple[int, int, int]:
    """``fast_step`` of a game without one: plays nothing."""
    return -1, 0, 0


class Kernels(NamedTuple):
    legal: Any
    apply: Any
    to_move: Any
    returns: Any
    chance_probs: Any
    fast_playout: Any = no_fast_playout
    fast_step: Any = no_fast_step


@njit(cache=True)
def no_chance(s: np.ndarray, spec: Any, out: np.ndarray) -> int:
    """``chance_probs`` of a game without chance nodes."""
    return 0


@njit(cache=True)
def grow(s: np.ndarray, size: int) -> np.ndarray:
    """A copy of ``s`` zero-padded to ``size``."""
    bigger = np.zeros(size, s.dtype)
    # A loop, not ``bigger[:n] = s``: an array assigned to a slice makes numba compile its
    # shape-mismatch message (string formatting), two CPU seconds in each process.
    for i in range(s.shape[0]):
        bigger[i] = s[i]
    return bigger


@njit(cache=True, forceinline=True)
def xorshift(x: np.uint64) -> np.uint64:
    """One step of Marsaglia's xorshift64: a fast generator for playouts (not for secrets)."""
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    return x


@njit(cache=True, forceinline=True)
def below(x: np.uint64, n: int) -> int:
    """Maps a generator word to 0..n-1 (Lemire's multiply-shift)."""
    return np.int64(((x >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))  # type: ignore[return-value]


@njit(cache=True, forceinline=True)
def unit(x: np.uint64) -> float:
    """Maps a generator word to [0, 1)."""
    return np.float64(x >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def seed_word(seed: int) -> np.uint64:
    x = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(0x2545F4914F6CDD1D)
    return x if x != np.uint64(0) else np.uint64(1)


@njit(cache=True)
def sample_index(probs: np.ndarray, n: int, r: float) -> int:
    """Index drawn from ``probs[:n]`` given a uniform ``r`` in [0, 1)."""
    acc = 0.0
    for i in range(n - 1):
        acc += probs[i]
        if r < acc:
            return i
    return n - 1


@njit(cache=True, forceinline=True)
def _mix(x: np.uint64) -> np.uint64:
    """splitmix64's finaliser."""
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@njit(cache=True)
def state_hash(s: np.ndarray) -> np.uint64:
    """A 64-bit hash of the non-zero words of a state array (position and value of each), so a
    grown array hashes like the original."""
    h = np.uint64(0x6A09E667F3BCC909)
    for i in range(s.shape[0]):
        v = s[i]
        if v != 0:
            w = (np.uint64(i) << np.uint64(32)) | np.uint64(np.int64(v) & 0xFFFFFFFF)
            h ^= _mix(w + np.uint64(0x9E3779B97F4A7C15))
    return h


@njit(cache=True)
def same_state(a: np.ndarray, b: np.ndarray) -> bool:
    """Equal arrays, a shorter one read as zero-padded (grown states)."""
    n = min(a.shape[0], b.shape[0])
    for i in range(n):
        if a[i] != b[i]:
            return False
    for i in range(n, a.shape[0]):
        if a[i] != 0:
            return False
    for i in range(n, b.shape[0]):
        if b[i] != 0:
            return False
    return True


@intrinsic
def _borrowed(typingctx: Any, arrays: Any) -> Any:
    """A view of an array (or of each array of a tuple) without a reference count, for the hot
    loops: compiled code counts references on every array it passes to a call, each an atomic
    instruction (a third to a half of a playout's time, measured with perf), and a view whose
    meminfo is null skips them. The array must stay alive while the view is used: keep it in
    a variable that is used again later (numba frees an array after its last use)."""
    def is_array(t: Any) -> bool:
        return isinstance(t, types.Array)
    members = tuple(getattr(arrays, "types", ())) if isinstance(arrays, types.BaseTuple) else ()
    if not (is_array(arrays) or (members and all(is_array(t) for t in members))):
        return None

    def view(context: Any, builder: Any, typ: Any, value: Any) -> Any:
        ary = context.make_array(typ)(context, builder, value=value)
        ary.meminfo = ir.Constant(ary.meminfo.type, None)
        return ary._getvalue()

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        if is_array(arrays):
            return view(context, builder, arrays, args[0])
        items = [view(context, builder, t, builder.extract_value(args[0], i))
                 for i, t in enumerate(members)]
        return context.make_tuple(builder, arrays, items)
    return arrays(arrays), codegen


borrowed = cast(Callable[[Any], Any], _borrowed)


untyped_cgutils: Any = cgutils


@intrinsic
def _call_at(typingctx: Any, address: Any, function: Any, *args: Any) -> Any:
    """`call_at`: the typing, then the code (a call through the address)."""
    if not isinstance(address, types.Integer):
        return None
    nb: Any = types     # numba's types module: typed in some numba releases, not in others
    argtys = tuple(nb.unliteral(a) for a in args)
    if isinstance(function, types.RecursiveCall):      # the function being compiled
        frame = typingctx.callstack.match(function.dispatcher_type.dispatcher.py_func, argtys)
        if frame is None:
            raise TypingError(f"{function}: a call of itself for other types {argtys}")
        sig = types.float64(*argtys)        # (numba's inference of it types the function again)
    elif isinstance(function, types.Dispatcher):
        sig = typingctx.resolve_function_type(function, argtys, {})
        if sig is None or tuple(sig.args) != argtys:     # the address is of these types only
            raise TypingError(f"{function} has no overload for exactly {argtys}: {sig}")
    else:
        return None

    def codegen(context: Any, builder: Any, signature: Any, values: Any) -> Any:
        fnty = context.call_conv.get_function_type(sig.return_type, sig.args)
        pointer = builder.inttoptr(values[0], fnty.as_pointer())
        given = [context.cast(builder, builder.extract_value(values[2], i), t, u)
                 for i, (t, u) in enumerate(zip(args, argtys))]
        status, result = context.call_conv.call_function(builder, pointer, sig.return_type,
                                                         sig.args, given)
        with untyped_cgutils.if_unlikely(builder, status.is_error):
            context.call_conv.return_status_propagate(builder, status)
        return result
    return sig.return_type(address, function, nb.StarArgTuple(args)), codegen


# ``call_at(address, f, *args)`` is ``f(*args)`` called through ``address``, the native entry
# of f's overload for exactly the types of ``args`` (`native_address`); ``f`` is a compiled
# function of the calling module, or the calling function itself if it returns a float
# (check its overload's return type before giving its address). A direct call links f's
# code, with every helper it inlines, into the caller, where LLVM optimises and translates
# it again: alpha-beta's node search, which calls the whole game, was a quarter of the
# warm-up's compile time. (A direct call of itself costs the compiler another typing.)
call_at = cast(Callable[..., Any], _call_at)


def native_address(function: Any, argtypes: tuple[Any, ...]) -> int:
    """The native entry of compiled ``function``'s overload for exactly ``argtypes`` (numba
    types), compiled or loaded from the cache first, for `call_at`."""
    function.compile(argtypes)
    cres = function.overloads[argtypes]
    return int(cres.library.get_pointer_to_function(cres.fndesc.llvm_func_name))
