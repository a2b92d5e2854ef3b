import PropertySync

/// Keys while a text field has the focus: editing keys change the text, Enter
/// validates and commits, Esc cancels. Nothing is sent before validation passes.
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
        default:
            guard current.editor.handle(key) else { return [] }
            editing = current
            if current.field == .filter { rows.setFilter(current.editor.text) }
            return []
        }
    }

    private mutating func commit(_ current: Editing, now: ContinuousClock.Instant) -> [Effect] {
        let text = current.editor.text
        switch current.field {
        case .filter:
            editing = nil
            return []
        case .newName:
            do throws(InvalidInput) {
                let name = try PropertyValidation.name(text)
                editing = nil
                // The new row must be visible to be selected: keys typed next act on it.
                if !rows.filter.isEmpty { rows.setFilter("") }
                show("Adding “\(name)”…", .info, now: now)
                return [.create(name: name, address: nil)]
            } catch {
                show(error.message, .error, now: now)
                return []
            }
        case .rename(let id):
            guard let row = rows.row(id: id) else {
                editing = nil
                return []
            }
            do throws(InvalidInput) {
                let name = try PropertyValidation.name(text)
                editing = nil
                guard name != row.property.name else { return [] }
                show("Renaming “\(row.property.name)” to “\(name)”…", .info, now: now)
                return [.rename(id: id, name: name)]
            } catch {
                show(error.message, .error, now: now)
                return []
            }
        case .address(let id):
            guard let row = rows.row(id: id) else {
                editing = nil
                return []
            }
            do throws(InvalidInput) {
                let address = try PropertyValidation.address(text)
                editing = nil
                guard address != row.property.address else { return [] }
                show("Saving the address of “\(row.property.name)”…", .info, now: now)
                return [.editAddress(id: id, address: address)]
            } catch {
                show(error.message, .error, now: now)
                return []
            }
        }
    }
}
