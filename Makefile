# svc-kit: everything derived from spec/ is made here.
SHELL := /bin/bash
BIN := node_modules/.bin

.PHONY: generate check-generated lint typecheck test ci clean-generated

generate: clean-generated
	@mkdir -p generated/service generated/app generated/graphql generated/conformance
	$(BIN)/openapi-typescript   # outputs are set per API in redocly.yaml (x-openapi-ts)
	$(BIN)/openapi-ts -f openapi-ts.config.ts -s
	$(BIN)/graphql-codegen --config codegen.ts --silent
	$(BIN)/json2ts -i spec/conformance/report.schema.json -o generated/conformance/report.ts --unreachableDefinitions
	$(BIN)/json2ts -i spec/conformance/expected-failures.schema.json -o generated/conformance/expected-failures.ts

clean-generated:
	@rm -rf generated/service generated/app generated/graphql generated/conformance

# Regenerates into a scratch copy and compares with the committed tree.
check-generated:
	@scripts/check-generated.sh

lint:
	$(BIN)/redocly lint --config redocly.yaml

typecheck:
	$(BIN)/tsc --noEmit -p tsconfig.json

test:
	npm test
