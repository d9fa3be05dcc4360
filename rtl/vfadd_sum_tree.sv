// SPDX-License-Identifier: Apache-2.0
// vfadd_sum_tree: the sum of Count unsigned values, added in a balanced tree (depth grows with
// log2(Count), where a chain would grow with Count).
//
// The tree is a heap over P2 = Count rounded up to a power of two leaves: node i (1 .. P2 - 1)
// adds its children 2i and 2i + 1, leaf P2 + j is value j (0 past Count). Every node is SumW bits
// wide; the bits a subtree cannot reach are constant 0 and synthesis removes them.
module vfadd_sum_tree #(
  parameter int unsigned Count  = 2,   // values added, >= 1
  parameter int unsigned InW    = 1,   // bits of each value, >= 1
  parameter int unsigned MaxIn  = 1,   // the largest value a leaf holds (sizes the sum)
  localparam int unsigned Levels = (Count > 1) ? $clog2(Count) : 1,
  localparam int unsigned SumW   = $clog2(Count * MaxIn + 1)
) (
  input  logic [Count*InW-1:0] x_i,   // value j at [j*InW +: InW]
  output logic [SumW-1:0]      sum_o  // the sum of the values
);

  localparam int unsigned P2 = 1 << Levels;

  logic [2*P2*SumW-1:0] node;  // node i at [i*SumW +: SumW]; node 0 unused
  always_comb begin
    node = '0;
    for (int unsigned j = 0; j < P2; j++) begin
      node[(P2 + j)*SumW +: SumW] = (j < Count) ? SumW'(x_i[(j % Count)*InW +: InW]) : '0;
    end
    for (int unsigned i = P2 - 1; i >= 1; i--) begin
      node[i*SumW +: SumW] = node[(2*i)*SumW +: SumW] + node[(2*i+1)*SumW +: SumW];
    end
  end
  assign sum_o = node[SumW +: SumW];

endmodule
