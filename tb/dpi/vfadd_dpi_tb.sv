// SPDX-License-Identifier: Apache-2.0
// vfadd_dpi_tb: a SystemVerilog testbench of vfadd_top that checks every response through the
// golden model's DPI-C package (vfadd_model_pkg) alone. Stimulus is made here: every operation
// and format, structured requests and instruction words (legal, mutated, random), requests that
// are not operations, random predicates, FPCR values with every rounding mode and FZ / FZ16 / DN
// (and junk in the bits that do not matter), VL below and above the unit's maximum (req_len_i is
// limited to it), special and random operands, random idle cycles and response backpressure in
// phases. Every bit the unit must ignore is random. Each accepted request is executed on the
// model at once; each response is compared in order with the expected one: tag, undef, the
// whole result (so the bits at and above VL, and above a scalar, must be 0) and the FPSR flags.
//
// Verilated with --timing (the clock and the sequence below use delays) by tb/dpi/dpi.cmake;
// tb/dpi/vfadd_dpi_main.cc runs it and exits 1 when the run had an error. Plusargs:
//   +seed=N             stimulus seed (default 1); request N of a seed is the same whatever
//                       the timing (idle, backpressure, the unit's latencies)
//   +cases=N            requests (default 2000)
//   +idle=P             percent of cycles with no request offered (default: a new rate from
//                       {0, 0, 10, 30, 60, 90} every 256 requests)
//   +backpressure=P     percent of cycles with rsp_ready_i low (default: as +idle)
//   +inject_mismatch=N  flip bit 0 of request N's expected result: the run must fail on it
//   +max_reports=N      mismatches described in full (default 10); all are counted
//   +verbose            one line per checked response
// The last line is the summary, "vfadd_dpi_tb: PASSED: ..." or "vfadd_dpi_tb: FAILED: ...";
// a failed run ends in $fatal.
module vfadd_dpi_tb #(
  parameter int unsigned MaxVecLenBits = 256,  // the unit's largest VL: 128 .. 2048, a multiple of 128
  parameter int unsigned NumStages     = 2,    // the unit's adder pipeline depth: 1 .. 6
  parameter int unsigned TagBits       = 8     // request tag bits: 1 .. 32
);

  localparam int unsigned VecW   = MaxVecLenBits;
  localparam int unsigned PredW  = VecW / 8;
  localparam int unsigned MaxLen = VecW / 128 - 1;
  localparam int unsigned DpiVl  = vfadd_model_pkg::MAX_VL;
  localparam int unsigned DpiPg  = vfadd_model_pkg::MAX_PRED;
  // Cycles without an accepted request or a taken response before the run is declared hung:
  // far above the longest latency (FADDA over every FP16 element) under heavy backpressure.
  localparam int unsigned StallLimit = 20 * (NumStages * (VecW / 16) + 3) + 2000;
  // Cycles watched after the last response for one that should not come.
  localparam int unsigned DrainCycles = 4 * (NumStages * (VecW / 16) + 3) + 20;

  // ---- the unit -------------------------------------------------------------------------------
  logic                 clk_i, rst_ni;
  logic                 req_valid_i, req_ready_o, req_raw_i, req_imm_one_i;
  logic [31:0]          req_insn_i, req_fpcr_i;
  vfadd_pkg::op_e       req_op_i;
  vfadd_pkg::fmt_t      req_fmt_i;
  logic [3:0]           req_len_i;
  logic [PredW-1:0]     req_pg_i;
  logic [VecW-1:0]      req_a_i, req_b_i;
  logic [TagBits-1:0]   req_tag_i;
  logic                 rsp_valid_o, rsp_ready_i, rsp_undef_o;
  logic [VecW-1:0]      rsp_result_o;
  logic [31:0]          rsp_fpsr_o;
  logic [TagBits-1:0]   rsp_tag_o;

  vfadd_top #(
    .MaxVecLenBits(MaxVecLenBits), .NumStages(NumStages), .TagBits(TagBits)
  ) u_dut (
    .clk_i, .rst_ni,
    .req_valid_i, .req_ready_o, .req_raw_i, .req_insn_i, .req_op_i, .req_fmt_i, .req_imm_one_i,
    .req_len_i, .req_fpcr_i, .req_pg_i, .req_a_i, .req_b_i, .req_tag_i,
    .rsp_valid_o, .rsp_ready_i, .rsp_result_o, .rsp_fpsr_o, .rsp_tag_o, .rsp_undef_o
  );

  initial begin
    clk_i = 1'b0;
    forever #5 clk_i = ~clk_i;
  end

  // ---- random numbers (SplitMix64: the same sequence on every simulator) ---------------------
  longint unsigned rng_q;

  // SplitMix64's output function: a bijection that scatters nearby inputs.
  function automatic longint unsigned mix64(longint unsigned x);
    longint unsigned z = x;
    z = (z ^ (z >> 30)) * 64'hbf58_476d_1ce4_e5b9;
    z = (z ^ (z >> 27)) * 64'h94d0_49bb_1331_11eb;
    return z ^ (z >> 31);
  endfunction

  function automatic longint unsigned rnd64();
    rng_q = rng_q + 64'h9e37_79b9_7f4a_7c15;
    return mix64(rng_q);
  endfunction

  // A number in [0, n), n >= 1.
  function automatic int unsigned below(int unsigned n);
    return int'(rnd64() % 64'(n));
  endfunction

  function automatic bit chance(int unsigned percent);
    return below(100) < percent;
  endfunction

  // ---- formats ----------------------------------------------------------------------------------
  function automatic int unsigned esize(int unsigned fmt);
    return fmt == vfadd_model_pkg::FMT_H ? 16 : fmt == vfadd_model_pkg::FMT_S ? 32 : 64;
  endfunction
  function automatic int unsigned exp_bits(int unsigned fmt);
    return fmt == vfadd_model_pkg::FMT_H ? 5 : fmt == vfadd_model_pkg::FMT_S ? 8 : 11;
  endfunction
  function automatic longint unsigned low_mask(int unsigned bits);
    return bits >= 64 ? '1 : (64'd1 << bits) - 1;
  endfunction

  // ---- operands ---------------------------------------------------------------------------------
  // One element of fmt: random bits, or a value of a class the datapath treats apart (zeros,
  // infinities, quiet and signalling NaNs, subnormals, the ends of the normal range, values near
  // 1.0 whose low fraction bits are often 0).
  function automatic longint unsigned rand_elem(int unsigned fmt);
    int unsigned eb = exp_bits(fmt), w = esize(fmt);
    int unsigned mb = w - 1 - eb;
    longint unsigned e_max = low_mask(eb), m = rnd64() & low_mask(mb), e;
    longint unsigned quiet = 64'd1 << (mb - 1);
    case (below(12))
      0, 1:    return rnd64() & low_mask(w);
      2:       begin e = 0; m = 0; end
      3:       begin e = e_max; m = 0; end
      4:       begin e = e_max; m = m | quiet; end
      5:       begin e = e_max; m = m & ~quiet; if (m == 0) m = 1; end
      6:       begin e = 0; if (m == 0) m = 1; end
      7:       e = 64'(below(2)) + 1;
      8:       e = e_max - 64'(below(2)) - 1;
      default: begin
        e = (e_max >> 1) - 4 + 64'(below(9));
        if (chance(50)) m = m & ~low_mask(mb - below(4) - 1);
      end
    endcase
    return 64'(rnd64() & 1) << (w - 1) | e << mb | m;
  endfunction

  // An element related to x: x, -x, -x a few units in the last place away (cancellation), or
  // x with its exponent a little different (alignment shifts).
  function automatic longint unsigned related(int unsigned fmt, longint unsigned x);
    int unsigned w = esize(fmt), mb = w - 1 - exp_bits(fmt);
    longint unsigned sign = 64'd1 << (w - 1);
    case (below(4))
      0:       return x;
      1:       return x ^ sign;
      2:       return ((x ^ sign) + 64'(below(5)) - 2) & low_mask(w);
      default: return (x + (64'(below(2 * mb + 1)) << mb) - (64'(mb) << mb)) & low_mask(w);
    endcase
  endfunction

  // Zdn and Zm of fmt over the unit's whole width (elements at and above VL are more junk).
  task automatic make_operands(int unsigned fmt, output logic [VecW-1:0] a,
                               output logic [VecW-1:0] b);
    longint unsigned x, y;
    int unsigned w = esize(fmt);
    for (int unsigned e = 0; e < VecW / w; e++) begin
      x = rand_elem(fmt);
      y = chance(35) ? related(fmt, x) : rand_elem(fmt);
      for (int unsigned k = 0; k < w; k++) begin
        a[e * w + k] = x[k];
        b[e * w + k] = y[k];
      end
    end
  endtask

  // A governing predicate: all true, all false, random, sparse, one element active.
  function automatic logic [PredW-1:0] make_pred(int unsigned fmt);
    logic [PredW-1:0] p;
    int unsigned kind = below(6), one = below(VecW / esize(fmt)) * (esize(fmt) / 8);
    for (int unsigned i = 0; i < PredW; i++) begin
      case (kind)
        0:       p[i] = 1'b1;
        1:       p[i] = 1'b0;
        2, 3:    p[i] = rnd64() % 2 == 1;
        4:       p[i] = chance(12);
        default: p[i] = i == one || (i % (esize(fmt) / 8) != 0 && chance(50));
      endcase
    end
    return p;
  endfunction

  // An FPCR: any rounding mode, FZ, FZ16, DN; sometimes junk in the fields no addition reads
  // (AHP, trap enables, Len, Stride: bits 31:26, 21:20, 18:3).
  function automatic logic [31:0] make_fpcr();
    logic [31:0] f = chance(25) ? 32'(rnd64()) & 32'hfc37_fff8 : '0;
    f[23:22] = 2'(below(4));
    f[24] = chance(40);
    f[19] = chance(40);
    f[25] = chance(40);
    return f;
  endfunction

  // `bits` random bits, as wide as a DPI vector.
  function automatic bit [DpiVl-1:0] junk_vec();
    bit [DpiVl-1:0] v;
    for (int unsigned i = 0; i < DpiVl / 64; i++) v[i * 64 +: 64] = rnd64();
    return v;
  endfunction

  // ---- requests ---------------------------------------------------------------------------------
  // What the unit is asked, with the model's answer (filled when it is accepted).
  typedef struct packed {
    int unsigned     index;
    bit              raw;
    logic [31:0]     insn;
    int unsigned     op, fmt;  // as driven (structured) or decoded (raw; 0 when not an operation)
    bit              imm_one;
    logic [3:0]      len;      // req_len_i; vl = (len + 1) * 128, at most MaxVecLenBits
    int unsigned     vl, fpcr;
    bit [DpiPg-1:0]  pg;       // the pins, then junk above them
    bit [DpiVl-1:0]  a, b;
    logic [TagBits-1:0] tag;
    bit              undef;    // the model's answer
    bit [DpiVl-1:0]  res;
    int unsigned     fpsr;
    bit              injected;
  } request_t;

  request_t offer;        // the request on the pins (while req_valid_i)
  request_t pending[$];   // accepted, in order, awaiting their responses

  // Puts a new request for `index` on the pins, into `offer`. Its content is a function of the
  // seed and the index alone (its own random stream), whatever the timing before it.
  task automatic present(int unsigned index);
    longint unsigned timing_q = rng_q;
    int unsigned kind, op, fmt, enc;
    logic [VecW-1:0] a, b;
    logic [PredW-1:0] pg;
    bit imm_one;
    rng_q = mix64(mix64(64'(seed)) ^ mix64(64'(index) + 64'h5555_5555_0000_0001));
    kind = below(100);
    imm_one = rnd64() % 2 == 1;
    op = below(vfadd_model_pkg::NUM_OPS);
    fmt = 1 + below(3);
    make_operands(fmt, a, b);
    pg = make_pred(fmt);
    offer = '0;
    offer.index = index;
    // 0 .. 5: a word of the family; 6 .. 8: one with a bit flipped; 9 .. 11: any word; 12 .. 14:
    // not an operation (an op code above OP_FADDV, or no format); the rest: an operation.
    offer.raw = kind < 12;
    offer.insn = 32'(rnd64());
    if (kind < 9) begin
      if (vfadd_model_pkg::vfadd_model_encode(op, fmt, imm_one, below(32), below(32), below(32),
                                              below(8), enc) != vfadd_model_pkg::STATUS_OK)
        $error("vfadd_model_encode(%0d, %0d) failed", op, fmt);
      offer.insn = kind < 6 ? enc : enc ^ (32'd1 << below(32));
    end else if (kind >= 12 && kind < 15) begin
      if (chance(50)) op = vfadd_model_pkg::NUM_OPS + below(16 - vfadd_model_pkg::NUM_OPS);
      else fmt = 0;
    end
    offer.op = op;
    offer.fmt = fmt;
    offer.imm_one = imm_one;
    offer.fpcr = make_fpcr();
    offer.len = chance(5) ? 4'(below(16)) : 4'(below(MaxLen + 1));
    offer.vl = (int'(offer.len) + 1) * 128 > VecW ? VecW : (int'(offer.len) + 1) * 128;
    offer.pg = DpiPg'(junk_vec());
    offer.pg[PredW-1:0] = pg;
    offer.a = junk_vec();
    offer.a[VecW-1:0] = a;
    offer.b = junk_vec();
    offer.b[VecW-1:0] = b;
    offer.tag = TagBits'(index);

    req_valid_i = 1'b1;
    req_raw_i = offer.raw;
    req_insn_i = offer.insn;
    req_op_i = offer.raw ? vfadd_pkg::op_e'(4'(below(16))) : vfadd_pkg::op_e'(4'(op));
    req_fmt_i = offer.raw ? 2'(below(4)) : 2'(fmt);
    req_imm_one_i = offer.raw ? rnd64() % 2 == 1 : imm_one;
    req_len_i = offer.len;
    req_fpcr_i = offer.fpcr;
    req_pg_i = pg;
    req_a_i = a;
    req_b_i = b;
    req_tag_i = offer.tag;
    rng_q = timing_q;
  endtask

  // Every request pin random, req_valid_i low.
  task automatic idle_pins();
    bit [DpiVl-1:0] j = junk_vec();
    req_valid_i = 1'b0;
    req_raw_i = j[0];
    req_imm_one_i = j[1];
    req_len_i = j[5:2];
    req_fmt_i = j[7:6];
    req_op_i = vfadd_pkg::op_e'(j[11:8]);
    req_insn_i = j[63:32];
    req_fpcr_i = j[95:64];
    req_tag_i = j[96 +: TagBits];
    j = junk_vec();
    req_pg_i = j[PredW-1:0];
    req_a_i = j[VecW-1:0];
    j = junk_vec();
    req_b_i = j[VecW-1:0];
  endtask

  // ---- the model ----------------------------------------------------------------------------
  // The model's answer for an accepted request r (raw words decoded first).
  task automatic expect_of(inout request_t r);
    int status;
    if (r.raw) begin
      status = vfadd_model_pkg::vfadd_model_decode(r.insn, r.op, r.fmt, r.imm_one);
      if (status != vfadd_model_pkg::STATUS_OK) begin
        r.undef = 1'b1;
        return;
      end
    end
    status = vfadd_model_pkg::vfadd_model_execute(r.op, r.fmt, r.imm_one, r.vl, r.fpcr, r.pg, r.a,
                                                  r.b, r.res, r.fpsr);
    if (status == vfadd_model_pkg::STATUS_UNDEF) r.undef = 1'b1;
    else if (status != vfadd_model_pkg::STATUS_OK)
      $error("vfadd_model_execute: status %0d for request %0d", status, r.index);
  endtask

  // ---- the account ------------------------------------------------------------------------------
  int unsigned cases = 2000, max_reports = 10, idle_pct = 20, bp_pct = 20;
  int inject = -1;
  bit fixed_idle, fixed_bp, verbose;
  int unsigned seed = 1;
  int unsigned checked, mismatches, undefs, raws, cycles, dpi_checks, dpi_failures;
  int unsigned op_fmt_seen[vfadd_model_pkg::NUM_OPS][4];
  int unsigned rmode_seen[4];
  int unsigned flag_seen[8];
  int unsigned fz_seen, fz16_seen, dn_seen, short_vl_seen, clamped_seen;
  string failures[$];  // protocol and coverage errors, for the summary

  function automatic string case_text(request_t r);
    string s;
    if (r.raw) s = $sformatf("raw insn %08h (%s), ", r.insn,
                             vfadd_model_pkg::vfadd_model_disassemble(r.insn));
    if (r.undef) return {s, $sformatf("not an operation (op %0d, fmt %0d), vl %0d", r.op, r.fmt,
                                      r.vl)};
    return {s, vfadd_model_pkg::vfadd_model_trace_line(r.op, r.fmt, r.imm_one, r.vl, r.fpcr,
                                                       r.pg, r.a, r.b)};
  endfunction

  // s with every line after the first indented by two spaces.
  function automatic string indent(string s);
    string out = "";
    for (int i = 0; i < s.len(); i++) begin
      out = {out, s.substr(i, i)};
      if (s[i] == 8'h0a) out = {out, "  "};
    end
    return out;
  endfunction

  // Checks the response on the pins against r, the oldest request in flight.
  task automatic check_response(request_t r);
    bit [DpiVl-1:0] got = '0;
    string why = "", diff, note;
    got[VecW-1:0] = rsp_result_o;
    checked++;
    if (rsp_tag_o !== r.tag) why = {why, $sformatf(" tag %h (expected %h)", rsp_tag_o, r.tag)};
    if (rsp_undef_o !== r.undef) why = {why, $sformatf(" undef %0d (expected %0d)", rsp_undef_o,
                                                      r.undef)};
    if (rsp_result_o !== r.res[VecW-1:0]) why = {why, " result"};
    if (rsp_fpsr_o !== r.fpsr) why = {why, $sformatf(" fpsr %08h (expected %08h)", rsp_fpsr_o,
                                                    r.fpsr)};
    if (verbose && why == "") $display("vfadd_dpi_tb: request %0d tag %h: ok", r.index, r.tag);
    if (verbose && why != "")
      $display("vfadd_dpi_tb: request %0d tag %h: MISMATCH%s", r.index, r.tag, why);
    if (why == "") return;
    mismatches++;
    if (mismatches > max_reports) return;
    note = "";
    if (r.injected) note = " [injected: expected result bit 0 flipped]";
    $display("vfadd_dpi_tb: MISMATCH request %0d (cycle %0d)%s:%s", r.index, cycles, note, why);
    $display("  case: %s", case_text(r));
    if (!r.undef) begin
      diff = vfadd_model_pkg::vfadd_model_describe_difference(r.op, r.fmt, r.imm_one, r.vl,
                                                               r.fpcr, r.pg, r.a, r.b, r.res,
                                                               r.fpsr, got, rsp_fpsr_o);
      if (diff != "") $display("  %s", indent(diff));
    end
    if (rsp_result_o !== r.res[VecW-1:0])
      $display("  result: expected %h\n          actual   %h", r.res[VecW-1:0], rsp_result_o);
  endtask

  // What the stimulus reached, for the coverage checks at the end.
  task automatic count(request_t r);
    if (r.raw) raws++;
    if (r.undef) begin
      undefs++;
      return;
    end
    op_fmt_seen[r.op][r.fmt]++;
    rmode_seen[r.fpcr[23:22]]++;
    if (r.fpcr[24]) fz_seen++;
    if (r.fpcr[19]) fz16_seen++;
    if (r.fpcr[25]) dn_seen++;
    if (r.vl < VecW) short_vl_seen++;
    if (int'(r.len) > MaxLen) clamped_seen++;
    for (int unsigned i = 0; i < 8; i++) if (r.fpsr[i]) flag_seen[i]++;
  endtask

  // ---- directed checks of the package, values derived by hand ---------------------------------
  task automatic dpi_expect(string what, bit ok);
    dpi_checks++;
    if (!ok) begin
      dpi_failures++;
      $display("vfadd_dpi_tb: DPI self-check FAILED: %s", what);
    end
  endtask

  task automatic dpi_self_check();
    longint unsigned r;
    int unsigned f, op, fmt, insn;
    bit imm;
    int status;
    bit [DpiVl-1:0] a, b, res, junk = junk_vec();
    bit [DpiPg-1:0] pg;
    // Scalars (sections 2-5 of the semantics): 1 + 2 = 3; 1 - 1 = +0, but -0 rounding down;
    // +inf + -inf = the default NaN, IOC; 65504 + 65504 overflows FP16 to +inf, OFC|IXC;
    // 1 + 2^-53 is a tie in FP64, to even (1.0), IXC.
    status = vfadd_model_pkg::vfadd_model_fp_add(2, 0, 'h3f80_0000, 'h4000_0000, 0, r, f);
    dpi_expect("fp_add s 1 + 2", status == 0 && r == 'h4040_0000 && f == 0);
    status = vfadd_model_pkg::vfadd_model_fp_add(2, 1, 'h3f80_0000, 'h3f80_0000, 0, r, f);
    dpi_expect("fp_add s 1 - 1 (RN)", status == 0 && r == 0 && f == 0);
    status = vfadd_model_pkg::vfadd_model_fp_add(2, 1, 'h3f80_0000, 'h3f80_0000, 'h0080_0000, r,
                                                 f);
    dpi_expect("fp_add s 1 - 1 (RM)", status == 0 && r == 64'h8000_0000 && f == 0);
    status = vfadd_model_pkg::vfadd_model_fp_add(2, 0, 64'h7f80_0000, 64'hff80_0000, 0, r, f);
    dpi_expect("fp_add s inf + -inf", status == 0 && r == 'h7fc0_0000 && f == 'h01);
    status = vfadd_model_pkg::vfadd_model_fp_add(1, 0, 'h7bff, 'h7bff, 0, r, f);
    dpi_expect("fp_add h 65504 + 65504", status == 0 && r == 'h7c00 && f == 'h14);
    status = vfadd_model_pkg::vfadd_model_fp_add(3, 0, 64'h3ff0_0000_0000_0000,
                                                 64'h3ca0_0000_0000_0000, 0, r, f);
    dpi_expect("fp_add d 1 + 2^-53", status == 0 && r == 64'h3ff0_0000_0000_0000 && f == 'h10);
    status = vfadd_model_pkg::vfadd_model_fp_add(0, 0, 0, 0, 0, r, f);
    dpi_expect("fp_add fmt 0", status == vfadd_model_pkg::STATUS_BAD_FMT);
    // FADD Zdn.S, Pg/M at VL 256: 1 + 2 = 3 in the active elements, element 3 (predicate bit 12
    // clear) keeps Zdn's 1.0; the junk above VL is read by nobody and the result is 0 there.
    a = junk;
    b = ~junk;
    pg = {DpiPg{1'b1}};
    pg[12] = 1'b0;
    for (int unsigned e = 0; e < 8; e++) begin
      a[e * 32 +: 32] = 'h3f80_0000;
      b[e * 32 +: 32] = 'h4000_0000;
    end
    status = vfadd_model_pkg::vfadd_model_execute(0, 2, 0, 256, 0, pg, a, b, res, f);
    dpi_expect("execute fadd s vl 256", status == 0 && f == 0 &&
               res == {{(DpiVl - 256){1'b0}}, 32'h4040_0000, 32'h4040_0000, 32'h4040_0000,
                       32'h4040_0000, 32'h3f80_0000, 32'h4040_0000, 32'h4040_0000, 32'h4040_0000});
    // FADDA Dd at VL 128: ((1 + 2) + 4) = 7, from Vdn's low 64 bits (junk above them).
    a = junk;
    a[63:0] = 64'h3ff0_0000_0000_0000;
    b = junk;
    b[127:0] = {64'h4010_0000_0000_0000, 64'h4000_0000_0000_0000};
    status = vfadd_model_pkg::vfadd_model_execute(9, 3, 0, 128, 0, pg, a, b, res, f);
    dpi_expect("execute fadda d vl 128", status == 0 && f == 0 && res == DpiVl'(64'h401c_0000_0000_0000));
    // FADDV Ss at VL 128 of four 1.0: 4.0; its trace line, as trace-format.md writes it.
    pg = '1;
    b = junk;
    b[127:0] = {4{32'h3f80_0000}};
    status = vfadd_model_pkg::vfadd_model_execute(10, 2, 0, 128, 0, pg, junk, b, res, f);
    dpi_expect("execute faddv s vl 128", status == 0 && f == 0 && res == 'h4080_0000);
    dpi_expect("trace_line faddv", vfadd_model_pkg::vfadd_model_trace_line(10, 2, 0, 128, 0, '1,
                                                                            junk, b) ==
               "faddv s 128 00000000 ffff - 3f8000003f8000003f8000003f800000 40800000 00000000");
    // Not an operation; a VL no vector has.
    status = vfadd_model_pkg::vfadd_model_execute(11, 2, 0, 128, 0, pg, a, b, res, f);
    dpi_expect("execute op 11", status == vfadd_model_pkg::STATUS_UNDEF && res == 0 && f == 0);
    status = vfadd_model_pkg::vfadd_model_execute(0, 2, 0, 192, 0, pg, a, b, res, f);
    dpi_expect("execute vl 192", status == vfadd_model_pkg::STATUS_BAD_VL && res == 0);
    // FADD Z1.S, P2/M, Z1.S, Z3.S: 01100101 size=10 00 0000 100 Pg=010 Zm=00011 Zdn=00001.
    status = vfadd_model_pkg::vfadd_model_decode('h6580_8861, op, fmt, imm);
    dpi_expect("decode 65808861", status == 0 && op == 0 && fmt == 2 && imm == 0);
    dpi_expect("disassemble 65808861", vfadd_model_pkg::vfadd_model_disassemble('h6580_8861) ==
                                       "fadd z1.s, p2/m, z1.s, z3.s");
    status = vfadd_model_pkg::vfadd_model_encode(0, 2, 0, 1, 0, 3, 2, insn);
    dpi_expect("encode fadd z1.s, p2/m, z1.s, z3.s", status == 0 && insn == 'h6580_8861);
    status = vfadd_model_pkg::vfadd_model_encode(0, 2, 0, 32, 0, 3, 2, insn);
    dpi_expect("encode zd 32", status == vfadd_model_pkg::STATUS_BAD_ARG && insn == 0);
    status = vfadd_model_pkg::vfadd_model_decode(0, op, fmt, imm);
    dpi_expect("decode 00000000", status == vfadd_model_pkg::STATUS_UNDEF);
    dpi_expect("flag_names 11", vfadd_model_pkg::vfadd_model_flag_names('h11) == "IOC|IXC");
    dpi_expect("describe_value s 3fc00000",
               vfadd_model_pkg::vfadd_model_describe_value(2, 'h3fc0_0000) == "1.5");
  endtask

  // ---- the run ------------------------------------------------------------------------------
  // Requests offered and responses taken cycle by cycle: inputs driven at the falling edge (the
  // start of a cycle), the handshakes sampled just before the rising edge that ends it.
  int unsigned next_index, stall, drain;
  bit offered;
  request_t r;
  int unsigned rates[6] = '{0, 0, 10, 30, 60, 90};

  initial begin
    if ($value$plusargs("seed=%d", seed)) ;
    if ($value$plusargs("cases=%d", cases)) ;
    if ($value$plusargs("max_reports=%d", max_reports)) ;
    if ($value$plusargs("inject_mismatch=%d", inject)) ;
    fixed_idle = $value$plusargs("idle=%d", idle_pct) != 0;
    fixed_bp = $value$plusargs("backpressure=%d", bp_pct) != 0;
    verbose = $test$plusargs("verbose") != 0;
    rng_q = mix64(64'(seed) + 64'h7a3c_0000_0000_0001);
    $display("vfadd_dpi_tb: vfadd_top MaxVecLenBits=%0d NumStages=%0d TagBits=%0d, seed %0d, %0d requests",
             MaxVecLenBits, NumStages, TagBits, seed, cases);
    dpi_self_check();
    $display("vfadd_dpi_tb: DPI self-check: %0d checks, %0d failed", dpi_checks, dpi_failures);

    rst_ni = 1'b0;
    rsp_ready_i = 1'b0;
    idle_pins();
    repeat (3) @(negedge clk_i);
    rst_ni = 1'b1;
    while (next_index < cases || pending.size() != 0 || drain < DrainCycles) begin
      // The cycle's inputs.
      if (!fixed_idle && next_index % 256 == 0 && !offered) idle_pct = rates[below(6)];
      if (!fixed_bp && next_index % 256 == 0 && !offered) bp_pct = rates[below(6)];
      if (!offered) begin
        if (next_index < cases && !chance(idle_pct)) begin
          present(next_index);
          offered = 1'b1;
        end else begin
          idle_pins();
        end
      end
      rsp_ready_i = !chance(bp_pct);
      #4;
      // The handshakes of the cycle.
      cycles++;
      stall++;
      if (rsp_valid_o && rsp_ready_i) begin
        stall = 0;
        if (pending.size() == 0) begin
          failures.push_back($sformatf("cycle %0d: a response (tag %h) with no request in flight",
                                       cycles, rsp_tag_o));
          break;
        end
        check_response(pending.pop_front());
      end
      if (req_valid_i && req_ready_o) begin
        stall = 0;
        r = offer;
        expect_of(r);
        if (int'(r.index) == inject) begin
          r.res[0] = !r.res[0];
          r.injected = 1'b1;
        end
        count(r);
        pending.push_back(r);
        offered = 1'b0;
        next_index++;
      end
      if (next_index == cases && pending.size() == 0) drain++;
      if (stall > StallLimit) begin
        failures.push_back($sformatf("cycle %0d: no progress for %0d cycles (%0d requests in flight, request %0d offered: %0d)",
                                     cycles, stall, pending.size(), next_index, offered));
        break;
      end
      @(negedge clk_i);
    end

    // What the stimulus must have reached (a run too short to reach it is not judged).
    if (cases >= 500) begin
      for (int unsigned op = 0; op < vfadd_model_pkg::NUM_OPS; op++)
        for (int unsigned fmt = 1; fmt <= 3; fmt++)
          if (op_fmt_seen[op][fmt] == 0)
            failures.push_back($sformatf("coverage: no executed request of op %0d fmt %0d", op,
                                         fmt));
      for (int unsigned m = 0; m < 4; m++)
        if (rmode_seen[m] == 0) failures.push_back($sformatf("coverage: no RMode %0d", m));
      if (fz_seen == 0 || fz16_seen == 0 || dn_seen == 0)
        failures.push_back("coverage: FZ, FZ16 or DN never set");
      foreach (flag_seen[i])
        if (i != 1 && i != 5 && i != 6 && flag_seen[i] == 0)
          failures.push_back($sformatf("coverage: FPSR bit %0d never raised", i));
      if (undefs == 0 || raws == 0) failures.push_back("coverage: no raw or no undef request");
      if (MaxLen > 0 && short_vl_seen == 0) failures.push_back("coverage: no VL below the maximum");
      if (MaxLen < 15 && clamped_seen == 0)
        failures.push_back("coverage: no req_len_i above the maximum");
    end
    if (checked != cases)
      failures.push_back($sformatf("%0d responses checked of %0d requests", checked, cases));
    foreach (failures[i]) $display("vfadd_dpi_tb: ERROR: %s", failures[i]);
    $display("vfadd_dpi_tb: executed by op (h s d):");
    for (int unsigned op = 0; op < vfadd_model_pkg::NUM_OPS; op++)
      $display("  op %2d: %6d %6d %6d", op, op_fmt_seen[op][1], op_fmt_seen[op][2],
               op_fmt_seen[op][3]);
    $display("vfadd_dpi_tb: executed with RMode RN %0d, RP %0d, RM %0d, RZ %0d; FZ %0d, FZ16 %0d, DN %0d; VL below the maximum %0d, req_len_i above it %0d",
             rmode_seen[0], rmode_seen[1], rmode_seen[2], rmode_seen[3], fz_seen, fz16_seen,
             dn_seen, short_vl_seen, clamped_seen);
    $display("vfadd_dpi_tb: expected flags: IOC %0d, OFC %0d, UFC %0d, IXC %0d, IDC %0d",
             flag_seen[0], flag_seen[2], flag_seen[3], flag_seen[4], flag_seen[7]);
    $display("vfadd_dpi_tb: %s: cases %0d, checked %0d, mismatches %0d, errors %0d, dpi self-check failures %0d (raw %0d, undef %0d, cycles %0d)",
             mismatches == 0 && failures.size() == 0 && dpi_failures == 0 ? "PASSED" : "FAILED",
             cases, checked, mismatches, failures.size(), dpi_failures, raws, undefs, cycles);
    // (After $fatal no $finish: a second one would end the process with status 0.)
    if (mismatches != 0 || failures.size() != 0 || dpi_failures != 0)
      $fatal(1, "vfadd_dpi_tb: %0d mismatches, %0d errors, %0d DPI self-check failures",
             mismatches, failures.size(), dpi_failures);
    else $finish;
  end

endmodule
