/*===- pass-pipeline-host.c - pass pipeline text through the C API --------===//
 *
 * Registers the norm dialects and passes through the C API
 * (include/norm-c/Dialects.h, libNormMLIR-C.so), adds the pipeline text
 * argv[2] to a pass manager on `builtin.module` and runs it on a module with
 * a norm op. argv[1] chooses the call: `parse` gives argv[2] to
 * mlirParsePassPipeline (`builtin.module(...)`), `add` to
 * mlirOpPassManagerAddPipeline (the elements alone). The callbacks' text
 * goes to standard error between lines "callback:" and "end" (on a line of
 * its own, also where the text ends without a newline); the step
 * that failed is named on standard error, exit status 1.
 *
 *===----------------------------------------------------------------------===*/

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"
#include "norm-c/Dialects.h"

#include <stdio.h>
#include <string.h>

/* Whether the callbacks' text so far ends a line (or is empty). */
static int atLineStart = 1;

static void printToStderr(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stderr);
  if (str.length)
    atLineStart = str.data[str.length - 1] == '\n';
}

static const char *kModule =
    "func.func @lp(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
    "  %y = norm.lp_normalization %x axis = 1 p = 2 : tensor<2x3xf32>\n"
    "  return %y : tensor<2x3xf32>\n"
    "}\n";

int main(int argc, char **argv) {
  if (argc != 3 || (strcmp(argv[1], "parse") && strcmp(argv[1], "add"))) {
    fprintf(stderr, "usage: %s parse|add PIPELINE\n", argv[0]);
    return 2;
  }
  MlirContext ctx = mlirContextCreate();
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterNormDialects(registry);
  mlirContextAppendDialectRegistry(ctx, registry);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterNormPasses();

  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kModule));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "cannot parse the module\n");
    return 1;
  }
  int rc = 1;
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  MlirStringRef text = mlirStringRefCreateFromCString(argv[2]);
  fprintf(stderr, "callback:\n");
  MlirLogicalResult added =
      strcmp(argv[1], "parse") == 0
          ? mlirParsePassPipeline(opm, text, printToStderr, NULL)
          : mlirOpPassManagerAddPipeline(opm, text, printToStderr, NULL);
  fprintf(stderr, "%send\n", atLineStart ? "" : "\n");
  if (mlirLogicalResultIsFailure(added))
    fprintf(stderr, "%s failed\n", argv[1]);
  else if (mlirLogicalResultIsFailure(
               mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))))
    fprintf(stderr, "run failed\n");
  else
    rc = 0;
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return rc;
}
