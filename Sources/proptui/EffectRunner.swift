import LocalAppSync
import PropertySync
import Terminal
import TUI

/// Performs the screen's effects against the list. Runs on the loop's thread, so
/// each effect starts its work and returns at once. The local part of a change
/// goes through `Mailbox.spawn`, which the loop waits for before drawing; the list
/// posts the changed rows to the same mailbox before that work returns, so the key
/// press and its change land in one frame. The network part runs on in the list's
/// own sender.
struct EffectRunner: Sendable {
    let list: RealEstatePropertyList
    let mailbox: Mailbox<AppAction>
    /// The embedded server's fault knobs; nil against a remote API.
    let faults: FaultSettings?
    /// The sort or filter being computed off the loop, if any.
    let rowWork = LatestTask()

    func perform(_ effect: Effect) {
        switch effect {
        case .create(let name, let address):
            change(.create, record: name.text) { list throws(InvalidInput) in
                .created(id: try await list.create(name: name, address: address))
            }
        case .edit(let id, let edit):
            // A change that could not be kept (a full disk) names the record as it is, and the
            // name typed: "rename “Villa” to “Villa Blu” failed", never the new name as the record's.
            mailbox.spawn { [list] in
                let shown = await list.row(id)?.record.name
                do throws(InvalidInput) {
                    try await list.edit(id, edit)
                    return []
                } catch {
                    return [.operationFailed(OperationFailure(
                        operation: edit.field.kind, record: shown ?? edit.newName, message: error.message, reverted: false,
                        newName: shown == nil ? nil : edit.newName))]
                }
            }
        case .delete(let id):
            change(.delete, record: nil) { list throws(InvalidInput) in
                try await list.delete(id)
                return nil
            }
        case .reapplyMine(let id):
            mailbox.spawn { [list] in
                do throws(InvalidInput) {
                    return [.noticed(try await list.reapplyMine(id))]
                } catch {
                    return [.operationFailed(OperationFailure(operation: .applyAgain, record: nil, message: error.message, reverted: false))]
                }
            }
        case .undo:
            mailbox.spawn { [list] in
                switch await list.undo() {
                case .undone(let message, let recordID): [.undid(message, recordID: recordID)]
                case let outcome: [.noticed(outcome.message)]
                }
            }
        case .refresh:
            // Network work: not spawned (it must not hold the frame); the list reports how it went.
            Task.detached { [list] in await list.refresh(askedByUser: true) }
        case .dismissConflict(let id):
            mailbox.spawn { [list] in
                await list.dismissConflict(id)
                return []
            }
        case .setSimulatedFailureRate(let rate):
            faults?.update { $0.failRate = rate }
        case .setSimulatedLatency(let latency):
            faults?.update { $0.latency = latency }
        case .recomputeRows(let job):
            // Off the loop; the next sort or filter cancels this one (its result would be stale anyway).
            rowWork.replace(with: Task.detached(priority: .userInitiated) { [mailbox] in
                guard let result = job.run(isCancelled: { Task.isCancelled }) else { return }
                mailbox.post(.rowsRecomputed(result))
            })
        case .redraw, .quit, .copyToClipboard:
            break  // the loop handles these itself
        }
    }

    /// Applies a change locally. The rows it touched reach the mailbox from the list
    /// itself, before this returns; what comes back here is only what the screen
    /// asked for (the new row's id) or why the change was not made.
    private func change(
        _ operation: OperationKind, record: String?,
        _ apply: @escaping @Sendable (RealEstatePropertyList) async throws(InvalidInput) -> AppAction?
    ) {
        mailbox.spawn { [list] in
            do throws(InvalidInput) {
                return try await apply(list).map { [$0] } ?? []
            } catch {
                return [.operationFailed(OperationFailure(
                    operation: operation, record: record, message: error.message, reverted: false))]
            }
        }
    }
}
