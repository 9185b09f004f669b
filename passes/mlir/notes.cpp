//===- notes.cpp - An error with notes, for the MLIR front end's C --------===//
//
// The MLIR C API emits diagnostics but cannot attach notes to them: this
// one function (declared in frontend.h) does it for the C front end, so
// that an error at one op says where the things it is about live (issue
// 23: a hazard's other access, the branch that makes a barrier divergent).
//
//===----------------------------------------------------------------------===//

// Declared in frontend.h (C, not included here).
#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"

extern "C" void amdsyncMlirEmitErrorWithNotes(MlirLocation at,
                                              const char *message, int n,
                                              const MlirLocation *note_at,
                                              const char *const *notes) {
  mlir::InFlightDiagnostic d = mlir::emitError(unwrap(at)) << message;
  for (int i = 0; i < n; ++i)
    d.attachNote(unwrap(note_at[i])) << notes[i];
}
