# The two commands of the README: `make start` and `make test`. Each installs what is missing first.
SHELL := /bin/bash
export PATH := $(PATH):/usr/local/go/bin

.PHONY: start test install build lint typecheck test-client checks clean

start: build
	node dist/src/main.js

# The build and the checks that need no build share the machine's two cores; the server suites need the build.
test: install
	./scripts/install.sh --test
	$(MAKE) -j2 --output-sync=target checks
	npx jest --maxWorkers=2

checks: build lint typecheck test-client

install:
	./scripts/install.sh

# Installs what is missing, then builds what changed since the last build (scripts/build.sh).
build:
	./scripts/build.sh

lint:
	npm run lint

typecheck:
	npm run typecheck

test-client:
	npm --prefix client test

clean:
	rm -rf dist client/dist
