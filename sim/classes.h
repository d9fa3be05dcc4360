// SPDX-License-Identifier: Apache-2.0
// Mismatch classes in the commands (lib/mismatch_class.h): `check --classes` prints the classes
// of the failing cases, `shrink --classes` shrinks the first case of each class.
#ifndef VFADD_SIM_CLASSES_H_
#define VFADD_SIM_CLASSES_H_

#include <cstdio>
#include <string>
#include <vector>

#include "mismatch_class.h"
#include "tool.h"

namespace vfadd::tool {

struct ClassCount {
  MismatchClass k;
  uint64_t count = 0;
  size_t first = 0;  // index of its first case
};

// The classes of the mismatching responses of rep (cases in order), sorted by class.
std::vector<ClassCount> CountClasses(const std::vector<Located>& cases, const top::Report& rep);

// "mismatch classes: N" and a line per class: count, name, the first case's FILE:LINE.
void PrintClasses(FILE* out, const std::vector<Located>& cases,
                  const std::vector<ClassCount>& classes);

// vfadd shrink --classes: runs the cases of `path` on `engine`, and for each class of the failing
// ones shrinks its first case to the simplest that still fails in that class (Shrink repeated
// until no reduction of it still fails in the class: a fixpoint). Prints, per class,
// "# class NAME: N cases, the first at FILE:LINE", the shrink comment and the checked line.
int ShrinkClasses(const std::string& path, const Engine& engine);

}  // namespace vfadd::tool

#endif  // VFADD_SIM_CLASSES_H_
