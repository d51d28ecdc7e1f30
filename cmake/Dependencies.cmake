# Every external dependency of HitLab, found here once (Debian packages through find_package or
# pkg-config; nothing is downloaded). Included from the top CMakeLists.txt before any target; the
# other CMakeLists.txt only link the targets and variables defined here.
#
# What a build finds depends on what it builds: the core-only build (HITLAB_CORE_ONLY, the arm64
# preset) and the fuzz build (HITLAB_FUZZ) find no GL, GLFW, Dear ImGui or stb.

# The core and its libraries: glm (core), nlohmann-json (core/io), GMP (core/exact), threads.
find_package(glm REQUIRED)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(GMPXX REQUIRED IMPORTED_TARGET gmpxx)
# The command line (app/cli; fuzz_eval compiles its eval.cpp).
find_package(CLI11 REQUIRED)

# Bullet: a peer oracle for tests and benchmarks only (btScalar = float in Debian's default build).
# Its headers are not warning-clean under our flags, so they come in as system headers.
if(HITLAB_BUILD_TESTS OR HITLAB_BUILD_BENCH)
  pkg_check_modules(BULLET REQUIRED bullet)
  add_library(hitlab_bullet INTERFACE)
  target_include_directories(hitlab_bullet SYSTEM INTERFACE ${BULLET_INCLUDE_DIRS})
  target_link_libraries(hitlab_bullet INTERFACE ${BULLET_LINK_LIBRARIES})
endif()

if(HITLAB_BUILD_TESTS AND NOT HITLAB_FUZZ)
  find_package(GTest REQUIRED)
endif()

if(HITLAB_CORE_ONLY OR HITLAB_FUZZ)
  return()
endif()

# render/: glad 2 is generated at configure time (render/CMakeLists.txt) by Debian's python3-glad.
find_program(GLAD_EXECUTABLE glad REQUIRED)
# app/gui: the window and the panels. Debian's libimgui.a holds the GLFW and OpenGL 3 backends;
# libstb holds stb_image_write (screenshots; the GUI tests read them back with stb_image).
find_package(glfw3 3.3 REQUIRED)
pkg_check_modules(IMGUI REQUIRED imgui)
pkg_check_modules(STB REQUIRED stb)
# render/: the lecture's decks (PDF through cairo, its text in DejaVu Sans Mono from
# fonts-dejavu-core) and animated GIFs (giflib).
pkg_check_modules(CAIRO REQUIRED IMPORTED_TARGET cairo)
find_package(GIF REQUIRED)

# Python: the man page and bash completion are generated from the built program's help
# (scripts/gen-man-and-completion); extreme_eval_check.py is Python too.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
if(HITLAB_BUILD_TESTS)
  # the GUI tests run under xvfb-run when it is there
  find_program(XVFB_RUN xvfb-run)
endif()
if(HITLAB_BUILD_BENCH)
  find_package(benchmark REQUIRED)
endif()
