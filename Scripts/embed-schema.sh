#!/usr/bin/env bash
# Regenerates Sources/LocalAppSync/AppSyncSchema.swift from Resources/schema.graphql (the
# versioned dialect) and Resources/schema-gen2.graphql (the Gen 2 dialect), the single sources
# of truth. `SchemaFileTests` fails until this has been run after an edit.
set -euo pipefail
cd "$(dirname "$0")/.."
{
    printf '/// The GraphQL schemas the server serves, compiled in so the binary never needs `Resources/`\n'
    printf '/// at run time. Each is its file in `Resources/` byte for byte: `SchemaFileTests` fails if\n'
    printf '/// they drift apart (regenerate this file with `Scripts/embed-schema.sh`).\n'
    printf 'enum AppSyncSchema {\n'
    printf '    /// `Resources/schema.graphql`: the versioned dialect (conflict detection on).\n'
    printf '    static let sdl = #"""\n'
    cat Resources/schema.graphql
    printf '\n"""#\n\n'
    printf '    /// `Resources/schema-gen2.graphql`: the Gen 2 dialect (no conflict detection).\n'
    printf '    static let gen2SDL = #"""\n'
    cat Resources/schema-gen2.graphql
    printf '\n"""#\n}\n'
} > Sources/LocalAppSync/AppSyncSchema.swift
