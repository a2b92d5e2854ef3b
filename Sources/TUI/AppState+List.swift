import PropertySync

/// The list screen's and the detail screen's intents.
extension AppState {
    mutating func reduceList(_ action: ListAction, now: ContinuousClock.Instant) -> [Effect] {
        let current = selectedIndex ?? 0
        let page = layout.listHeight
        switch action {
        case .moveDown: select(index: current + 1)
        case .moveUp: select(index: current - 1)
        case .jumpToTop: select(index: 0)
        case .jumpToBottom: select(index: rows.count - 1)
        case .pageDown: select(index: current + page)
        case .pageUp: select(index: current - page)
        case .halfPageDown: select(index: current + max(1, page / 2))
        case .halfPageUp: select(index: current - max(1, page / 2))
        case .openDetailRequested:
            guard let id = selectedRowID(now: now) else { return [] }
            screen = .detail(id: id)
            detailScroll = 0
        case .createRequested:
            editing = Editing(.newName)
        case .renameRequested:
            if let id = selectedRowID(now: now) { startRename(id) }
        case .editAddressRequested:
            if let id = selectedRowID(now: now) { startAddressEdit(id) }
        case .deleteRequested:
            if let id = selectedRowID(now: now) { askToDelete(id) }
        case .undoRequested:
            return undo(now: now)
        case .reapplyMineRequested:
            guard let id = selectedRowID(now: now) else { return [] }
            return reapplyMine(id, now: now)
        case .filterRequested:
            editing = Editing(.filter, text: rows.filter)
        case .clearFilterRequested:
            if !rows.filter.isEmpty {
                rows.setFilter("")
                show("Filter cleared.", .info, now: now)
            }
        case .refreshRequested:
            return refresh(now: now)
        case .redrawRequested:
            return [.redraw]
        case .helpRequested:
            overlay = .help(scroll: 0)
        case .messagesRequested:
            overlay = .messages(scroll: 0)
        case .sortCycleRequested:
            rows.setSortOrder(rows.sortOrder.next)
            show("Sorted \(rows.sortOrder.rawValue).", .info, now: now)
        case .quitRequested:
            if pendingCount == 0 { return [.quit] }
            overlay = .confirmQuit(unsynced: pendingCount)
        case .failureRateCycleRequested:
            return cycleFailureRate(now: now)
        case .latencyCycleRequested:
            return cycleLatency(now: now)
        }
        return []
    }

    mutating func reduceDetail(_ action: DetailAction, id: String, now: ContinuousClock.Instant) -> [Effect] {
        if let vanished = vanishedDetail {
            switch action {
            case .renameRequested, .editAddressRequested, .deleteRequested:
                show("\(vanished.headline); nothing to change. Esc goes back.", .info, now: now)
                return []
            default: break
            }
        }
        switch action {
        case .scrollDown: detailScroll = min(detailScroll + 1, maximumDetailScroll(id: id))
        case .scrollUp: detailScroll = max(0, detailScroll - 1)
        case .backRequested: leaveDetail()
        case .renameRequested: startRename(id)
        case .editAddressRequested: startAddressEdit(id)
        case .deleteRequested: askToDelete(id)
        case .undoRequested: return undo(now: now)
        case .reapplyMineRequested: return reapplyMine(id, now: now)
        case .refreshRequested: return refresh(now: now)
        case .redrawRequested: return [.redraw]
        case .helpRequested: overlay = .help(scroll: 0)
        case .messagesRequested: overlay = .messages(scroll: 0)
        case .copyIDRequested:
            show("Copied the ID \(id) (through the terminal, OSC 52).", .success, now: now)
            return [.copyToClipboard(id)]
        case .failureRateCycleRequested: return cycleFailureRate(now: now)
        case .latencyCycleRequested: return cycleLatency(now: now)
        }
        return []
    }

    /// How far the detail of `id` scrolls: its lines less the window's.
    func maximumDetailScroll(id: String) -> Int {
        guard let view = detailView(id: id, palette: Palette(enabled: false)) else { return 0 }
        return max(0, view.lines().count - layout.listHeight)
    }

    /// The detail screen's view of `id`, live or vanished.
    func detailView(id: String, palette: Palette) -> DetailView? {
        if let row = rows.row(id: id) {
            return DetailView(row: row, layout: layout, editing: editing, palette: palette, scroll: detailScroll)
        }
        guard let vanishedDetail else { return nil }
        return DetailView(row: PropertyRow(vanishedDetail.property), vanished: vanishedDetail, layout: layout,
                          editing: editing, palette: palette, scroll: detailScroll)
    }

    mutating func leaveDetail() {
        screen = .list
        vanishedDetail = nil
    }

    // MARK: Shared by both screens

    /// Only a row in conflict has a change of the user's to apply again.
    mutating func reapplyMine(_ id: String, now: ContinuousClock.Instant) -> [Effect] {
        guard case .conflict = rows.row(id: id)?.status else {
            show("o applies your change again after a conflict (⚡); this row has none.", .info, now: now)
            return []
        }
        return [.reapplyMine(id: id)]
    }

    private mutating func selectedRowID(now: ContinuousClock.Instant) -> String? {
        guard let id = selectedID, rows.row(id: id) != nil else {
            show(rows.filter.isEmpty ? "The list is empty; n adds a property." : "No property matches the filter.",
                 .info, now: now)
            return nil
        }
        return id
    }

    private mutating func startRename(_ id: String) {
        guard let row = rows.row(id: id) else { return }
        editing = Editing(.rename(id: id), text: row.property.name)
    }

    private mutating func startAddressEdit(_ id: String) {
        guard let row = rows.row(id: id) else { return }
        editing = Editing(.address(id: id), text: row.property.address ?? "")
    }

    private mutating func askToDelete(_ id: String) {
        guard let row = rows.row(id: id) else { return }
        overlay = .confirmDelete(id: id, name: row.property.name)
    }

    private mutating func undo(now: ContinuousClock.Instant) -> [Effect] {
        show("Undoing the last change…", .info, now: now)
        return [.undo]
    }

    private mutating func refresh(now: ContinuousClock.Instant) -> [Effect] {
        show("Refreshing…", .info, now: now)
        return [.refresh]
    }

    private mutating func cycleFailureRate(now: ContinuousClock.Instant) -> [Effect] {
        guard var simulation else { return simulationUnavailable(now: now) }
        simulation.failureRate = Simulation.next(after: simulation.failureRate, in: Simulation.failureRates)
        self.simulation = simulation
        show("Simulated server: \(Simulation.describe(failureRate: simulation.failureRate)).", .info, now: now)
        return [.setSimulatedFailureRate(simulation.failureRate)]
    }

    private mutating func cycleLatency(now: ContinuousClock.Instant) -> [Effect] {
        guard var simulation else { return simulationUnavailable(now: now) }
        simulation.latency = Simulation.next(after: simulation.latency, in: Simulation.latencies)
        self.simulation = simulation
        show("Simulated server latency: \(Simulation.describe(latency: simulation.latency)).", .info, now: now)
        return [.setSimulatedLatency(simulation.latency)]
    }

    private mutating func simulationUnavailable(now: ContinuousClock.Instant) -> [Effect] {
        show("Simulation keys work only with the embedded server (no --endpoint).", .error, now: now)
        return []
    }
}
