"""Bit sets of board points (integer masks) in compiled code: evaluations and solvers count and
walk them, kernels build them from cells and write observation planes from them. The helpers
are a few LLVM instructions (ctpop, cttz, vector compares and stores) through numba's public
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


@intrinsic
def equal_bits(typingctx: Any, s: Any, value: Any) -> Any:
    """The bit set of the words s[c] == value, c < 32 (a contiguous int32 array of 32 words at
    least): two vector compares whose results are the bits, where a loop over the cells cost
    a shift and an or a cell (a fifth of Yoté's `legal`)."""
    if not (isinstance(s, types.Array) and s.dtype == types.int32 and s.layout == "C"
            and isinstance(value, types.Integer)):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        words = ir.VectorType(ir.IntType(32), 32)
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        cells = builder.load(builder.bitcast(data, words.as_pointer()), align=4)
        v = builder.trunc(args[1], ir.IntType(32)) if signature.args[1].bitwidth > 32 else args[1]
        v = builder.insert_element(ir.Constant(words, ir.Undefined), v, ir.Constant(ir.IntType(32), 0))
        v = builder.shuffle_vector(v, ir.Constant(words, ir.Undefined),
                                   ir.Constant(ir.VectorType(ir.IntType(32), 32), [0] * 32))
        bits = builder.bitcast(builder.icmp_signed("==", cells, v), ir.IntType(32))
        return builder.zext(bits, ir.IntType(64))
    return types.int64(s, value), codegen


@intrinsic
def put_bits(typingctx: Any, out: Any, at: Any, bits: Any) -> Any:
    """out[at + c] = bit c of ``bits`` (1.0 or 0.0), c < 32, in a contiguous float32 array of
    at least at + 32 floats (the caller writes over what is past its plane): one vector
    store (numba cannot tell that ``out`` is not the state, so its loops of stores were not
    vectorized: a float a cell)."""
    if not (isinstance(out, types.Array) and out.dtype == types.float32 and out.layout == "C"
            and isinstance(at, types.Integer) and isinstance(bits, types.Integer)):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        i32 = ir.IntType(32)
        words, floats = ir.VectorType(i32, 32), ir.VectorType(ir.FloatType(), 32)
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        b = builder.trunc(args[2], i32) if signature.args[2].bitwidth > 32 else args[2]
        b = builder.insert_element(ir.Constant(words, ir.Undefined), b, ir.Constant(i32, 0))
        b = builder.shuffle_vector(b, ir.Constant(words, ir.Undefined), ir.Constant(words, [0] * 32))
        one_bit = ir.Constant(words, [1 << c if c < 31 else -(1 << 31) for c in range(32)])
        set_ = builder.icmp_unsigned("!=", builder.and_(b, one_bit), ir.Constant(words, [0] * 32))
        target = builder.bitcast(builder.gep(data, [args[1]]), floats.as_pointer())
        builder.store(builder.uitofp(set_, floats), target, align=4)
        return context.get_dummy_value()
    return types.none(out, at, bits), codegen
