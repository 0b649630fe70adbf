"""Bit sets of board points (integer masks) in compiled code: evaluations and solvers count and
walk them. Both helpers are single LLVM instructions (ctpop, cttz) through numba's public
`intrinsic` extension API, so the functions that call them cache to disk like any other."""
from __future__ import annotations

from typing import Any

from llvmlite import ir
from numba import types
from numba.extending import intrinsic


@intrinsic
def popcount(typingctx: Any, mask: Any) -> Any:
    """The number of set bits of an integer mask (an int64)."""
    if not isinstance(mask, types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return context.cast(builder, builder.ctpop(args[0]), mask, types.int64)
    return types.int64(mask), codegen


@intrinsic
def lowest_bit(typingctx: Any, mask: Any) -> Any:
    """The index of the lowest set bit of a non-zero integer mask (an int64)."""
    if not isinstance(mask, types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        zero_is_undefined = ir.Constant(ir.IntType(1), 1)
        return context.cast(builder, builder.cttz(args[0], zero_is_undefined), mask, types.int64)
    return types.int64(mask), codegen
