import OptimisticStore

/// Group commit: the sender's outbox writes (operations counted as sent, operations settled) go
/// to the disk together, from a task that waits for SQLite without holding this actor: every
/// answer that arrives meanwhile is worked out (and its next send leaves) while the disk works,
/// and joins the next group. One wait for the disk serves them all (`synchronous = FULL` costs
/// about a millisecond a commit here, a send's round trip on loopback a few).
///
/// What depends on those writes waits with them: a send of a record the group writes goes on the
/// wire only once the group is on disk (its count, so that after a crash the app knows the server
/// may hold it; its record's earlier settlement and the base it now goes with), and the screen
/// hears nothing before what it shows is kept. Sends of other records do not wait: a queue of
/// creates, counted ahead (`SyncMachine.countSend`), goes out one after the other while the last
/// one's settlement is written. A crash before the commit loses only settlements: their
/// operations are sent again at the next start, and the sender recognises them as already
/// applied, as it does for an answer lost on the wire.
extension RecordList {
    /// A step's write: the sender's outbox writes join the open group, which the background
    /// commit takes as soon as this actor is free; any other write commits the group first, so
    /// that the disk sees every write in the order it was made.
    func keep(_ write: SyncMachine<Record>.StorageWrite) {
        guard case .outbox(let write) = write else {
            commitNow()
            save(write)
            return
        }
        uncommitted.append(write)
        switch write {
        case .update(let operation):
            recordsInGroup.insert(operation.recordID)
        case .counted(let attempts):
            for operation in attempts.keys {
                if let record = store.operation(operation)?.recordID { recordsInGroup.insert(record) }
            }
        case .settle(_, let record):
            // Without a record (operations cancelled unsent), which one is not said: every send waits.
            if let record { recordsInGroup.insert(record.id) } else { groupHoldsEveryRecord = true }
        case .confirm(_, let record):
            recordsInGroup.insert(record.id)
        case .cache:
            break  // a send goes with its operation's base, not with the cached copy: none waits for it
        }
        guard !committing else { return }
        committing = true
        // Behind the answers already waiting for this actor: they join the group.
        Task { await self.commitGroups() }
    }

    /// The group a send of `record` waits for (nil: none writes the record, it goes at once).
    func groupToWaitFor(_ record: Record.ID) -> Int? {
        if !uncommitted.isEmpty, groupHoldsEveryRecord || recordsInGroup.contains(record) { return openGroup }
        if let group = groupOnItsWay, group.number > committedGroup, group.everyRecord || group.records.contains(record) {
            return group.number
        }
        return nil
    }

    /// The group the screen's next events wait for (nil: none, they go at once).
    var groupForEvents: Int? {
        if !uncommitted.isEmpty { return openGroup }
        if let group = groupOnItsWay, group.number > committedGroup { return group.number }
        return nil
    }

    /// Commits the open groups one after the other, off this actor's thread (it goes on taking
    /// answers, which join the next group), then lets what waited for each go.
    private func commitGroups() async {
        defer { committing = false }
        while !uncommitted.isEmpty {
            let group = takeOpenGroup()
            groupOnItsWay = (group.number, group.records, group.everyRecord)
            do {
                try await storage.commitInBackground(group.writes)
            } catch {
                logFailedCommit(group.writes, error)
            }
            groupOnItsWay = nil
            release(upTo: group.number)
        }
    }

    /// Commits the open group now, behind the one on its way (if any): afterwards the disk holds
    /// every write asked for so far.
    func commitNow() {
        guard !uncommitted.isEmpty || groupForEvents != nil else { return }
        let group = takeOpenGroup()
        do {
            try storage.commit(group.writes)  // none: waits for the group on its way all the same
        } catch {
            logFailedCommit(group.writes, error)
        }
        release(upTo: group.number)
    }

    private func takeOpenGroup() -> (number: Int, writes: [OutboxWrite<Record>], records: Set<Record.ID>, everyRecord: Bool) {
        defer {
            openGroup += 1
            uncommitted = []
            recordsInGroup = []
            groupHoldsEveryRecord = false
        }
        return (openGroup, uncommitted, recordsInGroup, groupHoldsEveryRecord)
    }

    /// The groups up to `number` are on disk: the events waiting for them go to the screen, in
    /// order, and the sends waiting for them leave.
    private func release(upTo number: Int) {
        committedGroup = max(committedGroup, number)
        let ready = eventsAfterCommit.prefix { $0.group <= committedGroup }
        eventsAfterCommit.removeFirst(ready.count)
        let events = ready.flatMap(\.events)
        if !events.isEmpty { sinkBatch(events) }
        let sends = sendsAfterCommit.filter { $0.group <= committedGroup }
        sendsAfterCommit.removeAll { $0.group <= committedGroup }
        for waiting in sends { send(waiting.mutation, for: waiting.operation) }
    }

    private func logFailedCommit(_ writes: [OutboxWrite<Record>], _ error: any Error) {
        logger.error("could not save \(writes.count) sent or settled change\(writes.count == 1 ? "" : "s"): \(error)")
    }
}

extension ModelMutation {
    /// The record it changes.
    var recordID: Record.ID {
        switch self {
        case .create(let record): record.id
        case .update(let id, _, _), .delete(let id, _): id
        }
    }
}
