import AmplifyModels
import Foundation
import SyncEngine

/// The Amplify sample's rename on the same screen and the same records, timed from ⏎ to the
/// frame: the sample's `updateProperty` (its `firstIndex` scan, the whole list published, the
/// server answering at once), then the screen given the whole published list, as the sample's
/// UI receives it. Nothing is written to disk: the sample keeps no outbox.
struct RenameOnSample {
    let records: Int
    let samples: Int

    struct Timings {
        let keyToFrame: RenameKeyToFrameBenchmark.Timing
        /// `updateProperty` and receiving what it published: the sample's list without the screen.
        let listOnly: RenameKeyToFrameBenchmark.Timing
    }

    /// Untimed renames first; at a large size each takes seconds, so only one.
    private var warmUp: Int { records > RenameKeyToFrameBenchmark.largeSize ? 1 : RenameOnProptui.warmUp }

    @MainActor
    func run() async throws -> Timings {
        let list = SamplePropertyList()
        var published = list.publisher.makeAsyncIterator()
        let properties = (0..<records).map { Catalog.listing($0, seed: RenameOnProptui.seed).sampleProperty }
        // What the sample's UI holds for each row, to call `updateProperty` with.
        var byID = Dictionary(uniqueKeysWithValues: properties.map { ($0.id, $0) })
        list.load(properties)
        var screen = try RenameScreen(seed: RenameOnProptui.seed ^ UInt64(records))
        screen.reduce(.loaded(Self.rows(await published.next() ?? [])))

        var keyToFrame: [UInt64] = []
        var listOnly: [UInt64] = []
        for sample in 0..<(warmUp + samples) {
            screen.typeRename(to: "Renamed in the bench \(sample)")

            let start = MonotonicClock.now()
            guard let request = screen.renameRequest(screen.pressEnter()), var property = byID[request.key.text] else {
                preconditionFailure("⏎ in the rename field made no rename of a known row")
            }
            property.name = request.name
            let listStart = MonotonicClock.now()
            list.updateProperty(property)
            let whole = await published.next() ?? []
            let listElapsed = MonotonicClock.now() - listStart
            screen.reduce(.loaded(Self.rows(whole)))
            screen.render()
            let elapsed = MonotonicClock.now() - start

            byID[request.key.text] = property
            precondition(screen.shows(request.key, named: request.name), "the screen does not show the sample's rename")
            if sample >= warmUp {
                keyToFrame.append(elapsed)
                listOnly.append(listElapsed)
            }
        }
        return Timings(keyToFrame: .init(keyToFrame), listOnly: .init(listOnly))
    }

    /// The published list as the screen's rows: each record in the screen's model, its
    /// timestamps as AWSDateTime text (by `Catalog`'s arithmetic, not a date formatter).
    private static func rows(_ properties: [SampleProperty]) -> [RecordRow<ModelRecord>] {
        properties.map { property in
            RecordRow(SampleModel.record(Listing(
                id: property.id, name: property.name, address: property.address,
                createdAt: property.createdAt.map { Int64($0.timeIntervalSince1970) },
                updatedAt: property.updatedAt.map { Int64($0.timeIntervalSince1970) }, version: 1)))
        }
    }
}
