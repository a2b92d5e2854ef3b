import AmplifyModels
import Foundation
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues
import Testing
@testable import ModelBrowser

/// The list on small terminals (40×10, the smallest drawn, 60×20 and 80×24), for the sample and
/// every fixture model: what matters most survives. The header's right side (the connection and
/// what waits) is never cut; the model's name shortens with "…" before the sort order or
/// `read-only` would; the rule's count of rows is never pushed out by what is before it; nothing
/// overlaps, and no wide character is split.
@Suite struct SmallTerminalTests {
    typealias Sample = SampleScreenTests

    static let sizes = [(width: 40, height: 10), (width: 60, height: 20), (width: 80, height: 24)]

    static func lines(_ frame: Frame) -> [String] {
        frame.plainText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The sample's six properties, as the embedded server seeds them.
    static let sixProperties: [ModelRecord] = [
        Sample.property("d4", "東京タワー アパート", "4-2-8 Shibakoen, Minato-ku, Tokyo", minute: 3),
        Sample.property("e5", "Café Müller", "Hauptstraße 12, 10827 Berlin", minute: 4),
        Sample.property("f6", "Maison Lumière", "7 Rue de Rivoli, 75001 Paris", minute: 5),
        Sample.property("g7", "Harbour View Loft", "21 Circular Quay, Sydney NSW 2000", minute: 6),
        Sample.property("h8", "Casa São João", "Rua Augusta 101, Lisboa", minute: 7),
        Sample.property("i9", "Sunset Bungalow", minute: 8),
    ]

    static func sample(width: Int, height: Int) -> BrowserState {
        var state = Sample.screen(sixProperties)
        _ = state.reduce(.resized(width: width, height: height))
        return state
    }

    // MARK: - Snapshots

    @Test func theSampleAt40x10() {
        var state = Self.sample(width: 40, height: 10)
        expectSnapshot(state.render(), named: "small-list-40x10")
        // Sorted, and a change waiting: the name gives way, never the order or the count.
        _ = state.reduce(.keyPressed(.character("s")))
        _ = state.reduce(.list(model: Sample.model, .rowsChanged(RecordRowUpdate(upserted: [
            RecordRow(Self.sixProperties[3], status: .pending(1)),
        ]))))
        _ = state.reduce(.list(model: Sample.model, .pendingCountChanged(1)))
        expectSnapshot(state.render(), named: "small-list-sorted-pending-40x10")
    }

    @Test func aDetailAt40x10() {
        var state = Self.sample(width: 40, height: 10)
        _ = state.reduce(.keyPressed(.enter))
        expectSnapshot(state.render(), named: "small-detail-40x10")
    }

    /// Offline with the cache shown and the simulated server's settings: the rule's texts are
    /// cut before its count.
    @Test func theSampleAt60x20() {
        var state = Self.sample(width: 60, height: 20)
        state.fixedClockTime = "09:41"
        state.simulation = Simulation(failureRate: 0.5, latency: .milliseconds(800))
        _ = state.reduce(.list(model: Sample.model, .connectivityChanged(.offline("the server refused the connection"))))
        _ = state.reduce(.list(model: Sample.model, .loadStateChanged(.cached(refreshedAt: Date()))))
        _ = state.reduce(.list(model: Sample.model, .pendingCountChanged(2)))
        expectSnapshot(state.render(), named: "small-list-60x20")
    }

    @Test func theSampleAt80x24() {
        var state = Self.sample(width: 80, height: 24)
        state.simulation = Simulation(failureRate: 0.5, latency: .milliseconds(800))
        _ = state.reduce(.list(model: Sample.model, .pendingCountChanged(1)))
        expectSnapshot(state.render(), named: "small-list-80x24")
    }

    /// A model of many fields, read-only, loading: `read-only` is kept as the order is.
    @Test func aReadOnlyModelOfManyFieldsAt40x10() throws {
        let schema = try ModelIntrospectionReader.read(Data(contentsOf: BrowserStateTests.fixtures.appendingPathComponent("household-budget.json")))
        let model = try #require(schema.model(named: "Transaction"))
        let layout = try RecordLayout(model: model, schema: schema)
        var state = BrowserState(
            schema: schema, layouts: [model.name: layout],
            access: [model.name: ModelAccess(allowed: [.read], readOnlyReason: "the user pool is not signed in")],
            backend: "local · API key", initialModel: model.name)
        _ = state.reduce(.resized(width: 40, height: 10))
        _ = state.reduce(.list(model: model.name, .connectivityChanged(.online)))
        _ = state.reduce(.list(model: model.name, .loaded(Self.records(layout, count: 3).map { RecordRow($0) })))
        _ = state.reduce(.list(model: model.name, .loadStateChanged(.loading)))
        _ = state.reduce(.list(model: model.name, .busyChanged(true)))
        _ = state.reduce(.list(model: model.name, .loadProgress(LoadProgress(loaded: 3_000, expected: 25_000))))
        expectSnapshot(state.render(), named: "small-models-read-only-40x10")
    }

    // MARK: - Every model, every situation

    /// Records of any model: the display field (and every other text field) holds a long text.
    static func records(_ layout: RecordLayout, count: Int) -> [ModelRecord] {
        (0..<count).map { index in
            var values: [String: ModelValue] = [
                "createdAt": .string("2026-11-01T10:\(String(format: "%02d", index % 60)):00.000Z"),
            ]
            for field in layout.model.fields where field.type == .scalar(.string) && !field.isList {
                values[field.name] = .string("A rather long \(field.name) of record number \(index)")
            }
            for key in layout.model.primaryKey.fields where values[key] == nil || values[key] == .null {
                let field = layout.model.field(named: key)
                values[key] = field?.type == .scalar(.int) ? .int(Int64(index)) : .string("key-\(index)")
            }
            let key = RecordKey(values: values, of: layout.model) ?? RecordKey("k\(index)")
            return ModelRecord(layout: layout, key: key, values: values, version: 1)
        }
    }

    struct Situation {
        var name: String
        var connectivity: Connectivity
        var pending: Int
        var rows: Int
        var readOnly = false
        var sorted = false
        var loading = false
        var simulated = false
        var filter: String?
    }

    static let situations = [
        Situation(name: "online", connectivity: .online, pending: 0, rows: 3),
        Situation(name: "offline, cached, sorted, simulated", connectivity: .offline("refused"), pending: 1, rows: 30,
                  sorted: true, simulated: true),
        Situation(name: "loading, filtered", connectivity: .reconnecting, pending: 12, rows: 40, loading: true, filter: "record"),
        Situation(name: "read-only, many pending", connectivity: .liveSyncDown("refused"), pending: 12_345, rows: 2, readOnly: true),
    ]

    static func models() throws -> [(schema: ModelSchema, model: AmplifyModel)] {
        var all: [(ModelSchema, AmplifyModel)] = [(.realEstateProperty, .realEstateProperty)]
        for file in ["finance.json", "reading-club.json", "court-bookings.json", "household-budget.json"] {
            let schema = try ModelIntrospectionReader.read(Data(contentsOf: BrowserStateTests.fixtures.appendingPathComponent(file)))
            all += schema.models.map { (schema, $0) }
        }
        return all
    }

    @Test func whatMattersSurvivesOnEveryModelAtEverySize() throws {
        for (schema, model) in try Self.models() {
            var layouts: [String: RecordLayout] = [:]
            for each in schema.models { layouts[each.name] = try RecordLayout(model: each, schema: schema) }
            let layout = try #require(layouts[model.name])
            for situation in Self.situations {
                for size in Self.sizes {
                    var state = BrowserState(
                        schema: schema, layouts: layouts,
                        access: situation.readOnly ? [model.name: ModelAccess(allowed: [.read], readOnlyReason: "not allowed")] : [:],
                        backend: "abc.appsync-api.eu-west-1 · IAM (guest)", initialModel: model.name)
                    state.fixedClockTime = "09:41"
                    if situation.simulated { state.simulation = Simulation(failureRate: 1, latency: .seconds(2)) }
                    _ = state.reduce(.resized(width: size.width, height: size.height))
                    _ = state.reduce(.list(model: model.name, .connectivityChanged(situation.connectivity)))
                    _ = state.reduce(.list(model: model.name, .loaded(Self.records(layout, count: situation.rows).map { RecordRow($0) })))
                    _ = state.reduce(.list(model: model.name, .loadStateChanged(
                        situation.loading ? .loading : situation.simulated ? .cached(refreshedAt: Date()) : .loaded)))
                    _ = state.reduce(.list(model: model.name, .pendingCountChanged(situation.pending)))
                    if situation.loading {
                        _ = state.reduce(.list(model: model.name, .busyChanged(true)))
                        _ = state.reduce(.list(model: model.name, .loadProgress(LoadProgress(loaded: 9_000, expected: 1_250_000))))
                    }
                    if situation.sorted { _ = state.reduce(.keyPressed(.character("s"))) }
                    if let filter = situation.filter {
                        _ = state.reduce(.keyPressed(.character("/")))
                        for character in filter { _ = state.reduce(.keyPressed(.character(character))) }
                        _ = state.reduce(.keyPressed(.enter))
                    }
                    let context = "\(model.name), \(situation.name), \(size.width)×\(size.height)"
                    check(state, model: model, situation: situation, context: context)
                }
            }
        }
    }

    func check(_ state: BrowserState, model: AmplifyModel, situation: Situation, context: String) {
        let frame = state.render()
        #expect(frame.wideCellsAreWhole, "\(context)")
        let lines = Self.lines(frame)
        #expect(lines.count == state.height && lines.allSatisfy { $0.terminalWidth == state.width }, "\(context): a line wraps")
        let header = lines[0]

        // The right side, whole, with two blanks before it.
        let (symbol, word) = situation.connectivity.headerWords
        var right = "\(symbol) \(word)"
        if situation.pending > 0 { right += " · \(NumberText.grouped(situation.pending)) pending" }
        guard let rightRange = header.range(of: right) else {
            Issue.record("\(context): the header lost “\(right)”:\n\(header)")
            return
        }
        let backend = "abc.appsync-api.eu-west-1 · IAM (guest) · "
        let left = header[..<rightRange.lowerBound]
        #expect((left.hasSuffix(backend) ? left.dropLast(backend.count) : left).hasSuffix(" "),
                "\(context): the title runs into what is right of it:\n\(header)")

        // The title: the model's name, whole or shortened with "…"; the order and `read-only`
        // whole unless the name is down to a character and "…".
        let name = model.listTitle
        var kept = " · " + state.sortName
        if situation.readOnly { kept += " · read-only" }
        let title = String(header[header.index(after: header.startIndex)..<rightRange.lowerBound])
            .replacingOccurrences(of: backend, with: "")
            .trimmingCharacters(in: .whitespaces)
        // The order may be cut only when it would not fit beside the name at its shortest.
        let roomForKept = 1 + 2 + kept.terminalWidth + 1 + right.terminalWidth + 1 <= state.width
        if title.hasPrefix(name) {
            #expect(title == name + kept, "\(context): the title is whole, so should the rest be:\n\(header)")
        } else {
            #expect(title.contains("…"), "\(context): the name is cut without “…”:\n\(header)")
            #expect(title.hasSuffix(kept) || !roomForKept, "\(context): the order went before the name did:\n\(header)")
        }

        // The rule: its count whole, after anything cut.
        let rule = lines[state.height - 3]
        let count = state.shownRows.count
        let position = RuleTexts.position(
            scrollTop: state.listScrollTop, rowsShown: RecordListView.rowsShown(inRegionHeight: state.bodyRegion.height), count: count)
        let countText = position ?? "\(NumberText.grouped(count)) row\(count == 1 ? "" : "s")"
        #expect(rule.contains(" \(countText) "), "\(context): the rule lost “\(countText)”:\n\(rule)")
        #expect(!rule.contains("…─"), "\(context): a cut text runs into the rule:\n\(rule)")
        #expect(lines[state.height - 1].contains("? help"), "\(context)")
    }
}
