import AmplifyModels
import ModelScreens
import OptimisticStore
import SyncEngine
import ScreenValues

/// The frame: a header (the model, the backend, the connection, what waits), a rule, the
/// screen's body, a rule that says where the rows come from, the status line and the key hints.
extension BrowserState {
    /// Where the screen's body goes: between the header's two lines and the footer's three.
    var bodyRegion: FrameRegion { FrameRegion(top: 2, left: 0, width: width, height: height - 5) }

    static let minimumSize = (width: 40, height: 10)

    /// Too small to show a screen: then nothing is drawn but that, and keys do nothing.
    var isTooSmall: Bool { width < Self.minimumSize.width || height < Self.minimumSize.height }

    public func render() -> Frame {
        var frame = Frame(width: max(1, width), height: max(1, height), separateClusters: separateClusters)
        guard !isTooSmall else {
            // A word or two per line, so that it reads whole in any size the terminal allows.
            let lines = ["terminal", "too small:", "need \(Self.minimumSize.width)×\(Self.minimumSize.height),", "have \(width)×\(height)"]
            for (row, line) in lines.enumerated() where row < frame.height {
                frame.draw(line, row: row, column: 0, width: width, style: row < 2 ? .bold : .normal)
            }
            return frame
        }
        drawHeader(into: &frame)
        frame.fillRow(1, with: "─", style: .dim)
        switch screen {
        case .picker(let picker):
            picker.draw(into: &frame, region: bodyRegion)
        case .list, .filtering:
            drawList(into: &frame)
        case .detail(let detail):
            drawDetail(detail, into: &frame)
        case .renaming(let edit, var detail?):
            // The field's line is on screen however the detail was scrolled (or the screen resized).
            detail.keepInView(edit.field.name, region: detailRegion(detail))
            drawDetail(detail, into: &frame)
            if let place = detail.valuePlace(of: edit.field.name, region: detailRegion(detail)) {
                edit.draw(into: &frame, row: place.row, column: place.column, width: place.width)
            }
        case .renaming(let edit, nil):
            drawList(into: &frame, renaming: edit)
        case .form(let form):
            form.draw(into: &frame, region: bodyRegion)
        }
        drawFooter(into: &frame)
        if let overlay { draw(overlay, into: &frame) }
        return frame
    }

    private func drawHeader(into frame: inout Frame) {
        var name = layouts[model]?.model.listTitle ?? model
        if case .picker = screen { name = "Models" }
        if let relationFilter, !isPicking { name = filterTitles[relationFilter] ?? relationFilter.description }
        if case .form(let form) = screen { name = form.title }
        // As the sample's header: a list says its order, a detail names its record. On a short
        // line the names shorten first: the order and "read-only" are kept while they can.
        var title: [HeaderView.TitlePart] = [.name(name)]
        if isListShown { title.append(.kept(" · " + sortName)) }
        switch screen {
        case .detail(let detail), .renaming(_, let detail?): title += [.kept(" › "), .name(detail.record.displayName)]
        default: break
        }
        if access[model]?.isReadOnly == true { title.append(.kept(" · read-only")) }
        HeaderView(
            title: title, backend: backend, connection: (connectivity[model] ?? .connecting).header,
            pendingCount: totalPending, isBusy: busyModels.contains(model),
            progress: loadProgress[model].map { HeaderView.Progress(loaded: $0.loaded, expected: $0.expected) },
            palette: Palette(enabled: colorEnabled))
            .draw(into: &frame)
    }

    private var isPicking: Bool {
        if case .picker = screen { true } else { false }
    }

    /// Whether the body is the list (with or without a field open in it).
    private var isListShown: Bool {
        switch screen {
        case .list, .filtering, .renaming(_, nil): true
        default: false
        }
    }

    /// The first row on screen, as the list is drawn: the selection kept in view, the rows where
    /// the last frame had them as long as it is (kept in `scrollTop` after every action).
    var listScrollTop: Int {
        RecordListView.scrollTop(
            showing: selectedIndex, previous: scrollTop, rowsShown: RecordListView.rowsShown(inRegionHeight: bodyRegion.height),
            count: shownRows.count)
    }

    /// Reads only the rows on screen: O(height · log n), whatever the list's length.
    private func drawList(into frame: inout Frame, renaming edit: InPlaceEdit? = nil) {
        guard let layout = layout(of: model) else { return }
        let modelRows = shownRows
        let count = modelRows.count
        let selected = selectedIndex
        let region = bodyRegion
        let shown = RecordListView.rowsShown(inRegionHeight: region.height)
        let top = listScrollTop
        // The rows on screen, each read once by its position: at a million rows a read is a few
        // cache misses, and one more by id for each row's mark was some 5% of a frame there.
        let first = min(top, count)
        let visibleRows = (first..<min(count, top + shown)).map { modelRows.row(at: $0) }
        func row(at position: Int) -> RecordRow<ModelRecord> {
            visibleRows.indices.contains(position - first) ? visibleRows[position - first] : modelRows.row(at: position)
        }
        let columns = RecordColumns(
            model: layout.model, schema: schema, rows: visibleRows.map(\.record),
            width: RecordListView.columnsWidth(inRegionWidth: region.width), separateClusters: separateClusters)
        let view = RecordListView(columns: columns, selectedIndex: selected, scrollTop: top)
        let empty = relationFilter != nil || !textFilter.isEmpty ? "No \(model) matches." : emptyListText
        let marks = marks
        view.draw(
            count: count, record: { row(at: $0).record }, into: &frame, region: region, emptyText: empty,
            mark: { mark(of: row(at: $0)) }, isMarked: { !marks.isEmpty && marks.contains(row(at: $0).id) })
        // A record deleted elsewhere while it was renamed: its row is gone, so the field goes
        // below the list, saying why (as the sample's does), never over another record's row.
        if let edit, edit.isGone || selected.map({ modelRows.key(at: $0) }) != edit.key {
            let row = region.top + region.height - 1
            let label = "“\(edit.shortName)” \(edit.goneCause) · \(edit.field.name): "
            frame.fillRow(row)
            let labelWidth = min(label.terminalWidth, region.width / 2)
            frame.draw(label, row: row, column: region.left + 1, width: labelWidth, style: .dim)
            let start = region.left + 1 + labelWidth
            edit.draw(into: &frame, row: row, column: start, width: max(1, region.left + region.width - start - 1))
            return
        }
        // The field renamed in place goes over its value in the selected row (the whole row's
        // width after it when the column is narrow, so that what is typed can be seen).
        if let edit, let selected, selected >= top, selected < top + shown {
            let left = region.left + RecordListView.indent
            let column = columns.columns.first { $0.field.name == edit.field.name }
            let start = left + (column?.offset ?? 0)
            let end = region.left + region.width - RecordListView.markWidth
            let width = max(column?.width ?? 0, min(end - start, 40))
            edit.draw(into: &frame, row: region.top + 1 + selected - top, column: start, width: max(1, min(width, end - start)))
        }
    }

    /// `…` waiting for the server (dim), `⚡` a conflict, `!` just refused and reverted.
    func mark(of row: RecordRow<ModelRecord>?) -> (text: String, dim: Bool) {
        guard let row else { return ("", false) }
        if row.id == refused?.key { return ("!", false) }
        switch row.status {
        case .synced: return ("", false)
        case .pending: return ("…", true)
        case .conflict: return ("⚡", false)
        }
    }

    /// What an empty list says: never that the model has no records before the server said so.
    var emptyListText: String {
        switch (loadStates[model], connectivity[model] ?? .connecting) {
        case (.loaded?, _): return currentAccess.isReadOnly ? "No \(model) yet." : "No \(model) yet: n adds one."
        case (_, .offline):
            return revertsOffline
                ? "Offline, and nothing is cached yet: changes you make are taken back (--offline revert)."
                : "Offline, and nothing is cached yet: changes you make are kept and sent later."
        case (_, .unauthorized), (_, .misconfigured):
            return "The server cannot be used (m says why); nothing is cached yet."
        case (.cached(let refreshedAt?)?, _):
            return "Nothing was cached at \(fixedClockTime ?? RuleTexts.clockTime(refreshedAt)); loading…"
        default:
            return "Loading…"
        }
    }

    /// The lines under a record's fields: its sync state, and where `f` leads.
    func detailFooter(_ detail: RecordDetail) -> [String] {
        var extra: [String] = []
        switch rows[model]?.row(detail.record.id)?.status {
        case .pending(let count)?: extra.append("Sync: \(count) change\(count == 1 ? "" : "s") waiting for the server")
        case .conflict(let message)?:
            extra.append("Sync: ⚡ \(message) (o applies yours again, x keeps theirs)")
            if let yours = conflictYours[model]?[detail.record.id] { extra.append("Yours: " + yours) }
        case .synced?: extra.append("Sync: as the server has it")
        case nil: extra.append("Sync: gone from the list")
        }
        if let refusal = detailRefusal, refusal.key == detail.record.id { extra.insert("! reverted: " + refusal.reason, at: 0) }
        for target in Relations.targets(of: detail.record, in: schema) { extra.append("f  " + target.label) }
        return extra
    }

    /// Where a record's fields are drawn, and scrolled within: the body less its footer.
    func detailRegion(_ detail: RecordDetail) -> FrameRegion {
        detailRegion(footerLines: detailFooter(detail).count)
    }

    private func detailRegion(footerLines: Int) -> FrameRegion {
        let region = bodyRegion
        return FrameRegion(top: region.top, left: region.left, width: region.width, height: max(1, region.height - footerLines - 1))
    }

    private func drawDetail(_ detail: RecordDetail, into frame: inout Frame) {
        let region = bodyRegion
        let extra = detailFooter(detail)
        let fields = detailRegion(footerLines: extra.count)
        detail.draw(into: &frame, region: fields)
        for (offset, line) in extra.enumerated() where region.top + fields.height + 1 + offset < region.top + region.height {
            frame.draw(" " + line, row: region.top + fields.height + 1 + offset, column: 0, width: width, style: .dim)
        }
    }

    private func drawFooter(into frame: inout Frame) {
        var where_: [String] = []
        if !backStack.isEmpty {
            let here = relationFilter.map { filterTitles[$0] ?? $0.description } ?? model
            where_.append(backStack.places.map { $0.filter.map { filterTitles[$0] ?? $0.description } ?? $0.model }.joined(separator: " › ") + " › " + here)
        }
        if shownRows.isRecomputing {
            // Until a large list's new sort or filter is computed, the rows shown are the ones before.
            let total = NumberText.grouped(shownRows.totalCount)
            where_.append(textFilter.isEmpty && relationFilter == nil ? "sorting \(total) rows…" : "filtering \(total) rows…")
        } else if let applied = appliedFilterText {
            where_.append("filter “\(applied)”")
        }
        if let view = viewRuleText { where_.append(view) }
        if case .cached(let refreshedAt)? = loadStates[model] {
            // Where the rows come from while the server has not answered, as the sample says it.
            where_ += [RuleTexts.cached(
                rows: rows[model]?.totalCount ?? 0, expected: loadProgress[model]?.expected, refreshedAt: refreshedAt,
                clockTime: { fixedClockTime ?? RuleTexts.clockTime($0) })].compactMap { $0 }
        } else if loadStates[model] == .loading {
            where_.append("loading…")
        }
        if let summary = simulation?.summary { where_.append(summary) }
        // The count comes last and is never cut: what is before it is, first.
        var position: String?
        var count: String?
        if case .picker(let picker) = screen {
            // What the picker's filter keeps, "of" all when it keeps fewer.
            let (shown, all) = (picker.matches.count, schema.models.count)
            where_ = []
            count = (shown == all ? "" : "\(shown) of ") + "\(all) model\(all == 1 ? "" : "s")"
        } else {
            // A list longer than the screen says which of its rows are shown; one that fits, how many.
            let rows = shownRows.count
            if isListShown {
                position = RuleTexts.position(scrollTop: listScrollTop, rowsShown: RecordListView.rowsShown(inRegionHeight: bodyRegion.height), count: rows)
            }
            if position == nil { count = "\(NumberText.grouped(rows)) row\(rows == 1 ? "" : "s")" }
            // How many are marked, beside the count: never cut either.
            if !marks.isEmpty, isListShown {
                let marked = "\(NumberText.grouped(marks.count)) marked"
                if let shown = position { position = marked + " · " + shown } else { count = marked + " · " + (count ?? "") }
            }
        }
        RuleView(row: height - 3, leftText: where_.isEmpty ? nil : where_.joined(separator: " · "), countText: count, rightText: position)
            .draw(into: &frame)
        if case .filtering(let line) = screen {
            line.draw(into: &frame, row: height - 2, width: width, marking: filterMistake?.range)
        } else {
            StatusLineView(row: height - 2, status: status, palette: Palette(enabled: colorEnabled)).draw(into: &frame)
        }
        if case .filtering = screen, let refusal = filterRefusal ?? filterMistake?.message {
            frame.draw(" ✗ \(refusal)", row: height - 1, column: 0, width: width, style: .bold)
        } else if case .filtering = screen, let plan = filterPlanText {
            frame.draw(" " + plan, row: height - 1, column: 0, width: width, style: .dim)
        } else if case .form = screen, overlay == nil {
            frame.fillRow(height - 1)  // the form writes its own hints, with what the focused field takes
        } else {
            HintsView(row: height - 1, hints: hints).draw(into: &frame)
        }
    }

    /// The hint line: the table's for where the keys are, less what a read-only model or a
    /// record without relations cannot do; a conflict's keys lead, and `m` when the status line
    /// cuts its message.
    var hints: [(key: String, word: String)] {
        let context = keyContext
        let table = BrowserKeymap.table
        switch context {
        case .picker:
            return [("⏎", "open"), ("type", "to filter")] + (pickerHasListBehind ? [("Esc", "back")] : [("C-c", "quit")])
        case .filter:
            return [("⏎", "keep the filter"), ("Esc", "clear it")]
        case .rename:
            return InPlaceEdit.hints
        case .form:
            return []
        case .messages:
            guard case .messages(let scroll)? = overlay, messageHistory.indices.contains(messageHistory.count - 1 - scroll),
                  messageHistory[messageHistory.count - 1 - scroll].retryableCreate != nil
            else { return table.hints(in: context) }
            return table.hint(for: .createAgain, in: context, "try again") + table.hints(in: context)
        case .help, .follow, .confirmDelete, .confirmQuit, .confirmDiscard:
            return table.hints(in: context)
        case .list, .detail:
            break
        }
        let readOnly = currentAccess.isReadOnly
        let hasRelations = currentModel?.fields.contains { $0.association != nil } ?? false
        // In an empty list, the keys that act on a row have none to act on.
        let hasRows = context != .list || shownRows.count > 0
        var hints = table.hints(in: context) { command in
            switch command {
            case .create, .undo: !readOnly
            case .edit, .delete, .rename: !readOnly && hasRows
            case .openDetail: hasRows
            case .follow: hasRelations && hasRows
            default: true
            }
        }
        if context == .list, !marks.isEmpty {
            // What the keys do to the marked rows, first (a narrow line drops the others); Esc clears them.
            let changes = readOnly ? [] : table.hint(for: .delete, in: context, "delete marked") + table.hint(for: .edit, in: context, "edit marked")
            let marked = table.hint(for: .clearMarks, in: context, "clear marks") + changes + table.hint(for: .copyKey, in: context, "copy marked")
            hints = marked + hints.filter { hint in !marked.contains { $0.key == hint.key } }
        } else if context == .list, !backStack.isEmpty, table.command(for: .escape, in: context) == .clearMarks {
            hints = [("Esc", "back")] + hints
        }
        if let status, "\(status.mark) \(status.text)".terminalWidth > width - 2 {
            hints = table.hint(for: .messages, in: context, "message") + hints
        }
        if let retry = retryableCreate, context == .list {
            // `n` offers the refused record again (its name cut short: the other keys keep their room).
            let name = ShortName.of(retry.displayName, length: 16)
            let again = table.hint(for: .create, in: context, "try “\(name)” again")
            hints = again + hints.filter { hint in !again.contains { $0.key == hint.key } }
        }
        if case .conflict? = selectedRow?.status {
            hints = table.hint(for: .reapplyMine, in: context, "mine") + table.hint(for: .keepTheirs, in: context, "theirs") + hints
        }
        return hints
    }

    private func draw(_ overlay: Overlay, into frame: inout Frame) {
        switch overlay {
        case .help(let scroll):
            HelpView(lines: BrowserKeymap.helpLines(simulationAvailable: simulation != nil), scroll: scroll).draw(into: &frame)
        case .messages(let scroll):
            MessagesView(messages: messageHistory, scroll: scroll, retryName: \.displayName).draw(into: &frame)
        case .confirmDelete(_, let name, let notes):
            QuestionBox.delete(name: name, notes: notes, in: frame).draw(into: &frame)
        case .confirmDeleteMarked(let count, _, let notes):
            QuestionBox.deleteMany(count: count, notes: notes).draw(into: &frame)
        case .confirmQuit(let pending):
            QuestionBox.quit(unsynced: pending).draw(into: &frame)
        case .confirmDiscard:
            QuestionBox.discard.draw(into: &frame)
        case .follow(let targets, let selected):
            let lines: [(text: String, style: Frame.Style)] = targets.enumerated().map { index, target in
                ((index == selected ? "▸ " : "  ") + target.label, index == selected ? .bold : .normal)
            }
            let width = max(36, lines.map { frame.columns(of: $0.text) }.max() ?? 0)
            BoxView(title: "Follow which relation?", lines: lines, footer: "⏎ follow · Esc cancel", preferredWidth: width).draw(into: &frame)
        }
    }
}
