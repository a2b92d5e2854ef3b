/// How the app is set up, from the command line and the environment.
public struct AppOptions: Sendable, Equatable {
    /// Colour on or off; off keeps every meaning (marks and words carry it).
    public var colorEnabled: Bool
    /// The embedded server's fault injection, or nil with a real endpoint.
    public var simulation: Simulation?
    public var title: String
    /// Which backend and auth mode are in use, for the header ("local · API key",
    /// "abc.appsync-api.eu-west-1 · IAM (guest)"). Never a secret.
    public var backend: String?

    public init(
        colorEnabled: Bool = true, simulation: Simulation? = nil, title: String = "Real Estate Properties",
        backend: String? = nil
    ) {
        self.colorEnabled = colorEnabled
        self.simulation = simulation
        self.title = title
        self.backend = backend
    }

    /// Colour is off with `--no-color` or when `NO_COLOR` is set and not empty (no-color.org).
    public static func colorEnabled(noColorFlag: Bool, environment: [String: String]) -> Bool {
        if noColorFlag { return false }
        if let value = environment["NO_COLOR"], !value.isEmpty { return false }
        return true
    }
}
