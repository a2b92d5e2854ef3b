// swift-tools-version: 6.1
// proptui: optimistic UI done right, in a terminal. See README.md and docs/architecture.md.
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    // No unsafe flags, so that other packages can depend on the OptimisticStore library by
    // version: the engine's hot path is `@inlinable` instead of relying on
    // `-cross-module-optimization` to specialise it in its callers.
]

let package = Package(
    name: "proptui",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "proptui", targets: ["proptui"]),
        .executable(name: "proptui-bench", targets: ["proptui-bench"]),
        .library(name: "OptimisticStore", targets: ["OptimisticStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // The token command (`--token-command`): Foundation's `Process.run()` on Linux can crash
        // reading /proc/self/fd when many descriptors are open (swift-corelibs-foundation#5472).
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The embedded server (LocalAppSync) and its tests.
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // SigV4 (HMAC/SHA-256) for AWS_IAM, and JWT verification for Cognito user pools in the server.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
    ],
    targets: [
        // The rebase engine: confirmed records + ordered pending log, folded per record. No I/O.
        .target(
            name: "OptimisticStore",
            dependencies: [.product(name: "Collections", package: "swift-collections")],
            swiftSettings: strict),
        // JSON read straight from bytes (`JSONReader`, `JSONText`) and written as values
        // (`JSONValue`): what the client, the models and the server share. No dependencies.
        .target(name: "JSONValues", swiftSettings: strict),
        // AWS Signature Version 4 and the credentials it signs with: the client signs its
        // requests (AWS_IAM), the embedded server checks them.
        .target(name: "SigV4", dependencies: [.product(name: "Crypto", package: "swift-crypto")], swiftSettings: strict),
        // Client side of the AppSync protocol (config files, HTTP, realtime, errors, retry).
        .target(
            name: "AppSync",
            dependencies: [
                "JSONValues", "SigV4",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            swiftSettings: strict),
        // Models described by a backend (Gen 2 `model_introspection`, GraphQL introspection): fields,
        // keys, associations, auth; what can be edited; values checked as AppSync checks them; the
        // GraphQL documents per model and dialect; `ModelRecord`, one record type for any model, for
        // the engine (OptimisticStore's SyncedRecord), read from answers and written as variables.
        // Reads JSON with JSONValues' JSONReader, and writes values as its JSONValue, so that
        // the app sends them as they are. Links no HTTP client.
        .target(name: "AmplifyModels", dependencies: ["JSONValues", "OptimisticStore", "PropertyRules"], swiftSettings: strict),
        // The filter language of a model's list (`price >= 100 and name ^= "Villa"`): parsed and checked
        // by the fields' types, printed, evaluated locally with DynamoDB's semantics, written as AppSync's
        // `filter` argument, and planned as a key lookup, a query or a scan. Pure: no I/O.
        .target(name: "ModelFilters", dependencies: ["AmplifyModels", "JSONValues"], swiftSettings: strict),
        // The length rule both sides of the API share (the app's validation, the embedded server's limits).
        .target(name: "PropertyRules", swiftSettings: strict),
        // The sync engine for any model's records: the RecordList actor, outbox and cache, SyncMachine;
        // a filter's plan asked of the server as a view's pages (ModelFilters).
        .target(
            name: "SyncEngine",
            dependencies: [
                "OptimisticStore", "AppSync", "AmplifyModels", "ModelFilters",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, to bind a page's cache rows without boxing their values.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // What the script commands read (`proptui list`, `get`, `export`): a model's records
        // streamed page by page from the server's bytes into NDJSON, JSON, CSV or a table, as
        // the app plans a filter; keys as a command line writes them. No terminal, no outbox.
        .target(
            name: "RecordExport",
            dependencies: ["AmplifyModels", "AppSync", "JSONValues", "ModelFilters", "SyncEngine", "ScreenValues"],
            swiftSettings: strict),
        // The embedded AppSync-compatible server.
        .target(
            name: "LocalAppSync",
            dependencies: [
                "JSONValues", "SigV4", "AmplifyModels", "PropertyRules",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict),
        // What a program shows and hears on a terminal: `Frame` (cells), `Key`, text widths and
        // emoji cluster kinds, and the `TerminalProgram` protocol the event loop runs. No dependencies,
        // so that the terminal side (Terminal, VirtualTerminal, Demo) links none of the sync stack.
        .target(name: "ScreenValues", swiftSettings: strict),
        // A list's rows as the screen shows them, at a million rows: kept in order row by row (a
        // key press stays O(log n)), sorted and filtered off the event loop when large. For any
        // record, through a `RowPolicy`.
        .target(name: "ListRows", dependencies: ["OptimisticStore", "SyncEngine", "AmplifyModels", "ModelFilters"], swiftSettings: strict),
        // The screens for any model, as pure values drawn into a Frame: list columns, a record's
        // detail, the edit form, the model picker, relations and the back-stack. No I/O.
        .target(name: "ModelScreens", dependencies: ["AmplifyModels", "ScreenValues"], swiftSettings: strict),
        // The screen for any model: picker, list, detail, form, relations, over each model's list.
        .target(
            name: "ModelBrowser", dependencies: ["ModelScreens", "AmplifyModels", "SyncEngine", "OptimisticStore", "ScreenValues", "ListRows", "ModelFilters"],
            swiftSettings: strict),
        // The only module that touches ncurses: the event loop, key decoding, painting, signals. It knows
        // the app only as a `TerminalProgram`.
        .target(name: "Terminal", dependencies: ["CNcurses", "ScreenValues"], swiftSettings: strict),
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]),
        // A terminal's screen as a grid of cells, fed with what a program writes (for demo tapes).
        .target(name: "VirtualTerminal", dependencies: ["ScreenValues"], swiftSettings: strict),
        // Starting a program in a pseudo-terminal: fork and ioctl, which Swift cannot call.
        .target(name: "CPseudoTerminal", linkerSettings: [.linkedLibrary("util")]),
        // Demo tapes: the format, the player (the app in a pseudo-terminal), asciicast recordings.
        .target(name: "Demo", dependencies: ["VirtualTerminal", "CPseudoTerminal"], swiftSettings: strict),
        // The write side of the script commands (`proptui create`, `update`, `delete`, `import`):
        // `--set`/`--expect`, an import file's rows (NDJSON, CSV, a JSON array) and their checks,
        // the stable key of a row without one, a record's wire line. Pure: no I/O.
        .target(
            name: "ScriptChanges", dependencies: ["AmplifyModels", "JSONValues", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strict),
        // The executable: argument parsing and wiring only.
        .executableTarget(
            name: "proptui",
            dependencies: [
                "ScriptChanges",
                "AppSync", "SyncEngine", "LocalAppSync", "Terminal", "Demo", "AmplifyModels", "ModelBrowser", "ScreenValues",
                "ModelFilters", "RecordExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // `swift run -c release proptui-bench`: our engine against a port of the Amplify sample.
        .executableTarget(
            name: "proptui-bench",
            dependencies: [
                "OptimisticStore", "SyncEngine", "AppSync", "AmplifyModels", "LocalAppSync", "ModelBrowser", "ScreenValues", "ListRows", "ModelFilters",
                "RecordExport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),

        .testTarget(
            name: "OptimisticStoreTests",
            dependencies: [
                "OptimisticStore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strict),
        // How many tests may run a server at once, across the test targets (one process).
        .target(name: "ServerSlots", path: "Tests/ServerSlots", swiftSettings: strict),
        .testTarget(
            name: "AmplifyModelsTests",
            dependencies: [
                // LocalAppSync: records of every fixture's models sent to and read back from a real server.
                "AmplifyModels", "AppSync", "LocalAppSync", "ServerSlots",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "GraphQL", package: "GraphQL"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strict),
        // The filter language; its property test runs random filters against the embedded server.
        .testTarget(
            name: "ModelFiltersTests",
            dependencies: ["ModelFilters", "AmplifyModels", "JSONValues", "AppSync", "LocalAppSync", "ServerSlots"],
            swiftSettings: strict),
        // The script commands' reading: formats, keys, and streams against the embedded server on loopback.
        .testTarget(
            name: "RecordExportTests",
            dependencies: ["RecordExport", "AmplifyModels", "AppSync", "JSONValues", "ModelFilters", "SyncEngine", "LocalAppSync", "ScreenValues", "ServerSlots"],
            swiftSettings: strict),
        .testTarget(name: "AppSyncTests", dependencies: ["AppSync"], exclude: ["Fixtures"], swiftSettings: strict),
        // The sender against the real embedded server on loopback, not only a scripted one.
        .testTarget(
            name: "SyncEngineTests",
            dependencies: [
                "SyncEngine", "LocalAppSync", "AmplifyModels", "ModelFilters", "ServerSlots", .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "LocalAppSyncTests",
            dependencies: [
                "LocalAppSync", "AppSync", "AmplifyModels", "ServerSlots",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "GraphQL", package: "GraphQL"),
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strict),
        // docs/architecture.md's module map against the import lines and this file.
        .testTarget(name: "ArchitectureTests", swiftSettings: strict),
        .testTarget(name: "ScreenValuesTests", dependencies: ["ScreenValues"], exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(name: "ListRowsTests", dependencies: ["ListRows", "SyncEngine", "OptimisticStore", "AmplifyModels"], swiftSettings: strict),
        .testTarget(
            name: "ModelScreensTests", dependencies: ["ModelScreens", "AmplifyModels", "ScreenValues"], swiftSettings: strict),
        .testTarget(
            name: "ModelBrowserTests",
            dependencies: [
                "ModelBrowser", "ModelScreens", "AmplifyModels", "SyncEngine", "OptimisticStore", "ScreenValues", "ListRows",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Snapshots"],
            swiftSettings: strict),
        .testTarget(name: "ScriptChangesTests", dependencies: ["ScriptChanges", "AmplifyModels", "JSONValues"], swiftSettings: strict),
        .testTarget(name: "VirtualTerminalTests", dependencies: ["VirtualTerminal"], swiftSettings: strict),
        .testTarget(name: "DemoTests", dependencies: ["Demo", "VirtualTerminal"], swiftSettings: strict),
        // The loop with small programs, and with the app's screen itself (`BrowserDriver`); pastes
        // fuzzed through real curses into it.
        .testTarget(
            name: "TerminalTests",
            dependencies: ["Terminal", "ScreenValues", "SyncEngine", "CNcurses", "ModelBrowser", "ModelScreens", "AmplifyModels", "PropertyRules"],
            swiftSettings: strict),
    ]
)
