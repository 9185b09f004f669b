/*===- uniformity.c - Workgroup-uniform values -----------------------------===*
 *
 * Decides whether a condition or loop bound is the same in every lane of the
 * workgroup, so that a barrier under it is executed by all waves or by none
 * (a barrier in divergent control flow hangs: spec/amdgpu-execution-
 * synchronization.txt, "s_barrier instructions are convergent"). The rule
 * (issue 8): constants, function arguments, block ids and dims, induction
 * variables of uniform loops, and pure ops of uniform values are uniform;
 * thread ids, lane ids, loaded values and everything else are not. Loop-
 * carried values (iter_args) are not: proving them would need a fixpoint.
 *===----------------------------------------------------------------------===*/
#include "frontend.h"

enum { kUniform = 1, kDivergent = 2, kInProgress = 3 };

/* Ops whose results are uniform regardless of operands. */
static bool isUniformSource(MlirOperation op) {
  static const char *const kSources[] = {
      "arith.constant",     "index.constant",    "llvm.mlir.constant",
      "llvm.mlir.addressof", "llvm.mlir.undef",  "llvm.mlir.poison",
      "llvm.mlir.zero",     "ub.poison",         "memref.get_global",
      "memref.alloc",       "memref.alloca",     "gpu.block_id",
      "gpu.block_dim",      "gpu.grid_dim",      "gpu.cluster_id",
      "gpu.cluster_dim",    "gpu.cluster_block_id", "gpu.dynamic_shared_memory",
      "rocdl.workgroup.id.x", "rocdl.workgroup.id.y", "rocdl.workgroup.id.z",
      "rocdl.workgroup.dim.x", "rocdl.workgroup.dim.y", "rocdl.workgroup.dim.z",
      "rocdl.grid.dim.x",   "rocdl.grid.dim.y",  "rocdl.grid.dim.z",
  };
  for (size_t i = 0; i < sizeof(kSources) / sizeof(kSources[0]); ++i)
    if (amdsyncOpIs(op, kSources[i]))
      return true;
  return false;
}

/* Side-effect-free ops whose result is uniform when all operands are. */
static bool isPureCompute(MlirOperation op) {
  if (mlirOperationGetNumRegions(op) != 0)
    return false;
  if (amdsyncOpHasPrefix(op, "arith.") || amdsyncOpHasPrefix(op, "index.") ||
      amdsyncOpHasPrefix(op, "math."))
    return true;
  static const char *const kPure[] = {
      "affine.apply",  "affine.min",       "affine.max",
      "memref.dim",    "memref.subview",   "memref.view",
      "memref.cast",   "memref.reinterpret_cast", "memref.expand_shape",
      "memref.collapse_shape", "memref.memory_space_cast",
      "memref.extract_strided_metadata", "vector.broadcast",
      "vector.splat",  "vector.extract",   "vector.insert",
      "llvm.add",      "llvm.sub",         "llvm.mul",
      "llvm.udiv",     "llvm.sdiv",        "llvm.urem",
      "llvm.srem",     "llvm.and",         "llvm.or",
      "llvm.xor",      "llvm.shl",         "llvm.lshr",
      "llvm.ashr",     "llvm.icmp",        "llvm.select",
      "llvm.zext",     "llvm.sext",        "llvm.trunc",
      "llvm.getelementptr", "llvm.bitcast", "llvm.addrspacecast",
      "llvm.ptrtoint", "llvm.inttoptr",    "llvm.extractvalue",
      "llvm.insertvalue", "builtin.unrealized_conversion_cast",
  };
  for (size_t i = 0; i < sizeof(kPure) / sizeof(kPure[0]); ++i)
    if (amdsyncOpIs(op, kPure[i]))
      return true;
  return false;
}

static bool operandsUniform(AmdsyncUniformity *u, MlirOperation op,
                            intptr_t first, intptr_t count) {
  for (intptr_t i = first; i < first + count; ++i)
    if (!amdsyncMlirIsUniform(u, mlirOperationGetOperand(op, i)))
      return false;
  return true;
}

/* Induction variables of scf.for and affine.for whose bounds are uniform. */
static bool blockArgUniform(AmdsyncUniformity *u, MlirValue v) {
  MlirBlock block = mlirBlockArgumentGetOwner(v);
  MlirOperation parent = mlirBlockGetParentOperation(block);
  if (mlirOperationIsNull(parent))
    return false;
  intptr_t idx = mlirBlockArgumentGetArgNumber(v);
  if (amdsyncMlirIsFunction(parent))
    return true; /* arguments, and attributions (uniform addresses) */
  if (amdsyncOpIs(parent, "scf.for") && idx == 0)
    return operandsUniform(u, parent, 0, 3);
  if (amdsyncOpIs(parent, "affine.for") && idx == 0)
    return operandsUniform(u, parent, 0, mlirOperationGetNumOperands(parent) -
                                             (mlirBlockGetNumArguments(block) - 1));
  return false;
}

bool amdsyncMlirIsUniform(AmdsyncUniformity *u, MlirValue v) {
  long state;
  if (amdsyncPtrMapGet(&u->memo, v.ptr, &state))
    return state == kUniform; /* in progress counts as divergent: no cycles */
  amdsyncPtrMapPut(u->arena, &u->memo, v.ptr, kInProgress);
  bool uniform;
  if (mlirValueIsABlockArgument(v)) {
    uniform = blockArgUniform(u, v);
  } else {
    MlirOperation def = mlirOpResultGetOwner(v);
    if (isUniformSource(def))
      uniform = true;
    else if (isPureCompute(def))
      uniform = operandsUniform(u, def, 0, mlirOperationGetNumOperands(def));
    else
      uniform = false;
  }
  amdsyncPtrMapPut(u->arena, &u->memo, v.ptr, uniform ? kUniform : kDivergent);
  return uniform;
}
