# Cross build for aarch64 Linux (scripts/test-arm64): Debian's g++-aarch64-linux-gnu, the arm64
# libraries from multiarch (libgtest-dev:arm64, libgmp-dev:arm64, libbullet-dev:arm64 in
# /usr/lib/aarch64-linux-gnu), and qemu-aarch64 to run what was built (test discovery and ctest).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)

# arm64 libraries and pkg-config files only; the architecture-independent headers (glm,
# nlohmann-json, CLI11) are found in /usr as for a native build.
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig")
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu/cmake)

# The arm64 loader and libraries are installed through multiarch (/lib/ld-linux-aarch64.so.1).
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
