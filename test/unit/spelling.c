/* The readings of printed IR (passes/shared/spelling.h), on the spellings
   MLIR 22 prints, each checked with mlir-opt-22: a reading that goes wrong
   when the printer changes fails here, not as a wrong barrier. */
#include "unit.h"
#include "../../passes/shared/spelling.h"
#include "../../passes/shared/intrinsics.h"

#include <string.h>

static void testRocdlTarget(void) {
  char chip[16];
  bool w64;
  /* mlir-opt-22 prints a gpu.module's targets this way. */
  CHECK(amdsyncSpellRocdlTarget("#rocdl.target<chip = \"gfx942\">", chip,
                                sizeof chip, &w64));
  CHECK(strcmp(chip, "gfx942") == 0 && !w64);
  CHECK(amdsyncSpellRocdlTarget(
      "#rocdl.target<O = 3, chip = \"gfx1100\", features = "
      "\"+wavefrontsize64,+dpp\">",
      chip, sizeof chip, &w64));
  CHECK(strcmp(chip, "gfx1100") == 0 && w64);
  /* No chip: the attribute's default. */
  CHECK(amdsyncSpellRocdlTarget("#rocdl.target", chip, sizeof chip, &w64));
  CHECK(strcmp(chip, "gfx900") == 0 && !w64);
  /* wave64 named only outside the features string does not count. */
  CHECK(amdsyncSpellRocdlTarget(
      "#rocdl.target<chip = \"gfx1201\", features = \"+dpp\", link = "
      "[\"+wavefrontsize64\"]>",
      chip, sizeof chip, &w64));
  CHECK(!w64);
  /* Not a ROCDL target; a chip too long for the buffer is refused, not
     cut. */
  CHECK(!amdsyncSpellRocdlTarget("#nvvm.target<chip = \"sm_90\">", chip,
                                 sizeof chip, &w64));
  CHECK(!amdsyncSpellRocdlTarget(
      "#rocdl.target<chip = \"gfx942-but-much-longer-than-sixteen\">", chip,
      sizeof chip, &w64));
}

static void testMmra(void) {
  /* As mlir-opt-22 prints #llvm.mmra_tag and lists of them. */
  CHECK(amdsyncSpellMmraOrdersLocal(
      "#llvm.mmra_tag<\"amdgpu-synchronize-as\":\"local\">"));
  CHECK(!amdsyncSpellMmraOrdersLocal(
      "#llvm.mmra_tag<\"amdgpu-synchronize-as\":\"global\">"));
  CHECK(amdsyncSpellMmraOrdersLocal(
      "[#llvm.mmra_tag<\"amdgpu-synchronize-as\":\"global\">, "
      "#llvm.mmra_tag<\"amdgpu-synchronize-as\":\"local\">]"));
  /* Tags of another kind leave the fence ordering everything. */
  CHECK(amdsyncSpellMmraOrdersLocal("#llvm.mmra_tag<\"foo\":\"bar\">"));
  /* "localx" is not "local". */
  CHECK(!amdsyncSpellMmraOrdersLocal(
      "#llvm.mmra_tag<\"amdgpu-synchronize-as\":\"localx\">"));
  /* LDS only: tagged, and every synchronize-as tag is "local". */
  CHECK(amdsyncSpellMmraLdsOnly(
      "#llvm.mmra_tag<\"amdgpu-synchronize-as\":\"local\">"));
  CHECK(!amdsyncSpellMmraLdsOnly(
      "[#llvm.mmra_tag<\"amdgpu-synchronize-as\":\"global\">, "
      "#llvm.mmra_tag<\"amdgpu-synchronize-as\":\"local\">]"));
  CHECK(!amdsyncSpellMmraLdsOnly("#llvm.mmra_tag<\"foo\":\"bar\">"));
  CHECK(!amdsyncSpellMmraLdsOnly(
      "#llvm.mmra_tag<\"amdgpu-synchronize-as\":\"localx\">"));
  CHECK(amdsyncSpellMmraLdsOnly(
      "[#llvm.mmra_tag<\"foo\":\"bar\">, "
      "#llvm.mmra_tag<\"amdgpu-synchronize-as\":\"local\">]"));
}

/* OpenCL's entry points before the device library (intrinsics.c): the
   queries by both spellings, the barriers' flags and scopes. */
static void testOpenclEntryPoints(void) {
#define Q(s) amdsyncWorkItemQueryOf(s, strlen(s))
  CHECK(Q("_Z12get_local_idj") == AMDSYNC_QUERY_LOCAL_ID);
  CHECK(Q("__ockl_get_local_id") == AMDSYNC_QUERY_LOCAL_ID);
  CHECK(Q("_Z14get_local_sizej") == AMDSYNC_QUERY_LOCAL_SIZE);
  CHECK(Q("_Z12get_group_idj") == AMDSYNC_QUERY_GROUP_ID);
  CHECK(Q("_Z12get_local_id") == AMDSYNC_QUERY_NONE); /* no prefixes */
  CHECK(Q("_Z12get_local_idjj") == AMDSYNC_QUERY_NONE);
  CHECK(!amdsyncWorkItemQueryUniform(Q("_Z12get_local_idj")));
  CHECK(!amdsyncWorkItemQueryUniform(Q("_Z13get_global_idj")));
  CHECK(amdsyncWorkItemQueryUniform(Q("_Z14get_num_groupsj")));
  CHECK(!amdsyncWorkItemQueryUniform(AMDSYNC_QUERY_NONE));
#undef Q
  const AmdsyncIntrinsic *in = amdsyncIntrinsicLookup("_Z7barrierj", 11);
  CHECK(in && in->kind == AMDSYNC_SYNC_CL_BARRIER);
  in = amdsyncIntrinsicLookup("_Z12get_local_idj", 17);
  CHECK(in && in->kind == AMDSYNC_SYNC_NO_MEMORY);
  CHECK(!amdsyncIntrinsicLookup("_Z3foov", 7));
  /* Names other than intrinsics only where the module declares them. */
  CHECK(amdsyncTrustedCallee("_Z7barrierj", 11, true));
  CHECK(!amdsyncTrustedCallee("_Z7barrierj", 11, false));
  CHECK(!amdsyncTrustedCallee("__ockl_get_local_id", 19, false));
  CHECK(amdsyncTrustedCallee("llvm.amdgcn.s.barrier", 21, false));
  CHECK(amdsyncClBarrierOrdersLds(1, false, 0)); /* CLK_LOCAL_MEM_FENCE */
  CHECK(amdsyncClBarrierOrdersLds(3, false, 0)); /* | CLK_GLOBAL_MEM_FENCE */
  CHECK(!amdsyncClBarrierOrdersLds(2, false, 0)); /* global only */
  CHECK(amdsyncClBarrierOrdersLds(1, true, 1));  /* memory_scope_work_group */
  CHECK(amdsyncClBarrierOrdersLds(1, true, 2));  /* device */
  CHECK(!amdsyncClBarrierOrdersLds(1, true, 0)); /* work_item */
  CHECK(!amdsyncClBarrierOrdersLds(1, true, 4)); /* sub_group */
}

int main(void) {
  testRocdlTarget();
  testMmra();
  testOpenclEntryPoints();
  return unitReport("spelling");
}
