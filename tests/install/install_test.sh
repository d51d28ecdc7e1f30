#!/usr/bin/env bash
# cmake --install into a temporary prefix, then check the install tree (tests/CMakeLists.txt):
#   relocated: every installed file is there, no source or build path is compiled into bin/hitlab,
#              and after moving the whole tree elsewhere the program still finds its lessons:
#              `hitlab report` on a lesson by name, `hitlab algorithms`, the man page and completion;
#   deb:       cpack -G DEB makes hitlab and hitlab-dev with the right dependencies and files, and
#              the program unpacked from hitlab.deb runs a lesson by name;
#   consumer:  a tiny engine test project (tests/install/consumer) finds the moved tree with
#              find_package(HitLab), builds against HitLab::core and HitLab::exact, and runs; with
#              it, the GoogleTest files the installed `hitlab hunt --gtest FILE` writes, built as they
#              are: asserting the exact answer, they fail on the flawed slab_branchless and pass on slab.
# Usage: install_test.sh MODE CMAKE BUILD_DIR SOURCE_DIR CXX_COMPILER GENERATOR PYTHON
set -euo pipefail
mode=$1 cmake=$2 build=$3 source=$4 cxx=$5 generator=$6 python=$7

scratch=$(mktemp -d "${TMPDIR:-/tmp}/hitlab-install.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fail() { echo "install_test ($mode): $*" >&2; exit 1; }

if [ "$mode" = deb ]; then
  # cpack -G DEB as scripts/package runs it, into the scratch directory
  cpack=$(dirname "$cmake")/cpack
  (cd "$build" && "$cpack" -G DEB -B "$scratch/deb" >"$scratch/cpack.log" 2>&1) || { cat "$scratch/cpack.log"; fail "cpack -G DEB failed"; }
  deb=$(ls "$scratch"/deb/hitlab_*.deb) dev=$(ls "$scratch"/deb/hitlab-dev_*.deb) || fail "cpack made no hitlab and hitlab-dev packages"
  depends=$(dpkg-deb -f "$deb" Depends)
  # the libraries the program links (dpkg-shlibdeps) and the GL driver glad opens
  for package in libgl1 libglfw3 libgmp10 libstb0 libstdc++6 libc6; do
    [[ ", $depends," == *", $package"[\ ,]* ]] || fail "hitlab's Depends lacks $package: $depends"
  done
  dpkg-deb -c "$deb" >"$scratch/contents.txt"
  for f in ./usr/bin/hitlab ./usr/share/hitlab/scenes/ray-through-corner.json ./usr/share/applications/hitlab.desktop \
           ./usr/share/man/man1/hitlab.1.gz ./usr/share/bash-completion/completions/hitlab \
           ./usr/share/icons/hicolor/scalable/apps/hitlab.svg ./usr/share/doc/hitlab/copyright; do
    grep -q " $f\$" "$scratch/contents.txt" || fail "hitlab.deb lacks $f"
  done
  dpkg-deb -c "$dev" >"$scratch/dev-contents.txt"
  grep -q ' ./usr/lib/cmake/HitLab/HitLabConfig.cmake$' "$scratch/dev-contents.txt" || fail "hitlab-dev.deb lacks the CMake package"
  grep -q ' ./usr/share/doc/hitlab-dev/copyright$' "$scratch/dev-contents.txt" || fail "hitlab-dev.deb lacks its copyright file"
  # the engine plugins in their own package: hitlab does not depend on the engines, hitlab-engines does
  [[ "$depends" != *libbullet* && "$depends" != *libfcl* ]] || fail "hitlab depends on an engine: $depends"
  if [ -f "$build/lib/hitlab/plugins/bullet.so" ]; then
    engines=$(ls "$scratch"/deb/hitlab-engines_*.deb) || fail "cpack made no hitlab-engines package"
    engines_depends=$(dpkg-deb -f "$engines" Depends)
    [[ "$engines_depends" == *"hitlab (="* && "$engines_depends" == *libbullet* ]] ||
      fail "hitlab-engines' Depends lacks hitlab or libbullet: $engines_depends"
    dpkg-deb -c "$engines" >"$scratch/engines-contents.txt" # a file: grep -q closing a pipe would fail pipefail
    grep -q ' ./usr/lib/hitlab/plugins/bullet.so$' "$scratch/engines-contents.txt" || fail "hitlab-engines.deb lacks bullet.so"
  fi
  # unpacked anywhere, the packaged program finds the packaged lessons
  dpkg-deb -x "$deb" "$scratch/root"
  (cd "$scratch" && env -u HITLAB_ASSETS "$scratch/root/usr/bin/hitlab" report slab-2d-hit >"$scratch/report.txt" 2>&1) ||
    { cat "$scratch/report.txt"; fail "the unpacked hitlab report slab-2d-hit failed"; }
  grep -qF "$scratch/root/usr/share/hitlab/scenes/slab-2d-hit.json" "$scratch/report.txt" || fail "the report names another file"
  echo "install_test deb: ok ($(basename "$deb"): $depends)"
  exit 0
fi

"$cmake" --install "$build" --prefix "$scratch/first" >"$scratch/install.log" || { cat "$scratch/install.log"; fail "cmake --install failed"; }
# moved: nothing may still point at the first prefix
mv "$scratch/first" "$scratch/moved"
prefix=$scratch/moved

if [ "$mode" = relocated ]; then
  for f in bin/hitlab bin/hitlab-plugin-host share/applications/hitlab.desktop share/icons/hicolor/scalable/apps/hitlab.svg \
           share/man/man1/hitlab.1.gz share/bash-completion/completions/hitlab \
           lib/libhitlab_core.a lib/libhitlab_io.a lib/libhitlab_exact.a \
           lib/cmake/HitLab/HitLabConfig.cmake lib/cmake/HitLab/HitLabTargets.cmake \
           share/doc/hitlab/README.md share/doc/hitlab/docs/install.md share/doc/hitlab/docs/protocol.md \
           include/hitlab/core/ray_aabb.h include/hitlab/core/exact/exact.h include/hitlab/core/io/protocol.h; do
    [ -f "$prefix/$f" ] || fail "missing $f"
  done
  # the PNG icons drawn from the SVG: their sizes, and known pixels at 64 x 64
  for size in 16 24 32 48 64 128 256; do
    "$python" "$source/tests/install/icon_check.py" "$prefix/share/icons/hicolor/${size}x${size}/apps/hitlab.png" $size ||
      fail "the ${size}x${size} icon"
  done
  # the desktop entry as desktops read it (desktop-file-utils, when installed)
  if command -v desktop-file-validate >/dev/null 2>&1; then
    desktop-file-validate "$prefix/share/applications/hitlab.desktop" || fail "hitlab.desktop does not validate"
  fi
  # every lesson, the whole directory
  want=$(cd "$source/assets/scenes" && find . -type f ! -name '.*' | sort)
  got=$(cd "$prefix/share/hitlab/scenes" && find . -type f | sort)
  [ "$want" = "$got" ] || fail "share/hitlab/scenes differs from assets/scenes: $(diff <(echo "$want") <(echo "$got") | tr '\n' ' ')"
  if [ -f "$source/include/hitlab/plugin.h" ]; then
    cmp -s "$source/include/hitlab/plugin.h" "$prefix/include/hitlab/plugin.h" || fail "include/hitlab/plugin.h not installed"
  fi
  # no absolute source or build path compiled in
  for dir in "$source" "$build"; do
    if strings "$prefix/bin/hitlab" | grep -F -- "$dir" >"$scratch/paths"; then
      fail "bin/hitlab holds the path $dir: $(head -3 "$scratch/paths" | tr '\n' ' ')"
    fi
  done
  # run from somewhere else, with nothing pointing at the source tree
  cd "$scratch"
  env -u HITLAB_ASSETS "$prefix/bin/hitlab" report ray-through-corner >"$scratch/report.txt" 2>&1 ||
    { cat "$scratch/report.txt"; fail "hitlab report ray-through-corner failed"; }
  lesson=$prefix/share/hitlab/scenes/ray-through-corner.json
  grep -qF "$lesson" "$scratch/report.txt" || { cat "$scratch/report.txt"; fail "the report does not name $lesson"; }
  env -u HITLAB_ASSETS "$prefix/bin/hitlab" report obb-plus-sign.json >/dev/null 2>&1 ||
    fail "hitlab report obb-plus-sign.json (a lesson with its extension) failed"
  if env -u HITLAB_ASSETS "$prefix/bin/hitlab" report no-such-lesson >/dev/null 2>&1; then
    fail "hitlab report no-such-lesson succeeded"
  fi
  env -u HITLAB_ASSETS "$prefix/bin/hitlab" algorithms >"$scratch/algorithms.txt" || fail "hitlab algorithms failed"
  # the bundled engine plugins by name, found in the moved tree's lib/hitlab/plugins
  if [ -f "$build/lib/hitlab/plugins/bullet.so" ]; then
    [ -f "$prefix/lib/hitlab/plugins/bullet.so" ] || fail "missing lib/hitlab/plugins/bullet.so"
    env -u HITLAB_PLUGINS "$prefix/bin/hitlab" algorithms --plugin bullet --family ray_aabb >"$scratch/engines.txt" 2>&1 ||
      { cat "$scratch/engines.txt"; fail "hitlab algorithms --plugin bullet failed in the moved tree"; }
    grep -q 'bullet_ray_aabb2' "$scratch/engines.txt" || fail "hitlab algorithms --plugin bullet lists no bullet_ray_aabb2"
  fi
  # the renderer from the moved tree on a lesson by name (needs a display: under xvfb-run when there)
  if command -v xvfb-run >/dev/null 2>&1; then
    env -u HITLAB_ASSETS xvfb-run -a -s "-screen 0 1280x720x24 -noreset" \
      "$prefix/bin/hitlab" render slab-2d-miss -o "$scratch/render.png" --size 320x240 >"$scratch/render.txt" 2>&1 ||
      { cat "$scratch/render.txt"; fail "hitlab render slab-2d-miss failed"; }
    [ "$(head -c 4 "$scratch/render.png" | od -An -c | tr -d ' ')" = "211PNG" ] || fail "hitlab render wrote no PNG"
  else
    echo "install_test: no xvfb-run, hitlab render not tried"
  fi
  grep -q '^ *slab\b\|\bslab\b' "$scratch/algorithms.txt" || fail "hitlab algorithms does not list slab"
  # the generated man page and completion hold every command the help lists
  zcat "$prefix/share/man/man1/hitlab.1.gz" >"$scratch/hitlab.1"
  for command in algorithms eval report hunt triage bench render; do
    grep -q "^\.SS $command\$" "$scratch/hitlab.1" || fail "hitlab.1 has no section for $command"
    grep -q "$command" "$prefix/share/bash-completion/completions/hitlab" || fail "the completion lacks $command"
  done
  bash -n "$prefix/share/bash-completion/completions/hitlab" || fail "the completion is not valid bash"
  # the completion at work: commands, lessons by name (found beside the hitlab on PATH), options,
  # an option's choices
  cat >"$scratch/complete.sh" <<'SH'
source "$1"
complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _hitlab
                   printf '%s\n' "${COMPREPLY[@]}" | sort -u | tr '\n' ' '; echo; }
complete_words hitlab rep
complete_words hitlab report ray-through-c
complete_words hitlab report --ex
complete_words hitlab render demo --view ""
SH
  (cd "$scratch" && PATH="$prefix/bin:/usr/bin:/bin" bash "$scratch/complete.sh" \
     "$prefix/share/bash-completion/completions/hitlab") >"$scratch/completions.txt"
  expected='report 
ray-through-corner 
--exact --external --external-timeout 
2d front persp right top '
  [ "$(cat "$scratch/completions.txt")" = "$expected" ] ||
    fail "completions: got $(cat "$scratch/completions.txt" | tr '\n' '|'), want $(echo "$expected" | tr '\n' '|')"
  echo "install_test relocated: ok ($(echo "$got" | wc -l) lessons, report and algorithms from $prefix)"
elif [ "$mode" = consumer ]; then
  # the files the installed hunt writes, built as they are (fixed seed and threads: the same cases
  # every run). Each asserts the exact answer against its --a: those of the flawed slab_branchless
  # (against the judge) fail, those of the reference slab (hunted against slab_branchless) pass.
  hunt="$prefix/bin/hitlab hunt --family ray_aabb --seed 1 --threads 1 --cases 4096 --quiet"
  $hunt --a slab_branchless --gtest "$scratch/flawed.cpp" >"$scratch/flawed.txt" 2>&1 &&
    fail "hitlab hunt found no counterexample to export"
  $hunt --a slab --b slab_branchless --gtest "$scratch/reference.cpp" >"$scratch/reference.txt" 2>&1 &&
    fail "hitlab hunt found no slab/slab_branchless case"
  grep -q '^TEST(' "$scratch/flawed.txt" "$scratch/reference.txt" &&
    fail "hitlab hunt --gtest FILE printed test code on standard output"
  flawed=$(grep -c '^TEST(' "$scratch/flawed.cpp" || true)
  reference=$(grep -c '^TEST(' "$scratch/reference.cpp" || true)
  [ "$flawed" -ge 1 ] && [ "$reference" -ge 1 ] ||
    { cat "$scratch/flawed.txt" "$scratch/reference.txt"; fail "hitlab hunt --gtest wrote no TEST case"; }
  grep -q '^#include "core/algorithm.h"$' "$scratch/flawed.cpp" || fail "the exported file has no includes"
  grep -q '^// Build: link HitLab::core and HitLab::exact' "$scratch/flawed.cpp" || fail "the exported file names no targets"
  "$cmake" -S "$source/tests/install/consumer" -B "$scratch/consumer" -G "$generator" \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
    -DHITLAB_HUNT_CASES="$scratch/flawed.cpp;$scratch/reference.cpp" >"$scratch/configure.log" 2>&1 ||
    { cat "$scratch/configure.log"; fail "configuring the consumer failed"; }
  "$cmake" --build "$scratch/consumer" >"$scratch/build.log" 2>&1 || { cat "$scratch/build.log"; fail "building the consumer failed"; }
  grep -q "HitLab_DIR:PATH=$prefix/lib/cmake/HitLab" "$scratch/consumer/CMakeCache.txt" ||
    fail "the consumer did not find HitLab in $prefix"
  "$scratch/consumer/consumer" || fail "the consumer's check failed"
  "$scratch/consumer/hunt_cases" >"$scratch/hunt_cases.log" 2>&1 &&
    { cat "$scratch/hunt_cases.log"; fail "the cases exported against slab_branchless passed: they do not assert the exact answer"; }
  grep -q "^\[  PASSED  \] $reference tests\?\.$" "$scratch/hunt_cases.log" ||
    { cat "$scratch/hunt_cases.log"; fail "want the $reference cases of slab (the reference) passed"; }
  grep -q "^\[  FAILED  \] $flawed tests\?, listed below:$" "$scratch/hunt_cases.log" ||
    { cat "$scratch/hunt_cases.log"; fail "want the $flawed cases of slab_branchless failed"; }
  failed=$(grep -c '^\[  FAILED  \] HuntRayAabb\.SlabBranchlessVsExact[0-9]* (' "$scratch/hunt_cases.log" || true)
  [ "$failed" = "$flawed" ] || { cat "$scratch/hunt_cases.log"; fail "want exactly the slab_branchless cases failed"; }
  echo "install_test consumer: ok (the core and judge check; $flawed exported cases fail on slab_branchless, $reference pass on slab)"
else
  fail "unknown mode (relocated or consumer)"
fi
