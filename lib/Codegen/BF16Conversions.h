//===- BF16Conversions.h - Native bf16 conversions on x86 -------*- C++ -*-===//
//
// Helpers shared by norm-native-bf16-truncation and
// norm-native-bf16-rounding: the AVX512-BF16 pair conversion and the test
// for the +-0 results by which its flushed subnormals are found.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_LIB_CODEGEN_BF16CONVERSIONS_H
#define NORM_LIB_CODEGEN_BF16CONVERSIONS_H

#include "mlir/IR/Builders.h"

namespace mlir {
namespace norm {

/// The AVX512-BF16 conversion of two 16-lane f32 vectors into one 32-lane
/// bf16 vector (`vcvtne2ps2bf16`, rounding to nearest even, f32 subnormals
/// flushed to +-0): operands (high, low), `low` gives lanes 0-15, `high`
/// 16-31.
inline constexpr StringLiteral kConvertPairIntrinsic =
    "llvm.x86.avx512bf16.cvtne2ps2bf16.512";

/// Returns an i1 that is true where some lane of the 1-D bf16 vector `y` (a
/// power of two lanes) is +0 or -0: `(bits & 0x7fff) == 0` on its 16-bit
/// words, at most 32 at a time (one 512-bit register). The words pass
/// through an empty inline asm (`"=v,0"`, no instruction) first: on a value
/// LLVM knows to be a bitcast bf16, InstCombine turns the test into
/// `fcmp oeq bf16`, which the x86 backend widens to f32 (four instructions
/// per 16 lanes); on opaque words it stays one `vptestnmw` per 32 lanes (a
/// vector of fewer than 8 words goes through in the low lanes of one of 8).
/// Sets `opaqueY` to `y` rebuilt from the opaque words, for the caller to
/// use in place of `y` (so that the register allocator need not keep `y`
/// apart).
Value buildAnyZero(OpBuilder &b, Location loc, Value y, Value &opaqueY);

/// Returns the 1-D vectors `parts` (all of one type) joined in order by
/// `vector.shuffle`s, neighbours first.
Value buildConcat(OpBuilder &b, Location loc, ArrayRef<Value> parts);

/// Returns `flat` (a 1-D f32 vector of a multiple of 32 lanes) rounded to
/// bf16 by one `vcvtne2ps2bf16` per 32 lanes, the 32-lane results joined in
/// lane order. LLVM 22 lowers a 32-lane `fptrunc` to two `vcvtneps2bf16`
/// and an insert, which take more than twice as long.
Value buildPairConversions(OpBuilder &b, Location loc, Value flat);

} // namespace norm
} // namespace mlir

#endif // NORM_LIB_CODEGEN_BF16CONVERSIONS_H
