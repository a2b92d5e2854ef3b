/// The reducer's entry: every action goes through here. Keys are routed to the
/// overlay, the text field being edited, or the screen's keymap, in that order.
extension AppState {
    /// Applies one action at time `now` and returns what the outside world must do.
    public mutating func reduce(_ action: AppAction, now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        switch action {
        case .keyPressed(let key):
            // Nothing a key would act on can be seen: ignore it rather than act blind.
            if layout.isTooSmall { break }
            // The next key press acknowledges refusals: the `!`/`⚡` marks and an error message go.
            if rows.flaggedCount > 0, acknowledgedFlagGeneration != rows.flagGeneration {
                acknowledgedFlagGeneration = rows.flagGeneration
                effects.append(.acknowledgeRejections)
            }
            if status?.level == .error { status = nil }
            effects += press(key, now: now)
        case .resized(let newWidth, let newHeight):
            width = max(0, newWidth)
            height = max(0, newHeight)
        case .tick:
            if let expiry = status?.expiresAt, expiry <= now { status = nil }
        case .rowsChanged(let update):
            changeRows(now: now) { $0.apply(update) }
        case .rowsReplaced(let newRows):
            changeRows(now: now) { $0.replaceAll(with: newRows) }
        case .connectionChanged(let state):
            connection = state
        case .loadStateChanged(let state):
            loadState = state
        case .created(let id):
            // Keys typed next act on the new row, so it is selected, if the user is still here.
            if rows.index(of: id) != nil, screen == .list, editing == nil, overlay == nil { selectedID = id }
        case .pendingCountChanged(let count):
            pendingCount = max(0, count)
            if case .confirmQuit = overlay { overlay = .confirmQuit(unsynced: pendingCount) }
        case .busyChanged(let busy):
            isBusy = busy
        case .operationFinished(let operation, let record):
            show(Self.successText(operation, record: record), .success, now: now)
        case .operationFailed(let failure):
            show(Self.failureText(failure), .error, now: now)
        case .noticed(let text):
            show(text, .info, now: now)
        }
        keepSelectionVisible()
        return effects
    }

    // MARK: Keys

    private mutating func press(_ key: Key, now: ContinuousClock.Instant) -> [Effect] {
        if key == .control("l") { return [.redraw] }
        if overlay != nil { return pressInOverlay(key, now: now) }
        if editing != nil { return pressInField(key, now: now) }
        switch screen {
        case .list:
            if let action = Keymap.listAction(for: key) { return reduceList(action, now: now) }
        case .detail(let id):
            if let action = Keymap.detailAction(for: key) { return reduceDetail(action, id: id, now: now) }
        }
        if case .character(let character) = key, character != " " {
            show("\(key.label) does nothing here; ? shows the keys.", .info, now: now)
        }
        return []
    }

    private mutating func pressInOverlay(_ key: Key, now: ContinuousClock.Instant) -> [Effect] {
        switch overlay {
        case .help(let scroll):
            switch key {
            case .escape, .character("?"), .character("q"), .enter: overlay = nil
            case .character("j"), .down:
                let lastStart = max(0, HelpView(scroll: 0, simulationAvailable: simulation != nil).allLines.count - 1)
                overlay = .help(scroll: min(lastStart, scroll + 1))
            case .character("k"), .up: overlay = .help(scroll: max(0, scroll - 1))
            default: break
            }
            return []
        case .confirmDelete(let id, let name):
            overlay = nil
            guard key == .character("y") || key == .character("Y") else {
                show("Kept “\(name)”.", .info, now: now)
                return []
            }
            if screen == .detail(id: id) { screen = .list }
            show("Deleting “\(name)”…", .info, now: now)
            return [.delete(id: id)]
        case .confirmQuit:
            overlay = nil
            return key == .character("y") || key == .character("Y") ? [.quit] : []
        case nil:
            return []
        }
    }

    // MARK: Status line

    /// Shows a message. An error the user has not seen yet (no key press since)
    /// is not replaced by a lesser message arriving in the background.
    mutating func show(_ text: String, _ level: StatusMessage.Level, now: ContinuousClock.Instant) {
        if level != .error, status?.level == .error { return }
        status = StatusMessage(text, level: level, now: now)
    }

    static func successText(_ operation: OperationKind, record: String?) -> String {
        let name = record.map { "“\($0)”" }
        switch operation {
        case .create: return "\(name ?? "Property") added"
        case .rename: return name.map { "Renamed to \($0)" } ?? "Renamed"
        case .editAddress: return name.map { "Address of \($0) saved" } ?? "Address saved"
        case .delete: return "\(name ?? "Property") deleted"
        case .undo: return name.map { "Undid the last change to \($0)" } ?? "Undone"
        case .refresh: return "Refreshed"
        }
    }

    static func failureText(_ failure: OperationFailure) -> String {
        var text = failure.operation.failureName
        if let record = failure.record { text += " “\(record)”" }
        text += " failed: " + failure.message
        if failure.reverted {
            if let last = text.last, !".!?".contains(last) { text += "." }
            text += " Reverted."
        }
        return text
    }
}
