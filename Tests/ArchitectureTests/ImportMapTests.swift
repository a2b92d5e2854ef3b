import Foundation
import Testing

/// docs/architecture.md's table of modules says what each module imports. This keeps it true:
/// the table, the `import` lines of `Sources/<module>` and the target dependencies in
/// Package.swift must name the same modules, so the map cannot drift from the code again.
@Suite struct ImportMapTests {
    /// Modules of the toolchain and the system, which every module may import unannounced.
    static let system: Set<String> = ["Foundation", "Glibc", "Darwin", "Musl", "Synchronization", "Dispatch"]

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What each module's sources import, system modules left out.
    static func imports(of module: String) throws -> Set<String> {
        let folder = root.appendingPathComponent("Sources/\(module)")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        // `import X`, `@testable import X`, `import struct X.Y`: alone on the line, so that help text
        // beginning "import MODEL FILE" is not taken for one.
        let pattern = try Regex(
            #"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)(?:\.\w+)*\s*(?://.*)?$"#)
            .anchorsMatchLineEndings()
        var modules: Set<String> = []
        for file in files {
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: pattern) {
                if let name = match.output[1].substring.map(String.init) { modules.insert(name) }
            }
        }
        return modules.subtracting(system)
    }

    /// The modules table: module → the modules its last column names (in backticks).
    static func documentedMap() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "## Modules") else { return [:] }
        var map: [String: Set<String>] = [:]
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let module = Self.quoted(cells[1]).first else { continue }
            map[module] = Set(Self.quoted(cells[cells.count - 2]))
        }
        return map
    }

    /// A target of Package.swift: the targets of this package it depends on, and the products of others.
    struct Target {
        var targets: Set<String> = []
        var products: Set<String> = []
    }

    static func packageTargets() throws -> [String: Target] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try Regex(#"\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        let product = try Regex(#"\.product\(\s*name:\s*"([^"]+)"[^)]*\)"#)
        let quoted = try Regex(#""([^"]+)""#)
        let starts = text.matches(of: declaration)
        var targets: [String: Target] = [:]
        for (index, match) in starts.enumerated() {
            guard let name = match.output[1].substring.map(String.init) else { continue }
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : text.endIndex
            var target = Target()
            if let list = text[match.range.upperBound..<end].range(of: "dependencies: [") {
                let body = String(text[list.upperBound...].prefix { $0 != "]" })
                target.products = Set(body.matches(of: product).compactMap { $0.output[1].substring.map(String.init) })
                // What is left once the products are out: plain strings, the package's own targets.
                let rest = body.replacing(product, with: "")
                target.targets = Set(rest.matches(of: quoted).compactMap { $0.output[1].substring.map(String.init) })
            }
            targets[name] = target
        }
        return targets
    }

    static func quoted(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    static func swiftModules() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path).sorted()
            .filter { module in
                let folder = root.appendingPathComponent("Sources/\(module)").path
                return FileManager.default.enumerator(atPath: folder)?.contains { ($0 as? String)?.hasSuffix(".swift") == true } == true
            }
    }

    @Test func theDocumentedImportsAreTheSources() throws {
        let documented = try Self.documentedMap()
        for module in try Self.swiftModules() {
            let row = try #require(documented[module], "docs/architecture.md has no row for \(module)")
            let imported = try Self.imports(of: module)
            #expect(row == imported, "\(module) imports \(imported.sorted()); the doc says \(row.sorted())")
        }
    }

    @Test func packageDependenciesAreTheImportedTargets() throws {
        let package = try Self.packageTargets()
        let names = Set(package.keys)
        for module in try Self.swiftModules() {
            let declared = try #require(package[module], "Package.swift has no target \(module)").targets
            let imported = try Self.imports(of: module).intersection(names)
            #expect(declared == imported, "\(module): Package.swift depends on \(declared.sorted()), the sources import \(imported.sorted())")
        }
    }

    /// The terminal side runs the app without linking it: ScreenValues, Terminal, VirtualTerminal
    /// and Demo reach neither the screens nor the sync stack, nor any other package's product
    /// (no database, no HTTP client).
    @Test func theTerminalSideLinksNoneOfTheSyncStack() throws {
        let package = try Self.packageTargets()
        for module in ["ScreenValues", "Terminal", "VirtualTerminal", "Demo"] {
            let reached = Self.targets(reachedFrom: module, in: package)
            #expect(reached.isDisjoint(with: ["TUI", "SyncEngine", "OptimisticStore", "AppSync", "LocalAppSync"]),
                    "\(module) reaches \(reached.sorted())")
            let products = reached.flatMap { package[$0]?.products ?? [] }
            #expect(products.isEmpty, "\(module) links \(products.sorted())")
        }
    }

    /// Every source file docs/architecture.md names (`SyncLink.swift`, `SyncEngine/RecordList.swift`,
    /// `AppSync/Realtime/*`) exists, under Sources or Tests: the map names no file that is gone
    /// (issue 30 found six).
    @Test func everyFileTheArchitectureNamesExists() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let named = Set(text.matches(of: try Regex(#"`([\w/+*.-]+\.swift)`"#)).compactMap { $0.output[1].substring.map(String.init) })
        var files = ["Package.swift"]
        for folder in ["Sources", "Tests"] {
            let paths = FileManager.default.enumerator(atPath: Self.root.appendingPathComponent(folder).path)?.allObjects as? [String] ?? []
            files += paths.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        }
        #expect(named.count > 50, "the architecture names its files in backticks")
        for name in named.sorted() {
            // A name may be a path's tail (`SyncEngine/RecordList.swift`) and hold `*` for any part of one name.
            let pattern = "(^|/)" + NSRegularExpression.escapedPattern(for: name).replacingOccurrences(of: "\\*", with: "[^/]*") + "$"
            let found = files.contains { $0.range(of: pattern, options: .regularExpression) != nil }
            #expect(found, "docs/architecture.md names \(name), which is not under Sources or Tests")
        }
    }

    /// The models' descriptions and the screens drawn from them read JSON with `JSONValues`, and
    /// link no HTTP or WebSocket client (they reached `AppSync` for its JSON reader once); the
    /// embedded server checks signatures with `SigV4`, and links none of the app's client.
    @Test func theModelsTheScreensAndTheServerLinkNoClient() throws {
        let package = try Self.packageTargets()
        for module in ["JSONValues", "SigV4", "AmplifyModels", "ModelScreens", "LocalAppSync"] {
            let reached = Self.targets(reachedFrom: module, in: package)
            #expect(!reached.contains("AppSync"), "\(module) reaches \(reached.sorted())")
            guard module != "LocalAppSync" else { continue }  // it fetches a user pool's keys over HTTP
            let products = Set(reached.flatMap { package[$0]?.products ?? [] })
            #expect(products.isDisjoint(with: ["AsyncHTTPClient", "WSClient", "NIOPosix"]), "\(module) links \(products.sorted())")
        }
    }

    /// The targets of this package `module` depends on, itself included, directly or not.
    static func targets(reachedFrom module: String, in package: [String: Target]) -> Set<String> {
        var reached: Set<String> = [module]
        var queue = [module]
        while let next = queue.popLast() {
            for dependency in package[next]?.targets ?? [] where reached.insert(dependency).inserted {
                queue.append(dependency)
            }
        }
        return reached
    }
}
