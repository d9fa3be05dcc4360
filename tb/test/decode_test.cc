// SPDX-License-Identifier: Apache-2.0
// Tests of the decoder, encoder and disassembler (model/src/decode.cc) against section 7 of
// docs/semantics.md and against GNU binutils 2.40.
//
// Expected values come from two sources independent of decode.cc:
//  (a) the example words of section 7 with their texts (SpecExample* tests, typed in by hand);
//  (b) kBinutilsTable below, produced with Debian bookworm's binutils-aarch64-linux-gnu 2.40-2:
//        apt-get install -y binutils-aarch64-linux-gnu
//        aarch64-linux-gnu-as -march=armv9-a+sve2 t.s -o t.o
//        aarch64-linux-gnu-objdump -d t.o
//      where t.s held, one per line:
//      * every valid form in binutils syntax: fadd/fsub/fsubr (vectors, predicated), fadd/fsub
//        (vectors, unpredicated), fadd/fsub/fsubr #0.5 and #1.0, faddp, fadda, faddv, each for
//        .h/.s/.d, and movprfx unpredicated plus predicated .b/.h/.s/.d with /z and /m; each with 8
//        operand sets, tuple k = 0..7 taking pg = k, zd = R[k], zm = R[(k+3)%8], zn = R[(k+5)%8]
//        with R = {0, 1, 2, 7, 15, 16, 30, 31}. The word is as's output; objdump printed back
//        exactly the source line for all 408 of them (apart from the tab below).
//      * `.inst 0x...` lines for in-family unallocated words built from the section 7 patterns
//        (every form with size = 00; the immediate forms with bits 9:6 in {0001, 1000, 1111, 0110}
//        at each size), for unrelated words, for FADDQV, for MOVPRFX look-alikes, and for near
//        misses: one valid word (size 10) of each pattern with each of its fixed bits flipped.
//      Normalisation to our format: objdump separates mnemonic and operands with a tab, we use
//      one space (otherwise its text is already ours: lower case, ", " separators, "#0.5"/"#1.0",
//      "p2/m", scalar h/s/d registers for fadda/faddv). objdump prints ".inst 0x... ; undefined"
//      for unallocated words; an in-family unallocated word (per section 7) is "undefined" here,
//      any word that binutils does not print as one of fadd/fsub/fsubr/faddp/fadda/faddv/movprfx
//      is "other" (objdump's own text kept as a comment). binutils 2.40 predates SVE2.1, so it
//      prints FADDQV as undefined; we classify it as "other" as required.
//  Checked during development (scripts under /tmp, not committed): for every one of the 415,232
//  kArith/kMovprfx/kMovprfxPred words (all field values), aarch64-linux-gnu-as re-assembles the
//  Disassemble() text to the same word, and objdump's text for the word equals Disassemble()
//  after the tab normalisation; every word with top byte 04/64/65 that objdump prints as a family
//  mnemonic decodes to that text, and all 208,384 in-family unallocated words are undefined to
//  objdump too.
#include "vfadd/decode.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace vfadd {
namespace {

struct WordText {
  uint32_t word;
  const char* text;
};

// Generated as described at the top of this file; 621 words.
constexpr WordText kBinutilsTable[] = {
    // Valid forms, assembled from binutils syntax (objdump text identical to the source line).
    {0x654080e0, "fadd z0.h, p0/m, z0.h, z7.h"},
    {0x654085e1, "fadd z1.h, p1/m, z1.h, z15.h"},
    {0x65408a02, "fadd z2.h, p2/m, z2.h, z16.h"},
    {0x65408fc7, "fadd z7.h, p3/m, z7.h, z30.h"},
    {0x654093ef, "fadd z15.h, p4/m, z15.h, z31.h"},
    {0x65409410, "fadd z16.h, p5/m, z16.h, z0.h"},
    {0x6540983e, "fadd z30.h, p6/m, z30.h, z1.h"},
    {0x65409c5f, "fadd z31.h, p7/m, z31.h, z2.h"},
    {0x654180e0, "fsub z0.h, p0/m, z0.h, z7.h"},
    {0x654185e1, "fsub z1.h, p1/m, z1.h, z15.h"},
    {0x65418a02, "fsub z2.h, p2/m, z2.h, z16.h"},
    {0x65418fc7, "fsub z7.h, p3/m, z7.h, z30.h"},
    {0x654193ef, "fsub z15.h, p4/m, z15.h, z31.h"},
    {0x65419410, "fsub z16.h, p5/m, z16.h, z0.h"},
    {0x6541983e, "fsub z30.h, p6/m, z30.h, z1.h"},
    {0x65419c5f, "fsub z31.h, p7/m, z31.h, z2.h"},
    {0x654380e0, "fsubr z0.h, p0/m, z0.h, z7.h"},
    {0x654385e1, "fsubr z1.h, p1/m, z1.h, z15.h"},
    {0x65438a02, "fsubr z2.h, p2/m, z2.h, z16.h"},
    {0x65438fc7, "fsubr z7.h, p3/m, z7.h, z30.h"},
    {0x654393ef, "fsubr z15.h, p4/m, z15.h, z31.h"},
    {0x65439410, "fsubr z16.h, p5/m, z16.h, z0.h"},
    {0x6543983e, "fsubr z30.h, p6/m, z30.h, z1.h"},
    {0x65439c5f, "fsubr z31.h, p7/m, z31.h, z2.h"},
    {0x65470200, "fadd z0.h, z16.h, z7.h"},
    {0x654f03c1, "fadd z1.h, z30.h, z15.h"},
    {0x655003e2, "fadd z2.h, z31.h, z16.h"},
    {0x655e0007, "fadd z7.h, z0.h, z30.h"},
    {0x655f002f, "fadd z15.h, z1.h, z31.h"},
    {0x65400050, "fadd z16.h, z2.h, z0.h"},
    {0x654100fe, "fadd z30.h, z7.h, z1.h"},
    {0x654201ff, "fadd z31.h, z15.h, z2.h"},
    {0x65470600, "fsub z0.h, z16.h, z7.h"},
    {0x654f07c1, "fsub z1.h, z30.h, z15.h"},
    {0x655007e2, "fsub z2.h, z31.h, z16.h"},
    {0x655e0407, "fsub z7.h, z0.h, z30.h"},
    {0x655f042f, "fsub z15.h, z1.h, z31.h"},
    {0x65400450, "fsub z16.h, z2.h, z0.h"},
    {0x654104fe, "fsub z30.h, z7.h, z1.h"},
    {0x654205ff, "fsub z31.h, z15.h, z2.h"},
    {0x65588000, "fadd z0.h, p0/m, z0.h, #0.5"},
    {0x65588401, "fadd z1.h, p1/m, z1.h, #0.5"},
    {0x65588802, "fadd z2.h, p2/m, z2.h, #0.5"},
    {0x65588c07, "fadd z7.h, p3/m, z7.h, #0.5"},
    {0x6558900f, "fadd z15.h, p4/m, z15.h, #0.5"},
    {0x65589410, "fadd z16.h, p5/m, z16.h, #0.5"},
    {0x6558981e, "fadd z30.h, p6/m, z30.h, #0.5"},
    {0x65589c1f, "fadd z31.h, p7/m, z31.h, #0.5"},
    {0x65588020, "fadd z0.h, p0/m, z0.h, #1.0"},
    {0x65588421, "fadd z1.h, p1/m, z1.h, #1.0"},
    {0x65588822, "fadd z2.h, p2/m, z2.h, #1.0"},
    {0x65588c27, "fadd z7.h, p3/m, z7.h, #1.0"},
    {0x6558902f, "fadd z15.h, p4/m, z15.h, #1.0"},
    {0x65589430, "fadd z16.h, p5/m, z16.h, #1.0"},
    {0x6558983e, "fadd z30.h, p6/m, z30.h, #1.0"},
    {0x65589c3f, "fadd z31.h, p7/m, z31.h, #1.0"},
    {0x65598000, "fsub z0.h, p0/m, z0.h, #0.5"},
    {0x65598401, "fsub z1.h, p1/m, z1.h, #0.5"},
    {0x65598802, "fsub z2.h, p2/m, z2.h, #0.5"},
    {0x65598c07, "fsub z7.h, p3/m, z7.h, #0.5"},
    {0x6559900f, "fsub z15.h, p4/m, z15.h, #0.5"},
    {0x65599410, "fsub z16.h, p5/m, z16.h, #0.5"},
    {0x6559981e, "fsub z30.h, p6/m, z30.h, #0.5"},
    {0x65599c1f, "fsub z31.h, p7/m, z31.h, #0.5"},
    {0x65598020, "fsub z0.h, p0/m, z0.h, #1.0"},
    {0x65598421, "fsub z1.h, p1/m, z1.h, #1.0"},
    {0x65598822, "fsub z2.h, p2/m, z2.h, #1.0"},
    {0x65598c27, "fsub z7.h, p3/m, z7.h, #1.0"},
    {0x6559902f, "fsub z15.h, p4/m, z15.h, #1.0"},
    {0x65599430, "fsub z16.h, p5/m, z16.h, #1.0"},
    {0x6559983e, "fsub z30.h, p6/m, z30.h, #1.0"},
    {0x65599c3f, "fsub z31.h, p7/m, z31.h, #1.0"},
    {0x655b8000, "fsubr z0.h, p0/m, z0.h, #0.5"},
    {0x655b8401, "fsubr z1.h, p1/m, z1.h, #0.5"},
    {0x655b8802, "fsubr z2.h, p2/m, z2.h, #0.5"},
    {0x655b8c07, "fsubr z7.h, p3/m, z7.h, #0.5"},
    {0x655b900f, "fsubr z15.h, p4/m, z15.h, #0.5"},
    {0x655b9410, "fsubr z16.h, p5/m, z16.h, #0.5"},
    {0x655b981e, "fsubr z30.h, p6/m, z30.h, #0.5"},
    {0x655b9c1f, "fsubr z31.h, p7/m, z31.h, #0.5"},
    {0x655b8020, "fsubr z0.h, p0/m, z0.h, #1.0"},
    {0x655b8421, "fsubr z1.h, p1/m, z1.h, #1.0"},
    {0x655b8822, "fsubr z2.h, p2/m, z2.h, #1.0"},
    {0x655b8c27, "fsubr z7.h, p3/m, z7.h, #1.0"},
    {0x655b902f, "fsubr z15.h, p4/m, z15.h, #1.0"},
    {0x655b9430, "fsubr z16.h, p5/m, z16.h, #1.0"},
    {0x655b983e, "fsubr z30.h, p6/m, z30.h, #1.0"},
    {0x655b9c3f, "fsubr z31.h, p7/m, z31.h, #1.0"},
    {0x645080e0, "faddp z0.h, p0/m, z0.h, z7.h"},
    {0x645085e1, "faddp z1.h, p1/m, z1.h, z15.h"},
    {0x64508a02, "faddp z2.h, p2/m, z2.h, z16.h"},
    {0x64508fc7, "faddp z7.h, p3/m, z7.h, z30.h"},
    {0x645093ef, "faddp z15.h, p4/m, z15.h, z31.h"},
    {0x64509410, "faddp z16.h, p5/m, z16.h, z0.h"},
    {0x6450983e, "faddp z30.h, p6/m, z30.h, z1.h"},
    {0x64509c5f, "faddp z31.h, p7/m, z31.h, z2.h"},
    {0x655820e0, "fadda h0, p0, h0, z7.h"},
    {0x655825e1, "fadda h1, p1, h1, z15.h"},
    {0x65582a02, "fadda h2, p2, h2, z16.h"},
    {0x65582fc7, "fadda h7, p3, h7, z30.h"},
    {0x655833ef, "fadda h15, p4, h15, z31.h"},
    {0x65583410, "fadda h16, p5, h16, z0.h"},
    {0x6558383e, "fadda h30, p6, h30, z1.h"},
    {0x65583c5f, "fadda h31, p7, h31, z2.h"},
    {0x65402200, "faddv h0, p0, z16.h"},
    {0x654027c1, "faddv h1, p1, z30.h"},
    {0x65402be2, "faddv h2, p2, z31.h"},
    {0x65402c07, "faddv h7, p3, z0.h"},
    {0x6540302f, "faddv h15, p4, z1.h"},
    {0x65403450, "faddv h16, p5, z2.h"},
    {0x654038fe, "faddv h30, p6, z7.h"},
    {0x65403dff, "faddv h31, p7, z15.h"},
    {0x658080e0, "fadd z0.s, p0/m, z0.s, z7.s"},
    {0x658085e1, "fadd z1.s, p1/m, z1.s, z15.s"},
    {0x65808a02, "fadd z2.s, p2/m, z2.s, z16.s"},
    {0x65808fc7, "fadd z7.s, p3/m, z7.s, z30.s"},
    {0x658093ef, "fadd z15.s, p4/m, z15.s, z31.s"},
    {0x65809410, "fadd z16.s, p5/m, z16.s, z0.s"},
    {0x6580983e, "fadd z30.s, p6/m, z30.s, z1.s"},
    {0x65809c5f, "fadd z31.s, p7/m, z31.s, z2.s"},
    {0x658180e0, "fsub z0.s, p0/m, z0.s, z7.s"},
    {0x658185e1, "fsub z1.s, p1/m, z1.s, z15.s"},
    {0x65818a02, "fsub z2.s, p2/m, z2.s, z16.s"},
    {0x65818fc7, "fsub z7.s, p3/m, z7.s, z30.s"},
    {0x658193ef, "fsub z15.s, p4/m, z15.s, z31.s"},
    {0x65819410, "fsub z16.s, p5/m, z16.s, z0.s"},
    {0x6581983e, "fsub z30.s, p6/m, z30.s, z1.s"},
    {0x65819c5f, "fsub z31.s, p7/m, z31.s, z2.s"},
    {0x658380e0, "fsubr z0.s, p0/m, z0.s, z7.s"},
    {0x658385e1, "fsubr z1.s, p1/m, z1.s, z15.s"},
    {0x65838a02, "fsubr z2.s, p2/m, z2.s, z16.s"},
    {0x65838fc7, "fsubr z7.s, p3/m, z7.s, z30.s"},
    {0x658393ef, "fsubr z15.s, p4/m, z15.s, z31.s"},
    {0x65839410, "fsubr z16.s, p5/m, z16.s, z0.s"},
    {0x6583983e, "fsubr z30.s, p6/m, z30.s, z1.s"},
    {0x65839c5f, "fsubr z31.s, p7/m, z31.s, z2.s"},
    {0x65870200, "fadd z0.s, z16.s, z7.s"},
    {0x658f03c1, "fadd z1.s, z30.s, z15.s"},
    {0x659003e2, "fadd z2.s, z31.s, z16.s"},
    {0x659e0007, "fadd z7.s, z0.s, z30.s"},
    {0x659f002f, "fadd z15.s, z1.s, z31.s"},
    {0x65800050, "fadd z16.s, z2.s, z0.s"},
    {0x658100fe, "fadd z30.s, z7.s, z1.s"},
    {0x658201ff, "fadd z31.s, z15.s, z2.s"},
    {0x65870600, "fsub z0.s, z16.s, z7.s"},
    {0x658f07c1, "fsub z1.s, z30.s, z15.s"},
    {0x659007e2, "fsub z2.s, z31.s, z16.s"},
    {0x659e0407, "fsub z7.s, z0.s, z30.s"},
    {0x659f042f, "fsub z15.s, z1.s, z31.s"},
    {0x65800450, "fsub z16.s, z2.s, z0.s"},
    {0x658104fe, "fsub z30.s, z7.s, z1.s"},
    {0x658205ff, "fsub z31.s, z15.s, z2.s"},
    {0x65988000, "fadd z0.s, p0/m, z0.s, #0.5"},
    {0x65988401, "fadd z1.s, p1/m, z1.s, #0.5"},
    {0x65988802, "fadd z2.s, p2/m, z2.s, #0.5"},
    {0x65988c07, "fadd z7.s, p3/m, z7.s, #0.5"},
    {0x6598900f, "fadd z15.s, p4/m, z15.s, #0.5"},
    {0x65989410, "fadd z16.s, p5/m, z16.s, #0.5"},
    {0x6598981e, "fadd z30.s, p6/m, z30.s, #0.5"},
    {0x65989c1f, "fadd z31.s, p7/m, z31.s, #0.5"},
    {0x65988020, "fadd z0.s, p0/m, z0.s, #1.0"},
    {0x65988421, "fadd z1.s, p1/m, z1.s, #1.0"},
    {0x65988822, "fadd z2.s, p2/m, z2.s, #1.0"},
    {0x65988c27, "fadd z7.s, p3/m, z7.s, #1.0"},
    {0x6598902f, "fadd z15.s, p4/m, z15.s, #1.0"},
    {0x65989430, "fadd z16.s, p5/m, z16.s, #1.0"},
    {0x6598983e, "fadd z30.s, p6/m, z30.s, #1.0"},
    {0x65989c3f, "fadd z31.s, p7/m, z31.s, #1.0"},
    {0x65998000, "fsub z0.s, p0/m, z0.s, #0.5"},
    {0x65998401, "fsub z1.s, p1/m, z1.s, #0.5"},
    {0x65998802, "fsub z2.s, p2/m, z2.s, #0.5"},
    {0x65998c07, "fsub z7.s, p3/m, z7.s, #0.5"},
    {0x6599900f, "fsub z15.s, p4/m, z15.s, #0.5"},
    {0x65999410, "fsub z16.s, p5/m, z16.s, #0.5"},
    {0x6599981e, "fsub z30.s, p6/m, z30.s, #0.5"},
    {0x65999c1f, "fsub z31.s, p7/m, z31.s, #0.5"},
    {0x65998020, "fsub z0.s, p0/m, z0.s, #1.0"},
    {0x65998421, "fsub z1.s, p1/m, z1.s, #1.0"},
    {0x65998822, "fsub z2.s, p2/m, z2.s, #1.0"},
    {0x65998c27, "fsub z7.s, p3/m, z7.s, #1.0"},
    {0x6599902f, "fsub z15.s, p4/m, z15.s, #1.0"},
    {0x65999430, "fsub z16.s, p5/m, z16.s, #1.0"},
    {0x6599983e, "fsub z30.s, p6/m, z30.s, #1.0"},
    {0x65999c3f, "fsub z31.s, p7/m, z31.s, #1.0"},
    {0x659b8000, "fsubr z0.s, p0/m, z0.s, #0.5"},
    {0x659b8401, "fsubr z1.s, p1/m, z1.s, #0.5"},
    {0x659b8802, "fsubr z2.s, p2/m, z2.s, #0.5"},
    {0x659b8c07, "fsubr z7.s, p3/m, z7.s, #0.5"},
    {0x659b900f, "fsubr z15.s, p4/m, z15.s, #0.5"},
    {0x659b9410, "fsubr z16.s, p5/m, z16.s, #0.5"},
    {0x659b981e, "fsubr z30.s, p6/m, z30.s, #0.5"},
    {0x659b9c1f, "fsubr z31.s, p7/m, z31.s, #0.5"},
    {0x659b8020, "fsubr z0.s, p0/m, z0.s, #1.0"},
    {0x659b8421, "fsubr z1.s, p1/m, z1.s, #1.0"},
    {0x659b8822, "fsubr z2.s, p2/m, z2.s, #1.0"},
    {0x659b8c27, "fsubr z7.s, p3/m, z7.s, #1.0"},
    {0x659b902f, "fsubr z15.s, p4/m, z15.s, #1.0"},
    {0x659b9430, "fsubr z16.s, p5/m, z16.s, #1.0"},
    {0x659b983e, "fsubr z30.s, p6/m, z30.s, #1.0"},
    {0x659b9c3f, "fsubr z31.s, p7/m, z31.s, #1.0"},
    {0x649080e0, "faddp z0.s, p0/m, z0.s, z7.s"},
    {0x649085e1, "faddp z1.s, p1/m, z1.s, z15.s"},
    {0x64908a02, "faddp z2.s, p2/m, z2.s, z16.s"},
    {0x64908fc7, "faddp z7.s, p3/m, z7.s, z30.s"},
    {0x649093ef, "faddp z15.s, p4/m, z15.s, z31.s"},
    {0x64909410, "faddp z16.s, p5/m, z16.s, z0.s"},
    {0x6490983e, "faddp z30.s, p6/m, z30.s, z1.s"},
    {0x64909c5f, "faddp z31.s, p7/m, z31.s, z2.s"},
    {0x659820e0, "fadda s0, p0, s0, z7.s"},
    {0x659825e1, "fadda s1, p1, s1, z15.s"},
    {0x65982a02, "fadda s2, p2, s2, z16.s"},
    {0x65982fc7, "fadda s7, p3, s7, z30.s"},
    {0x659833ef, "fadda s15, p4, s15, z31.s"},
    {0x65983410, "fadda s16, p5, s16, z0.s"},
    {0x6598383e, "fadda s30, p6, s30, z1.s"},
    {0x65983c5f, "fadda s31, p7, s31, z2.s"},
    {0x65802200, "faddv s0, p0, z16.s"},
    {0x658027c1, "faddv s1, p1, z30.s"},
    {0x65802be2, "faddv s2, p2, z31.s"},
    {0x65802c07, "faddv s7, p3, z0.s"},
    {0x6580302f, "faddv s15, p4, z1.s"},
    {0x65803450, "faddv s16, p5, z2.s"},
    {0x658038fe, "faddv s30, p6, z7.s"},
    {0x65803dff, "faddv s31, p7, z15.s"},
    {0x65c080e0, "fadd z0.d, p0/m, z0.d, z7.d"},
    {0x65c085e1, "fadd z1.d, p1/m, z1.d, z15.d"},
    {0x65c08a02, "fadd z2.d, p2/m, z2.d, z16.d"},
    {0x65c08fc7, "fadd z7.d, p3/m, z7.d, z30.d"},
    {0x65c093ef, "fadd z15.d, p4/m, z15.d, z31.d"},
    {0x65c09410, "fadd z16.d, p5/m, z16.d, z0.d"},
    {0x65c0983e, "fadd z30.d, p6/m, z30.d, z1.d"},
    {0x65c09c5f, "fadd z31.d, p7/m, z31.d, z2.d"},
    {0x65c180e0, "fsub z0.d, p0/m, z0.d, z7.d"},
    {0x65c185e1, "fsub z1.d, p1/m, z1.d, z15.d"},
    {0x65c18a02, "fsub z2.d, p2/m, z2.d, z16.d"},
    {0x65c18fc7, "fsub z7.d, p3/m, z7.d, z30.d"},
    {0x65c193ef, "fsub z15.d, p4/m, z15.d, z31.d"},
    {0x65c19410, "fsub z16.d, p5/m, z16.d, z0.d"},
    {0x65c1983e, "fsub z30.d, p6/m, z30.d, z1.d"},
    {0x65c19c5f, "fsub z31.d, p7/m, z31.d, z2.d"},
    {0x65c380e0, "fsubr z0.d, p0/m, z0.d, z7.d"},
    {0x65c385e1, "fsubr z1.d, p1/m, z1.d, z15.d"},
    {0x65c38a02, "fsubr z2.d, p2/m, z2.d, z16.d"},
    {0x65c38fc7, "fsubr z7.d, p3/m, z7.d, z30.d"},
    {0x65c393ef, "fsubr z15.d, p4/m, z15.d, z31.d"},
    {0x65c39410, "fsubr z16.d, p5/m, z16.d, z0.d"},
    {0x65c3983e, "fsubr z30.d, p6/m, z30.d, z1.d"},
    {0x65c39c5f, "fsubr z31.d, p7/m, z31.d, z2.d"},
    {0x65c70200, "fadd z0.d, z16.d, z7.d"},
    {0x65cf03c1, "fadd z1.d, z30.d, z15.d"},
    {0x65d003e2, "fadd z2.d, z31.d, z16.d"},
    {0x65de0007, "fadd z7.d, z0.d, z30.d"},
    {0x65df002f, "fadd z15.d, z1.d, z31.d"},
    {0x65c00050, "fadd z16.d, z2.d, z0.d"},
    {0x65c100fe, "fadd z30.d, z7.d, z1.d"},
    {0x65c201ff, "fadd z31.d, z15.d, z2.d"},
    {0x65c70600, "fsub z0.d, z16.d, z7.d"},
    {0x65cf07c1, "fsub z1.d, z30.d, z15.d"},
    {0x65d007e2, "fsub z2.d, z31.d, z16.d"},
    {0x65de0407, "fsub z7.d, z0.d, z30.d"},
    {0x65df042f, "fsub z15.d, z1.d, z31.d"},
    {0x65c00450, "fsub z16.d, z2.d, z0.d"},
    {0x65c104fe, "fsub z30.d, z7.d, z1.d"},
    {0x65c205ff, "fsub z31.d, z15.d, z2.d"},
    {0x65d88000, "fadd z0.d, p0/m, z0.d, #0.5"},
    {0x65d88401, "fadd z1.d, p1/m, z1.d, #0.5"},
    {0x65d88802, "fadd z2.d, p2/m, z2.d, #0.5"},
    {0x65d88c07, "fadd z7.d, p3/m, z7.d, #0.5"},
    {0x65d8900f, "fadd z15.d, p4/m, z15.d, #0.5"},
    {0x65d89410, "fadd z16.d, p5/m, z16.d, #0.5"},
    {0x65d8981e, "fadd z30.d, p6/m, z30.d, #0.5"},
    {0x65d89c1f, "fadd z31.d, p7/m, z31.d, #0.5"},
    {0x65d88020, "fadd z0.d, p0/m, z0.d, #1.0"},
    {0x65d88421, "fadd z1.d, p1/m, z1.d, #1.0"},
    {0x65d88822, "fadd z2.d, p2/m, z2.d, #1.0"},
    {0x65d88c27, "fadd z7.d, p3/m, z7.d, #1.0"},
    {0x65d8902f, "fadd z15.d, p4/m, z15.d, #1.0"},
    {0x65d89430, "fadd z16.d, p5/m, z16.d, #1.0"},
    {0x65d8983e, "fadd z30.d, p6/m, z30.d, #1.0"},
    {0x65d89c3f, "fadd z31.d, p7/m, z31.d, #1.0"},
    {0x65d98000, "fsub z0.d, p0/m, z0.d, #0.5"},
    {0x65d98401, "fsub z1.d, p1/m, z1.d, #0.5"},
    {0x65d98802, "fsub z2.d, p2/m, z2.d, #0.5"},
    {0x65d98c07, "fsub z7.d, p3/m, z7.d, #0.5"},
    {0x65d9900f, "fsub z15.d, p4/m, z15.d, #0.5"},
    {0x65d99410, "fsub z16.d, p5/m, z16.d, #0.5"},
    {0x65d9981e, "fsub z30.d, p6/m, z30.d, #0.5"},
    {0x65d99c1f, "fsub z31.d, p7/m, z31.d, #0.5"},
    {0x65d98020, "fsub z0.d, p0/m, z0.d, #1.0"},
    {0x65d98421, "fsub z1.d, p1/m, z1.d, #1.0"},
    {0x65d98822, "fsub z2.d, p2/m, z2.d, #1.0"},
    {0x65d98c27, "fsub z7.d, p3/m, z7.d, #1.0"},
    {0x65d9902f, "fsub z15.d, p4/m, z15.d, #1.0"},
    {0x65d99430, "fsub z16.d, p5/m, z16.d, #1.0"},
    {0x65d9983e, "fsub z30.d, p6/m, z30.d, #1.0"},
    {0x65d99c3f, "fsub z31.d, p7/m, z31.d, #1.0"},
    {0x65db8000, "fsubr z0.d, p0/m, z0.d, #0.5"},
    {0x65db8401, "fsubr z1.d, p1/m, z1.d, #0.5"},
    {0x65db8802, "fsubr z2.d, p2/m, z2.d, #0.5"},
    {0x65db8c07, "fsubr z7.d, p3/m, z7.d, #0.5"},
    {0x65db900f, "fsubr z15.d, p4/m, z15.d, #0.5"},
    {0x65db9410, "fsubr z16.d, p5/m, z16.d, #0.5"},
    {0x65db981e, "fsubr z30.d, p6/m, z30.d, #0.5"},
    {0x65db9c1f, "fsubr z31.d, p7/m, z31.d, #0.5"},
    {0x65db8020, "fsubr z0.d, p0/m, z0.d, #1.0"},
    {0x65db8421, "fsubr z1.d, p1/m, z1.d, #1.0"},
    {0x65db8822, "fsubr z2.d, p2/m, z2.d, #1.0"},
    {0x65db8c27, "fsubr z7.d, p3/m, z7.d, #1.0"},
    {0x65db902f, "fsubr z15.d, p4/m, z15.d, #1.0"},
    {0x65db9430, "fsubr z16.d, p5/m, z16.d, #1.0"},
    {0x65db983e, "fsubr z30.d, p6/m, z30.d, #1.0"},
    {0x65db9c3f, "fsubr z31.d, p7/m, z31.d, #1.0"},
    {0x64d080e0, "faddp z0.d, p0/m, z0.d, z7.d"},
    {0x64d085e1, "faddp z1.d, p1/m, z1.d, z15.d"},
    {0x64d08a02, "faddp z2.d, p2/m, z2.d, z16.d"},
    {0x64d08fc7, "faddp z7.d, p3/m, z7.d, z30.d"},
    {0x64d093ef, "faddp z15.d, p4/m, z15.d, z31.d"},
    {0x64d09410, "faddp z16.d, p5/m, z16.d, z0.d"},
    {0x64d0983e, "faddp z30.d, p6/m, z30.d, z1.d"},
    {0x64d09c5f, "faddp z31.d, p7/m, z31.d, z2.d"},
    {0x65d820e0, "fadda d0, p0, d0, z7.d"},
    {0x65d825e1, "fadda d1, p1, d1, z15.d"},
    {0x65d82a02, "fadda d2, p2, d2, z16.d"},
    {0x65d82fc7, "fadda d7, p3, d7, z30.d"},
    {0x65d833ef, "fadda d15, p4, d15, z31.d"},
    {0x65d83410, "fadda d16, p5, d16, z0.d"},
    {0x65d8383e, "fadda d30, p6, d30, z1.d"},
    {0x65d83c5f, "fadda d31, p7, d31, z2.d"},
    {0x65c02200, "faddv d0, p0, z16.d"},
    {0x65c027c1, "faddv d1, p1, z30.d"},
    {0x65c02be2, "faddv d2, p2, z31.d"},
    {0x65c02c07, "faddv d7, p3, z0.d"},
    {0x65c0302f, "faddv d15, p4, z1.d"},
    {0x65c03450, "faddv d16, p5, z2.d"},
    {0x65c038fe, "faddv d30, p6, z7.d"},
    {0x65c03dff, "faddv d31, p7, z15.d"},
    {0x0420be00, "movprfx z0, z16"},
    {0x0420bfc1, "movprfx z1, z30"},
    {0x0420bfe2, "movprfx z2, z31"},
    {0x0420bc07, "movprfx z7, z0"},
    {0x0420bc2f, "movprfx z15, z1"},
    {0x0420bc50, "movprfx z16, z2"},
    {0x0420bcfe, "movprfx z30, z7"},
    {0x0420bdff, "movprfx z31, z15"},
    {0x04102200, "movprfx z0.b, p0/z, z16.b"},
    {0x041027c1, "movprfx z1.b, p1/z, z30.b"},
    {0x04102be2, "movprfx z2.b, p2/z, z31.b"},
    {0x04102c07, "movprfx z7.b, p3/z, z0.b"},
    {0x0410302f, "movprfx z15.b, p4/z, z1.b"},
    {0x04103450, "movprfx z16.b, p5/z, z2.b"},
    {0x041038fe, "movprfx z30.b, p6/z, z7.b"},
    {0x04103dff, "movprfx z31.b, p7/z, z15.b"},
    {0x04112200, "movprfx z0.b, p0/m, z16.b"},
    {0x041127c1, "movprfx z1.b, p1/m, z30.b"},
    {0x04112be2, "movprfx z2.b, p2/m, z31.b"},
    {0x04112c07, "movprfx z7.b, p3/m, z0.b"},
    {0x0411302f, "movprfx z15.b, p4/m, z1.b"},
    {0x04113450, "movprfx z16.b, p5/m, z2.b"},
    {0x041138fe, "movprfx z30.b, p6/m, z7.b"},
    {0x04113dff, "movprfx z31.b, p7/m, z15.b"},
    {0x04502200, "movprfx z0.h, p0/z, z16.h"},
    {0x045027c1, "movprfx z1.h, p1/z, z30.h"},
    {0x04502be2, "movprfx z2.h, p2/z, z31.h"},
    {0x04502c07, "movprfx z7.h, p3/z, z0.h"},
    {0x0450302f, "movprfx z15.h, p4/z, z1.h"},
    {0x04503450, "movprfx z16.h, p5/z, z2.h"},
    {0x045038fe, "movprfx z30.h, p6/z, z7.h"},
    {0x04503dff, "movprfx z31.h, p7/z, z15.h"},
    {0x04512200, "movprfx z0.h, p0/m, z16.h"},
    {0x045127c1, "movprfx z1.h, p1/m, z30.h"},
    {0x04512be2, "movprfx z2.h, p2/m, z31.h"},
    {0x04512c07, "movprfx z7.h, p3/m, z0.h"},
    {0x0451302f, "movprfx z15.h, p4/m, z1.h"},
    {0x04513450, "movprfx z16.h, p5/m, z2.h"},
    {0x045138fe, "movprfx z30.h, p6/m, z7.h"},
    {0x04513dff, "movprfx z31.h, p7/m, z15.h"},
    {0x04902200, "movprfx z0.s, p0/z, z16.s"},
    {0x049027c1, "movprfx z1.s, p1/z, z30.s"},
    {0x04902be2, "movprfx z2.s, p2/z, z31.s"},
    {0x04902c07, "movprfx z7.s, p3/z, z0.s"},
    {0x0490302f, "movprfx z15.s, p4/z, z1.s"},
    {0x04903450, "movprfx z16.s, p5/z, z2.s"},
    {0x049038fe, "movprfx z30.s, p6/z, z7.s"},
    {0x04903dff, "movprfx z31.s, p7/z, z15.s"},
    {0x04912200, "movprfx z0.s, p0/m, z16.s"},
    {0x049127c1, "movprfx z1.s, p1/m, z30.s"},
    {0x04912be2, "movprfx z2.s, p2/m, z31.s"},
    {0x04912c07, "movprfx z7.s, p3/m, z0.s"},
    {0x0491302f, "movprfx z15.s, p4/m, z1.s"},
    {0x04913450, "movprfx z16.s, p5/m, z2.s"},
    {0x049138fe, "movprfx z30.s, p6/m, z7.s"},
    {0x04913dff, "movprfx z31.s, p7/m, z15.s"},
    {0x04d02200, "movprfx z0.d, p0/z, z16.d"},
    {0x04d027c1, "movprfx z1.d, p1/z, z30.d"},
    {0x04d02be2, "movprfx z2.d, p2/z, z31.d"},
    {0x04d02c07, "movprfx z7.d, p3/z, z0.d"},
    {0x04d0302f, "movprfx z15.d, p4/z, z1.d"},
    {0x04d03450, "movprfx z16.d, p5/z, z2.d"},
    {0x04d038fe, "movprfx z30.d, p6/z, z7.d"},
    {0x04d03dff, "movprfx z31.d, p7/z, z15.d"},
    {0x04d12200, "movprfx z0.d, p0/m, z16.d"},
    {0x04d127c1, "movprfx z1.d, p1/m, z30.d"},
    {0x04d12be2, "movprfx z2.d, p2/m, z31.d"},
    {0x04d12c07, "movprfx z7.d, p3/m, z0.d"},
    {0x04d1302f, "movprfx z15.d, p4/m, z1.d"},
    {0x04d13450, "movprfx z16.d, p5/m, z2.d"},
    {0x04d138fe, "movprfx z30.d, p6/m, z7.d"},
    {0x04d13dff, "movprfx z31.d, p7/m, z15.d"},
    // In-family unallocated words (size = 00; immediate forms with bits 9:6 != 0000), as .inst.
    {0x65008861, "undefined"},  // .inst 0x65008861 ; undefined
    {0x65018861, "undefined"},  // .inst 0x65018861 ; undefined
    {0x65038861, "undefined"},  // .inst 0x65038861 ; undefined
    {0x64108861, "undefined"},  // .inst 0x64108861 ; undefined
    {0x65182861, "undefined"},  // .inst 0x65182861 ; undefined
    {0x65002861, "undefined"},  // .inst 0x65002861 ; undefined
    {0x65030061, "undefined"},  // .inst 0x65030061 ; undefined
    {0x65030461, "undefined"},  // .inst 0x65030461 ; undefined
    {0x65188821, "undefined"},  // .inst 0x65188821 ; undefined
    {0x65198821, "undefined"},  // .inst 0x65198821 ; undefined
    {0x651b8821, "undefined"},  // .inst 0x651b8821 ; undefined
    {0x65009c1f, "undefined"},  // .inst 0x65009c1f ; undefined
    {0x65019c1f, "undefined"},  // .inst 0x65019c1f ; undefined
    {0x65039c1f, "undefined"},  // .inst 0x65039c1f ; undefined
    {0x64109c1f, "undefined"},  // .inst 0x64109c1f ; undefined
    {0x65183c1f, "undefined"},  // .inst 0x65183c1f ; undefined
    {0x65003c1f, "undefined"},  // .inst 0x65003c1f ; undefined
    {0x651f001f, "undefined"},  // .inst 0x651f001f ; undefined
    {0x651f041f, "undefined"},  // .inst 0x651f041f ; undefined
    {0x65189c1f, "undefined"},  // .inst 0x65189c1f ; undefined
    {0x65199c1f, "undefined"},  // .inst 0x65199c1f ; undefined
    {0x651b9c1f, "undefined"},  // .inst 0x651b9c1f ; undefined
    {0x650083e0, "undefined"},  // .inst 0x650083e0 ; undefined
    {0x650183e0, "undefined"},  // .inst 0x650183e0 ; undefined
    {0x650383e0, "undefined"},  // .inst 0x650383e0 ; undefined
    {0x641083e0, "undefined"},  // .inst 0x641083e0 ; undefined
    {0x651823e0, "undefined"},  // .inst 0x651823e0 ; undefined
    {0x650023e0, "undefined"},  // .inst 0x650023e0 ; undefined
    {0x650003e0, "undefined"},  // .inst 0x650003e0 ; undefined
    {0x650007e0, "undefined"},  // .inst 0x650007e0 ; undefined
    {0x65188020, "undefined"},  // .inst 0x65188020 ; undefined
    {0x65198020, "undefined"},  // .inst 0x65198020 ; undefined
    {0x651b8020, "undefined"},  // .inst 0x651b8020 ; undefined
    {0x65588841, "undefined"},  // .inst 0x65588841 ; undefined
    {0x65589e3f, "undefined"},  // .inst 0x65589e3f ; undefined
    {0x655883e0, "undefined"},  // .inst 0x655883e0 ; undefined
    {0x65589590, "undefined"},  // .inst 0x65589590 ; undefined
    {0x65598841, "undefined"},  // .inst 0x65598841 ; undefined
    {0x65599e3f, "undefined"},  // .inst 0x65599e3f ; undefined
    {0x655983e0, "undefined"},  // .inst 0x655983e0 ; undefined
    {0x65599590, "undefined"},  // .inst 0x65599590 ; undefined
    {0x655b8841, "undefined"},  // .inst 0x655b8841 ; undefined
    {0x655b9e3f, "undefined"},  // .inst 0x655b9e3f ; undefined
    {0x655b83e0, "undefined"},  // .inst 0x655b83e0 ; undefined
    {0x655b9590, "undefined"},  // .inst 0x655b9590 ; undefined
    {0x65988841, "undefined"},  // .inst 0x65988841 ; undefined
    {0x65989e3f, "undefined"},  // .inst 0x65989e3f ; undefined
    {0x659883e0, "undefined"},  // .inst 0x659883e0 ; undefined
    {0x65989590, "undefined"},  // .inst 0x65989590 ; undefined
    {0x65998841, "undefined"},  // .inst 0x65998841 ; undefined
    {0x65999e3f, "undefined"},  // .inst 0x65999e3f ; undefined
    {0x659983e0, "undefined"},  // .inst 0x659983e0 ; undefined
    {0x65999590, "undefined"},  // .inst 0x65999590 ; undefined
    {0x659b8841, "undefined"},  // .inst 0x659b8841 ; undefined
    {0x659b9e3f, "undefined"},  // .inst 0x659b9e3f ; undefined
    {0x659b83e0, "undefined"},  // .inst 0x659b83e0 ; undefined
    {0x659b9590, "undefined"},  // .inst 0x659b9590 ; undefined
    {0x65d88841, "undefined"},  // .inst 0x65d88841 ; undefined
    {0x65d89e3f, "undefined"},  // .inst 0x65d89e3f ; undefined
    {0x65d883e0, "undefined"},  // .inst 0x65d883e0 ; undefined
    {0x65d89590, "undefined"},  // .inst 0x65d89590 ; undefined
    {0x65d98841, "undefined"},  // .inst 0x65d98841 ; undefined
    {0x65d99e3f, "undefined"},  // .inst 0x65d99e3f ; undefined
    {0x65d983e0, "undefined"},  // .inst 0x65d983e0 ; undefined
    {0x65d99590, "undefined"},  // .inst 0x65d99590 ; undefined
    {0x65db8841, "undefined"},  // .inst 0x65db8841 ; undefined
    {0x65db9e3f, "undefined"},  // .inst 0x65db9e3f ; undefined
    {0x65db83e0, "undefined"},  // .inst 0x65db83e0 ; undefined
    {0x65db9590, "undefined"},  // .inst 0x65db9590 ; undefined
    // Other words: unrelated (UDF #0, NOP, all ones, FMUL), FADDQV, MOVPRFX look-alikes,
    // then near misses: one fixed bit of a valid word of each pattern flipped (an immediate's
    // bit 9:6 flipped is in-family, so "undefined"), as .inst.
    {0x00000000, "other"},  // udf #0
    {0xd503201f, "other"},  // nop
    {0xffffffff, "other"},  // .inst 0xffffffff ; undefined
    {0x65828861, "other"},  // fmul z1.s, p2/m, z1.s, z3.s
    {0x65820841, "other"},  // fmul z1.s, z2.s, z2.s
    {0x6490a861, "other"},  // .inst 0x6490a861 ; undefined
    {0x64d0bfe0, "other"},  // .inst 0x64d0bfe0 ; undefined
    {0x0460bc41, "other"},  // .inst 0x0460bc41 ; undefined
    {0x04a0bc41, "other"},  // .inst 0x04a0bc41 ; undefined
    {0x04e0bc41, "other"},  // .inst 0x04e0bc41 ; undefined
    {0x0421bc41, "other"},  // .inst 0x0421bc41 ; undefined
    {0x0430bc41, "other"},  // .inst 0x0430bc41 ; undefined
    {0x04d0bc41, "other"},  // sxtb z1.d, p7/m, z2.d
    {0x0410a841, "other"},  // .inst 0x0410a841 ; undefined
    {0x6580a861, "other"},  // frintn z1.s, p2/m, z3.s
    {0x6580c861, "other"},  // fcmuo p1.s, p2/z, z3.s, z0.s
    {0x65800861, "other"},  // fmul z1.s, z3.s, z0.s
    {0x65818861, "fsub z1.s, p2/m, z1.s, z3.s"},
    {0x65848861, "other"},  // fmaxnm z1.s, p2/m, z1.s, z3.s
    {0x65888861, "other"},  // fabd z1.s, p2/m, z1.s, z3.s
    {0x65908861, "other"},  // .inst 0x65908861 ; undefined
    {0x65a08861, "other"},  // fmad z1.s, p2/m, z3.s, z0.s
    {0x64808861, "other"},  // fcadd z1.s, p2/m, z1.s, z3.s, #90
    {0x67808861, "other"},  // .inst 0x67808861 ; undefined
    {0x61808861, "other"},  // .inst 0x61808861 ; undefined
    {0x6d808861, "other"},  // stp d1, d2, [x3, #8]!
    {0x75808861, "other"},  // .inst 0x75808861 ; undefined
    {0x45808861, "other"},  // ssublbt z1.s, z3.h, z0.h
    {0x25808861, "other"},  // cmpeq p1.s, p2/z, z3.s, #0
    {0xe5808861, "other"},  // st1d {z1.d}, p2, [x3, z0.d, uxtw]
    {0x65830441, "fsub z1.s, z2.s, z3.s"},
    {0x65830841, "other"},  // fmul z1.s, z2.s, z3.s
    {0x65831041, "other"},  // .inst 0x65831041 ; undefined
    {0x65832041, "other"},  // .inst 0x65832041 ; undefined
    {0x65834041, "other"},  // fcmge p1.s, p0/z, z2.s, z3.s
    {0x65838041, "fsubr z1.s, p0/m, z1.s, z2.s"},
    {0x65a30041, "other"},      // fmla z1.s, p0/m, z2.s, z3.s
    {0x64830041, "other"},      // fcmla z1.s, p0/m, z2.s, z3.s, #0
    {0x67830041, "other"},      // .inst 0x67830041 ; undefined
    {0x61830041, "other"},      // .inst 0x61830041 ; undefined
    {0x6d830041, "other"},      // stp d1, d0, [x2, #48]!
    {0x75830041, "other"},      // .inst 0x75830041 ; undefined
    {0x45830041, "other"},      // saddlb z1.s, z2.h, z3.h
    {0x25830041, "other"},      // cmpge p1.s, p0/z, z2.s, #3
    {0xe5830041, "other"},      // str p1, [x2, #24, mul vl]
    {0x65988861, "undefined"},  // .inst 0x65988861 ; undefined
    {0x659888a1, "undefined"},  // .inst 0x659888a1 ; undefined
    {0x65988921, "undefined"},  // .inst 0x65988921 ; undefined
    {0x65988a21, "undefined"},  // .inst 0x65988a21 ; undefined
    {0x6598a821, "other"},      // .inst 0x6598a821 ; undefined
    {0x6598c821, "other"},      // fcmuo p1.s, p2/z, z1.s, z24.s
    {0x65980821, "other"},      // fmul z1.s, z1.s, z24.s
    {0x65998821, "fsub z1.s, p2/m, z1.s, #1.0"},
    {0x659a8821, "other"},  // fmul z1.s, p2/m, z1.s, #2.0
    {0x659c8821, "other"},  // fmaxnm z1.s, p2/m, z1.s, #1.0
    {0x65908821, "other"},  // .inst 0x65908821 ; undefined
    {0x65888821, "other"},  // fabd z1.s, p2/m, z1.s, z1.s
    {0x65b88821, "other"},  // fmad z1.s, p2/m, z1.s, z24.s
    {0x64988821, "other"},  // .inst 0x64988821 ; undefined
    {0x67988821, "other"},  // .inst 0x67988821 ; undefined
    {0x61988821, "other"},  // .inst 0x61988821 ; undefined
    {0x6d988821, "other"},  // stp d1, d2, [x1, #392]!
    {0x75988821, "other"},  // .inst 0x75988821 ; undefined
    {0x45988821, "other"},  // ssublbt z1.s, z1.h, z24.h
    {0x25988821, "other"},  // cmpeq p1.s, p2/z, z1.s, #-8
    {0xe5988821, "other"},  // st1d {z1.d}, p2, [x1, z24.d, uxtw]
    {0x6490c861, "other"},  // .inst 0x6490c861 ; undefined
    {0x64900861, "other"},  // fcmla z1.s, p2/m, z3.s, z16.s, #0
    {0x64918861, "other"},  // .inst 0x64918861 ; undefined
    {0x64928861, "other"},  // .inst 0x64928861 ; undefined
    {0x64948861, "other"},  // fmaxnmp z1.s, p2/m, z1.s, z3.s
    {0x64988861, "other"},  // .inst 0x64988861 ; undefined
    {0x64b08861, "other"},  // .inst 0x64b08861 ; undefined
    {0x66908861, "other"},  // .inst 0x66908861 ; undefined
    {0x60908861, "other"},  // .inst 0x60908861 ; undefined
    {0x6c908861, "other"},  // stp d1, d2, [x3], #264
    {0x74908861, "other"},  // .inst 0x74908861 ; undefined
    {0x44908861, "other"},  // shadd z1.s, p2/m, z1.s, z3.s
    {0x24908861, "other"},  // cmpge p1.s, p2/z, z3.s, z16.s
    {0xe4908861, "other"},  // st1h {z1.d}, p2, [x3, z16.d, uxtw]
    {0x65980861, "other"},  // fmul z1.s, z3.s, z24.s
    {0x65986861, "other"},  // fcmeq p1.s, p2/z, z3.s, z24.s
    {0x6598a861, "other"},  // .inst 0x6598a861 ; undefined
    {0x65992861, "other"},  // .inst 0x65992861 ; undefined
    {0x659a2861, "other"},  // .inst 0x659a2861 ; undefined
    {0x659c2861, "other"},  // .inst 0x659c2861 ; undefined
    {0x65902861, "other"},  // fcmge p1.s, p2/z, z3.s, #0.0
    {0x65882861, "other"},  // .inst 0x65882861 ; undefined
    {0x65b82861, "other"},  // fmls z1.s, p2/m, z3.s, z24.s
    {0x64982861, "other"},  // fcmla z1.s, p2/m, z3.s, z24.s, #90
    {0x67982861, "other"},  // .inst 0x67982861 ; undefined
    {0x61982861, "other"},  // .inst 0x61982861 ; undefined
    {0x6d982861, "other"},  // stp d1, d10, [x3, #384]!
    {0x75982861, "other"},  // .inst 0x75982861 ; undefined
    {0x45982861, "other"},  // .inst 0x45982861 ; undefined
    {0x25982861, "other"},  // cmplt p1.s, p2/z, z3.s, #-8
    {0xe5982861, "other"},  // stnt1d {z1.d}, p2, [z3.d, x24]
    {0x65806861, "other"},  // fcmeq p1.s, p2/z, z3.s, z0.s
    {0x65812861, "other"},  // .inst 0x65812861 ; undefined
    {0x65822861, "other"},  // .inst 0x65822861 ; undefined
    {0x65842861, "other"},  // fmaxnmv s1, p2, z3.s
    {0x65a02861, "other"},  // fmls z1.s, p2/m, z3.s, z0.s
    {0x64802861, "other"},  // fcmla z1.s, p2/m, z3.s, z0.s, #90
    {0x67802861, "other"},  // .inst 0x67802861 ; undefined
    {0x61802861, "other"},  // .inst 0x61802861 ; undefined
    {0x6d802861, "other"},  // stp d1, d10, [x3, #0]!
    {0x75802861, "other"},  // .inst 0x75802861 ; undefined
    {0x45802861, "other"},  // .inst 0x45802861 ; undefined
    {0x25802861, "other"},  // cmplt p1.s, p2/z, z3.s, #0
    {0xe5802861, "other"},  // stnt1d {z1.d}, p2, [z3.d, x0]
    {0x0420b841, "other"},  // .inst 0x0420b841 ; undefined
    {0x0420b441, "other"},  // .inst 0x0420b441 ; undefined
    {0x0420ac41, "other"},  // adr z1.d, [z2.d, z0.d, sxtw #3]
    {0x04209c41, "other"},  // .inst 0x04209c41 ; undefined
    {0x0420fc41, "other"},  // uqdecb w1, vl2
    {0x04203c41, "other"},  // bsl z1.d, z1.d, z0.d, z2.d
    {0x0422bc41, "other"},  // .inst 0x0422bc41 ; undefined
    {0x0424bc41, "other"},  // .inst 0x0424bc41 ; undefined
    {0x0428bc41, "other"},  // .inst 0x0428bc41 ; undefined
    {0x0400bc41, "other"},  // .inst 0x0400bc41 ; undefined
    {0x0520bc41, "other"},  // lasta w1, p7, z2.b
    {0x0620bc41, "other"},  // .inst 0x0620bc41 ; undefined
    {0x0020bc41, "other"},  // .inst 0x0020bc41 ; NYI
    {0x0c20bc41, "other"},  // .inst 0x0c20bc41 ; undefined
    {0x1420bc41, "other"},  // b 82f438 <.text+0x82f438>
    {0x2420bc41, "other"},  // cmplo p1.b, p7/z, z2.b, #2
    {0x4420bc41, "other"},  // .inst 0x4420bc41 ; undefined
    {0x8420bc41, "other"},  // ldff1sb {z1.s}, p7/z, [z2.s]
    {0x04900841, "other"},  // mul z1.s, p2/m, z1.s, z2.s
    {0x04906841, "other"},  // mls z1.s, p2/m, z2.s, z16.s
    {0x0490a841, "other"},  // sxtb z1.s, p2/m, z2.s
    {0x04922841, "other"},  // .inst 0x04922841 ; undefined
    {0x04942841, "other"},  // .inst 0x04942841 ; undefined
    {0x04982841, "other"},  // orv s1, p2, z2.s
    {0x04802841, "other"},  // saddv d1, p2, z2.s
    {0x04b02841, "other"},  // .inst 0x04b02841 ; undefined
    {0x05902841, "other"},  // mov z1.s, p0/z, #16896
    {0x06902841, "other"},  // .inst 0x06902841 ; undefined
    {0x00902841, "other"},  // .inst 0x00902841 ; undefined
    {0x0c902841, "other"},  // st1 {v1.2s-v4.2s}, [x2], x16
    {0x14902841, "other"},  // b 240a478 <.text+0x240a478>
    {0x24902841, "other"},  // cmpeq p1.s, p2/z, z2.s, z16.d
    {0x44902841, "other"},  // cmla z1.s, z2.s, z16.s, #180
    {0x84902841, "other"},  // ldff1sh {z1.s}, p2/z, [x2, z16.s, uxtw]
};

// ---------------------------------------------------------------------------------------------
// An oracle for the fields: parses our (binutils) syntax into the Insn it denotes, without using
// decode.cc. Fields a form does not have stay at their defaults.

int SizeOfLetter(char c) {
  switch (c) {
    case 'b':
      return 0;
    case 'h':
      return 1;
    case 's':
      return 2;
    case 'd':
      return 3;
    default:
      return -1;
  }
}

struct Operand {
  char kind = '?';  // 'z' vector, 'p' predicate, 'v' scalar FP register, '#' immediate
  int reg = -1;
  int size = -1;   // element / scalar size, -1 if none
  char pmode = 0;  // predicates: 'm', 'z' or 0
  bool imm_one = false;
};

bool ParseNumber(const std::string& s, size_t* pos, int* out) {
  size_t start = *pos;
  int v = 0;
  while (*pos < s.size() && s[*pos] >= '0' && s[*pos] <= '9') v = v * 10 + (s[(*pos)++] - '0');
  *out = v;
  return *pos > start && *pos - start <= 2;
}

bool ParseOperand(const std::string& s, Operand* op) {
  if (s == "#0.5" || s == "#1.0") {
    op->kind = '#';
    op->imm_one = s == "#1.0";
    return true;
  }
  if (s.empty()) return false;
  size_t pos = 1;
  if (!ParseNumber(s, &pos, &op->reg)) return false;
  if (s[0] == 'z') {
    op->kind = 'z';
    if (pos == s.size()) return true;
    if (s.size() != pos + 2 || s[pos] != '.') return false;
    op->size = SizeOfLetter(s[pos + 1]);
    return op->size >= 0;
  }
  if (s[0] == 'p') {
    op->kind = 'p';
    if (pos == s.size()) return true;
    if (s.size() != pos + 2 || s[pos] != '/' || (s[pos + 1] != 'm' && s[pos + 1] != 'z')) {
      return false;
    }
    op->pmode = s[pos + 1];
    return true;
  }
  op->kind = 'v';
  op->size = SizeOfLetter(s[0]);
  return op->size >= 1 && pos == s.size();
}

// The Insn that `text` denotes; `ok` false if the text is not one of our forms.
Insn InsnOfText(const std::string& text, uint32_t word, bool* ok) {
  *ok = true;
  Insn insn;
  if (text == "other") return insn;
  if (text == "undefined") {
    insn.kind = InsnKind::kUndefined;
    insn.size = static_cast<int>((word >> 22) & 3);  // size field position: section 7
    return insn;
  }
  const size_t space = text.find(' ');
  const std::string mnemonic = text.substr(0, space);
  std::vector<Operand> ops;
  for (size_t pos = space; pos != std::string::npos;) {
    const size_t start = pos + 1;
    pos = text.find(", ", start);
    Operand op;
    if (!ParseOperand(text.substr(start, pos == std::string::npos ? pos : pos - start), &op)) {
      *ok = false;
      return insn;
    }
    ops.push_back(op);
    if (pos != std::string::npos) ++pos;
  }
  auto shape = [&ops]() {
    std::string s;
    for (const Operand& o : ops) s += o.kind;
    return s;
  };
  // Destructive forms repeat Zdn/Vdn; all typed operands have one size.
  auto same_size = [&ops](int size) {
    for (const Operand& o : ops) {
      if (o.kind != 'p' && o.kind != '#' && o.size != size) return false;
    }
    return true;
  };
  insn.kind = InsnKind::kArith;
  const std::string sh = shape();
  if (mnemonic == "movprfx" && sh == "zz" && ops[0].size < 0 && ops[1].size < 0) {
    insn.kind = InsnKind::kMovprfx;
    insn.zd = ops[0].reg;
    insn.zn = ops[1].reg;
  } else if (mnemonic == "movprfx" && sh == "zpz" && ops[1].pmode != 0 && same_size(ops[0].size)) {
    insn.kind = InsnKind::kMovprfxPred;
    insn.size = ops[0].size;
    insn.zd = ops[0].reg;
    insn.pg = ops[1].reg;
    insn.merging = ops[1].pmode == 'm';
    insn.zn = ops[2].reg;
  } else if (mnemonic == "fadda" && sh == "vpvz" && ops[1].pmode == 0 && ops[2].reg == ops[0].reg &&
             same_size(ops[0].size)) {
    insn.op = Op::kFadda;
    insn.size = ops[0].size;
    insn.zd = ops[0].reg;
    insn.pg = ops[1].reg;
    insn.zm = ops[3].reg;
  } else if (mnemonic == "faddv" && sh == "vpz" && ops[1].pmode == 0 && same_size(ops[0].size)) {
    insn.op = Op::kFaddv;
    insn.size = ops[0].size;
    insn.zd = ops[0].reg;
    insn.pg = ops[1].reg;
    insn.zn = ops[2].reg;
  } else if ((mnemonic == "fadd" || mnemonic == "fsub") && sh == "zzz" && same_size(ops[0].size) &&
             ops[0].size > 0) {
    insn.op = mnemonic == "fadd" ? Op::kFaddU : Op::kFsubU;
    insn.size = ops[0].size;
    insn.zd = ops[0].reg;
    insn.zn = ops[1].reg;
    insn.zm = ops[2].reg;
  } else if ((sh == "zpzz" || sh == "zpz#") && ops[1].pmode == 'm' && ops[2].reg == ops[0].reg &&
             same_size(ops[0].size) && ops[0].size > 0) {
    const bool imm = sh == "zpz#";
    if (mnemonic == "fadd") {
      insn.op = imm ? Op::kFaddI : Op::kFadd;
    } else if (mnemonic == "fsub") {
      insn.op = imm ? Op::kFsubI : Op::kFsub;
    } else if (mnemonic == "fsubr") {
      insn.op = imm ? Op::kFsubrI : Op::kFsubr;
    } else if (mnemonic == "faddp" && !imm) {
      insn.op = Op::kFaddp;
    } else {
      *ok = false;
    }
    insn.size = ops[0].size;
    insn.zd = ops[0].reg;
    insn.pg = ops[1].reg;
    if (imm) {
      insn.imm_one = ops[3].imm_one;
    } else {
      insn.zm = ops[3].reg;
    }
  } else {
    *ok = false;
  }
  return insn;
}

// Compares every field; the message names the word.
void ExpectSameInsn(const Insn& want, const Insn& got, uint32_t word) {
  SCOPED_TRACE(::testing::Message() << "word 0x" << std::hex << word);
  EXPECT_EQ(static_cast<int>(want.kind), static_cast<int>(got.kind));
  EXPECT_EQ(static_cast<int>(want.op), static_cast<int>(got.op));
  EXPECT_EQ(want.size, got.size);
  EXPECT_EQ(want.zd, got.zd);
  EXPECT_EQ(want.zn, got.zn);
  EXPECT_EQ(want.zm, got.zm);
  EXPECT_EQ(want.pg, got.pg);
  EXPECT_EQ(want.imm_one, got.imm_one);
  EXPECT_EQ(want.merging, got.merging);
}

bool SameInsn(const Insn& a, const Insn& b) {
  return a.kind == b.kind && a.op == b.op && a.size == b.size && a.zd == b.zd && a.zn == b.zn &&
         a.zm == b.zm && a.pg == b.pg && a.imm_one == b.imm_one && a.merging == b.merging;
}

bool IsEncodable(InsnKind k) {
  return k == InsnKind::kArith || k == InsnKind::kMovprfx || k == InsnKind::kMovprfxPred;
}

Insn ArithInsn(Op op, int size, int zd, int zn, int zm, int pg, bool imm_one) {
  Insn insn;
  insn.kind = InsnKind::kArith;
  insn.op = op;
  insn.size = size;
  insn.zd = zd;
  insn.zn = zn;
  insn.zm = zm;
  insn.pg = pg;
  insn.imm_one = imm_one;
  return insn;
}

// The top bytes of every pattern in section 7.
constexpr uint32_t kFamilyTopBytes[] = {0x04, 0x64, 0x65};

// ---------------------------------------------------------------------------------------------
// Section 7 example words.

TEST(DecodeTest, SpecExampleWordsDisassemble) {
  const WordText kExamples[] = {
      {0x65808861, "fadd z1.s, p2/m, z1.s, z3.s"},  {0x65C09FE1, "fadd z1.d, p7/m, z1.d, z31.d"},
      {0x65430041, "fadd z1.h, z2.h, z3.h"},        {0x65988801, "fadd z1.s, p2/m, z1.s, #0.5"},
      {0x65988821, "fadd z1.s, p2/m, z1.s, #1.0"},  {0x65818861, "fsub z1.s, p2/m, z1.s, z3.s"},
      {0x65838861, "fsubr z1.s, p2/m, z1.s, z3.s"}, {0x65830441, "fsub z1.s, z2.s, z3.s"},
      {0x64908861, "faddp z1.s, p2/m, z1.s, z3.s"}, {0x65982861, "fadda s1, p2, s1, z3.s"},
      {0x65802861, "faddv s1, p2, z3.s"},           {0x0420BC41, "movprfx z1, z2"},
      {0x04902841, "movprfx z1.s, p2/z, z2.s"},     {0x04912841, "movprfx z1.s, p2/m, z2.s"},
      {0x04102841, "movprfx z1.b, p2/z, z2.b"},
  };
  for (const WordText& e : kExamples) {
    EXPECT_EQ(Disassemble(e.word), e.text) << std::hex << e.word;
    EXPECT_EQ(Encode(Decode(e.word)), e.word) << std::hex << e.word;
  }
}

TEST(DecodeTest, SpecSizeZeroExamplesAreUndefined) {
  // fadd z1.b, p1/m, z1.b, z3.b and fadd z1.b, z2.b, z0.b slots (BFADD without B16B16).
  for (uint32_t word : {0x65008461u, 0x65000041u}) {
    const Insn insn = Decode(word);
    EXPECT_EQ(insn.kind, InsnKind::kUndefined) << std::hex << word;
    EXPECT_EQ(insn.size, 0);
    EXPECT_EQ(Disassemble(insn), "undefined");
  }
}

// Section 7 lists 0x65004441 among its size = 00 words, but it matches none of the section 7
// patterns: bits 15:10 are 010 001, not FSUB (unpredicated)'s 000 001. It is the size = 00 slot
// of FCMGE (vectors) (with size 01 binutils prints 0x65404441 as "fcmge p1.h, p1/z, z2.h, z0.h"),
// so by the table it is kOther; binutils prints "undefined" because the slot is unallocated. The
// FSUB (unpredicated) size = 00 word with those registers is 0x65000441.
TEST(DecodeTest, SpecFcmgeSizeZeroExampleIsOther) {
  EXPECT_EQ(Decode(0x65004441).kind, InsnKind::kOther);
  EXPECT_EQ(Disassemble(0x65004441), "other");
  EXPECT_EQ(Decode(0x65000441).kind, InsnKind::kUndefined);
  EXPECT_EQ(Disassemble(0x65404441), "other");
}

TEST(DecodeTest, FaddPredicatedFields) {
  ExpectSameInsn(ArithInsn(Op::kFadd, 2, 1, 0, 3, 2, false), Decode(0x65808861), 0x65808861);
  ExpectSameInsn(ArithInsn(Op::kFadd, 3, 1, 0, 31, 7, false), Decode(0x65C09FE1), 0x65C09FE1);
  EXPECT_EQ(Decode(0x65808861).fmt(), Fmt::kS);
  EXPECT_EQ(Decode(0x65C09FE1).fmt(), Fmt::kD);
}

TEST(DecodeTest, FsubAndFsubrPredicatedFields) {
  ExpectSameInsn(ArithInsn(Op::kFsub, 2, 1, 0, 3, 2, false), Decode(0x65818861), 0x65818861);
  ExpectSameInsn(ArithInsn(Op::kFsubr, 2, 1, 0, 3, 2, false), Decode(0x65838861), 0x65838861);
}

TEST(DecodeTest, UnpredicatedFields) {
  ExpectSameInsn(ArithInsn(Op::kFaddU, 1, 1, 2, 3, 0, false), Decode(0x65430041), 0x65430041);
  EXPECT_EQ(Decode(0x65430041).fmt(), Fmt::kH);
  ExpectSameInsn(ArithInsn(Op::kFsubU, 2, 1, 2, 3, 0, false), Decode(0x65830441), 0x65830441);
}

TEST(DecodeTest, ImmediateFields) {
  ExpectSameInsn(ArithInsn(Op::kFaddI, 2, 1, 0, 0, 2, false), Decode(0x65988801), 0x65988801);
  ExpectSameInsn(ArithInsn(Op::kFaddI, 2, 1, 0, 0, 2, true), Decode(0x65988821), 0x65988821);
}

TEST(DecodeTest, ReductionFields) {
  ExpectSameInsn(ArithInsn(Op::kFaddp, 2, 1, 0, 3, 2, false), Decode(0x64908861), 0x64908861);
  ExpectSameInsn(ArithInsn(Op::kFadda, 2, 1, 0, 3, 2, false), Decode(0x65982861), 0x65982861);
  ExpectSameInsn(ArithInsn(Op::kFaddv, 2, 1, 3, 0, 2, false), Decode(0x65802861), 0x65802861);
}

TEST(DecodeTest, MovprfxFields) {
  Insn want;
  want.kind = InsnKind::kMovprfx;
  want.zd = 1;
  want.zn = 2;
  ExpectSameInsn(want, Decode(0x0420BC41), 0x0420BC41);
  want.kind = InsnKind::kMovprfxPred;
  want.size = 2;
  want.pg = 2;
  ExpectSameInsn(want, Decode(0x04902841), 0x04902841);
  want.merging = true;
  ExpectSameInsn(want, Decode(0x04912841), 0x04912841);
  want.size = 0;
  want.merging = false;
  ExpectSameInsn(want, Decode(0x04102841), 0x04102841);
}

// ---------------------------------------------------------------------------------------------
// The binutils table.

TEST(DisassembleTest, MatchesBinutilsTable) {
  for (const WordText& e : kBinutilsTable) {
    EXPECT_EQ(Disassemble(e.word), e.text) << std::hex << e.word;
  }
}

TEST(DecodeTest, FieldsMatchBinutilsText) {
  for (const WordText& e : kBinutilsTable) {
    bool ok = false;
    const Insn want = InsnOfText(e.text, e.word, &ok);
    ASSERT_TRUE(ok) << "test oracle cannot parse " << e.text;
    ExpectSameInsn(want, Decode(e.word), e.word);
  }
}

TEST(DecodeTest, BinutilsTableCoversEveryFormAndSize) {
  // Per Op and size, per MOVPRFX kind/size/mode: how many table words.
  int arith[kNumOps][4] = {};
  int movprfx = 0, movprfx_pred[4][2] = {}, undefined_size0 = 0, undefined_imm = 0, other = 0;
  for (const WordText& e : kBinutilsTable) {
    bool ok = false;
    const Insn insn = InsnOfText(e.text, e.word, &ok);
    switch (insn.kind) {
      case InsnKind::kArith:
        ++arith[static_cast<int>(insn.op)][insn.size];
        break;
      case InsnKind::kMovprfx:
        ++movprfx;
        break;
      case InsnKind::kMovprfxPred:
        ++movprfx_pred[insn.size][insn.merging];
        break;
      case InsnKind::kUndefined:
        ++(insn.size == 0 ? undefined_size0 : undefined_imm);
        break;
      case InsnKind::kOther:
        ++other;
        break;
    }
  }
  for (int op = 0; op < kNumOps; ++op) {
    EXPECT_EQ(arith[op][0], 0);
    for (int size = 1; size < 4; ++size) {
      const bool imm = op == static_cast<int>(Op::kFaddI) || op == static_cast<int>(Op::kFsubI) ||
                       op == static_cast<int>(Op::kFsubrI);
      EXPECT_GE(arith[op][size], imm ? 16 : 8) << "op " << op << " size " << size;
    }
  }
  EXPECT_GE(movprfx, 8);
  for (auto& by_mode : movprfx_pred) {
    EXPECT_GE(by_mode[0], 8);
    EXPECT_GE(by_mode[1], 8);
  }
  EXPECT_GE(undefined_size0, 11 * 3);
  EXPECT_GE(undefined_imm, 3 * 3 * 4);
  EXPECT_GE(other, 100);
}

TEST(EncodeTest, InvertsDecodeOnBinutilsTable) {
  for (const WordText& e : kBinutilsTable) {
    const Insn insn = Decode(e.word);
    if (IsEncodable(insn.kind)) {
      EXPECT_EQ(Encode(insn), e.word) << std::hex << e.word;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Whole encoding space of the family (all words whose top byte is one of the patterns').

TEST(DecodeTest, WholeFamilySpaceKindCounts) {
  // From the field widths in section 7 (g = 3 bits, registers 5, i1 1, M 1, sizes 3 or 4):
  constexpr long kArith = 4 * 3 * 8 * 32 * 32     // fadd, fsub, fsubr, faddp (predicated)
                          + 2 * 3 * 8 * 32 * 32   // fadda, faddv
                          + 2 * 3 * 32 * 32 * 32  // fadd, fsub (unpredicated)
                          + 3 * 3 * 8 * 2 * 32;   // immediates, bits 9:6 = 0000
  constexpr long kMovprfx = 32 * 32;
  constexpr long kMovprfxPred = 4 * 2 * 8 * 32 * 32;
  constexpr long kUndefined = 6 * 8 * 32 * 32             // size 00: predicated vectors, faddp/a/v
                              + 2 * 32 * 32 * 32          // size 00: unpredicated
                              + 3 * 8 * 1024              // size 00: immediates (any bits 9:5)
                              + 3 * 3 * 8 * (1024 - 64);  // sizes 01-11, bits 9:6 != 0000
  long counts[5] = {};
  for (uint32_t top : kFamilyTopBytes) {
    for (uint32_t low = 0; low < (1u << 24); ++low) {
      ++counts[static_cast<int>(Decode(top << 24 | low).kind)];
    }
  }
  EXPECT_EQ(counts[static_cast<int>(InsnKind::kArith)], kArith);
  EXPECT_EQ(counts[static_cast<int>(InsnKind::kMovprfx)], kMovprfx);
  EXPECT_EQ(counts[static_cast<int>(InsnKind::kMovprfxPred)], kMovprfxPred);
  EXPECT_EQ(counts[static_cast<int>(InsnKind::kUndefined)], kUndefined);
  EXPECT_EQ(counts[static_cast<int>(InsnKind::kOther)],
            3 * (1L << 24) - kArith - kMovprfx - kMovprfxPred - kUndefined);
}

TEST(EncodeTest, InvertsDecodeOnWholeFamilySpace) {
  long mismatches = 0;
  for (uint32_t top : kFamilyTopBytes) {
    for (uint32_t low = 0; low < (1u << 24); ++low) {
      const uint32_t word = top << 24 | low;
      const Insn insn = Decode(word);
      if (IsEncodable(insn.kind) && Encode(insn) != word && ++mismatches <= 10) {
        ADD_FAILURE() << "Encode(Decode(0x" << std::hex << word << ")) = 0x" << Encode(insn);
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(DisassembleTest, TextGivesBackTheFieldsOnWholeFamilySpace) {
  long mismatches = 0;
  for (uint32_t top : kFamilyTopBytes) {
    for (uint32_t low = 0; low < (1u << 24); ++low) {
      const uint32_t word = top << 24 | low;
      const Insn insn = Decode(word);
      if (!IsEncodable(insn.kind)) continue;
      bool ok = false;
      const std::string text = Disassemble(insn);
      if ((!SameInsn(InsnOfText(text, word, &ok), insn) || !ok) && ++mismatches <= 10) {
        ADD_FAILURE() << "0x" << std::hex << word << ": \"" << text << "\"";
      }
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(DecodeTest, WordsOutsideFamilyTopBytesAreOther) {
  // A stride through the whole 32-bit space (about a million words).
  for (uint64_t w = 0; w <= 0xFFFFFFFFu; w += 4093) {
    const uint32_t word = static_cast<uint32_t>(w);
    const uint32_t top = word >> 24;
    if (top == 0x04 || top == 0x64 || top == 0x65) continue;
    ASSERT_EQ(Decode(word).kind, InsnKind::kOther) << std::hex << word;
  }
}

// ---------------------------------------------------------------------------------------------
// Specific rules.

TEST(DecodeTest, SizeZeroIsUndefinedForEveryArithmeticForm) {
  for (uint32_t word :
       {0x65008861u, 0x65018861u, 0x65038861u, 0x65030061u, 0x65030461u, 0x65188821u, 0x65198821u,
        0x651b8821u, 0x64108861u, 0x65182861u, 0x65002861u}) {
    EXPECT_EQ(Decode(word).kind, InsnKind::kUndefined) << std::hex << word;
    EXPECT_EQ(Disassemble(word), "undefined");
  }
}

TEST(DecodeTest, MovprfxPredicatedAcceptsEverySize) {
  for (int size = 0; size < 4; ++size) {
    const uint32_t word = 0x04102841u | static_cast<uint32_t>(size) << 22;
    const Insn insn = Decode(word);
    EXPECT_EQ(insn.kind, InsnKind::kMovprfxPred);
    EXPECT_EQ(insn.size, size);
  }
}

TEST(DecodeTest, ImmediateWithNonzeroBits9To6IsUndefined) {
  for (int bits = 1; bits < 16; ++bits) {
    const uint32_t word = 0x65988801u | static_cast<uint32_t>(bits) << 6;
    const Insn insn = Decode(word);
    EXPECT_EQ(insn.kind, InsnKind::kUndefined) << std::hex << word;
    EXPECT_EQ(insn.size, 2);
  }
}

TEST(DecodeTest, UndefinedCarriesOnlySize) {
  Insn want;
  want.kind = InsnKind::kUndefined;
  want.size = 3;
  ExpectSameInsn(want, Decode(0x65db9e3f), 0x65db9e3f);
  want.size = 0;
  ExpectSameInsn(want, Decode(0x651f041f), 0x651f041f);
}

TEST(DecodeTest, FaddqvAndNeighboursAreOther) {
  for (uint32_t word : {0x6490a861u, 0x64d0bfe0u, 0x6410a861u, 0x65828861u, 0xd503201fu, 0u,
                        0x0460bc41u, 0x0421bc41u}) {
    EXPECT_EQ(Decode(word).kind, InsnKind::kOther) << std::hex << word;
    EXPECT_EQ(Disassemble(word), "other");
  }
}

TEST(EncodeTest, OtherAndUndefinedHaveNoEncoding) {
  Insn insn;
  EXPECT_EQ(Encode(insn), 0u);
  insn = Decode(0x65008861);
  ASSERT_EQ(insn.kind, InsnKind::kUndefined);
  EXPECT_EQ(Encode(insn), 0u);
  insn = ArithInsn(static_cast<Op>(kNumOps), 2, 1, 2, 3, 4, false);
  EXPECT_EQ(Encode(insn), 0u);
  EXPECT_EQ(Disassemble(insn), "other");
}

TEST(EncodeTest, MasksFieldsToTheirWidths) {
  const Insn insn = ArithInsn(Op::kFadd, 2 + 4, 1 + 32, 0, 3 + 64, 2 + 8, false);
  EXPECT_EQ(Encode(insn), 0x65808861u);
  EXPECT_EQ(Disassemble(insn), "fadd z1.s, p2/m, z1.s, z3.s");
}

TEST(EncodeTest, ArithWithSizeZeroGivesTheUnallocatedWord) {
  const Insn insn = ArithInsn(Op::kFadd, 0, 1, 0, 3, 1, false);
  EXPECT_EQ(Encode(insn), 0x65008461u);
  EXPECT_EQ(Disassemble(insn), "undefined");
}

TEST(DisassembleTest, AgreesWithItsOwnEncodingForAnyFields) {
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int> field(-40, 300);
  for (int i = 0; i < 20000; ++i) {
    Insn insn;
    insn.kind = static_cast<InsnKind>(2 + i % 3);  // kArith, kMovprfx, kMovprfxPred
    insn.op = static_cast<Op>(static_cast<unsigned>(field(rng)) % kNumOps);
    insn.size = field(rng);
    insn.zd = field(rng);
    insn.zn = field(rng);
    insn.zm = field(rng);
    insn.pg = field(rng);
    insn.imm_one = field(rng) & 1;
    insn.merging = field(rng) & 1;
    const uint32_t word = Encode(insn);
    EXPECT_EQ(Disassemble(insn), Disassemble(word)) << std::hex << word;
  }
}

}  // namespace
}  // namespace vfadd
