# SPDX-License-Identifier: Apache-2.0
# vfadd: the front door. CMake (CMakeLists.txt) is the build; these targets only call it.
#   make deps    install the Debian packages the build needs (apt-get; sudo when not root)
#   make build   configure and build into build/ (the vfadd tool is build/vfadd, vfadd_top with
#                MAX_VL=512 STAGES=3); `make build MAX_VL=<bits> STAGES=<n>` builds the tool of that
#                configuration alone into build/vl<bits>_s<n>/vfadd
#   make model   a model-only build into build/model (no Verilator, no SystemC): libvfadd (the C
#                ABI, model/README.md), the tool with --engine model (build/model/vfadd), their
#                tests; `cmake --install build/model --prefix P` installs libvfadd
#   make test    the quick tier of the tests (what CI runs), with a short run of each fuzz target
#   make test-asan  the model's unit tests and cli_test (on a tool at MaxVecLenBits=128
#                NumStages=1) built with ASan and UBSan into build-asan/, quick tier
#   make fuzz    each libFuzzer target of fuzz/ (clang-14) for FUZZ_SECONDS (300), one after the
#                other: corpus in build/fuzz/corpus/<target>, failing inputs in build/fuzz/
#   make test-long  the long tier (exhaustive FP16 on the model and on the RTL, long random runs)
#   make lint    Verilator --lint-only -Wall on the RTL (sim/lint.sh); clang-format on every C++
#                file of the tree (sim/format_check.sh: `sim/format_check.sh --fix` applies it)
#   make synth   Yosys synthesis of the lane and of vfadd_top (MAX_VL, STAGES): build/synth/*.md
#   make demo    the main job: a seeded random regression of every operation and type on the RTL
#                (default configuration) against the golden model, summarised, with a waveform,
#                then `vfadd regress` with its functional coverage report (build/demo/coverage)
#   make coverage  Verilator line and toggle coverage of vfadd_top (build/coverage/summary.md)
#   make sweep   the design-space sweep: MaxVecLenBits x NumStages, synthesis and simulation,
#                cached per configuration (build/sweep/report.md, results.csv, *.png);
#                SWEEP_ARGS="--vls 128,256 --stages 1,2,3" for a part of it
#   make bench   throughput: the golden model (Google Benchmark), the Verilated lane array, the
#                SystemC harness against a plain clock loop (vfadd bench)
#   make clean   remove build/

BUILD ?= build
SEED ?= 1
COUNT ?= 5000
REGRESS_COUNT ?= 100000
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
MAX_VL ?= 512
STAGES ?= 3
FUZZ_SECONDS ?= 300
FUZZ_TARGETS := trace decode vector
ASAN_BUILD ?= build-asan
# The default configuration is the full build in $(BUILD); any other is a tool-only build.
ifeq ($(MAX_VL)_$(STAGES),512_3)
CFG_DIR := $(BUILD)
else
CFG_DIR := $(BUILD)/vl$(MAX_VL)_s$(STAGES)
endif
VALID_VLS := $(shell seq 128 128 2048)
CFG_OK := $(if $(and $(filter $(MAX_VL),$(VALID_VLS)),$(filter $(STAGES),1 2 3 4 5 6)),ok)

# Debian packages, and one file each that shows the package is installed. The fuzz targets'
# (clang-14 and its libFuzzer and sanitizer runtimes) are part of the build: `make test` runs them.
FUZZ_CXX := /usr/bin/clang++-14
CLANG_PKGS := clang-14 libclang-rt-14-dev
FUZZ_PKGS := cmake ninja-build $(CLANG_PKGS)
FUZZ_FILES := /usr/bin/cmake /usr/bin/ninja $(FUZZ_CXX) \
              /usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a
DEPS_PKGS := cmake ninja-build g++ pkg-config libgtest-dev libbenchmark-dev libmpfr-dev libgmp-dev \
             verilator yosys python3 libsystemc-dev zlib1g-dev libcli11-dev libtinyxml2-dev \
             clang-format $(CLANG_PKGS)
DEPS_FILES := /usr/bin/cmake /usr/bin/ninja /usr/bin/g++ /usr/bin/pkg-config \
              /usr/include/gtest/gtest.h /usr/include/benchmark/benchmark.h /usr/include/mpfr.h \
              /usr/bin/verilator /usr/bin/yosys /usr/bin/python3 /usr/include/systemc.h \
              /usr/include/zlib.h /usr/include/CLI/CLI.hpp /usr/include/tinyxml2.h \
              /usr/bin/clang-format $(FUZZ_FILES)
DEPS_PKGS += python3-dev pybind11-dev python3-numpy  # issue 26: the Python module (python/)
DEPS_FILES += /usr/include/python3*/Python.h /usr/include/pybind11/numpy.h \
              /usr/lib/python3/dist-packages/numpy/__init__.py
# What a model-only build (`make model`) needs: no Verilator, SystemC or Yosys.
MODEL_PKGS := cmake ninja-build g++ pkg-config libgtest-dev libcli11-dev libtinyxml2-dev \
              nlohmann-json3-dev
MODEL_FILES := /usr/bin/cmake /usr/bin/ninja /usr/bin/g++ /usr/bin/pkg-config \
               /usr/include/gtest/gtest.h /usr/include/CLI/CLI.hpp /usr/include/tinyxml2.h \
               /usr/include/nlohmann/json.hpp
DEPS_PKGS += nlohmann-json3-dev  # issue 26: --json output of cover, summary, regress, bench
DEPS_FILES += /usr/include/nlohmann/json.hpp
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# $(call missing,FILES): those of FILES (patterns allowed) that do not exist.
missing = $(strip $(foreach f,$(1),$(if $(wildcard $(f)),,$(f))))
MISSING := $(call missing,$(DEPS_FILES))
FUZZ_MISSING := $(call missing,$(FUZZ_FILES))
MODEL_MISSING := $(call missing,$(MODEL_FILES))
MODEL_BUILD := $(BUILD)/model

.PHONY: deps fuzz-deps model-deps model config-check build test test-asan test-long fuzz lint synth demo bench \
        coverage sweep clean

# $(call apt_install,TARGET,MISSING FILES,PACKAGES): says what is missing, installs the packages.
define apt_install
@echo "make $(1): missing $(2); installing Debian packages: $(3)"
$(SUDO) apt-get update -qq
DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(3)
endef

deps:
ifneq ($(MISSING),)
	$(call apt_install,deps,$(MISSING),$(DEPS_PKGS))
else
	@echo "make deps: all build dependencies are installed"
endif

# $(call deps_target,TARGET,MISSING FILES,PACKAGES,WHAT): the rule of `make TARGET`, which
# installs PACKAGES when files are missing, else says "WHAT installed".
define deps_target
$(1):
ifneq ($(2),)
	$$(call apt_install,$(1),$(2),$(3))
else
	@echo "make $(1): $(4) installed"
endif
endef
# Only what the fuzz targets need (`make fuzz` builds nothing else), and only what the model-only
# build needs (`make model`).
$(eval $(call deps_target,fuzz-deps,$(FUZZ_MISSING),$(FUZZ_PKGS),clang-14 and libFuzzer are))
$(eval $(call deps_target,model-deps,$(MODEL_MISSING),$(MODEL_PKGS),the model-only build's dependencies are))

# The model-only build (CMake VFADD_MODEL_ONLY) and its tests.
model: model-deps
	cmake -S . -B $(MODEL_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DVFADD_MODEL_ONLY=ON
	cmake --build $(MODEL_BUILD) -j $(JOBS)
	cd $(MODEL_BUILD) && ctest -L quick --output-on-failure -j $(JOBS)
	@echo "make model: $(MODEL_BUILD)/vfadd (--engine model), $(MODEL_BUILD)/libvfadd.so"

$(BUILD)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DVFADD_FUZZ=ON

config-check:
ifneq ($(CFG_OK),ok)
	@echo "make: MAX_VL=$(MAX_VL) STAGES=$(STAGES): MAX_VL must be a multiple of 128 from 128 to 2048, STAGES 1 .. 6" >&2; exit 2
endif

ifeq ($(CFG_DIR),$(BUILD))
build: deps config-check $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)
	@mkdir -p $(BUILD)/vl512_s3 && ln -sf ../vfadd $(BUILD)/vl512_s3/vfadd
else
build: deps config-check
	cmake -S . -B $(CFG_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release -DVFADD_TOOL_ONLY=ON \
	      -DVFADD_MAX_VL=$(MAX_VL) -DVFADD_STAGES=$(STAGES)
	cmake --build $(CFG_DIR) -j $(JOBS) --target vfadd
	@echo "make build: $(CFG_DIR)/vfadd (MaxVecLenBits=$(MAX_VL) NumStages=$(STAGES))"
endif

test: build
	cd $(BUILD) && ctest -L quick --output-on-failure -j $(JOBS)

# The model's unit tests and cli_test with ASan and UBSan (CMake option VFADD_ASAN), the tool at
# the smallest configuration; a build directory of its own.
test-asan: deps
	cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release -DVFADD_ASAN=ON \
	      -DVFADD_MAX_VL=128 -DVFADD_STAGES=1
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ctest -L quick --output-on-failure -j $(JOBS)

# The fuzz targets (fuzz/README.md), FUZZ_SECONDS each, one after the other; exit 1 if any failed
# (its input stays in $(BUILD)/fuzz/<target>-crash-*).
fuzz: fuzz-deps
	cmake -S fuzz -B $(BUILD)/fuzz -G Ninja -DCMAKE_CXX_COMPILER=$(FUZZ_CXX)
	cmake --build $(BUILD)/fuzz -j $(JOBS)
	fuzz/run.sh $(BUILD)/fuzz $(BUILD)/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The long tier's own executables (the default configuration's gate netlist) are not in `all`.
test-long: build
	cmake --build $(BUILD) -j $(JOBS) --target vfadd_long_tier
	cd $(BUILD) && ctest -L long --output-on-failure -j $(JOBS)

lint: deps
	sim/lint.sh
	sim/format_check.sh

synth: deps config-check
	python3 constraints/qor.py lane --out $(BUILD)/synth --jobs $(JOBS)
	python3 constraints/qor.py top --configs $(MAX_VL):$(STAGES) --detail --out $(BUILD)/synth --jobs $(JOBS)

DEMO_VLS := $(shell seq -s, 128 128 $(MAX_VL) 2>/dev/null)

demo: build
	@mkdir -p $(CFG_DIR)/demo
	$(CFG_DIR)/vfadd gen --seed $(SEED) --count $(COUNT) --vl $(DEMO_VLS) -o $(CFG_DIR)/demo/stimulus.trace
	$(CFG_DIR)/vfadd run --summary --idle 0.1 --backpressure 0.1 --seed $(SEED) \
	    --waves $(CFG_DIR)/demo/first.fst --wave-cycles 0:2000 \
	    -o $(CFG_DIR)/demo/checked.trace $(CFG_DIR)/demo/stimulus.trace
	$(CFG_DIR)/vfadd check --engine model $(CFG_DIR)/demo/checked.trace
	$(CFG_DIR)/vfadd regress --seed $(SEED) --count $(REGRESS_COUNT) --jobs 2 \
	    --coverage $(CFG_DIR)/demo/coverage --junit $(CFG_DIR)/demo/regress.xml \
	    --failures $(CFG_DIR)/demo/failures.trace

# Verilator code coverage: the quick regression of `make demo` (at VL 128) on build/vfadd_cov,
# vfadd_top at MaxVecLenBits=128 NumStages=1 Verilated with --coverage; then line, toggle and
# branch reports.
coverage: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS) --target vfadd_cov
	@mkdir -p $(BUILD)/coverage
	$(BUILD)/vfadd_cov gen --seed $(SEED) --count $(COUNT) --vl 128 -o $(BUILD)/coverage/stimulus.trace
	$(BUILD)/vfadd_cov run --idle 0.1 --backpressure 0.1 --seed $(SEED) \
	    --code-coverage $(BUILD)/coverage/coverage.dat -o $(BUILD)/coverage/checked.trace \
	    $(BUILD)/coverage/stimulus.trace
	python3 sim/coverage_report.py $(BUILD)/coverage/coverage.dat --out $(BUILD)/coverage

# The sweep also needs matplotlib for its plots: Debian's, with Debian's Python (a python3
# earlier on PATH, e.g. pyenv's, would not see it).
DEB_PYTHON := /usr/bin/python3
sweep: deps
	@$(DEB_PYTHON) -c "import matplotlib" 2>/dev/null || { \
	    echo "make sweep: installing python3-matplotlib"; \
	    $(SUDO) apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3-matplotlib; }
	$(DEB_PYTHON) constraints/sweep.py --out $(BUILD)/sweep --jobs $(JOBS) $(SWEEP_ARGS)

bench: build
	$(BUILD)/model_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
	$(BUILD)/lane_tb --bench --stages 3
	$(CFG_DIR)/vfadd bench

clean:
	rm -rf $(BUILD)
