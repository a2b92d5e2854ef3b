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
    /// What every time of day on screen reads instead of the real one ("09:41"), so that a demo
    /// recording draws the same screens on every run. From `PROPTUI_FIXED_CLOCK`.
    public var fixedClockTime: String?
    /// `--offline revert`: a change that cannot be sent is taken back at once (what the screen
    /// promises about offline changes depends on it).
    public var revertsOffline: Bool
    /// Running inside tmux (`TMUX` is set), which passes a program's clipboard sequence (OSC 52)
    /// on only with `set-clipboard on`: what `y` says depends on it.
    public var insideTmux: Bool

    public init(
        colorEnabled: Bool = true, simulation: Simulation? = nil, title: String = "Real Estate Properties",
        backend: String? = nil, fixedClockTime: String? = nil, revertsOffline: Bool = false, insideTmux: Bool = false
    ) {
        self.insideTmux = insideTmux
        self.colorEnabled = colorEnabled
        self.simulation = simulation
        self.title = title
        self.backend = backend
        self.fixedClockTime = fixedClockTime
        self.revertsOffline = revertsOffline
    }

    /// `PROPTUI_FIXED_CLOCK`, when it is a time of day like 09:41 (anything else is ignored).
    public static func fixedClockTime(environment: [String: String]) -> String? {
        guard let value = environment["PROPTUI_FIXED_CLOCK"], value.count == 5,
            let hour = Int(value.prefix(2)), let minute = Int(value.suffix(2)), value.dropFirst(2).first == ":",
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return value
    }

    /// Colour is off with `--no-color` or when `NO_COLOR` is set and not empty (no-color.org).
    public static func colorEnabled(noColorFlag: Bool, environment: [String: String]) -> Bool {
        if noColorFlag { return false }
        if let value = environment["NO_COLOR"], !value.isEmpty { return false }
        return true
    }
}
