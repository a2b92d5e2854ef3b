import AmplifyModels
import Foundation
import AppSync
import RecordExport
import ScriptChanges
import SyncEngine

/// An import, in two passes over the file's bytes: every row checked (nothing sent while one
/// fails), then every row queued in the outbox in batches and sent by the model's list, the
/// same engine as the app, and each answer counted.
///
/// Exactly once, whenever it is killed: a row's key is its own (its key fields) or made from
/// its values (`ImportKeys`), the same in every run. A rerun finds each row in one of three
/// places: the outbox (queued by an earlier run: sent now, by the list, which recognises one
/// the server took before its answer was lost), the cache (confirmed already), or nowhere (a
/// create: one the server holds already is recognised by its key and values, and counted as
/// already there). An outbox batch is kept in one transaction, so a row is never half queued.
struct Importer {
    let session: ChangeSession
    let bytes: [UInt8]
    let format: ImportFormat
    let file: String
    let upsert: Bool
    let batch: Int
    let stallTimeout: Duration

    var layout: RecordLayout { session.layout }
    var list: RecordList<ModelRecord> { session.list }

    struct Checked {
        var rows = 0
        var invalidLines: Set<Int> = []
    }

    // MARK: Checking

    /// Every row checked; all problems said (each with its line and field). Nothing is sent
    /// while one fails (exit 65), unless `skipInvalid`: then the failing rows go to `report`.
    func check(skipInvalid: Bool, report: String) throws -> Checked {
        let checker = RowChecker(layout: layout)
        var checked = Checked()
        var problems: [RowProblem] = []
        var skipped: [String] = []
        var firstLineOfKey: [RecordKey: Int] = [:]
        try ImportRows.forEach(bytes, format: format) { result in
            checked.rows += 1
            var rowProblems: [RowProblem]
            var row: ImportRow?
            switch result {
            case .failure(let problem):
                rowProblems = [problem]
            case .success(let read):
                row = read
                switch checker.values(of: read) {
                case .failure(let found): rowProblems = found.all
                case .success(let values):
                    rowProblems = []
                    if let key = RecordKey(values: values, of: layout.model) {
                        if let first = firstLineOfKey[key] {
                            rowProblems.append(RowProblem(line: read.line, message: "the same key as line \(first) (\(KeyArguments.text(of: key, model: layout.model)))"))
                        } else {
                            firstLineOfKey[key] = read.line
                        }
                    }
                }
            }
            guard !rowProblems.isEmpty else { return }
            if rowProblems.first?.line == 0 { checked.rows -= 1 }
            checked.invalidLines.insert(rowProblems[0].line)
            problems += rowProblems
            if skipInvalid { skipped.append(Self.reportLine(row, line: rowProblems[0].line, problems: rowProblems)) }
        }
        guard !problems.isEmpty else { return checked }
        let wholeFile = problems.contains { $0.line == 0 }
        if !skipInvalid || wholeFile {
            let rows = Set(problems.map(\.line)).count
            let listed = problems.map { "  " + $0.description }.joined(separator: "\n")
            throw ScriptFailure(
                .invalidData,
                wholeFile
                    ? "\(file) cannot be imported:\n\(listed)\nnothing was sent"
                    : "\(rows) of \(checked.rows) row\(checked.rows == 1 ? "" : "s") of \(file) \(rows == 1 ? "fails" : "fail") the checks of \(layout.model.name); nothing was sent (--skip-invalid imports the others):\n\(listed)")
        }
        do {
            try Data((skipped.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: report))
        } catch {
            throw ScriptFailure(.failure, "the report \(report) cannot be written: \(error.localizedDescription); nothing was sent")
        }
        ScriptErrorOutput.note("skipping \(checked.invalidLines.count) \(checked.invalidLines.count == 1 ? "row that fails" : "rows that fail") the checks (listed with their problems in \(report)):\n"
            + problems.prefix(20).map { "  " + $0.description }.joined(separator: "\n") + (problems.count > 20 ? "\n  …" : ""))
        return checked
    }

    /// A skipped row in the report: its line, its problems, and the row as it was read.
    static func reportLine(_ row: ImportRow?, line: Int, problems: [RowProblem]) -> String {
        var members: [String: JSONValue] = [
            "line": .int(Int64(line)),
            "problems": .array(problems.map { .string(($0.field.map { "\($0): " } ?? "") + $0.message) }),
        ]
        switch row?.cells {
        case .json(let cells)?: members["row"] = .object(cells)
        case .text(let cells)?: members["row"] = .object(cells.mapValues(JSONValue.string))
        case nil: break
        }
        return JSONValue.object(members).jsonText
    }

    // MARK: Queueing and sending

    /// Queues every valid row (those the outbox or the server hold already are counted, not
    /// queued again), then waits for each answer.
    func queueAndSend(skipping invalid: Set<Int>) async throws -> ImportSummary {
        let checker = RowChecker(layout: layout)
        var keys = ImportKeys(model: layout.model.name)
        var summary = ImportSummary()
        var awaited: [RecordKey: ImportSummary.Awaited] = [:]
        var creates: [ModelRecord] = []
        var progress = ImportProgress(total: 0)
        // A key's absence from the list must mean the cache has none.
        await list.cacheRead()

        func flush() async throws {
            guard !creates.isEmpty else { return }
            do {
                try await list.create(contentsOf: creates)
            } catch {
                throw ScriptFailure(.failure, error.message)
            }
            creates.removeAll(keepingCapacity: true)
        }

        var rows = ImportRows(bytes, format: format)
        while let next = rows.next() {
            guard case .success(let row) = next, !invalid.contains(row.line), case .success(let values) = checker.values(of: row) else { continue }
            let generated = checker.generatesID && (values["id"] ?? .null) == .null ? keys.key(for: values, layout: layout) : nil
            let record: ModelRecord
            do throws(ModelRecordError) {
                record = try checker.record(values, key: generated)
            } catch {
                throw ScriptFailure(.invalidData, "line \(row.line): \(error)")
            }
            summary.rows += 1
            let key = record.id
            // Queued by an earlier run: counted by its outcome, which the list may have had already
            // (it sends them from its start), so the list's state now would count it as already there.
            if session.queuedEarlier.contains(key) {
                awaited[key] = .init(line: row.line, kind: .queuedEarlier, record: upsert ? record : nil)
            } else if let confirmed = await list.confirmedRecord(key), !confirmed.isDeleted {
                if confirmed.hasSameValues(as: record) {
                    summary.alreadyThere += 1
                } else if upsert {
                    if try await update(confirmed, to: record) {
                        awaited[key] = .init(line: row.line, kind: .update)
                    } else {
                        summary.alreadyThere += 1
                    }
                } else {
                    summary.refuse(line: row.line, "a \(layout.model.name) with the key \(KeyArguments.text(of: key, model: layout.model)) exists with other values (--upsert updates it)", conflict: true)
                }
            } else {
                creates.append(record)
                awaited[key] = .init(line: row.line, kind: .create, record: upsert ? record : nil)
                if creates.count >= batch { try await flush() }
            }
            progress.queued(summary.rows)
        }
        try await flush()
        progress.total = awaited.count
        progress.startSending()
        try await wait(for: &awaited, summary: &summary, progress: &progress)
        progress.end()
        return summary
    }

    /// An update of a record whose key exists, from the server's copy as the list knows it to
    /// the row's values: conflict-safe, as every update of the list is.
    /// Whether anything was sent (nothing when the record holds the row's values already).
    private func update(_ current: ModelRecord, to record: ModelRecord) async throws -> Bool {
        var changes: [String: ModelValue] = [:]
        for field in layout.model.editableFields(for: .update) where (current[field.name] ?? .null) != (record[field.name] ?? .null) {
            changes[field.name] = record[field.name] ?? .null
        }
        guard !changes.isEmpty else { return false }
        do {
            try await list.update(current.id, ModelRecordPatch(changes))
        } catch {
            throw ScriptFailure(.failure, error.message)
        }
        return true
    }

    /// Takes the answers as they come until every row has one, the link stops requests (the
    /// rest stays in the outbox: exit 75), or nothing is answered for `stallTimeout`.
    private func wait(
        for awaited: inout [RecordKey: ImportSummary.Awaited], summary: inout ImportSummary, progress: inout ImportProgress
    ) async throws {
        var lastAnswer = ContinuousClock.now
        while !awaited.isEmpty {
            let outcomes = session.watch.takeOutcomes()
            if !outcomes.isEmpty { lastAnswer = .now }
            for (key, outcome) in outcomes {
                guard let row = awaited.removeValue(forKey: key) else { continue }
                try await count(outcome, of: row, key: key, awaited: &awaited, summary: &summary)
            }
            progress.sent(progress.total - awaited.count)
            if awaited.isEmpty { break }
            if let failure = session.watch.read({ session.linkFailure(kept: true, in: $0) }) {
                throw ScriptFailure(failure.code, "\(summary.answeredText) before: \(failure.message.replacingOccurrences(of: "the change is", with: "the other \(awaited.count) rows are"))")
            }
            if ContinuousClock.now - lastAnswer > stallTimeout {
                throw ScriptFailure(.keptInOutbox, "\(summary.answeredText); the server has answered nothing for \(stallTimeout): the other \(awaited.count) rows are kept in the outbox and will be sent the next time proptui runs against this backend")
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
    }

    private func count(
        _ outcome: ListWatch.Outcome, of row: ImportSummary.Awaited, key: RecordKey,
        awaited: inout [RecordKey: ImportSummary.Awaited], summary: inout ImportSummary
    ) async throws {
        switch (outcome, row.kind) {
        case (.confirmed(let alreadyThere), .queuedEarlier):
            // Queued by an earlier run: created now, unless that run's send reached the server.
            if alreadyThere {
                summary.alreadyThere += 1
            } else {
                summary.created += 1
                summary.queuedEarlier += 1
            }
        case (.confirmed(let alreadyThere), .create):
            if alreadyThere { summary.alreadyThere += 1 } else { summary.created += 1 }
        case (.confirmed, .update):
            summary.updated += 1
        case (.refused(_, conflict: true), .create), (.refused(_, conflict: true), .queuedEarlier):
            // Its key holds other values on the server: with --upsert, they are updated.
            if let record = row.record, let current = await list.confirmedRecord(key), !current.isDeleted {
                if try await update(current, to: record) {
                    awaited[key] = .init(line: row.line, kind: .update)
                } else {
                    summary.alreadyThere += 1
                }
            } else if case .refused(let message, _) = outcome {
                summary.refuse(line: row.line, message, conflict: true)
            }
        case (.refused(let message, let conflict), _):
            summary.refuse(line: row.line, message, conflict: conflict)
        }
    }
}
