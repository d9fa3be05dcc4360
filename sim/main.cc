// SPDX-License-Identifier: Apache-2.0
// vfadd: the command-line tool (the commands are in sim/commands.cc, each in cmd_<name>.cc).
#include "tool.h"

int main(int argc, char** argv) { return vfadd::tool::Main(argc, argv); }
