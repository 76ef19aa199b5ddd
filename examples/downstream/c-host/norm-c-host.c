/*===- norm-c-host.c - a C host of the norm C API -------------------------===//
 *
 * Loads the norm dialect through its C API handle, registers the norm passes,
 * parses a module with a norm op, runs a pass pipeline given as a string (by
 * default `builtin.module(func.func(convert-norm-to-linalg))`, or argv[1])
 * and prints the result. Links only libNormMLIR-C.so (docs/embedding.md).
 *
 *===----------------------------------------------------------------------===*/

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"
#include "norm-c/Dialects.h"

#include <stdio.h>

static void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

static void printToStderr(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stderr);
}

static const char *kModule =
    "func.func @lp(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
    "  %y = norm.lp_normalization %x axis = 1 p = 2 : tensor<2x3xf32>\n"
    "  return %y : tensor<2x3xf32>\n"
    "}\n";

/* Parses kModule, runs `pipeline` on it and prints it. Returns 0 on success. */
static int run(MlirContext ctx, const char *pipeline) {
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "error: cannot parse the module\n");
    return 1;
  }
  int rc = 1;
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(pipeline), printToStderr, NULL))) {
    fprintf(stderr, "\nerror: cannot parse the pass pipeline\n");
  } else if (mlirLogicalResultIsFailure(
                 mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)))) {
    fprintf(stderr, "error: the pass pipeline failed\n");
  } else {
    mlirOperationPrint(mlirModuleGetOperation(module), printToStdout, NULL);
    printf("\n");
    rc = 0;
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  return rc;
}

int main(int argc, char **argv) {
  const char *pipeline = "builtin.module(func.func(convert-norm-to-linalg))";
  if (argc > 1)
    pipeline = argv[1];

  MlirDialectHandle norm = mlirGetDialectHandle__norm__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(norm);
  printf("dialect handle: %.*s\n", (int)ns.length, ns.data);

  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterNormDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirDialectHandleLoadDialect(norm, ctx);
  mlirRegisterNormPasses();
  mlirRegisterNormPasses(); /* idempotent */

  int rc = run(ctx, pipeline);
  mlirContextDestroy(ctx);
  return rc;
}
