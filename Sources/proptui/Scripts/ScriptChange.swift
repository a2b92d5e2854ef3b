import AmplifyModels
import Foundation
import RecordExport
import ScriptChanges
import SyncEngine

/// One change of a script command carried out as the app carries out a key press: applied to
/// the model's list, kept in the outbox before anything is sent, sent by the list's sender, and
/// waited for until the server confirms or refuses it. A conflict (someone else changed the
/// record since the `--expect` value, or since the command read it) is refused, never overwritten.
struct ScriptChange {
    let session: ChangeSession
    let options: ChangeOptions

    var list: RecordList<ModelRecord> { session.list }
    var modelName: String { session.layout.model.name }
    /// A key as the command line writes it (`tenantId=t1 sku=food` for several fields).
    func text(of key: RecordKey) -> String { KeyArguments.text(of: key, model: session.layout.model) }
    var values: ChangeValues { ChangeValues(layout: session.layout) }

    func create(_ record: ModelRecord) async throws -> ChangeOutcome {
        try session.checkAllowed(.create)
        try await apply { () throws(InvalidInput) in try await list.create(record) }
        return .confirmed(try await answer(for: record.id))
    }

    func update(_ key: RecordKey, _ patch: ModelRecordPatch, expecting expected: [String: ModelValue]) async throws -> ChangeOutcome {
        try session.checkAllowed(.update)
        let current = try await read(key)
        try check(expected, against: current.record)
        guard current.record.applying(patch) != current.record else { return .unchanged(current.record) }
        try await apply { () throws(InvalidInput) in try await list.update(key, patch) }
        if !current.fromServer { throw keptOffline() }
        return .confirmed(try await answer(for: key, fields: patch.fieldNames))
    }

    func delete(_ key: RecordKey, expecting expected: [String: ModelValue]) async throws -> ChangeOutcome {
        try session.checkAllowed(.delete)
        let current = try await read(key)
        try check(expected, against: current.record)
        try await apply { () throws(InvalidInput) in try await list.delete(key) }
        if !current.fromServer { throw keptOffline() }
        let tombstone = try await answer(for: key, fields: expected.keys.sorted())
        // Its values as they were, with what the server's answer says of the delete: on the
        // versioned dialect `_deleted: true` and the tombstone's `_version`, as AppSync answers.
        var deleted = current.record
        deleted.isDeleted = true
        deleted.version = max(tombstone.version, deleted.version + 1)
        deleted.lastChangedAt = tombstone.lastChangedAt ?? deleted.lastChangedAt
        return .deleted(deleted)
    }

    /// A failure after the session opened: the backend is stopped at once (no earlier change is
    /// waited for), the outbox let go.
    static func closeAfterFailure(_ session: ChangeSession) async {
        _ = await session.close(drainFor: .zero)
    }

    // MARK: Steps

    private func apply(_ change: () async throws(InvalidInput) -> Void) async throws {
        do {
            try await change()
        } catch {
            throw ScriptFailure(.failure, error.message)
        }
    }

    /// The record as the server holds it now (a key lookup), with what the outbox still holds
    /// laid over it. The server cannot be reached: the cached copy, if any (the change is then
    /// kept for later), else nothing changes.
    private func read(_ key: RecordKey) async throws -> (record: ModelRecord, fromServer: Bool) {
        await list.askServer(forKey: key, view: 1)
        // Its last progress may reach the watch a moment later (behind a group commit).
        let state = await session.watch.wait(timeout: .seconds(10)) { state -> ViewProgress.State? in
            switch state.view?.state {
            case .done?, .failed?: state.view?.state
            default: nil
            }
        }
        if state != .done {
            let why = if case .failed(let why)? = state { why } else { "no answer in 10 s" }
            // The link says why once the list's own requests have failed too.
            let failure = await session.watch.wait(timeout: .seconds(10)) { state in session.linkFailure(kept: false, in: state) }
            if let failure, failure.code == .unreachable, let cached = await list.row(key)?.record, !cached.isDeleted {
                return (cached, false)
            }
            throw failure ?? ScriptFailure(.failure, "\(modelName) \(text(of: key)) could not be read: \(why)")
        }
        guard let row = await list.row(key), !row.record.isDeleted else {
            throw ScriptFailure(.notFound, "no \(modelName) has the key \(text(of: key))")
        }
        return (row.record, true)
    }

    /// `--expect`: every field holds what it says, or a conflict naming what is there now.
    private func check(_ expected: [String: ModelValue], against record: ModelRecord) throws {
        let unmet = values.unmet(expected, by: record)
        guard !unmet.isEmpty else { return }
        let fields = unmet.map { field, now in
            "\(field) is \(quoted(values.text(now, of: field))) now, not \(quoted(values.text(expected[field]!, of: field))) as --expect said"
        }
        throw ScriptFailure(.conflict, "conflict: \(modelName) \(text(of: record.id)): \(fields.joined(separator: "; "))\(changedBy(record)); nothing was changed")
    }

    /// Waits for the server's answer to the change of `key`: the record as confirmed, or the
    /// exit that says why not. `fields`: what a conflict's message shows the server's values of.
    private func answer(for key: RecordKey, fields: [String] = []) async throws -> ModelRecord {
        let watch = session.watch
        let timeout = Duration.milliseconds(Int(options.timeout * 1000))
        let outcome = await watch.wait(timeout: timeout) { state -> Result<ListWatch.Outcome, ScriptFailure>? in
            if let outcome = state.outcomes[key] { return .success(outcome) }
            return session.linkFailure(kept: true, in: state).map { .failure($0) }
        }
        switch outcome {
        case .success(.confirmed)?:
            let confirmed = await list.confirmedRecord(key)
            guard let record = confirmed else {
                throw ScriptFailure(.failure, "the server confirmed \(modelName) \(text(of: key)), and it is gone already")
            }
            return record
        case .success(.refused(let message, let conflict))?:
            guard conflict else { throw ScriptFailure(.refused, "the server refused the change: \(message)") }
            let now = await list.confirmedRecord(key)
            let shown = now.map { record in
                fields.map { "\($0) is \(quoted(values.text(record[$0] ?? .null, of: $0))) there now" }.joined(separator: ", ")
                    + changedBy(record)
            } ?? ""
            throw ScriptFailure(.conflict, "conflict: \(message)\(shown.isEmpty ? "" : " (\(shown))"); nothing was overwritten")
        case .failure(let failure)?:
            throw failure
        case nil:
            throw ScriptFailure(.keptInOutbox, "the server has not answered in \(Int(options.timeout)) s: the change is kept in the outbox and will be sent the next time proptui runs against this backend")
        }
    }

    private func keptOffline() -> ScriptFailure {
        session.watch.read { session.linkFailure(kept: true, in: $0) } ?? ScriptFailure(.keptInOutbox, "the server cannot be reached: the change is kept in the outbox")
    }

    /// Who changed the record last and when, as far as the record says (its owner, `updatedAt`).
    private func changedBy(_ record: ModelRecord) -> String {
        var parts: [String] = []
        if let owner = record.owner { parts.append("owner \(owner)") }
        if let updatedAt = record.updatedAt { parts.append("last changed at \(updatedAt)") }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    private func quoted(_ text: String) -> String { "“\(text)”" }
}

/// What a change came to, for stdout.
enum ChangeOutcome {
    case confirmed(ModelRecord)
    /// The record holds the values already: nothing was sent.
    case unchanged(ModelRecord)
    /// Deleted; the record as it was, marked deleted (the versioned dialect's tombstone).
    case deleted(ModelRecord)

    /// Prints the record (one NDJSON line, wire form) unless `--quiet`, then closes the session,
    /// sending what earlier runs left in the outbox first.
    func finish(_ session: ChangeSession, options: ChangeOptions) async throws {
        let record: ModelRecord
        switch self {
        case .confirmed(let confirmed): record = confirmed
        case .unchanged(let unchanged):
            record = unchanged
            ScriptErrorOutput.note("\(unchanged.model.name) \(KeyArguments.text(of: unchanged.id, model: unchanged.model)) holds these values already: nothing was sent")
        case .deleted(let deleted): record = deleted
        }
        if !options.quiet { print(record.wireJSON(versioned: session.versioned)) }
        let left = await session.close()
        if left > 0 {
            ScriptErrorOutput.note("\(left) earlier change\(left == 1 ? " is" : "s are") still in the outbox, to be sent the next time proptui runs against this backend")
        }
    }
}
