import Foundation
import Testing
@testable import ScreenValues

/// The widths against Python's `wcwidth` (the fixture `Fixtures/wcwidth-widths.txt`,
/// written by `Fixtures/make_wcwidth_fixture.py`): every assigned code point of the
/// supported ranges, and clusters of every emoji sequence kind.
@Suite struct WcwidthAgreementTests {
    struct Fixture {
        var runs: [(first: UInt32, last: UInt32, width: Int)] = []
        var clusters: [(text: String, width: Int)] = []
    }

    static func fixture(filePath: String = #filePath) throws -> Fixture {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/wcwidth-widths.txt")
        var fixture = Fixture()
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            guard let width = fields.last.flatMap({ Int($0) }) else { continue }
            let numbers = fields.dropFirst().dropLast().compactMap { UInt32($0, radix: 16) }
            switch fields.first {
            case "R" where numbers.count == 2:
                fixture.runs.append((numbers[0], numbers[1], width))
            case "C":
                let scalars = numbers.compactMap(Unicode.Scalar.init)
                fixture.clusters.append((String(String.UnicodeScalarView(scalars)), width))
            default:
                break
            }
        }
        return fixture
    }

    @Test func everyCodePointOfTheSupportedRangesHasWcwidthsWidth() throws {
        let fixture = try Self.fixture()
        #expect(fixture.runs.count > 100)
        var checked = 0
        var disagreements: [String] = []
        for run in fixture.runs {
            for value in run.first...run.last {
                guard let scalar = Unicode.Scalar(value) else { continue }
                checked += 1
                let width = Character(scalar).terminalWidth
                if width != run.width {
                    disagreements.append("U+\(String(value, radix: 16, uppercase: true)): tui \(width) wcwidth \(run.width)")
                }
            }
        }
        #expect(checked > 100_000)
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(40))")
    }

    @Test func everyClusterOfTheFixtureHasWcwidthsWidth() throws {
        let fixture = try Self.fixture()
        #expect(fixture.clusters.count > 700)
        var disagreements: [String] = []
        for cluster in fixture.clusters {
            guard cluster.text.count == 1, let character = cluster.text.first else {
                disagreements.append("\(cluster.text.unicodeScalars.map { String($0.value, radix: 16) }) is not one cluster")
                continue
            }
            if character.terminalWidth != cluster.width {
                let scalars = cluster.text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
                disagreements.append("\(scalars): tui \(character.terminalWidth) wcwidth \(cluster.width)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(40))")
    }
}
