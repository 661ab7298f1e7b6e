# The two commands of the README: `make start` and `make test`. Each installs what is missing first.
SHELL := /bin/bash
export PATH := $(PATH):/usr/local/go/bin

.PHONY: start test install build typecheck test-server test-client clean

start: install build
	node dist/src/main.js

test: install
	./scripts/install.sh --test
	$(MAKE) build
	npm run lint
	npm run typecheck
	npm --prefix client test
	npx jest --maxWorkers=2

install:
	./scripts/install.sh

build:
	npm run build:server
	npm run build:client

clean:
	rm -rf dist client/dist
