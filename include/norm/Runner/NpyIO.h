//===- NpyIO.h - read and write NumPy .npy files ----------------*- C++ -*-===//
//
// .npy support for norm-runner (format: numpy.lib.format).
//
// Reading accepts format versions 1.0, 2.0 and 3.0, C order only, and these
// dtypes ('<' little-endian or '=' native, which must be little-endian):
//
//   '<f2' f16   '<f4' f32   '<f8' f64   '<i4' i32   '<i8' i64
//   '<u2' bf16  (raw bit patterns, only where a bf16 tensor is expected)
//
// NumPy has no bf16 dtype, so bf16 tensors are stored as their uint16 bit
// patterns: write with `(a.view(np.uint32) >> 16).astype('<u2')` (truncating)
// and decode with `(a.astype(np.uint32) << 16).view(np.float32)`.
//
// Writing always produces version 1.0 files with the dtypes above.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_RUNNER_NPYIO_H
#define NORM_RUNNER_NPYIO_H

#include "norm/Runner/HostTensor.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

namespace mlir {
namespace norm {
namespace runner {

/// Returns the .npy dtype string norm-runner writes for `type` ("<f4",
/// "<u2" for bf16, ...).
StringRef getNpyDtype(ElementType type);

/// Decodes a .npy image. A '<u2' dtype is read as bf16 if `expectedType` is
/// bf16 and rejected otherwise. Errors (never crashes) on a bad magic string,
/// an unsupported version, a header that runs past the end of the data or
/// does not parse as the {'descr', 'fortran_order', 'shape'} dict (each key
/// exactly once, no other key), an
/// unsupported or big-endian dtype, fortran_order True, and data shorter or
/// longer than the shape requires, and a tensor that cannot be allocated.
llvm::Expected<HostTensor>
readNpy(llvm::MemoryBufferRef buffer,
        std::optional<ElementType> expectedType = std::nullopt);

/// Reads the .npy file at `path`; see readNpy(MemoryBufferRef, ...). Errors
/// mention `path`. A regular file's data is read straight into the tensor,
/// which is allocated with HostTensor::allocate: a shape too large for the
/// memory is an error ("cannot allocate N bytes for a SHAPE tensor: out of
/// memory"), whatever the file's size on disk (sparse files too). `path`
/// "-" reads standard input (as a stream; errors name '<stdin>'). A file
/// that does not start with the .npy magic string is an error that also says
/// what else a tensor file may be (an ONNX TensorProto in a *.pb file).
llvm::Expected<HostTensor>
readNpyFile(StringRef path,
            std::optional<ElementType> expectedType = std::nullopt);

/// Writes `tensor` as a version 1.0 .npy image to `os`.
void writeNpy(raw_ostream &os, const HostTensor &tensor);

/// Writes `tensor` to the file `path` (replacing it). Errors if the file
/// cannot be written.
llvm::Error writeNpyFile(StringRef path, const HostTensor &tensor);

} // namespace runner
} // namespace norm
} // namespace mlir

#endif // NORM_RUNNER_NPYIO_H
