//===- notes.cpp - An error with a note, for the MLIR front end's C -------===//
//
// The MLIR C API emits diagnostics but cannot attach notes to them: this
// one function (declared in frontend.h) does it for the C front end, so
// that an error at one op says where the thing it is about lives (issue
// 23: a divergent barrier's note at the branch that makes it divergent).
//
//===----------------------------------------------------------------------===//

// Declared in frontend.h (C, not included here).
#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"

extern "C" void amdsyncMlirEmitErrorWithNote(MlirLocation at,
                                             const char *message,
                                             MlirLocation note_at,
                                             const char *note) {
  mlir::InFlightDiagnostic d = mlir::emitError(unwrap(at)) << message;
  d.attachNote(unwrap(note_at)) << note;
}

extern "C" void amdsyncMlirEmitErrorWithNotes(MlirLocation at,
                                              const char *message, int n,
                                              const MlirLocation *note_at,
                                              const char *const *notes) {
  mlir::InFlightDiagnostic d = mlir::emitError(unwrap(at)) << message;
  for (int i = 0; i < n; ++i)
    d.attachNote(unwrap(note_at[i])) << notes[i];
}
