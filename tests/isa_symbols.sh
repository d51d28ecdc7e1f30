#!/bin/sh
# The one-definition check of core/slab_avx2.cpp (the only file built with -mavx2): in the core
# archive, its object must define no weak or unique symbol (an inline function's out-of-line copy)
# outside simd.h's inline namespace avx2, or the linker could keep that AVX copy for a baseline
# caller (the unwinder's DW.ref.__gxx_personality_v0, data that every object with C++ cleanups
# may carry, excepted). Also fails when the object or its two entry points are missing (nothing checked).
# usage: isa_symbols.sh NM ARCHIVE
nm="$1"
archive="$2"
"$nm" --defined-only "$archive" | awk '
  /:$/ { member = $0; next }
  member !~ /slab_avx2/ || NF < 3 { next }
  { seen = 1 }
  $3 ~ /RayAabbSlabHitsAvx2/ { hits = 1 }
  $3 ~ /RayAabbSlabBatchAvx2/ { batch = 1 }
  $3 ~ /^DW\.ref\./ { next } # data: the unwinder reference to the C++ personality routine
  $2 ~ /^[WVu]$/ && $3 !~ /4avx2/ { print "weak symbol outside the avx2 namespace: " $3; bad = 1 }
  END {
    if (!seen || !hits || !batch) { print "slab_avx2 object or its entry points not found in the archive"; exit 1 }
    exit bad
  }'
