import Foundation
import Testing
@testable import LocalAppSync

/// A server that is stopped and let go closes its store: a process that starts many servers
/// (the app's tests, a tool that embeds one per run) does not keep their SQLite files open.
@Suite struct ServerLifetimeTests {
    /// The descriptors this process holds on files under `directory`.
    static func openFiles(under directory: String) -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
            .filter { $0.hasPrefix(directory) }
    }

    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case versioned, gen2, models
        var testDescription: String { rawValue }
    }

    @Test(arguments: Kind.allCases) func aStoppedServerClosesItsStore(kind: Kind) async throws {
        let directory = TestServer.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await TestServer.with(directory: directory, configure: { configuration in
            switch kind {
            case .versioned: break
            case .gen2: configuration.schema = .gen2
            case .models: configuration.models = try? ModelsSeedTests.models("household-budget")
            }
        }) { server in
            // A read first, so the resolvers have used the store.
            let list = kind == .models ? "listTransactions" : "listRealEstateProperties"
            let answer = try await server.post(body: #"{"query":"{ \#(list) { items { id } } }"}"#)
            #expect(answer.json["data"][list]["items"].array != nil)
            #expect(!Self.openFiles(under: directory).isEmpty)  // the store is open while the server runs
        }
        // `with` stopped the server and holds it no longer.
        var open = Self.openFiles(under: directory)
        let deadline = ContinuousClock.now + .seconds(120)  // a hang guard on a busy machine, not a speed limit
        while !open.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            open = Self.openFiles(under: directory)
        }
        #expect(open.isEmpty, "still open: \(open)")
    }
}
