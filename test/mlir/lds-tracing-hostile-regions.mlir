// An LDS memref captured by an op with a region amdsync does not know
// (gpu.warp_execute_on_lane_0, the body of linalg.generic): how often and by
// which lanes the region runs is unknown, so both passes refuse the op with
// an error instead of guessing (docs/design.md, translate.c), whether the
// region reaches LDS through the workgroup memref or a flat view of it.
// The same op taking the LDS memref as an operand, with no LDS inside its
// region, is an access that reads and writes it (lds-tracing-hostile.mlir).
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-lds-barriers{target=gfx942})' %s -split-input-file -verify-diagnostics -o /dev/null
// RUN: %mlir-opt-amdsync --pass-pipeline='builtin.module(amdsync-verify{target=gfx942})' %s -split-input-file -verify-diagnostics -o /dev/null

gpu.module @m {
  gpu.func @warp_execute_captures_lds(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %lane = gpu.lane_id
    %t1 = arith.addi %tid, %c1 : index
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    // expected-error @+1 {{amdsync: cannot analyze 'gpu.warp_execute_on_lane_0': its regions hold LDS accesses or barriers and amdsync does not know how they execute}}
    gpu.warp_execute_on_lane_0(%lane)[64] {
      memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    }
    %v = memref.load %a[%t1] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %v, %g[%tid] : memref<256xf32, 1>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @linalg_body_reads_captured_lds(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{amdsync: cannot analyze 'linalg.generic': its regions hold LDS accesses or barriers and amdsync does not know how they execute}}
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        outs(%g : memref<256xf32, 1>) {
    ^bb0(%o: f32):
      %j = linalg.index 0 : index
      %v = memref.load %a[%j] : memref<256xf32, #gpu.address_space<workgroup>>
      linalg.yield %v : f32
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @linalg_body_reads_captured_flat_view(%g: memref<256xf32, 1>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>) kernel {
    %tid = gpu.thread_id x
    %fa = memref.memory_space_cast %a : memref<256xf32, #gpu.address_space<workgroup>> to memref<256xf32>
    %x = memref.load %g[%tid] : memref<256xf32, 1>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    // expected-error @+1 {{amdsync: cannot analyze 'linalg.generic': its regions hold LDS accesses or barriers and amdsync does not know how they execute}}
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        outs(%g : memref<256xf32, 1>) {
    ^bb0(%o: f32):
      %j = linalg.index 0 : index
      %v = memref.load %fa[%j] : memref<256xf32>
      linalg.yield %v : f32
    }
    gpu.return
  }
}
