// SPDX-License-Identifier: Apache-2.0
// vfadd_pipe_reg: the one pipeline register helper (a valid/data shift register with a stall).
//
// Depth = 0 is a wire. Each stage loads its payload only when the incoming valid is set and the
// pipeline is not stalled; the valid bits carry the async reset, the payload does not (unless
// ResetAll). A stall holds every stage, valid bits included, so nothing is lost or duplicated.
module vfadd_pipe_reg #(
  parameter int unsigned Width    = 1,     // payload bits, >= 1
  parameter int unsigned Depth    = 1,     // register stages, 0 (bypass) .. 8
  parameter bit          ResetAll = 1'b0   // also reset the payload flops
) (
  input  logic             clk_i,    // clock
  input  logic             rst_ni,   // async reset, active low
  input  logic             stall_i,  // 1: hold every stage
  input  logic             valid_i,  // payload valid
  input  logic [Width-1:0] data_i,   // payload
  output logic             valid_o,  // valid, Depth cycles later
  output logic [Width-1:0] data_o    // payload, Depth cycles later
);

  if (Width < 1) begin : gen_bad_width
    $error("vfadd_pipe_reg: Width must be at least 1");
  end
  if (Depth > 8) begin : gen_bad_depth
    $error("vfadd_pipe_reg: Depth must be 0 .. 8");
  end

  if (Depth == 0) begin : gen_bypass
    assign valid_o = valid_i;
    assign data_o  = data_i;
    // No register: the clock, reset and stall are not needed.
    logic unused_ctrl;
    assign unused_ctrl = clk_i ^ rst_ni ^ stall_i;
  end else begin : gen_stages
    // Stage s input is at slice s, its output at slice s + 1.
    logic [Depth:0]           valid_d;
    logic [Depth-1:0]         valid_q;
    logic [(Depth+1)*Width-1:0] data_d;
    logic [Depth*Width-1:0]   data_q;

    assign valid_d[0]         = valid_i;
    assign data_d[0 +: Width] = data_i;

    for (genvar s = 0; s < Depth; s++) begin : gen_stage
      logic load;
      assign load = valid_d[s] & ~stall_i;

      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          valid_q[s] <= 1'b0;
        end else if (!stall_i) begin
          valid_q[s] <= valid_d[s];
        end
      end

      if (ResetAll) begin : gen_data_rst
        always_ff @(posedge clk_i or negedge rst_ni) begin
          if (!rst_ni) begin
            data_q[s*Width +: Width] <= '0;
          end else if (load) begin
            data_q[s*Width +: Width] <= data_d[s*Width +: Width];
          end
        end
      end else begin : gen_data_norst
        always_ff @(posedge clk_i) begin
          if (load) begin
            data_q[s*Width +: Width] <= data_d[s*Width +: Width];
          end
        end
      end

      assign valid_d[s+1]           = valid_q[s];
      assign data_d[(s+1)*Width +: Width] = data_q[s*Width +: Width];
    end

    assign valid_o = valid_d[Depth];
    assign data_o  = data_d[Depth*Width +: Width];
  end

endmodule
