#!/usr/bin/env bash
# Regenerates Sources/LocalAppSync/AppSyncSchema.swift from Resources/schema.graphql, the
# single source of truth. `SchemaFileTests` fails until this has been run after an edit.
set -euo pipefail
cd "$(dirname "$0")/.."
{
    printf '/// The GraphQL schema the server serves, compiled in so the binary never needs `Resources/`\n'
    printf '/// at run time. It is `Resources/schema.graphql` byte for byte: `SchemaFileTests` fails if\n'
    printf '/// the two drift apart (regenerate this file with `Scripts/embed-schema.sh`).\n'
    printf 'enum AppSyncSchema {\n    static let sdl = #"""\n'
    cat Resources/schema.graphql
    printf '\n"""#\n}\n'
} > Sources/LocalAppSync/AppSyncSchema.swift
