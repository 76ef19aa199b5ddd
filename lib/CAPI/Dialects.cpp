//===- Dialects.cpp - C API of the norm dialect ---------------------------===//

#include "norm-c/Dialects.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "norm/Dialect/Norm/IR/NormDialect.h"
#include "norm/InitAllNorm.h"

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Norm, norm, mlir::norm::NormDialect)

void mlirRegisterNormDialects(MlirDialectRegistry registry) {
  mlir::norm::registerNormDialects(*unwrap(registry));
}

void mlirRegisterNormPasses(void) {
  // MLIR's registry aborts on a second registration of a pass pipeline;
  // hosts may call this more than once.
  static const bool registered = [] {
    mlir::norm::registerNormPasses();
    return true;
  }();
  (void)registered;
}
