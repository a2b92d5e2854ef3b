import PropertySync
import ScreenValues

/// Keys while a text field has the focus: editing keys change the text, Enter
/// validates and commits, Esc cancels. Nothing is sent before validation passes,
/// and no key typed into a field ever reaches the list: what the field does not
/// use (an Alt key, a paste it refuses) does nothing.
extension AppState {
    mutating func pressInField(_ key: Key, now: ContinuousClock.Instant) -> [Effect] {
        guard var current = editing else { return [] }
        switch key {
        case .enter:
            return commit(current, now: now)
        case .escape:
            editing = nil
            if current.field == .filter { rows.setFilter("") }
            return []
        case .paste(let text):
            paste(text, into: &current, now: now)
        default:
            switch current.editor.handle(key) {
            case .edited: break
            case .ignored: return []
            case .full:
                show("The \(current.field.noun) holds at most \(current.field.maximumLength) characters.", .info, now: now)
                return []
            }
        }
        editing = current
        if current.field == .filter { rows.setFilter(current.editor.text) }
        return []
    }

    /// A paste goes in whole, or not at all with a message saying why: a name is one line, and
    /// a paste too long, not UTF-8 or holding a control character is refused with its reason.
    private mutating func paste(_ pasted: Paste, into current: inout Editing, now: ContinuousClock.Instant) {
        if let refusal = current.editor.paste(pasted, lineBreaks: .refused) {
            show(refusal.message(noun: current.field.noun), .error, now: now)
        }
    }

    private mutating func commit(_ current: Editing, now: ContinuousClock.Instant) -> [Effect] {
        if let vanished = current.vanished { return recreate(vanished, from: current, now: now) }
        let text = current.editor.text
        switch current.field {
        case .filter:
            editing = nil
            return []
        case .newName:
            do throws(InvalidInput) {
                let name = try PropertyValidation.name(text)
                // A refused create offered again keeps its address (checked like one typed).
                let address = try PropertyValidation.address(current.address ?? "")
                editing = nil
                return create(name: name, address: address, anew: false, now: now)
            } catch {
                show(error.message, .error, now: now)
                return []
            }
        case .edit(let id, let field):
            guard let row = rows.row(id: id) else {
                editing = nil
                return []
            }
            do throws(InvalidInput) {
                let edit = try field.edit(text)
                if let theirs = current.changedElsewhere, !current.overwriteAsked, !edit.isHeld(by: row.property) {
                    // Said once more, and saved only on a second ⏎: theirs is not lost unseen.
                    editing?.overwriteAsked = true
                    show("“\(theirs)” came from elsewhere while you typed. ⏎ again saves yours over it; Esc keeps theirs.",
                         .error, now: now)
                    return []
                }
                editing = nil
                guard !edit.isHeld(by: row.property) else { return [] }
                show(savingText(edit, of: row.property), .info, now: now)
                return [.edit(id: id, edit)]
            } catch {
                show(error.message, .error, now: now)
                return []
            }
        }
    }

    /// What the status line says while an edit goes out: "Renaming “Old” to “New”…".
    func savingText(_ edit: PropertyEdit, of property: RealEstateProperty) -> String {
        switch edit {
        case .name(let name):
            changeText(doing: "Renaming “\(property.name)” to “\(name)”", done: "Renamed “\(property.name)” to “\(name)”")
        case .address:
            changeText(doing: "Saving the address of “\(property.name)”", done: "Changed the address of “\(property.name)”")
        }
    }

    /// What the status line says of a change just made (`Connectivity.changeText`). With
    /// `--offline revert` (the Amplify sample's behaviour) no change waits, so it is under way.
    func changeText(doing: String, done: String) -> String {
        options.revertsOffline ? doing + "…" : connection.changeText(doing: doing, done: done, why: "m says why")
    }

    /// Enter in the field of a property that disappeared: add it anew, with what was typed
    /// (the new name, or the new address under the old name).
    private mutating func recreate(_ vanished: VanishedRecord, from current: Editing, now: ContinuousClock.Instant)
        -> [Effect]
    {
        guard case .edit(_, let field) = current.field else { return [] }
        do throws(InvalidInput) {
            let property = try field.edit(current.editor.text).applied(to: vanished.property)
            let name = try PropertyValidation.name(property.name)
            let address = try PropertyValidation.address(property.address ?? "")
            editing = nil
            if vanishedDetail != nil {
                vanishedDetail = nil
                screen = .list  // where the new row will be, selected
            }
            return create(name: name, address: address, anew: true, now: now)
        } catch {
            show(error.message, .error, now: now)
            return []
        }
    }

    private mutating func create(name: PropertyName, address: PropertyAddress, anew: Bool, now: ContinuousClock.Instant) -> [Effect] {
        // The new row must be visible to be selected: keys typed next act on it. Say so.
        let clearedFilter = rows.filter
        if !clearedFilter.isEmpty { rows.setFilter("") }
        let added = changeText(doing: "Adding “\(name)”\(anew ? " anew" : "")", done: "Added “\(name)”\(anew ? " anew" : "")")
        show(added + (clearedFilter.isEmpty ? "" : " (the filter “\(clearedFilter)” is cleared to show it)"), .info, now: now)
        return [.create(name: name, address: address)]
    }
}
