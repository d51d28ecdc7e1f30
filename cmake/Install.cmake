# What `cmake --install` puts where (GNU layout under CMAKE_INSTALL_PREFIX), the CMake package
# HitLab (HitLab::core, HitLab::io, HitLab::exact), and the .deb packages `cpack -G DEB` makes
# (scripts/package). Included from the top CMakeLists.txt in the full build (not core-only, not
# fuzz). docs/install.md describes the result.
#
# Three components: Runtime (the program, its lessons, desktop entry, icon, man page, bash
# completion: the hitlab package), Development (the core libraries, their headers, the CMake
# package, include/hitlab/plugin.h and include/hitlab/capture.h: the hitlab-dev package) and
# Engines (the engine plugins of plugins/ in lib/hitlab/plugins: the hitlab-engines package, so
# that hitlab itself does not depend on Bullet, FCL, ODE and Box2D).

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The build tree mirrors the installed layout for the lessons: <build>/share/hitlab/scenes links to
# the source's assets/scenes, so the built program (app/hitlab, tests/*) finds them as the installed
# one does (app/paths/data_dir.h), and no source path is compiled into any binary.
file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/share/hitlab)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/assets/scenes ${PROJECT_BINARY_DIR}/share/hitlab/scenes SYMBOLIC)

# ------------------------------------------------------------------------------ Runtime

# hitlab-plugin-host beside hitlab: the process --plugin loads a plugin in (docs/plugins.md)
install(TARGETS hitlab hitlab-plugin-host RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT Runtime)
# the whole lesson directory, whatever it holds
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/scenes/ DESTINATION ${CMAKE_INSTALL_DATADIR}/hitlab/scenes
        COMPONENT Runtime PATTERN ".*" EXCLUDE)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/hitlab.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications
        COMPONENT Runtime)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/hitlab.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps COMPONENT Runtime)
# the documentation as in the tree (README.md's links into docs/ keep working) and the examples
# it refers to (external algorithm programs)
set(HITLAB_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/hitlab)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${HITLAB_DOC_DIR} COMPONENT Runtime)
# Debian wants a copyright file in each package's doc folder
install(FILES ${PROJECT_SOURCE_DIR}/packaging/copyright DESTINATION ${HITLAB_DOC_DIR} COMPONENT Runtime)
install(FILES ${PROJECT_SOURCE_DIR}/packaging/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/hitlab-dev
        COMPONENT Development)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${HITLAB_DOC_DIR}/docs COMPONENT Runtime PATTERN ".*" EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/ DESTINATION ${HITLAB_DOC_DIR}/examples COMPONENT Runtime
        PATTERN ".*" EXCLUDE PATTERN "__pycache__" EXCLUDE)
# the same icon as PNGs at the usual hicolor sizes, drawn from the SVG at build time
# (packaging/icon_raster.cpp) for desktops that do not read SVG icons
add_executable(hitlab_icon_raster ${PROJECT_SOURCE_DIR}/packaging/icon_raster.cpp)
target_include_directories(hitlab_icon_raster SYSTEM PRIVATE ${STB_INCLUDE_DIRS})
target_link_libraries(hitlab_icon_raster PRIVATE ${STB_LINK_LIBRARIES} hitlab_warnings)
set(HITLAB_ICONS)
foreach(size 16 24 32 48 64 128 256)
  set(icon ${PROJECT_BINARY_DIR}/generated/icons/${size}x${size}/hitlab.png)
  add_custom_command(
    OUTPUT ${icon}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/generated/icons/${size}x${size}
    COMMAND hitlab_icon_raster ${PROJECT_SOURCE_DIR}/packaging/hitlab.svg ${size} ${icon}
    DEPENDS hitlab_icon_raster ${PROJECT_SOURCE_DIR}/packaging/hitlab.svg
    VERBATIM)
  list(APPEND HITLAB_ICONS ${icon})
  install(FILES ${icon} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps COMPONENT Runtime)
endforeach()
add_custom_target(hitlab_icons ALL DEPENDS ${HITLAB_ICONS})

# The man page and the bash completion, generated from the built program's help.
set(HITLAB_MAN ${PROJECT_BINARY_DIR}/generated/man/hitlab.1)
set(HITLAB_COMPLETION ${PROJECT_BINARY_DIR}/generated/completion/hitlab)
add_custom_command(
  OUTPUT ${HITLAB_MAN} ${HITLAB_COMPLETION}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/generated/man
          ${PROJECT_BINARY_DIR}/generated/completion
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/gen-man-and-completion --hitlab $<TARGET_FILE:hitlab>
          --version ${PROJECT_VERSION} --man ${HITLAB_MAN} --completion ${HITLAB_COMPLETION}
  DEPENDS hitlab ${PROJECT_SOURCE_DIR}/scripts/gen-man-and-completion
  COMMENT "Generating hitlab.1 and the bash completion from hitlab --help"
  VERBATIM)
# compressed as Debian installs man pages (gzip -n: no name or time stamp, the same bytes each build)
add_custom_command(
  OUTPUT ${HITLAB_MAN}.gz
  COMMAND gzip -9nkf ${HITLAB_MAN}
  DEPENDS ${HITLAB_MAN}
  VERBATIM)
add_custom_target(hitlab_help_files ALL DEPENDS ${HITLAB_MAN}.gz ${HITLAB_COMPLETION})
install(FILES ${HITLAB_MAN}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT Runtime)
install(FILES ${HITLAB_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        COMPONENT Runtime)

# ------------------------------------------------------------------------------ Development

# HitLab::core, HitLab::io, HitLab::exact: static libraries with their headers under
# include/hitlab (included as "core/...", as in the tree).
set_target_properties(hitlab_core PROPERTIES EXPORT_NAME core)
set_target_properties(hitlab_io PROPERTIES EXPORT_NAME io)
set_target_properties(hitlab_exact PROPERTIES EXPORT_NAME exact)
install(TARGETS hitlab_core hitlab_io hitlab_exact EXPORT HitLabTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT Development
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hitlab ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/core/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hitlab/core
        COMPONENT Development FILES_MATCHING PATTERN "*.h")
if(EXISTS ${PROJECT_SOURCE_DIR}/include/hitlab/plugin.h)
  install(FILES ${PROJECT_SOURCE_DIR}/include/hitlab/plugin.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hitlab
          COMPONENT Development)
endif()
# hitlab/capture.h, the recorder an engine includes (docs/capture.md), beside plugin.h
install(FILES ${PROJECT_SOURCE_DIR}/include/hitlab/capture.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/hitlab
        COMPONENT Development)

set(HITLAB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/HitLab)
install(EXPORT HitLabTargets NAMESPACE HitLab:: DESTINATION ${HITLAB_CMAKE_DIR} COMPONENT Development)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/HitLabConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/generated/cmake/HitLabConfig.cmake
                              INSTALL_DESTINATION ${HITLAB_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/generated/cmake/HitLabConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/generated/cmake/HitLabConfig.cmake
              ${PROJECT_BINARY_DIR}/generated/cmake/HitLabConfigVersion.cmake
        DESTINATION ${HITLAB_CMAKE_DIR} COMPONENT Development)

# ------------------------------------------------------------------------------ .deb (cpack -G DEB)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME hitlab)
set(CPACK_PACKAGE_VENDOR "HitLab")
set(CPACK_PACKAGE_CONTACT "HitLab developers <hitlab@example.org>")
# the Description fields: a summary line, then the long text (no CPACK_PACKAGE_DESCRIPTION_SUMMARY,
# which CPack would put before both)
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION
    "visual debugger for geometric intersection algorithms
HitLab runs published ray and overlap intersection algorithms (ray against box,
sphere, plane or oriented box; box, sphere and oriented-box overlaps) on the same
input, shows what each computes step by step, and explains where they disagree.
It has an exact rational judge, a search for disagreeing inputs, benchmarks and
lessons. This package holds the program (window and command line) and the lessons.")
set(CPACK_COMPONENT_DEVELOPMENT_DESCRIPTION
    "HitLab core libraries: intersection algorithms and the exact judge
The static libraries and headers of HitLab's core (shapes, the intersection
algorithms and their registry, the comparison, the query protocol's JSON, the
exact rational judge) with the CMake package HitLab (HitLab::core, HitLab::io,
HitLab::exact), so that an engine's tests can check its intersection code
against them; and the header for external algorithm programs.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL Runtime Development)
if(HITLAB_ENGINE_PLUGIN_TARGETS)
  list(APPEND CPACK_COMPONENTS_ALL Engines)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME hitlab)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION science)
# the shared libraries the binary links (dpkg-shlibdeps), and the OpenGL driver glad opens at run time
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "libgl1")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_RECOMMENDS "libgl1-mesa-dri, bash-completion")
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_NAME hitlab-dev)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_SECTION libdevel)
# the headers' and the CMake package's dependencies (find_dependency in HitLabConfig.cmake)
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_DEPENDS "libglm-dev, nlohmann-json3-dev (>= 3.10), libgmp-dev, pkg-config")
set(CPACK_DEBIAN_DEVELOPMENT_PACKAGE_RECOMMENDS "cmake (>= 3.25), g++")
set(CPACK_COMPONENT_ENGINES_DESCRIPTION
    "HitLab engine plugins: Bullet, FCL, ODE and Box2D as peers
Plugins of HitLab's C ABI that wrap real engines' intersection and contact
functions (Bullet's btRayAabb2, btRayAabb, rayTestSingle and contact tests, FCL's
collide, ODE's dCollide, Box2D's b2AABB::RayCast), each declaring its
conventions, so that HitLab compares them with the exact answer and explains
their differences. Load one with hitlab --plugin bullet.")
set(CPACK_DEBIAN_ENGINES_PACKAGE_NAME hitlab-engines)
set(CPACK_DEBIAN_ENGINES_PACKAGE_SECTION science)
# the engines' shared libraries (dpkg-shlibdeps), and the program that loads the plugins
set(CPACK_DEBIAN_ENGINES_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_ENGINES_PACKAGE_DEPENDS "hitlab (= ${PROJECT_VERSION})")
include(CPack)
