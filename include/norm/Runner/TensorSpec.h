//===- TensorSpec.h - parse tensors given on the command line ---*- C++ -*-===//
//
// The SPEC syntax of `norm-runner --input` and `--expected-output`
// (iree-run-module style):
//
//   SPEC   ::= TYPE '=' VALUES | '@' PATH
//   TYPE   ::= (DIM 'x')* ELTYPE        e.g. 2x3xf32, 4xi64, f32 (rank 0);
//                                       no whitespace
//   ELTYPE ::= f16 | bf16 | f32 | f64 | i32 | i64
//   VALUES ::= values in row-major order, separated by spaces and/or commas,
//              and either no brackets or brackets that nest as the shape
//              does: one pair per dimension (`[[1 2][3 4]]` for 2x2) or all
//              but the outermost pair (`[1 2][3 4]`, as results are printed,
//              so that they can be pasted back)
//
// Float values are decimal numbers (`1`, `-2.5`, `1e-3`) or `nan`, `inf`,
// `-inf`, rounded to nearest-even in the element type; a finite one that
// overflows, or a nonzero one that rounds to zero, is an error. Integers are
// decimal.
// `@PATH` reads an ONNX TensorProto file if PATH ends in `.pb`
// (TensorProtoIO.h) and a .npy file otherwise (NpyIO.h).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_RUNNER_TENSORSPEC_H
#define NORM_RUNNER_TENSORSPEC_H

#include "norm/Runner/HostTensor.h"
#include "llvm/Support/Error.h"

namespace mlir {
namespace norm {
namespace runner {

/// A static tensor type parsed from "2x3xf32".
struct TensorTypeSpec {
  SmallVector<int64_t> shape;
  ElementType elementType;
};

/// Parses TYPE ("2x3xf32", "f32"). Errors on whitespace anywhere in `text`,
/// an unknown element type, a negative, non-decimal or dynamic ('?')
/// dimension, or an element count that overflows.
llvm::Expected<TensorTypeSpec> parseTensorType(StringRef text);

/// Parses one float or integer VALUE for `type`. Errors on malformed text
/// ("x", "1.5e", "0x10"), integers outside the range of i32/i64, finite
/// floats that overflow to infinity in the element type, and nonzero floats
/// that round to zero in it (at most half its smallest subnormal).
llvm::Error parseElement(StringRef text, HostTensor &tensor, int64_t index);

/// Parses a whole SPEC. `@PATH` reads a TensorProto for a `.pb` PATH (in any
/// case) and a .npy file otherwise; `expectedType` is the element type the
/// caller needs (it lets a '<u2' .npy file be read as bf16, see NpyIO.h); the
/// result is not checked against it otherwise. Errors on a missing
/// SHAPExTYPE or whitespace in it (naming its offset in `spec`), name the
/// first invalid value (also where the count or the brackets are wrong), and
/// else say how many values the type needs when the count is wrong, or where
/// the brackets do not nest as the shape does: unbalanced, nested to another
/// depth, or a group with another number of entries than its dimension.
llvm::Expected<HostTensor>
parseTensorSpec(StringRef spec,
                std::optional<ElementType> expectedType = std::nullopt);

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_TENSORSPEC_H
