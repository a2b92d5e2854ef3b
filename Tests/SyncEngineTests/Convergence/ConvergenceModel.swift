import AppSync
import AmplifyModels
@testable import SyncEngine

/// The test's model of what should be true at the end of a schedule: every write anyone made
/// (the users through their lists, the remote writer straight to the server), when it was made,
/// and when its client was next seen with nothing pending. From these it says, for each record
/// and field, which write the server must hold, and when it may not (the write was refused,
/// undone, or raced by another writer's write still on its way).
struct ConvergenceModel {
    enum Kind: String { case create, update, delete, undo }

    struct Write {
        var step: Int
        /// The order writes were made in (several may be made in one step).
        var order = 0
        /// "A", "B" (a client) or "remote".
        var writer: String
        var model: String
        var key: RecordKey
        var kind: Kind
        /// The values set (by name); nil: every field, to values the test does not know (an
        /// undo, a delete).
        var values: [String: ModelValue]?
        /// For a user's update: what the row showed of those fields just before.
        var before: [String: ModelValue] = [:]

        func touches(_ field: String) -> Bool { values.map { $0[field] != nil } ?? true }

        var description: String {
            let shown = values.map { values in values.keys.sorted().map { "\($0): \(values[$0]!)" }.joined(separator: ", ") } ?? "…"
            return "step \(step): \(writer) \(kind.rawValue) \(model) \(key) {\(shown)}"
        }
    }

    private(set) var writes: [Write] = []
    /// Steps after which each client's list of each model had nothing pending (`"A/Thing0"`).
    private var quiet: [String: [Int]] = [:]
    /// Writes the remote writer made that the server applied, by model and key.
    private(set) var remoteApplied: [String: [RecordKey: Int]] = [:]

    mutating func record(_ write: Write) {
        var write = write
        write.order = writes.count
        writes.append(write)
        if write.writer == "remote" { remoteApplied[write.model, default: [:]][write.key, default: 0] += 1 }
    }

    mutating func noteQuiet(client: String, model: String, step: Int) { quiet[client + "/" + model, default: []].append(step) }

    /// The step by which `write` had certainly reached the server (or been refused): a remote
    /// write at once, a client's once its list was next seen with nothing pending.
    func settled(_ write: Write) -> Int {
        guard write.writer != "remote" else { return write.step }
        return quiet[write.writer + "/" + write.model, default: []].first { $0 >= write.step } ?? Int.max
    }

    /// Why `write` need not be what the server holds, if it need not: its client reported a
    /// refusal of a change to the record afterwards, or another writer's write to the same field
    /// was still on its way when it was made (either may win: their order on the wire is not the
    /// test's), or a later write to the field exists.
    func excuse(for write: Write, field: String?, outcomes: [Outcome]) -> String? {
        let others = writes.filter { $0.model == write.model && $0.key == write.key && (field.map($0.touches) ?? true) }
        if let later = others.first(where: { $0.order > write.order }) { return "a later write (\(later.description))" }
        if let racing = others.first(where: { $0.writer != write.writer && $0.order < write.order && settled($0) >= write.step }) {
            return "a write racing it (\(racing.description))"
        }
        // Set back to what it was before an earlier change of the same user still waiting to be
        // sent: the two cancel out and neither is sent (by design), so someone else's value may
        // stay, and, when every field of an update does, someone else's delete.
        // A field set to the value it held (as its writer saw it) changes nothing, and is left out:
        // an update of it and of a field set back is folded away whole.
        let fields = (field.map { [$0] } ?? (write.kind == .update ? (write.values ?? [:]).keys.sorted() : []))
            .filter { write.values?[$0] != write.before[$0] }
        let undone = fields.map { field in
            write.values?[field].flatMap { value in
                others.first {
                    $0.touches(field) && $0.writer == write.writer && $0.order < write.order && $0.before[field] == value
                        && settled($0) >= write.step
                }
            }
        }
        if let first = undone.first, let first, undone.allSatisfy({ $0 != nil }) {
            return "it cancels out \(first.description)"
        }
        if write.writer != "remote",
            let refused = outcomes.first(where: {
                !$0.succeeded && $0.client == write.writer && $0.model == write.model && $0.key == write.key && $0.step >= write.step
            })
        {
            return "a refusal (\(refused.kind.name): \(refused.message ?? ""))"
        }
        return nil
    }

    /// The step by which `write` had certainly reached the server: its list confirmed a change of
    /// the record (that change or a later one of the same user's), or was next seen with nothing pending.
    func reachedServer(_ write: Write, outcomes: [Outcome]) -> Int {
        let confirmed = outcomes.first {
            $0.succeeded && $0.client == write.writer && $0.model == write.model && $0.key == write.key && $0.step >= write.step
        }
        return min(settled(write), confirmed?.step ?? Int.max)
    }

    /// The writes in `history` (one record's) whose value is not what the server ends with, not
    /// replaced by a write made after it was seen, and whose writer was never told of a refusal.
    func unseenOverwrites(of history: [Write], held: ModelRecord, model: String, outcomes: [Outcome]) -> [String] {
        var problems: [String] = []
        for write in history {
            guard let values = write.values else { continue }
            for (field, value) in values.sorted(by: { $0.key < $1.key }) where !Self.same(held[field], value) {
                // A write of the value the field held already changed nothing.
                if write.before[field] == value { continue }
                let replaced = history.contains { other in
                    guard other.order != write.order, other.touches(field) else { return false }
                    // Made over that very value (it may still land after this write, whenever it was made).
                    if other.before[field] == value { return true }
                    return other.order > write.order
                        && (other.writer == write.writer || other.writer == "remote" || reachedServer(write, outcomes: outcomes) < other.step)
                }
                if replaced { continue }
                let told = outcomes.contains {
                    !$0.succeeded && $0.client == write.writer && $0.model == model && $0.key == write.key && $0.step >= write.step
                }
                if told { continue }
                problems.append(
                    "overwritten unseen: \(model) \(write.key).\(field) is \(held[field].map { "\($0)" } ?? "absent") on the server; "
                        + "\(write.description) set \(value), and \(write.writer) was told of no refusal\n  history:\n    "
                        + history.map(\.description).joined(separator: "\n    "))
            }
        }
        return problems
    }

    /// What must hold of one model's records on the server (`server`: every record the server
    /// answers, tombstones included), as a list of problems (empty: all is well).
    func check(model: String, layout: RecordLayout, server: [RecordKey: ModelRecord], versioned: Bool, outcomes: [Outcome]) -> [String] {
        var problems: [String] = []
        let byKey = Dictionary(grouping: writes.filter { $0.model == model }, by: \.key)
        let live = server.filter { !$0.value.isDeleted }
        for (key, history) in byKey {
            let history = history.sorted { $0.order < $1.order }
            let last = history.last!
            let undone = history.contains { $0.kind == .undo }
            // Exists, or not, as the last write says: created or updated (and not deleted since), or deleted.
            if !undone, excuse(for: last, field: nil, outcomes: outcomes) == nil {
                switch last.kind {
                case .create, .update:
                    if live[key] == nil {
                        problems.append("\(model) \(key) is not on the server; its last write was \(last.description)\n  history:\n    "
                            + history.map(\.description).joined(separator: "\n    "))
                    }
                case .delete:
                    if live[key] != nil {
                        problems.append("\(model) \(key) is still on the server; its last write was \(last.description)\n  history:\n    "
                            + history.map(\.description).joined(separator: "\n    "))
                    }
                case .undo:
                    break
                }
            }
            // No update lost: each field holds the last value written to it, unless excused.
            if let held = live[key] {
                let fields = Set(history.compactMap(\.values).flatMap(\.keys)).sorted()
                for field in fields {
                    guard let write = history.last(where: { $0.touches(field) }), let value = write.values?[field] else { continue }
                    guard excuse(for: write, field: field, outcomes: outcomes) == nil else { continue }
                    if !Self.same(held[field], value) {
                        problems.append(
                            "lost update: \(model) \(key).\(field) is \(held[field].map { "\($0)" } ?? "absent") on the server, not \(value) "
                                + "as written at \(write.description)\n  history:\n    " + history.map(\.description).joined(separator: "\n    "))
                    }
                }
            }
            // No write overwritten unseen (issue 29): a write whose value the server does not hold
            // was either replaced by a write made after it was seen (its own writer's, the remote
            // writer's, which reads the server just before it writes, or a user's once the write had
            // reached the server), or by one made over that very value whenever it was made, or its
            // writer was told it was refused. (Records
            // that were deleted or undone are left out: an undo sets values the test does not know.)
            if let held = live[key], !history.contains(where: { $0.kind == .delete || $0.kind == .undo }) {
                problems += unseenOverwrites(of: history, held: held, model: model, outcomes: outcomes)
            }
            // Each change applied at most once: no more versions than the changes the lists reported
            // and the remote writes. A refused change counts too: one whose answer was lost may have
            // been applied, then found changed or deleted by someone else when it was checked, and
            // reported as a conflict (seen with lost answers: applied once, reported refused).
            if versioned, let record = server[key] {
                let reported = outcomes.filter { $0.model == model && $0.key == key }
                let confirmed = reported.filter(\.succeeded).count
                let remote = remoteApplied[model]?[key] ?? 0
                if record.version > reported.count + remote {
                    problems.append(
                        "applied more than once: \(model) \(key) is at _version \(record.version) after \(confirmed) confirmed and "
                            + "\(reported.count - confirmed) refused change(s) and \(remote) remote write(s)\n  history:\n    "
                            + history.map(\.description).joined(separator: "\n    "))
                }
            }
        }
        return problems
    }

    /// Whether the server's value, read through the selection (so cut where it goes deeper than
    /// the selection reads), is the written one: equal, or equal down to where it was cut.
    static func same(_ held: ModelValue?, _ written: ModelValue) -> Bool {
        guard let held else { return written == .null }
        if held == written { return true }
        switch (held, written) {
        case (.json(let read), .json(let sent)): return same(read, sent)
        case (.list(let read), .list(let sent)): return read.count == sent.count && zip(read, sent).allSatisfy { same($0, $1) }
        default: return false
        }
    }

    static func same(_ read: JSONValue, _ sent: JSONValue) -> Bool {
        switch (read, sent) {
        case (.object(let read), .object(let sent)):
            if read.count == 1, read["__typename"] != nil { return true }  // cut here: what is below was not read
            return Set(read.keys) == Set(sent.keys) && read.allSatisfy { same($0.value, sent[$0.key]!) }
        case (.array(let read), .array(let sent)): return read.count == sent.count && zip(read, sent).allSatisfy { same($0, $1) }
        default: return read == sent
        }
    }
}
