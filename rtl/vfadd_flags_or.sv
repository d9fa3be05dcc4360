// SPDX-License-Identifier: Apache-2.0
// vfadd_flags_or: the OR of the FPSR flag slots whose mask bit is set, each flag one balanced
// OR over the slots (a reduction: its depth grows with log2(Slots), where a loop of ORs would
// grow with Slots).
module vfadd_flags_or #(
  parameter int unsigned Slots = 4,  // flag slots, >= 1
  localparam int unsigned FlagB = vfadd_pkg::FLAG_BITS
) (
  input  logic [Slots*FlagB-1:0]  flags_i,  // slot k: fpsr_flags_t at [k*FlagB +: FlagB]
  input  logic [Slots-1:0]        mask_i,   // slot k takes part
  output vfadd_pkg::fpsr_flags_t  flags_o   // OR of the slots taking part
);

  logic [FlagB-1:0] any;
  logic [Slots-1:0] column;
  always_comb begin
    column = '0;
    for (int unsigned f = 0; f < FlagB; f++) begin
      for (int unsigned k = 0; k < Slots; k++) begin
        column[k] = flags_i[k*FlagB + f];
      end
      any[f] = |(column & mask_i);
    end
  end
  assign flags_o = any;

endmodule
