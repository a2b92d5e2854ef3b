/// What the screen takes from the command line and the environment, read the same way by every
/// entry point (the app, the bench).
public enum ScreenSettings {
    /// `PROPTUI_FIXED_CLOCK`, when it is a time of day like 09:41 (anything else is ignored): what
    /// every time of day on screen reads instead of the real one, so that a demo recording draws
    /// the same screens on every run.
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
