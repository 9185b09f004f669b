// Every wait encoding the wait pass can produce, held against llc: the
// driver lowers each group of counts exactly as amdsync-waitcnt does (one
// kernel per group, since llc merges consecutive waits), and the ISA must
// name the intended counters and values. Counts above a field's maximum are
// clamped down (vmcnt=99 -> 63, lgkmcnt=40 -> 15 on GFX9).
// RUN: %amdsync-opt --target=gfx942 --emit-waits='vmcnt=3,expcnt=2,lgkmcnt=1;vmcnt=0;lgkmcnt=0;expcnt=0;vmcnt=15;vmcnt=16;vmcnt=47;vmcnt=63,expcnt=7,lgkmcnt=15;vmcnt=99,lgkmcnt=40' | %lower-to-isa gfx942 | FileCheck %s --check-prefix=GFX9
// RUN: %amdsync-opt --target=gfx1100 --emit-waits='vmcnt=3,expcnt=2,lgkmcnt=1;vmcnt=0;lgkmcnt=0;expcnt=0;vmcnt=15;vmcnt=16;vmcnt=47;lgkmcnt=33;vmcnt=99,lgkmcnt=99' | %lower-to-isa gfx1100 | FileCheck %s --check-prefix=GFX11
// RUN: %amdsync-opt --target=gfx1201 --emit-waits='loadcnt=3;storecnt=2;dscnt=1;expcnt=0;loadcnt=63;dscnt=99' | %lower-to-isa gfx1201 | FileCheck %s --check-prefix=GFX12
// RUN: %amdsync-opt --target=gfx1250 --emit-waits='loadcnt=3;storecnt=2;dscnt=1;asynccnt=0;asynccnt=1;asynccnt=15;asynccnt=99;tensorcnt=0;tensorcnt=2;tensorcnt=99' | %lower-to-isa gfx1250 | FileCheck %s --check-prefix=GFX1250
// A counter the target lacks is an error, not a silent no-op.
// RUN: not %amdsync-opt --target=gfx942 --emit-waits='asynccnt=1' 2>&1 | FileCheck %s --check-prefix=MISSING
// A count that is not one (negative, too large for an int, trailing text)
// is an error and prints nothing; on 359b8e9 vmcnt=-1 printed a kernel
// without the wait.
// RUN: not %amdsync-opt --target=gfx942 --emit-waits='vmcnt=0;vmcnt=-1' 2>&1 | FileCheck %s --check-prefix=NEGATIVE --implicit-check-not=gpu.module
// RUN: not %amdsync-opt --target=gfx942 --emit-waits='lgkmcnt=4294967296' 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not %amdsync-opt --target=gfx1250 --emit-waits='asynccnt=3x' 2>&1 | FileCheck %s --check-prefix=JUNK

// GFX9-LABEL: wait0:
// GFX9-NEXT: ; %bb.0:
// GFX9-NEXT: s_waitcnt vmcnt(3) expcnt(2) lgkmcnt(1)
// GFX9-LABEL: wait1:
// GFX9: s_waitcnt vmcnt(0){{$}}
// GFX9-LABEL: wait2:
// GFX9: s_waitcnt lgkmcnt(0){{$}}
// GFX9-LABEL: wait3:
// GFX9: s_waitcnt expcnt(0){{$}}
// GFX9-LABEL: wait4:
// GFX9: s_waitcnt vmcnt(15){{$}}
// GFX9-LABEL: wait5:
// GFX9: s_waitcnt vmcnt(16){{$}}
// GFX9-LABEL: wait6:
// GFX9: s_waitcnt vmcnt(47){{$}}
// GFX9-LABEL: wait7:
// GFX9: s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(15)
// GFX9-LABEL: wait8:
// GFX9: s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(15)

// GFX11-LABEL: wait0:
// GFX11: s_waitcnt vmcnt(3) expcnt(2) lgkmcnt(1)
// GFX11-LABEL: wait1:
// GFX11: s_waitcnt vmcnt(0){{$}}
// GFX11-LABEL: wait2:
// GFX11: s_waitcnt lgkmcnt(0){{$}}
// GFX11-LABEL: wait3:
// GFX11: s_waitcnt expcnt(0){{$}}
// GFX11-LABEL: wait4:
// GFX11: s_waitcnt vmcnt(15){{$}}
// GFX11-LABEL: wait5:
// GFX11: s_waitcnt vmcnt(16){{$}}
// GFX11-LABEL: wait6:
// GFX11: s_waitcnt vmcnt(47){{$}}
// GFX11-LABEL: wait7:
// GFX11: s_waitcnt lgkmcnt(33){{$}}
// GFX11-LABEL: wait8:
// GFX11: s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(63)

// GFX12-LABEL: wait0:
// GFX12: s_wait_loadcnt 0x3
// GFX12-LABEL: wait1:
// GFX12: s_wait_storecnt 0x2
// GFX12-LABEL: wait2:
// GFX12: s_wait_dscnt 0x1
// GFX12-LABEL: wait3:
// GFX12: s_wait_expcnt 0x0
// GFX12-LABEL: wait4:
// GFX12: s_wait_loadcnt 0x3f
// GFX12-LABEL: wait5:
// GFX12: s_wait_dscnt 0x3f

// GFX1250-LABEL: wait0:
// GFX1250: s_wait_loadcnt 0x3
// GFX1250-LABEL: wait1:
// GFX1250: s_wait_storecnt 0x2
// GFX1250-LABEL: wait2:
// GFX1250: s_wait_dscnt 0x1
// GFX1250-LABEL: wait3:
// GFX1250: s_wait_asynccnt 0x0
// GFX1250-LABEL: wait4:
// GFX1250: s_wait_asynccnt 0x1
// GFX1250-LABEL: wait5:
// GFX1250: s_wait_asynccnt 0xf
// GFX1250-LABEL: wait6:
// GFX1250: s_wait_asynccnt 0xf
// GFX1250-LABEL: wait7:
// GFX1250: s_wait_tensorcnt 0x0
// GFX1250-LABEL: wait8:
// GFX1250: s_wait_tensorcnt 0x2
// GFX1250-LABEL: wait9:
// GFX1250: s_wait_tensorcnt 0xf

// MISSING: amdsync-opt: gfx942 lacks a counter of this group
// NEGATIVE: amdsync-opt: --emit-waits: vmcnt=-1 is out of range: a count is 0 to 2147483647
// HUGE: amdsync-opt: --emit-waits: lgkmcnt=4294967296 is out of range: a count is 0 to 2147483647
// JUNK: amdsync-opt: --emit-waits: asynccnt=3x is not a decimal count

// Execution oracle: the wait kernels run (each encoding decoded per chip).
// RUN: %amdsync-opt --target=gfx942 --emit-waits='vmcnt=3,expcnt=2,lgkmcnt=1;vmcnt=0' | %lower-to-llvm gfx942 | %amdsync-exec - --waw=off --target=gfx942 --block=64 | FileCheck %s --check-prefix=EXEC
// RUN: %amdsync-opt --target=gfx1201 --emit-waits='loadcnt=3;dscnt=1' | %lower-to-llvm gfx1201 | %amdsync-exec - --waw=off --target=gfx1201 --block=64 | FileCheck %s --check-prefix=EXEC
// EXEC: amdsync-exec: wait0: clean barriers=0 wave-barriers=0 schedules=8
// EXEC: amdsync-exec: wait1: clean barriers=0 wave-barriers=0 schedules=8
