// The amdsync dialect, defined in IRDL (brief §4).
//
//   "amdsync.asyncmark"() : () -> ()
//       Marks the asynchronous operations program-ordered before it in the
//       current function (spec/amdgpu-async-operations.txt, asyncmark).
//   "amdsync.wait_asyncmark"() {count = N : i16} : () -> ()
//       Waits until at most N marks of the current function are outstanding
//       (wait.asyncmark).
//
// amdsync-waitcnt lowers both to the target's counter waits. mlir-opt loads
// the dialect with `--irdl-file=dialect/amdsync.irdl.mlir` (IRDL dialects
// cannot come from a pass plugin); build/bin/amdsync-opt loads it itself.
// The ops have no custom syntax: write them in the generic form.
irdl.dialect @amdsync {
  irdl.operation @asyncmark {
  }
  irdl.operation @wait_asyncmark {
    %count = irdl.base "#builtin.integer"
    irdl.attributes {"count" = %count}
  }
}
