// SPDX-License-Identifier: Apache-2.0
// vfadd_popcount: Offset + Weight x (the number of set bits of x_i), summed in a balanced tree of
// adders (depth grows with log2(Width), where a loop of increments would grow with Width). The
// weight and the offset ride on the leaves (bit b's leaf is Weight or 0, leaf 0 also carries
// Offset), so neither a multiplier nor an adder follows the tree.
//
// The tree is a heap over P2 = Width rounded up to a power of two leaves: node i (1 .. P2 - 1)
// adds its children 2i and 2i + 1, leaf P2 + b is bit b's (0 past Width). Every node is CntW
// bits wide; the bits a subtree cannot reach are constant 0 and synthesis removes them.
module vfadd_popcount #(
  parameter int unsigned Width  = 8,  // bits counted, >= 1
  parameter int unsigned Weight = 1,  // what each set bit adds, >= 1
  parameter int unsigned Offset = 0,  // added once
  localparam int unsigned Levels = (Width > 1) ? $clog2(Width) : 1,
  localparam int unsigned CntW   = $clog2(Width * Weight + Offset + 1)
) (
  input  logic [Width-1:0] x_i,     // the bits
  output logic [CntW-1:0]  count_o  // Offset + Weight x the number set
);

  localparam int unsigned P2 = 1 << Levels;

  logic [2*P2*CntW-1:0] node;  // node i at [i*CntW +: CntW]; node 0 unused
  always_comb begin
    node = '0;
    for (int unsigned b = 0; b < P2; b++) begin
      node[(P2 + b)*CntW +: CntW] = CntW'(((b < Width) && x_i[b % Width]) ? Weight : 0) +
                                    CntW'((b == 0) ? Offset : 0);
    end
    for (int unsigned i = P2 - 1; i >= 1; i--) begin
      node[i*CntW +: CntW] = node[(2*i)*CntW +: CntW] + node[(2*i+1)*CntW +: CntW];
    end
  end
  assign count_o = node[CntW +: CntW];

endmodule
