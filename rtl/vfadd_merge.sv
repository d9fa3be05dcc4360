// SPDX-License-Identifier: Apache-2.0
// vfadd_merge: the predicate merge of a vector operation's result (section 6.0 of
// docs/semantics.md) and the FPSR flags of the lanes' additions.
//
// | 16-bit slot s               | result_o[s]   |
// |-----------------------------|---------------|
// | active (its element is)     | sum_i[s]      |
// | inactive, below VL          | a_i[s] (Zdn)  |
// | at or above VL              | 0             |
// vec_flags_o ORs the flags of the active elements' additions; all_flags_o ORs every flag slot
// (FADDV's level 1, whose inactive leaves are +0.0 + +0.0 and raise nothing).
module vfadd_merge #(
  parameter int unsigned VecW = 512,  // vector bits: a multiple of 128, 128 .. 2048
  localparam int unsigned NSlot     = VecW / 16,
  localparam int unsigned NumLanes  = VecW / vfadd_pkg::LANE_BITS,
  localparam int unsigned FlagSlots = NumLanes * vfadd_pkg::LANE_SLOTS,
  localparam int unsigned FlagB     = vfadd_pkg::FLAG_BITS
) (
  input  vfadd_pkg::fmt_t         fmt_i,        // element format (FMT_H/S/D)
  input  logic [NSlot-1:0]        active_i,     // slot s: its element is active
  input  logic [NSlot-1:0]        in_vl_i,      // slot s: below VL
  input  logic [VecW-1:0]         a_i,          // Zdn, kept by inactive elements
  input  logic [VecW-1:0]         sum_i,        // the lanes' sums
  input  logic [FlagSlots*FlagB-1:0] flags_i,   // lane l, slot t: [(l*LANE_SLOTS+t)*FlagB +: FlagB]
  output logic [VecW-1:0]         result_o,     // the merged result
  output vfadd_pkg::fpsr_flags_t  vec_flags_o,  // flags of the active elements
  output vfadd_pkg::fpsr_flags_t  all_flags_o   // flags of every slot
);

  logic [FlagSlots-1:0] slot_active;
  always_comb begin
    result_o = '0;
    for (int unsigned s = 0; s < NSlot; s++) begin
      result_o[s*16 +: 16] = active_i[s] ? sum_i[s*16 +: 16] :
                             in_vl_i[s]  ? a_i[s*16 +: 16] : 16'd0;
    end
    // Flag slot t of lane l belongs to element l * (64 / esize) + t, whose first 16-bit slot is
    // l * 4 + t * esize / 16 (slots past the format's elements carry no flags).
    for (int unsigned l = 0; l < NumLanes; l++) begin
      for (int unsigned t = 0; t < vfadd_pkg::LANE_SLOTS; t++) begin
        slot_active[l*vfadd_pkg::LANE_SLOTS + t] =
            (fmt_i == vfadd_pkg::FMT_D) ? active_i[l*4] :
            (fmt_i == vfadd_pkg::FMT_S) ? active_i[l*4 + 2*(t % 2)] : active_i[l*4 + t];
      end
    end
  end
  vfadd_flags_or #(.Slots(FlagSlots)) u_all_flags (
    .flags_i, .mask_i({FlagSlots{1'b1}}), .flags_o(all_flags_o)
  );
  vfadd_flags_or #(.Slots(FlagSlots)) u_vec_flags (
    .flags_i, .mask_i(slot_active), .flags_o(vec_flags_o)
  );

endmodule
