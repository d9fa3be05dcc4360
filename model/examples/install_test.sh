#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# capi_install (ctest): installs the build BUILD into a fresh prefix under WORK, then builds
# example.c against the installed tree twice, with pkg-config and cc, and as a CMake project
# using find_package(vfadd), runs each and compares its output with expected.txt.
#   install_test.sh BUILD WORK CC [VERSION]
set -eu
if [ $# -lt 3 ]; then
  echo "usage: install_test.sh BUILD WORK CC [VERSION]" >&2
  exit 2
fi
build=$1 work=$2 cc=$3 version=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" >"$work/install.log"

# check NAME PROGRAM: PROGRAM's output against expected.txt.
check() {
  "$2" >"$work/$1.out"
  if ! diff -u "$here/expected.txt" "$work/$1.out"; then
    echo "capi_install: $1: the output differs from expected.txt (above)" >&2
    exit 1
  fi
  echo "capi_install: $1: ok"
}

# 1. pkg-config and cc (the libdir of vfadd.pc, wherever GNUInstallDirs put it).
pc=$(find "$prefix" -name vfadd.pc)
[ -n "$pc" ] || { echo "capi_install: no vfadd.pc under $prefix" >&2; exit 1; }
export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$pc")
libdir=$(pkg-config --variable=libdir vfadd)
# shellcheck disable=SC2046 # pkg-config's flags are words
"$cc" -std=c99 -Wall -Wextra -Werror $(pkg-config --cflags vfadd) -o "$work/example_pc" \
  "$here/example.c" $(pkg-config --libs vfadd) -Wl,-rpath,"$libdir"
check pkg-config "$work/example_pc"

# 2. a CMake project with find_package(vfadd).
cmake -S "$here" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
  -DVFADD_WANT_VERSION="$version" >"$work/cmake.log"
cmake --build "$work/cmake" >>"$work/cmake.log"
check find_package "$work/cmake/example"
