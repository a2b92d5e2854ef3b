/// Why a model description cannot be read, and where: the path of the value at fault in the
/// file, such as `data.model_introspection.models.Transaction.fields.amount.isRequired`.
public struct ModelDescriptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Empty when the problem is the whole text (not JSON at all).
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
}
