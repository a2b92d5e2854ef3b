import ModelScreens
import PropertySync

/// What each `KeyCommand` does, handled once for every screen and overlay: the context says
/// which list or box a move scrolls, and which property a change is about.
extension AppState {
    /// Who has the keys now.
    var keyContext: KeyContext {
        switch overlay {
        case .help: .help
        case .messages: .messages
        case .confirmDelete: .confirmDelete
        case .confirmQuit: .confirmQuit
        case nil: editing != nil ? .field : screen == .list ? .list : .detail
        }
    }

    mutating func perform(_ command: KeyCommand, in context: KeyContext, now: ContinuousClock.Instant) -> [Effect] {
        switch command {
        case .down, .up, .top, .bottom, .pageDown, .pageUp, .halfPageDown, .halfPageUp:
            move(command, in: context)
        case .openDetail:
            guard let id = selectedRowID(now: now) else { return [] }
            screen = .detail(id: id)
            detailScroll = 0
        case .back:
            leaveDetail()
        case .close:
            overlay = nil
        case .create:
            // Right after a refused create, the field offers its name again.
            editing = Editing(newPropertyLike: retryableCreate)
            if let address = retryableCreate?.address { show("⏎ adds it again with its address “\(address)”", .info, now: now) }
        case .createAgain:
            createAgainFromMessages()
        case .rename:
            if let id = propertyToChange(now: now) { startEditing(.name, of: id) }
        case .editAddress:
            if let id = propertyToChange(now: now) { startEditing(.address, of: id) }
        case .delete:
            if let id = propertyToChange(now: now) { askToDelete(id) }
        case .undo:
            show("Undoing the last change…", .info, now: now)
            undoUnderWay = true
            return [.undo]
        case .reapplyMine:
            guard let id = detailID ?? selectedRowID(now: now) else { return [] }
            return reapplyMine(id, now: now)
        case .keepTheirs:
            guard let id = detailID ?? selectedRowID(now: now) else { return [] }
            return keepTheirs(id, now: now)
        case .copyID:
            guard let id = detailID else { return [] }
            // The terminal is asked to copy (OSC 52); whether it does, no terminal says: the
            // message says what was done, and what tmux needs to pass it on.
            show(options.insideTmux
                    ? "Sent the ID \(id) to the clipboard (OSC 52): tmux passes it on with set -g set-clipboard on."
                    : "Sent the ID \(id) to the terminal's clipboard (OSC 52; a terminal without it ignores it).",
                 .info, now: now)
            return [.copyToClipboard(id.text)]
        case .sort:
            rows.setSortOrder(rows.sortOrder.next)
            // A large list sorts off the loop: the rows shown are still the old order until then.
            show(rows.isRecomputing ? Self.sortingText(rows.sortOrder) : "Sorted \(rows.sortOrder.rawValue).", .info, now: now)
        case .filter:
            editing = Editing(.filter, text: rows.filter)
        case .clearFilter:
            if !rows.filter.isEmpty {
                rows.setFilter("")
                show("Filter cleared.", .info, now: now)
            }
        case .refresh:
            show("Refreshing…", .info, now: now)
            return [.refresh]
        case .redraw:
            return [.redraw]
        case .help:
            overlay = .help(scroll: 0)
        case .messages:
            overlay = .messages(scroll: 0)
        case .quit:
            if pendingCount == 0 { return [.quit] }
            overlay = .confirmQuit(unsynced: pendingCount)
        case .cycleFailureRate:
            return cycleFailureRate(now: now)
        case .cycleLatency:
            return cycleLatency(now: now)
        case .confirm:
            return confirm(now: now)
        case .decline:
            if case .confirmDelete(_, let name) = overlay { show("Kept “\(name)”.", .info, now: now) }
            overlay = nil
        }
        return []
    }

    // MARK: Moving

    /// Moves the selection in the list, or scrolls details, help or messages.
    private mutating func move(_ command: KeyCommand, in context: KeyContext) {
        switch context {
        case .list:
            let current = selectedIndex ?? 0
            select(index: Self.moved(current, by: command, page: layout.listHeight, last: rows.count - 1))
        case .detail:
            guard let id = detailID else { return }
            // Down stops at the last line, up at the first.
            let last = maximumDetailScroll(id: id)
            let moved = Self.moved(detailScroll, by: command, page: layout.listHeight, last: last)
            detailScroll = moved > detailScroll ? min(moved, last) : max(0, moved)
        case .help:
            guard case .help(let scroll) = overlay else { return }
            let page = max(1, HelpView.visibleLines(height: height) - 1)
            overlay = .help(scroll: Self.moved(scroll, by: command, page: page, last: .max))
            clampHelpScroll()
        case .messages:
            guard case .messages(let scroll) = overlay else { return }
            let last = max(0, messageHistory.count - 1)
            overlay = .messages(scroll: min(max(0, Self.moved(scroll, by: command, page: max(1, height - 6), last: last)), last))
        case .confirmDelete, .confirmQuit, .field:
            break
        }
    }

    /// A position moved by `command`, through `page` lines a page; the caller keeps it in range.
    private static func moved(_ position: Int, by command: KeyCommand, page: Int, last: Int) -> Int {
        switch command {
        case .down: position + 1
        case .up: position - 1
        case .top: 0
        case .bottom: last
        case .pageDown: position + page
        case .pageUp: position - page
        case .halfPageDown: position + max(1, page / 2)
        case .halfPageUp: position - max(1, page / 2)
        default: position
        }
    }

    // MARK: Overlays

    /// `n` in messages: the refused create on top goes into the field again, with its name.
    private mutating func createAgainFromMessages() {
        guard case .messages(let scroll) = overlay else { return }
        let index = messageHistory.count - 1 - scroll
        guard messageHistory.indices.contains(index), let retry = messageHistory[index].retryableCreate else { return }
        overlay = nil
        leaveDetail()
        editing = Editing(newPropertyLike: retry)
    }

    /// `y` in a confirmation.
    private mutating func confirm(now: ContinuousClock.Instant) -> [Effect] {
        let question = overlay
        overlay = nil
        switch question {
        case .confirmDelete(let id, let name):
            switch DeleteConfirmation(asked: name, nowNamed: rows.row(id: id)?.property.name) {
            case .gone(let message):
                show(message, .info, now: now)
                return []
            case .askAgain(let newName, let message):
                overlay = .confirmDelete(id: id, name: newName)
                show(message, .info, now: now)
                return []
            case .delete:
                break
            }
            if screen == .detail(id: id) { leaveDetail() }
            show(changeText(doing: "Deleting “\(name)”", done: "Deleted “\(name)”"), .info, now: now)
            return [.delete(id: id)]
        case .confirmQuit:
            return [.quit]
        case .help, .messages, nil:
            return []
        }
    }

    /// How far the detail of `id` scrolls: its lines less the window's.
    func maximumDetailScroll(id: PropertyID) -> Int {
        guard let view = detailView(id: id, palette: Palette(enabled: false)) else { return 0 }
        return max(0, view.lines().count - layout.listHeight)
    }

    /// The detail screen's view of `id`, live or vanished.
    func detailView(id: PropertyID, palette: Palette) -> DetailView? {
        if let row = rows.row(id: id) {
            var view = DetailView(row: row, layout: layout, editing: editing, palette: palette, scroll: detailScroll,
                                  separateClusters: separateClusters)
            if case .conflict = row.status { view.yours = conflictedChanges[id] }
            // The refusal the detail was opened on stays while the row is as the refusal left it.
            let openedOn = detailRefusal.flatMap { $0.id == id && row.status == .synced ? $0.message : nil }
            view.reverted = revertedRows[id] ?? openedOn
            return view
        }
        guard let vanishedDetail else { return nil }
        return DetailView(row: PropertyRow(vanishedDetail.property), vanished: vanishedDetail, layout: layout,
                          editing: editing, palette: palette, scroll: detailScroll, separateClusters: separateClusters)
    }

    mutating func leaveDetail() {
        screen = .list
        vanishedDetail = nil
        detailRefusal = nil
    }

    // MARK: The property a key acts on

    /// The property the detail screen shows, if it is the screen.
    private var detailID: PropertyID? {
        if case .detail(let id) = screen { id } else { nil }
    }

    /// The property a change is about: the one in details, or the selected row. One that
    /// vanished from details is not changed (it is gone; Esc goes back).
    private mutating func propertyToChange(now: ContinuousClock.Instant) -> PropertyID? {
        guard let id = detailID else { return selectedRowID(now: now) }
        if let vanished = vanishedDetail {
            show("\(vanished.headline); nothing to change. Esc goes back.", .info, now: now)
            return nil
        }
        return id
    }

    /// Only a row in conflict has a change of the user's to apply again.
    mutating func reapplyMine(_ id: PropertyID, now: ContinuousClock.Instant) -> [Effect] {
        guard case .conflict = rows.row(id: id)?.status else {
            show("o applies your change again after a conflict (⚡); this row has none.", .info, now: now)
            return []
        }
        conflictedChanges[id] = nil
        return [.reapplyMine(id: id)]
    }

    /// The conflict is settled the other writer's way: the mark goes, nothing is sent.
    mutating func keepTheirs(_ id: PropertyID, now: ContinuousClock.Instant) -> [Effect] {
        guard case .conflict = rows.row(id: id)?.status else {
            show("x keeps the other change after a conflict (⚡); this row has none.", .info, now: now)
            return []
        }
        show("Kept the other change to “\(rows.row(id: id)?.property.name ?? "")”; yours is let go.", .success, now: now)
        conflictedChanges[id] = nil
        return [.dismissConflict(id: id)]
    }

    /// The row the keys act on (the detail's, else the selected one) when it is in conflict.
    var conflictedRowInView: Bool {
        guard let id = detailID ?? selectedID, case .conflict? = rows.row(id: id)?.status else { return false }
        return true
    }

    private mutating func selectedRowID(now: ContinuousClock.Instant) -> PropertyID? {
        guard let id = selectedID, rows.row(id: id) != nil else {
            show(rows.filter.isEmpty ? "The list is empty; n adds a property." : "No property matches the filter.",
                 .info, now: now)
            return nil
        }
        return id
    }

    private mutating func startEditing(_ field: PropertyField, of id: PropertyID) {
        guard let row = rows.row(id: id) else { return }
        editing = Editing(.edit(id: id, field), text: field.text(of: row.property))
        editing?.openedWith = field.text(of: row.property)
    }

    private mutating func askToDelete(_ id: PropertyID) {
        guard let row = rows.row(id: id) else { return }
        overlay = .confirmDelete(id: id, name: row.property.name)
    }

    // MARK: The simulated server

    private mutating func cycleFailureRate(now: ContinuousClock.Instant) -> [Effect] {
        guard var simulation else { return simulationUnavailable(now: now) }
        show(simulation.cycleFailureRate(), .info, now: now)
        self.simulation = simulation
        return [.setSimulatedFailureRate(simulation.failureRate)]
    }

    private mutating func cycleLatency(now: ContinuousClock.Instant) -> [Effect] {
        guard var simulation else { return simulationUnavailable(now: now) }
        show(simulation.cycleLatency(), .info, now: now)
        self.simulation = simulation
        return [.setSimulatedLatency(simulation.latency)]
    }

    private mutating func simulationUnavailable(now: ContinuousClock.Instant) -> [Effect] {
        show(Simulation.unavailable, .error, now: now)
        return []
    }
}
