// SPDX-License-Identifier: Apache-2.0
// vfadd_lzc: leading-zero count as a balanced tree (log2 levels of 2:1 merges).
//
// Leaves are the input bits, MSB first, padded at the LSB end to a power of two. A node holds
// `any` (some one below it) and the count of leading zeros below it; merging left (MSB side)
// l and right r gives any = l.any | r.any, cnt = l.any ? {0, l.cnt} : {1, r.cnt}.
module vfadd_lzc #(
  parameter int unsigned Width = 8,  // input bits, >= 2
  localparam int unsigned CntW = $clog2(Width)
) (
  input  logic [Width-1:0] in_i,    // vector to count, MSB first
  output logic [CntW-1:0]  cnt_o,   // leading zeros (meaningless when zero_o)
  output logic             zero_o   // the input is all zeros
);

  if (Width < 2) begin : gen_bad_width
    $error("vfadd_lzc: Width must be at least 2");
  end

  localparam int unsigned L = CntW;     // tree levels
  localparam int unsigned P = 1 << L;   // padded width
  localparam int unsigned Nodes = 2 * P - 1;

  // Level k (0 = leaves) holds P >> k nodes starting at node 2 * (P - (P >> k)); every node
  // keeps an L-bit count (its upper bits zero below the root).
  logic [Nodes-1:0]   node_any  /* verilator split_var */;
  logic [Nodes*L-1:0] node_cnt  /* verilator split_var */;
  logic [P-1:0]       in_pad;

  if (P == Width) begin : gen_no_pad
    assign in_pad = in_i;
  end else begin : gen_pad
    assign in_pad = {in_i, {(P-Width){1'b0}}};
  end

  for (genvar i = 0; i < P; i++) begin : gen_leaf
    assign node_any[i]         = in_pad[P-1-i];
    assign node_cnt[i*L +: L]  = '0;
  end

  for (genvar k = 1; k <= L; k++) begin : gen_level
    for (genvar i = 0; i < (P >> k); i++) begin : gen_node
      localparam int unsigned Out   = 2 * (P - (P >> k)) + i;
      localparam int unsigned Left  = 2 * (P - (P >> (k - 1))) + 2 * i;
      localparam int unsigned Right = Left + 1;
      assign node_any[Out] = node_any[Left] | node_any[Right];
      assign node_cnt[Out*L +: L] = node_any[Left] ? node_cnt[Left*L +: L]
                                                   : (node_cnt[Right*L +: L] | L'(1 << (k - 1)));
    end
  end

  assign cnt_o  = node_cnt[(Nodes-1)*L +: L];
  assign zero_o = ~node_any[Nodes-1];

endmodule
