# Shared by scripts/run, scripts/test and scripts/bench: package installation and the build.
# Sourced, not run.

HITLAB_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

# Debian bookworm packages HitLab builds, tests and runs with.
HITLAB_PACKAGES=(
  cmake ninja-build g++ pkg-config
  libglm-dev libglfw3-dev libimgui-dev libstb-dev python3-glad
  nlohmann-json3-dev libcli11-dev
  libgtest-dev libgmock-dev libbenchmark-dev libbullet-dev libgmp-dev
  xvfb xauth libgl1-mesa-dri xdotool
  # the lecture: the scalable font of presentation mode, PDF decks (cairo) and animated GIFs
  fonts-dejavu-core libcairo2-dev libgif-dev
  # the engine plugins (plugins/: Bullet's float64 build comes with libbullet-dev), not needed by
  # the core-only arm64 build
  libfcl-dev libode-dev libbox2d-dev libembree-dev libccd-dev
  # clang with its runtime (libFuzzer, sanitizers): the fuzz targets, scripts/fuzz
  clang libclang-rt-14-dev
  # the source checks (formatting): scripts/check-source
  clang-format
  # the Debian packages (dpkg-shlibdeps finds the program's library dependencies): scripts/package;
  # desktop-file-validate checks the installed desktop entry (tests/install)
  dpkg-dev desktop-file-utils
  # the aarch64 cross build of the core and its tests, run under qemu: scripts/test-arm64
  g++-aarch64-linux-gnu qemu-user
)

# The arm64 libraries of that cross build (Debian multiarch: dpkg --add-architecture arm64).
HITLAB_ARM64_PACKAGES=(libgtest-dev:arm64 libgmock-dev:arm64 libgmp-dev:arm64 libbullet-dev:arm64)

hitlab_log() { printf '\033[1m[hitlab]\033[0m %s\n' "$*" >&2; }

# Installs the packages that are missing (dpkg-query first), with sudo when not root.
hitlab_install_packages() {
  local missing=()
  local pkg
  for pkg in "${HITLAB_PACKAGES[@]}" "$@"; do
    # dpkg-query -W, not dpkg -s: with multiarch (scripts/test-arm64) a name may have two instances
    dpkg-query -W -f='${db:Status-Abbrev}\n' "$pkg" 2>/dev/null | grep -q '^ii' || missing+=("$pkg")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  hitlab_log "installing missing packages: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      hitlab_log "not root and no sudo: install these packages first: ${missing[*]}"
      return 1
    fi
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq || { hitlab_log "apt-get update failed"; return 1; }
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
    { hitlab_log "apt-get install failed for: ${missing[*]}"; return 1; }
}

# Enables the arm64 architecture in dpkg when it is not yet, then installs the missing
# HITLAB_ARM64_PACKAGES.
hitlab_install_arm64_packages() {
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
  fi
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    hitlab_log "enabling the arm64 architecture (dpkg multiarch)"
    "${sudo[@]}" dpkg --add-architecture arm64 || { hitlab_log "dpkg --add-architecture arm64 failed"; return 1; }
    "${sudo[@]}" apt-get update -qq || { hitlab_log "apt-get update failed"; return 1; }
  fi
  hitlab_install_packages "${HITLAB_ARM64_PACKAGES[@]}"
}

# Configures and builds a preset (release, debug, asan, arm64); extra arguments are build targets.
hitlab_build() {
  local preset="$1"; shift
  local jobs
  jobs="$(nproc 2>/dev/null || echo 2)"
  cd "$HITLAB_ROOT" || return 1
  hitlab_log "configuring ($preset)"
  cmake --preset "$preset" >/dev/null || { cmake --preset "$preset"; return 1; }
  hitlab_log "building ($preset${*:+: $*})"
  if [ $# -gt 0 ]; then
    cmake --build --preset "$preset" -j "$jobs" --target "$@"
  else
    cmake --build --preset "$preset" -j "$jobs"
  fi
}
