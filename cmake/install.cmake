# install.cmake - What `cmake --install` puts where, and the package files
# (AmdSyncConfig.cmake with its version file and exported targets,
# amdsync.pc) that let a generator find it. Included from CMakeLists.txt.
#
#   include/amdsync/        mlir.h, llvm.h, stats.h, version.h
#   lib/libamdsync.so.*     the core, both front ends and their C API
#   lib/amdsync/            AmdSyncMLIR.so (mlir-opt), AmdSyncLLVM.so (opt, clang)
#   bin/                    amdsync-opt, amdsync-exec (the execution oracle)
#   share/amdsync/          amdsync.irdl.mlir (for mlir-opt --irdl-file)
#   lib/cmake/AmdSync/      AmdSyncConfig.cmake, ...Version.cmake, ...Targets.cmake
#   lib/pkgconfig/          amdsync.pc
#   share/doc/amdsync/      LICENSE.txt, CHANGELOG.md, README.md

set(AMDSYNC_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/AmdSync")
set(AMDSYNC_PLUGIN_DIR "${CMAKE_INSTALL_LIBDIR}/amdsync")

install(FILES
    include/amdsync/mlir.h include/amdsync/llvm.h include/amdsync/stats.h
    "${PROJECT_BINARY_DIR}/include/amdsync/version.h"
  DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/amdsync")

install(TARGETS amdsync EXPORT AmdSyncTargets
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}")
# The plugins find libMLIR.so and libLLVM.so where they were built against
# even when the program that loads them has not loaded those yet.
set_target_properties(AmdSyncMLIR AmdSyncLLVM PROPERTIES
  INSTALL_RPATH "${MLIR_LIB_DIR}")
install(TARGETS AmdSyncMLIR AmdSyncLLVM EXPORT AmdSyncTargets
  LIBRARY DESTINATION "${AMDSYNC_PLUGIN_DIR}")
install(TARGETS amdsync-opt amdsync-exec EXPORT AmdSyncTargets
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")

install(FILES dialect/amdsync.irdl.mlir
  DESTINATION "${CMAKE_INSTALL_DATADIR}/amdsync")
install(FILES LICENSE.txt CHANGELOG.md README.md
  DESTINATION "${CMAKE_INSTALL_DOCDIR}")

install(EXPORT AmdSyncTargets NAMESPACE AmdSync::
  DESTINATION "${AMDSYNC_CMAKE_DIR}")
configure_package_config_file(cmake/AmdSyncConfig.cmake.in
  "${PROJECT_BINARY_DIR}/cmake/AmdSyncConfig.cmake"
  INSTALL_DESTINATION "${AMDSYNC_CMAKE_DIR}"
  PATH_VARS AMDSYNC_PLUGIN_DIR CMAKE_INSTALL_DATADIR)
# Before 1.0 a minor version may break the API: only the same minor matches.
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/cmake/AmdSyncConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES
    "${PROJECT_BINARY_DIR}/cmake/AmdSyncConfig.cmake"
    "${PROJECT_BINARY_DIR}/cmake/AmdSyncConfigVersion.cmake"
  DESTINATION "${AMDSYNC_CMAKE_DIR}")

# pkg-config: the prefix is computed from the file's own place, so that a
# relocated install (DESTDIR, a copied tree) stays right.
# (The GNUInstallDirs directories may be absolute: each is taken relative
# to the prefix, as the file's own place is.)
file(RELATIVE_PATH AMDSYNC_PC_TO_PREFIX
  "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig" "${CMAKE_INSTALL_PREFIX}")
file(RELATIVE_PATH AMDSYNC_PC_LIBDIR "${CMAKE_INSTALL_PREFIX}"
  "${CMAKE_INSTALL_FULL_LIBDIR}")
file(RELATIVE_PATH AMDSYNC_PC_INCLUDEDIR "${CMAKE_INSTALL_PREFIX}"
  "${CMAKE_INSTALL_FULL_INCLUDEDIR}")
file(RELATIVE_PATH AMDSYNC_PC_DATADIR "${CMAKE_INSTALL_PREFIX}"
  "${CMAKE_INSTALL_FULL_DATADIR}")
configure_file(cmake/amdsync.pc.in "${PROJECT_BINARY_DIR}/amdsync.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/amdsync.pc"
  DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
