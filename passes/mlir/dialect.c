/* dialect.c - Loads the amdsync dialect into an MLIR context.

   The dialect (amdsync.asyncmark, amdsync.wait_asyncmark) is defined in
   IRDL, dialect/amdsync.irdl.mlir, which CMake embeds as kAmdsyncIrdl; an
   IRDL dialect cannot come from a pass plugin, so mlir-opt users pass
   --irdl-file, and programs call amdsyncMlirLoadDialect (amdsync/mlir.h),
   as amdsync-opt does. */
#include "amdsync/mlir.h"
#include "amdsync_irdl.h"
#include "mlir-c/Dialect/IRDL.h"

#include <stdio.h>

MlirLogicalResult amdsyncMlirLoadDialect(MlirContext ctx) {
  if (mlirContextIsNull(ctx)) {
    fprintf(stderr, "amdsync: amdsyncMlirLoadDialect: the context is NULL; "
                    "nothing was loaded\n");
    return mlirLogicalResultFailure();
  }
  if (mlirContextIsRegisteredOperation(
          ctx, mlirStringRefCreateFromCString("amdsync.asyncmark")))
    return mlirLogicalResultSuccess();
  MlirDialectHandle irdl = mlirGetDialectHandle__irdl__();
  mlirDialectHandleLoadDialect(irdl, ctx);
  MlirModule defs =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kAmdsyncIrdl));
  if (mlirModuleIsNull(defs))
    return mlirLogicalResultFailure(); /* the parser reported why */
  MlirLogicalResult loaded = mlirLoadIRDLDialects(defs);
  /* The loaded dialect keeps its constraints, not the IRDL ops. */
  mlirModuleDestroy(defs);
  return loaded;
}
