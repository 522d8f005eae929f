# Entry points: `make` builds into build/, `make check` runs the tests, `make demo` builds and runs the saxpy
# example, `make gpu-bundle` packs the end-to-end tests for a GPU machine. CMake + Ninja do the real work.
BUILD ?= build
JOBS ?= 2
CMAKE_FLAGS ?=

.PHONY: all deps configure check demo gpu-bundle clean
all: configure
	ninja -C $(BUILD) -j$(JOBS)

deps:
	@utils/install-deps.sh

configure: deps
	@[ -f $(BUILD)/build.ninja ] || cmake -G Ninja -S . -B $(BUILD) $(CMAKE_FLAGS)

check: all
	ninja -C $(BUILD) -j$(JOBS) check

demo: all
	$(BUILD)/bin/clang -O2 -fopenmp -fopenmp-targets=nvptx64 examples/saxpy.c -o $(BUILD)/saxpy
	$(BUILD)/saxpy

gpu-bundle: all
	ninja -C $(BUILD) -j$(JOBS) gpu-bundle

clean:
	rm -rf $(BUILD)
