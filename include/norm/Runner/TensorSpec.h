//===- TensorSpec.h - parse tensors given on the command line ---*- C++ -*-===//
//
// The SPEC syntax of `norm-runner --input` and `--expected-output`
// (iree-run-module style):
//
//   SPEC   ::= TYPE '=' VALUES | '@' PATH
//   TYPE   ::= (DIM 'x')* ELTYPE        e.g. 2x3xf32, 4xi64, f32 (rank 0)
//   ELTYPE ::= f16 | bf16 | f32 | f64 | i32 | i64
//   VALUES ::= values in row-major order, separated by spaces, commas and/or
//              brackets (so that printed results can be pasted back)
//
// Float values are decimal numbers (`1`, `-2.5`, `1e-3`) or `nan`, `inf`,
// `-inf`, rounded to nearest-even in the element type; integers are decimal.
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

/// Parses TYPE ("2x3xf32", "f32"). Errors on an unknown element type, a
/// negative, non-decimal or dynamic ('?') dimension, or an element count that
/// overflows.
llvm::Expected<TensorTypeSpec> parseTensorType(StringRef text);

/// Parses one float or integer VALUE for `type`. Errors on malformed text
/// ("x", "1.5e", "0x10"), integers outside the range of i32/i64, and finite
/// floats that overflow to infinity in the element type.
llvm::Error parseElement(StringRef text, HostTensor &tensor, int64_t index);

/// Parses a whole SPEC. `@PATH` reads a TensorProto for a `.pb` PATH (in any
/// case) and a .npy file otherwise; `expectedType` is the element type the
/// caller needs (it lets a '<u2' .npy file be read as bf16, see NpyIO.h); the
/// result is not checked against it otherwise. Errors on a missing
/// SHAPExTYPE, name the first invalid value (also where the count is wrong),
/// and else say how many values the type needs when the count is wrong.
llvm::Expected<HostTensor>
parseTensorSpec(StringRef spec,
                std::optional<ElementType> expectedType = std::nullopt);

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_TENSORSPEC_H
