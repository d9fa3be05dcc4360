# SPDX-License-Identifier: Apache-2.0
# vfadd: the front door. CMake (CMakeLists.txt) is the build; these targets only call it.
#   make deps    install the Debian packages the build needs (apt-get; sudo when not root)
#   make build   configure and build into build/ (the vfadd tool is build/vfadd)
#   make test    the quick tier of the tests (what CI runs)
#   make test-long  the long tier (exhaustive FP16 on the model and on the RTL, long random runs)
#   make lint    Verilator --lint-only -Wall on the RTL (sim/lint.sh)
#   make synth   Yosys synthesis of the lane: the QoR table (build/synth/report.md)
#   make demo    the main job: a seeded random trace through the model, checked and summarised
#   make bench   throughput: the golden model (Google Benchmark), the Verilated lane array
#   make clean   remove build/

BUILD ?= build
SEED ?= 1
COUNT ?= 5000
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

# Debian packages, and one file each that shows the package is installed.
DEPS_PKGS := cmake ninja-build g++ pkg-config libgtest-dev libbenchmark-dev libmpfr-dev libgmp-dev \
             verilator yosys python3
DEPS_FILES := /usr/bin/cmake /usr/bin/ninja /usr/bin/g++ /usr/bin/pkg-config \
              /usr/include/gtest/gtest.h /usr/include/benchmark/benchmark.h /usr/include/mpfr.h \
              /usr/bin/verilator /usr/bin/yosys /usr/bin/python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
MISSING := $(strip $(foreach f,$(DEPS_FILES),$(if $(wildcard $(f)),,$(f))))

.PHONY: deps build test test-long lint synth demo bench clean

deps:
ifneq ($(MISSING),)
	@echo "make deps: missing $(MISSING); installing Debian packages: $(DEPS_PKGS)"
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(DEPS_PKGS)
else
	@echo "make deps: all build dependencies are installed"
endif

$(BUILD)/build.ninja: CMakeLists.txt | deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS)

test: build
	cd $(BUILD) && ctest -L quick --output-on-failure -j $(JOBS)

test-long: build
	cd $(BUILD) && ctest -L long --output-on-failure -j $(JOBS)

lint: deps
	sim/lint.sh

synth: deps
	python3 constraints/qor.py lane --out $(BUILD)/synth --jobs $(JOBS)

demo: build
	@mkdir -p $(BUILD)/demo
	$(BUILD)/vfadd gen --seed $(SEED) --count $(COUNT) -o $(BUILD)/demo/stimulus.trace
	$(BUILD)/vfadd run $(BUILD)/demo/stimulus.trace -o $(BUILD)/demo/checked.trace
	$(BUILD)/vfadd check $(BUILD)/demo/checked.trace
	$(BUILD)/vfadd summary $(BUILD)/demo/checked.trace

bench: build
	$(BUILD)/model_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
	$(BUILD)/lane_tb --bench --stages 3

clean:
	rm -rf $(BUILD)
