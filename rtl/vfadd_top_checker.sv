// SPDX-License-Identifier: Apache-2.0
// vfadd_top_checker: the handshake rules of vfadd_top's interface as assertions (style rule 11),
// for simulation only. vfadd_top instantiates it under `ifndef SYNTHESIS, and this file is empty
// under SYNTHESIS, so that Yosys never sees its counter, its FIFO or its unpacked array.
//
// | assertion         | rule                                                        | holds    |
// |-------------------|-------------------------------------------------------------|----------|
// | ReqValidHeld_A    | req_valid_i stays high until the request is taken           | env (a)  |
// | ReqStable_A       | every request pin is stable while req_valid_i && !ready     | env (b)  |
// | RspValidHeld_A    | rsp_valid_o stays high until the response is taken          | unit (c) |
// | RspStable_A       | every response pin is stable while rsp_valid_o && !ready    | unit (c) |
// | RspInFlight_A     | no rsp_valid_o without a request in flight                  | unit (d) |
// | TagInOrder_A      | a response taken carries the oldest tag in flight           | unit (e) |
// | InFlightBounded_A | at most MaxInFlight requests in flight (the FIFO's depth)   | unit     |
// "env": assumptions on vfadd_top's environment, checked as assertions. "In flight": accepted
// (req_valid_i && req_ready_o at a rising edge) and not yet answered (rsp_valid_o && rsp_ready_i).
// The count of requests in flight and a FIFO of their tags are kept here, reset with the unit
// (rst_ni): a reset drops everything in flight, in the unit and here alike. Like every assertion
// of the macro, these are off while rst_ni is low.
//
// The ports are vfadd_top's, under their own names (all of them inputs here), so that vfadd_top
// connects them by name. The checker can also be Verilated on its own (tb/top/checker_test.cc).
`include "vfadd_assert.svh"

`ifndef SYNTHESIS
module vfadd_top_checker #(
  parameter int unsigned VecW        = 512,  // vector bits: 128 .. 2048, a multiple of 128
  parameter int unsigned TagW        = 16,   // tag bits: 1 .. 32
  parameter int unsigned MaxInFlight = 4,    // most requests the unit can hold in flight: >= 1
  localparam int unsigned PredW = VecW / 8
) (
  input logic                 clk_i,          // clock
  input logic                 rst_ni,         // async reset, active low
  input logic                 req_valid_i,    // vfadd_top's request
  input logic                 req_ready_o,
  input logic                 req_raw_i,
  input logic [31:0]          req_insn_i,
  input vfadd_pkg::op_e       req_op_i,
  input vfadd_pkg::fmt_t      req_fmt_i,
  input logic                 req_imm_one_i,
  input logic [3:0]           req_len_i,
  input logic [31:0]          req_fpcr_i,
  input logic [PredW-1:0]     req_pg_i,
  input logic [VecW-1:0]      req_a_i,
  input logic [VecW-1:0]      req_b_i,
  input logic [TagW-1:0]      req_tag_i,
  input logic                 rsp_valid_o,    // vfadd_top's response
  input logic                 rsp_ready_i,
  input logic [VecW-1:0]      rsp_result_o,
  input logic [31:0]          rsp_fpsr_o,
  input logic [TagW-1:0]      rsp_tag_o,
  input logic                 rsp_undef_o
);
  // The checker is not part of the design: no coverage points of its own.
  /* verilator coverage_off */

  if (MaxInFlight < 1) begin : gen_bad_depth
    $error("vfadd_top_checker: MaxInFlight must be at least 1");
  end
  localparam int unsigned Depth = (MaxInFlight >= 1) ? MaxInFlight : 1;
  localparam int unsigned PtrW  = (Depth > 1) ? $clog2(Depth) : 1;

  logic req_fire, rsp_fire;
  assign req_fire = req_valid_i && req_ready_o;
  assign rsp_fire = rsp_valid_o && rsp_ready_i;

  // Every request pin but valid, every response pin but valid: what must hold still.
  localparam int unsigned ReqW = 1 + 32 + vfadd_pkg::OP_BITS + vfadd_pkg::FMT_BITS + 1 + 4 + 32
                                 + PredW + 2 * VecW + TagW;
  localparam int unsigned RspW = VecW + 32 + TagW + 1;
  logic [ReqW-1:0] req_payload;
  logic [RspW-1:0] rsp_payload;
  assign req_payload = {req_raw_i, req_insn_i, req_op_i, req_fmt_i, req_imm_one_i, req_len_i,
                        req_fpcr_i, req_pg_i, req_a_i, req_b_i, req_tag_i};
  assign rsp_payload = {rsp_result_o, rsp_fpsr_o, rsp_tag_o, rsp_undef_o};

  // ---- requests in flight: a count and a FIFO of their tags ---------------------------------
  // A response with nothing in flight (RspInFlight_A fires) pops nothing, so that the count
  // cannot wrap and no other assertion follows from it.
  logic [31:0]     in_flight_q, in_flight_d;
  logic [PtrW-1:0] wr_q, wr_d, rd_q, rd_d;
  logic            pop;
  logic [TagW-1:0] tags_q [Depth];
  logic [TagW-1:0] oldest_tag;

  assign pop        = rsp_fire && in_flight_q != '0;
  assign oldest_tag = tags_q[rd_q];
  assign in_flight_d = in_flight_q + 32'(req_fire) - 32'(pop);
  assign wr_d = !req_fire ? wr_q : (wr_q == PtrW'(Depth - 1)) ? '0 : wr_q + 1'b1;
  assign rd_d = !pop ? rd_q : (rd_q == PtrW'(Depth - 1)) ? '0 : rd_q + 1'b1;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      in_flight_q <= '0;
      wr_q        <= '0;
      rd_q        <= '0;
    end else begin
      in_flight_q <= in_flight_d;
      wr_q        <= wr_d;
      rd_q        <= rd_d;
    end
  end

  always_ff @(posedge clk_i) begin
    if (req_fire) begin
      tags_q[wr_q] <= req_tag_i;
    end
  end

  // ---- the rules --------------------------------------------------------------------------------
  // (a), (b): the environment's side of the request handshake.
  `VFADD_ASSERT(ReqValidHeld_A, req_valid_i && !req_ready_o |=> req_valid_i, clk_i, rst_ni)
  `VFADD_ASSERT(ReqStable_A, req_valid_i && !req_ready_o |=> $stable(req_payload), clk_i, rst_ni)
  // (c): the unit's side of the response handshake.
  `VFADD_ASSERT(RspValidHeld_A, rsp_valid_o && !rsp_ready_i |=> rsp_valid_o, clk_i, rst_ni)
  `VFADD_ASSERT(RspStable_A, rsp_valid_o && !rsp_ready_i |=> $stable(rsp_payload), clk_i, rst_ni)
  // (d), (e): every response answers the oldest request in flight.
  `VFADD_ASSERT(RspInFlight_A, rsp_valid_o |-> in_flight_q != '0, clk_i, rst_ni)
  `VFADD_ASSERT(TagInOrder_A, pop |-> rsp_tag_o == oldest_tag, clk_i, rst_ni)
  `VFADD_ASSERT(InFlightBounded_A, req_fire |-> in_flight_q < 32'(Depth), clk_i, rst_ni)
  /* verilator coverage_on */

endmodule
`endif  // SYNTHESIS
