/// What the user may do with a model's records given the auth modes the app has, and why not
/// when it may not change them.
public struct ModelAccess: Sendable, Hashable {
    /// The operations some rule allows with those modes (all of them when the description has
    /// no rules: the server decides).
    public var allowed: Set<ModelOperation>
    /// Why the model is shown read-only; nil when its records can be changed.
    public var readOnlyReason: String?

    public init(allowed: Set<ModelOperation>, readOnlyReason: String?) {
        self.allowed = allowed
        self.readOnlyReason = readOnlyReason
    }

    public var isReadOnly: Bool { readOnlyReason != nil }

    /// Whether the user may do `operation`: a read-only model is still read.
    public func allows(_ operation: ModelOperation) -> Bool {
        allowed.contains(operation) && (operation == .read || !isReadOnly)
    }
}

extension AmplifyModel {
    /// Read-only when the description itself says the app cannot edit it safely
    /// (`readOnlyReasons`), or when no auth rule allows a change with any of `modes`.
    ///
    /// A rule is taken as satisfied when its provider is among `modes`: whether the signed-in
    /// user is in a `groups` rule's groups, or is a record's owner, only the server knows, and
    /// a change it refuses is reverted with its reason like any other refusal.
    public func access(with modes: Set<AuthProvider>) -> ModelAccess {
        var allowed = ModelOperation.all
        var reasons = readOnlyReasons
        if !authRules.isEmpty {
            let usable = authRules.filter { rule in rule.provider.map(modes.contains) ?? false }
            allowed = usable.reduce(into: Set()) { $0.formUnion($1.operations) }
            if allowed.isDisjoint(with: ModelOperation.writes) {
                reasons.append("its auth rules allow no change with \(Self.names(modes)) (changes need \(changeProviders))")
            } else if !allowed.contains(.read) {
                reasons.append("its auth rules allow no reading with \(Self.names(modes))")
            }
        }
        return ModelAccess(allowed: allowed, readOnlyReason: reasons.isEmpty ? nil : reasons.joined(separator: "; "))
    }

    /// The providers of the rules that allow some change, for the message: "user pool or IAM".
    private var changeProviders: String {
        let providers = AuthProvider.allCases.filter { provider in
            authRules.contains { $0.provider == provider && !$0.operations.isDisjoint(with: ModelOperation.writes) }
        }
        return providers.isEmpty ? "an auth mode this app does not know" : providers.map(\.displayName).joined(separator: " or ")
    }

    private static func names(_ modes: Set<AuthProvider>) -> String {
        let names = AuthProvider.allCases.filter(modes.contains).map(\.displayName)
        return names.isEmpty ? "no auth mode" : names.joined(separator: " or ")
    }
}
