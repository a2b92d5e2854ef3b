import Foundation
import ModelScreens
import PropertySync
import ScreenValues

/// The whole screen for the current state. Cost: the visible rows plus a pass
/// over the frame's cells; never the length of the list.
extension AppState {
    public func render() -> Frame { render(rows: rows) }

    /// Renders with rows read through any `RowSource` (tests count the look-ups).
    func render(rows source: some RowSource<RealEstateProperty>) -> Frame {
        var frame = Frame(width: width, height: height, separateClusters: separateClusters)
        let layout = self.layout
        if layout.isTooSmall {
            TooSmallView().draw(into: &frame)
            return frame
        }
        let palette = Palette(enabled: options.colorEnabled)
        var title = options.title
        if screen == .list { title += " · " + rows.sortOrder.rawValue }
        if case .detail(let id) = screen, let name = rows.row(id: id)?.property.name ?? vanishedDetail?.property.name {
            title += " › " + name
        }
        HeaderView(
            title: title, backend: options.backend, connection: connection.header, pendingCount: pendingCount, isBusy: isBusy,
            progress: loadProgress.map { HeaderView.Progress(loaded: $0.loaded, expected: $0.expected) },
            palette: palette)
            .draw(into: &frame)
        RuleView(row: layout.topRuleRow, leftText: filterSummary, rightText: nil).draw(into: &frame)
        switch screen {
        case .list:
            ListView(layout: layout, scrollTop: scrollTop, selectedIndex: selectedIndex, editing: editing,
                     filter: rows.filter, emptyText: emptyListText, revertedRows: revertedRows, palette: palette)
                .draw(rows: source, into: &frame)
        case .detail(let id):
            detailView(id: id, palette: palette)?.draw(into: &frame)
        }
        let ruleText = [cacheSummary, simulationSummary].compactMap { $0 }.joined(separator: " · ")
        RuleView(row: layout.bottomRuleRow, leftText: ruleText.isEmpty ? nil : ruleText, rightText: positionSummary(of: source))
            .draw(into: &frame)
        InputLineView(row: layout.inputRow, editing: editing, onListScreen: screen == .list).draw(into: &frame)
        StatusLineView(row: layout.statusRow, status: status, palette: palette).draw(into: &frame)
        HintsView(row: layout.hintsRow, hints: currentHints).draw(into: &frame)
        switch overlay {
        case .help(let scroll):
            HelpView(lines: Keymap.helpLines(simulationAvailable: simulation != nil), scroll: scroll).draw(into: &frame)
        case .confirmDelete(_, let name):
            // What undo can do after it, said before the delete is sent (the versioned dialect's tombstone).
            let notes = DeleteConfirmation.notes(children: [], dialect: dialect, keyIsGenerated: true)
            QuestionBox.delete(name: name, notes: notes, in: frame).draw(into: &frame)
        case .confirmQuit(let unsynced):
            // The outbox is on disk: quitting loses nothing, and the user is told so.
            QuestionBox.quit(unsynced: unsynced).draw(into: &frame)
        case .messages(let scroll):
            MessagesView(messages: messageHistory, scroll: scroll, retryName: \.name).draw(into: &frame)
        case nil:
            break
        }
        return frame
    }

    /// While the server has not answered: where the rows come from.
    private var cacheSummary: String? {
        guard case .cached(let refreshedAt) = loadState else { return nil }
        return RuleTexts.cached(rows: rows.totalCount, expected: loadProgress?.expected, refreshedAt: refreshedAt, clockTime: clockTime)
    }

    /// What an empty list says: never "no properties" before the server said so.
    private var emptyListText: String {
        switch (loadState, connection) {
        case (.loaded, _): return "No properties yet. Press n to add one."
        case (_, .offline):
            return options.revertsOffline
                ? "Offline, and nothing is cached yet. Changes you make are taken back while offline (--offline revert)."
                : "Offline, and nothing is cached yet. Changes you make are kept and sent later."
        case (_, .unauthorized), (_, .misconfigured):
            return "The server cannot be used (m says why); nothing is cached yet."
        case (.cached(let refreshedAt?), _): return "Nothing was cached at \(clockTime(refreshedAt)); loading…"
        default: return "Loading…"
        }
    }

    /// "14:02", on the user's clock (or the demo's fixed one).
    private func clockTime(_ date: Date) -> String {
        options.fixedClockTime ?? RuleTexts.clockTime(date)
    }

    private var filterSummary: String? {
        // Until a large list's new sort or filter is computed, the rows shown are the ones before.
        if rows.isRecomputing {
            let total = NumberText.grouped(rows.totalCount)
            return rows.filter.isEmpty ? "sorting \(total) rows…" : "filter “\(rows.filter)”: filtering \(total) rows…"
        }
        if rows.filter.isEmpty { return nil }
        return "filter “\(rows.filter)”: \(NumberText.grouped(rows.count)) of \(NumberText.grouped(rows.totalCount))"
    }

    private var simulationSummary: String? { simulation?.summary }

    private func positionSummary(of source: some RowSource) -> String? {
        guard screen == .list else { return nil }
        return RuleTexts.position(scrollTop: scrollTop, rowsShown: layout.listHeight, count: source.count)
    }

    private var currentHints: [(key: String, word: String)] {
        let context = keyContext
        let hints = Keymap.hints(in: context)
        switch overlay {
        case .messages(let scroll):
            let index = messageHistory.count - 1 - scroll
            if messageHistory.indices.contains(index), messageHistory[index].retryableCreate != nil {
                return Self.hint(for: .createAgain, in: context, "try again") + hints
            }
            return hints
        case .help, .confirmDelete, .confirmQuit:
            return hints
        case nil:
            break
        }
        if editing?.vanished != nil { return [("⏎", "add it anew"), ("Esc", "leave")] }
        // A message the status line cuts: `m` shows it whole.
        let cut = status.map { "\($0.mark) \($0.text)".terminalWidth > width - 2 } ?? false
        let whole = editing == nil && cut ? Self.hint(for: .messages, in: context, "message") : []
        if let retry = retryableCreate, context == .list {
            // `n` offers the refused name again (cut short: the other keys keep their room), in
            // place of its usual hint.
            let name = retry.name.count > 16 ? String(retry.name.prefix(15)) + "…" : retry.name
            let again = Self.hint(for: .create, in: context, "try “\(name)” again")
            return again + whole + hints.filter { hint in !again.contains { $0.key == hint.key } }
        }
        if vanishedDetail != nil, editing == nil { return [("Esc", "back"), ("?", "help")] }
        switch editing?.field {
        case .filter?: return [("⏎", "keep filter"), ("Esc", "clear filter")]
        case .some: return [("⏎", "save"), ("Esc", "cancel"), ("← →", "move"), ("C-u", "delete to start")]
        case nil:
            // A conflict asks for a decision: its keys lead while the row in view has one.
            guard conflictedRowInView else { return whole + hints }
            return Self.hint(for: .reapplyMine, in: context, "mine") + Self.hint(for: .keepTheirs, in: context, "theirs") + whole + hints
        }
    }

    /// A hint for what only some moments offer, with the first key the keymap binds to it there.
    private static func hint(for command: KeyCommand, in context: KeyContext, _ word: String) -> [(key: String, word: String)] {
        Keymap.table.hint(for: command, in: context, word)
    }
}
