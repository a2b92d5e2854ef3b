import ModelScreens
import PropertySync
import ScreenValues

/// The reducer's entry: every action goes through here. A key goes to the keymap, for
/// whichever overlay, field or screen has the keys (`keyContext`).
extension AppState {
    /// Applies one action at time `now` and returns what the outside world must do.
    public mutating func reduce(_ action: AppAction, now: ContinuousClock.Instant) -> [Effect] {
        var effects: [Effect] = []
        switch action {
        case .keyPressed(let key):
            // Nothing a key would act on can be seen: ignore it rather than act blind.
            if layout.isTooSmall { break }
            // The next key press acknowledges refusals: the `!` marks and an error message go. A
            // conflict's `⚡` stays until `o`, `x` or a new change of the row.
            let acknowledged = revertedRows
            if !revertedRows.isEmpty { revertedRows = [:] }
            if status?.level == .error { status = nil }
            effects += press(key, now: now)
            keepRefusalInDetail(acknowledged)
            // Offered once, on the key right after the refusal (the create key opens the field with the name again).
            retryableCreate = nil
        case .resized(let newWidth, let newHeight):
            width = max(0, newWidth)
            height = max(0, newHeight)
            clampHelpScroll()
        case .tick:
            if let expiry = status?.expiresAt, expiry <= now { status = nil }
        case .list(let event):
            reduce(listEvent: event, now: now)
        case .rowsRecomputed(let result):
            changeRows(now: now) { $0.adopt(result) }
            // The sort announced as under way has landed; unless something else was said since.
            if !rows.isRecomputing, status?.text == Self.sortingText(rows.sortOrder) {
                show("Sorted \(rows.sortOrder.rawValue).", .info, now: now)
            }
        case .created(let id):
            // Keys typed next act on the new row, so it is selected, if the user is still here.
            if rows.index(of: id) != nil, screen == .list, editing == nil, overlay == nil { selectedID = id }
        case .operationFailed(let failure):
            showFailure(failure, now: now)
        case .noticed(let text):
            undoUnderWay = false  // an undo that did nothing answers with a notice
            show(text, .info, now: now)
        case .undid(let text, let recordID):
            undoUnderWay = false
            // Undoing the add of the property on screen removed it: that is the user's own doing, not
            // "deleted elsewhere"; the list is where the rest of their work is.
            if case .detail(let id) = screen, id == recordID, vanishedDetail != nil {
                leaveDetail()
            }
            show(text, .info, now: now)
        }
        // A sort or filter too large for one key press is computed off the loop.
        if let job = rows.takeJob() { effects.append(.recomputeRows(job)) }
        keepSelectionVisible()
        return effects
    }

    // MARK: Keys

    /// What the keymap binds the key to where the keys are, else what that place does with
    /// other keys: a field types them, a screen says the key does nothing there.
    private mutating func press(_ key: Key, now: ContinuousClock.Instant) -> [Effect] {
        let context = keyContext
        if let command = Keymap.command(for: key, in: context) { return perform(command, in: context, now: now) }
        switch context {
        case .field:
            return pressInField(key, now: now)
        case .list, .detail:
            switch key {
            case .paste:
                // Pasted text is data: outside a field it runs nothing, whatever letters it holds.
                show("Nothing was pasted: paste into a field (n new, r rename, e address, / filter).", .info, now: now)
            case .character(" "): break
            case .character, .alt: show("\(key.label) does nothing here; ? shows the keys.", .info, now: now)
            default: break
            }
        case .help, .messages, .confirmDelete, .confirmQuit:
            break
        }
        return []
    }

    /// Keeps the help's scroll between its first line and the last page (after keys and resizes).
    mutating func clampHelpScroll() {
        guard case .help(let scroll) = overlay else { return }
        let lines = HelpView.shownLines(Keymap.helpLines(simulationAvailable: simulation != nil), screenWidth: width).count
        let last = max(0, lines - HelpView.visibleLines(height: height))
        overlay = .help(scroll: min(max(0, scroll), last))
    }

    // MARK: Status line

    /// Shows a message. An error the user has not seen yet (no key press since)
    /// is not replaced by a lesser message arriving in the background.
    /// `narrow`: what a narrow status line says instead (see `StatusMessage.narrowText`).
    mutating func show(
        _ text: String, _ level: StatusMessage.Level, now: ContinuousClock.Instant,
        narrow: (text: String, reasonColumns: Int)? = nil
    ) {
        var message = StatusMessage(text, level: level, now: now)
        message.narrowText = narrow?.text
        message.reasonColumns = narrow?.reasonColumns ?? 0
        StatusMessage.show(message, history: &messageHistory, status: &status, limit: Self.messageHistoryLimit)
    }

    static func sortingText(_ order: SortOrder) -> String { "Sorting \(order.rawValue)…" }

    static func successText(_ operation: OperationKind, record: String?) -> String {
        OperationWords.of(operation).success(record.map { "“\($0)”" })
    }

    static func failureText(_ failure: OperationFailure) -> RefusalText {
        RefusalText(
            failure.operation, record: failure.record, newName: failure.newName, reverted: failure.reverted,
            takenBackWith: failure.takenBackWith, reason: failure.message)
    }

    /// ⏎ on a row just refused opens its detail: the refusal the key acknowledged stays there (see
    /// `detailRefusal`) until the user leaves the detail.
    private mutating func keepRefusalInDetail(_ acknowledged: [PropertyID: String]) {
        guard case .detail(let id) = screen else {
            detailRefusal = nil
            return
        }
        if let message = acknowledged[id] {
            detailRefusal = (id, message)
        } else if detailRefusal?.id != id {
            detailRefusal = nil
        }
    }
}
