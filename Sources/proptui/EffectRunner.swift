import LocalAppSync
import PropertySync
import Terminal
import TUI

/// Performs the screen's effects against the list. Runs on the loop's thread, so
/// each effect starts its work and returns at once. The local part of a change
/// goes through `Mailbox.spawn`, whose result (the changed row) the loop waits
/// for before drawing: the key press and its change land in one frame. The
/// network part runs on in the list's own sender.
struct EffectRunner: Sendable {
    let list: RealEstatePropertyList
    let mailbox: Mailbox<AppAction>
    /// The embedded server's fault knobs; nil against a remote API.
    let faults: FaultSettings?

    func perform(_ effect: Effect) {
        switch effect {
        case .create(let name, let address):
            change(.create, record: name) { list throws(InvalidInput) in
                [try await list.create(name: name, address: address)]
            }
        case .rename(let id, let name):
            change(.rename, record: name) { list throws(InvalidInput) in
                try await list.rename(id, to: name)
                return [id]
            }
        case .editAddress(let id, let address):
            change(.editAddress, record: nil) { list throws(InvalidInput) in
                try await list.editAddress(id, to: address ?? "")
                return [id]
            }
        case .delete(let id):
            change(.delete, record: nil) { list throws(InvalidInput) in
                try await list.delete(id)
                return [id]
            }
        case .undo:
            mailbox.spawn { [list] in
                guard let undone = await list.undo() else { return [.noticed("Nothing to undo.")] }
                return [await Self.rows([undone.recordID], of: list), .operationFinished(.undo, record: undone.recordName)]
            }
        case .refresh:
            // Network work: not spawned (it must not hold the frame); a failure is reported by the list.
            Task.detached { [list, mailbox] in
                if await list.refresh() { mailbox.post(.operationFinished(.refresh, record: nil)) }
            }
        case .acknowledgeRejections:
            mailbox.spawn { [list] in
                await list.acknowledgeRejections()
                return []
            }
        case .setSimulatedFailureRate(let rate):
            faults?.update { $0.failRate = rate }
        case .setSimulatedLatency(let latency):
            faults?.update { $0.latency = latency }
        case .redraw, .quit:
            break  // the loop handles these itself
        }
    }

    /// Applies a change locally and hands back the rows it touched.
    private func change(
        _ operation: OperationKind, record: String?,
        _ apply: @escaping @Sendable (RealEstatePropertyList) async throws(InvalidInput) -> [String]
    ) {
        mailbox.spawn { [list] in
            do throws(InvalidInput) {
                let ids = try await apply(list)
                return [await Self.rows(ids, of: list)]
            } catch {
                return [.operationFailed(OperationFailure(
                    operation: operation, record: record, message: error.message, reverted: false))]
            }
        }
    }

    /// The rows as they are now (shown or gone), for the frame that follows the key press.
    /// The list's event stream reports the same change too; applying it twice is harmless.
    private static func rows(_ ids: [String], of list: RealEstatePropertyList) async -> AppAction {
        var update = RowUpdate()
        for id in ids {
            if let row = await list.row(id) { update.upserted.append(row) } else { update.removed.insert(id) }
        }
        return .rowsChanged(update)
    }
}
