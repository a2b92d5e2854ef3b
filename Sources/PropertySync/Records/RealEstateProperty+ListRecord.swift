import AppSync
import OptimisticStore

/// The sample's answers to the list's questions: a record is named by its name, and an update
/// is a rename or an address change.
extension RealEstateProperty: ListRecord {
    public var displayName: String { name }

    public var kindName: String { "property" }

    public func kind(of patch: RealEstatePropertyPatch) -> OperationKind { patch.name != nil ? .rename : .editField("address") }

    public func displayName(after patch: RealEstatePropertyPatch) -> String? { patch.name }

    public func hasSameValues(as other: RealEstateProperty) -> Bool { name == other.name && address == other.address }

    public func holds(_ patch: RealEstatePropertyPatch) -> Bool {
        (patch.name.map { $0 == name } ?? true) && (patch.address.map { $0 == address } ?? true)
    }

    public func clashes(with patch: RealEstatePropertyPatch, since base: RealEstateProperty?) -> [String] {
        var clashes: [String] = []
        if let newName = patch.name, newName != name, base?.name != name {
            clashes.append("renamed it to “\(name)”")
        }
        if let newAddress = patch.address, newAddress != address, base?.address != address {
            clashes.append(address.map { "changed its address to “\($0)”" } ?? "cleared its address")
        }
        return clashes
    }

    public func undoing(
        _ patch: RealEstatePropertyPatch, before: RealEstateProperty, after: RealEstateProperty
    ) -> Restoration<RealEstatePropertyPatch> {
        var restore = RealEstatePropertyPatch()
        if patch.name != nil {
            guard name == after.name else { return .changedSince("its name has changed since (now “\(name)”)") }
            restore.name = before.name
        }
        if patch.address != nil {
            guard address == after.address else { return .changedSince("its address has changed since") }
            restore.address = .some(before.address)
        }
        return .patch(restore)
    }

    public func patch(becoming other: RealEstateProperty) -> RealEstatePropertyPatch? {
        let patch = RealEstatePropertyPatch(
            name: name == other.name ? nil : other.name, address: address == other.address ? nil : .some(other.address))
        return patch.name == nil && patch.address == nil ? nil : patch
    }

    /// Its name and address are always read whole.
    public var fieldsNotReadWhole: [String] { [] }

    public func recreated(keepingKey: Bool) -> RealEstateProperty {
        RealEstateProperty(id: keepingKey ? id : PropertyID.random(), name: name, address: address)
    }

    public func serverCopy(from data: JSONValue) -> RealEstateProperty? { try? data.decode(as: RealEstateProperty.self) }
}
