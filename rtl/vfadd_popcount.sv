// SPDX-License-Identifier: Apache-2.0
// vfadd_popcount: Weight x (the number of set bits of x_i), summed in a balanced tree
// (vfadd_sum_tree: depth grows with log2(Width)). The weight rides on the leaves (bit b's leaf is
// Weight or 0), so no multiplier follows the tree.
module vfadd_popcount #(
  parameter int unsigned Width  = 8,  // bits counted, >= 1
  parameter int unsigned Weight = 1,  // what each set bit adds, >= 1
  localparam int unsigned CntW  = $clog2(Width * Weight + 1)
) (
  input  logic [Width-1:0] x_i,     // the bits
  output logic [CntW-1:0]  count_o  // Weight x the number set
);

  localparam int unsigned LeafW = $clog2(Weight + 1);
  logic [Width*LeafW-1:0] leaf;
  for (genvar b = 0; b < Width; b++) begin : gen_leaf
    assign leaf[b*LeafW +: LeafW] = x_i[b] ? LeafW'(Weight) : '0;
  end
  vfadd_sum_tree #(.Count(Width), .InW(LeafW), .MaxIn(Weight)) u_tree (
    .x_i(leaf), .sum_o(count_o)
  );

endmodule
