/* The readings of printed IR (passes/shared/spelling.h), on the spellings
   MLIR 22 prints, each checked with mlir-opt-22: a reading that goes wrong
   when the printer changes fails here, not as a wrong barrier. */
#include "unit.h"
#include "../../passes/shared/spelling.h"

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

int main(void) {
  testRocdlTarget();
  testMmra();
  return unitReport("spelling");
}
