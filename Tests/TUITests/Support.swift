import Foundation
import OptimisticStore
import PropertySync
import ScreenValues
import Testing
@testable import TUI

/// A fixed origin for the times passed to the reducer.
let t0 = ContinuousClock.now

func property(
    _ id: PropertyID, _ name: String, _ address: String? = nil, createdAt: String? = "2024-05-01T10:00:00.000Z",
    version: Int = 1
) -> RealEstateProperty {
    RealEstateProperty(id: id, name: name, address: address, createdAt: createdAt, updatedAt: createdAt, version: version)
}

let sampleRows: [PropertyRow] = [
    PropertyRow(property("a1", "Harbour View Loft", "12 Quay St", createdAt: "2024-05-01T10:00:00.000Z"),
                status: .pending(1)),
    PropertyRow(property("b2", "Maple Cottage", "4471 Main St", createdAt: "2024-05-01T10:01:00.000Z")),
    PropertyRow(property("c3", "Villa Rosa", "88 Via Roma", createdAt: "2024-05-01T10:02:00.000Z")),
    PropertyRow(property("d4", "東京タワー アパート", "港区芝公園 4-2-8", createdAt: "2024-05-01T10:03:00.000Z")),
]

/// The sample's row whose change the server has just refused (the screen marks it until a key).
let sampleReverted: [PropertyID: String] = ["c3": "Conflict resolver rejects mutation."]

/// The sample with nothing pending.
let plainRows = sampleRows.map { PropertyRow($0.property) }

/// An app of a given size holding rows, online, colour off; effects of the set-up dropped.
func makeApp(
    width: Int = 72, height: Int = 14, rows: [PropertyRow] = plainRows, reverted: [PropertyID: String] = [:],
    simulation: Simulation? = Simulation()
) -> AppState {
    var app = AppState(options: AppOptions(colorEnabled: false, simulation: simulation))
    _ = app.reduce(.resized(width: width, height: height), now: t0)
    _ = app.reduce(.list(.loaded(rows)), now: t0)
    _ = app.reduce(.list(.connectivityChanged(.online)), now: t0)
    _ = app.reduce(.list(.loadStateChanged(.loaded)), now: t0)
    app.revertedRows = reverted
    return app
}

extension AppState {
    /// Presses keys in order at `now`; returns every effect.
    @discardableResult
    mutating func press(_ keys: Key..., now: ContinuousClock.Instant = t0) -> [Effect] {
        keys.flatMap { reduce(.keyPressed($0), now: now) }
    }

    /// Types text, a key per character.
    @discardableResult
    mutating func type(_ text: String, now: ContinuousClock.Instant = t0) -> [Effect] {
        text.flatMap { reduce(.keyPressed(.character($0)), now: now) }
    }
}

/// Compares a frame with `Snapshots/<name>.txt` beside this file. Records it when
/// missing or when `PROPTUI_RECORD_SNAPSHOTS=1` is set.
func expectSnapshot(
    _ frame: Frame, named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent(name + ".txt")
    #expect(frame.wideCellsAreWhole, "a wide character is split in \(name)", sourceLocation: sourceLocation)
    let actual = frame.plainText + "\n"
    let recording = ProcessInfo.processInfo.environment["PROPTUI_RECORD_SNAPSHOTS"] == "1"
    guard !recording, let expected = try? String(contentsOf: url, encoding: .utf8) else {
        do {
            try actual.write(to: url, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("cannot write snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
            return
        }
        if !recording {
            Issue.record("recorded a new snapshot \(name).txt; check it and run again", sourceLocation: sourceLocation)
        }
        return
    }
    #expect(actual == expected, "frame differs from Snapshots/\(name).txt:\n\(actual)", sourceLocation: sourceLocation)
}

extension Frame {
    /// The styles of one row as letters: r reverse, d dim, b bold, u underline, . none (first letter wins).
    func styleLine(_ row: Int) -> String {
        String((0..<width).map { column -> Character in
            let style = self[row, column].style
            if style.contains(.reverse) { return "r" }
            if style.contains(.dim) { return "d" }
            if style.contains(.bold) { return "b" }
            if style.contains(.underline) { return "u" }
            return "."
        })
    }

    func line(_ row: Int) -> String { (0..<width).map { self[row, $0].text }.joined() }

    /// Every line, joined by newlines.
    var text: String { (0..<height).map(line).joined(separator: "\n") }
}
