import PropertySync

/// The one message the status line shows.
public struct StatusMessage: Sendable, Equatable {
    public enum Level: Sendable, Equatable {
        /// Something is under way ("Adding “Maple Cottage”…"). Fades.
        case info
        /// Something finished ("“Maple Cottage” added"). Fades.
        case success
        /// Something failed or was refused. Stays until the next key press.
        case error
    }

    public var text: String
    public var level: Level
    /// When the message fades; nil for errors, which stay until the next key press.
    public var expiresAt: ContinuousClock.Instant?
    /// For a refused create: the record as it was last shown, so that it can be tried again from
    /// the message history.
    public var retryableCreate: RealEstateProperty?
    /// A failure to reach the server: no longer true once the server answers again.
    public var aboutConnection = false

    /// How long info and success messages stay.
    public static let fadeAfter: Duration = .seconds(4)

    public init(_ text: String, level: Level, now: ContinuousClock.Instant) {
        self.text = text
        self.level = level
        expiresAt = level == .error ? nil : now + Self.fadeAfter
    }

    /// The mark in front of the text, so the level reads without colour.
    var mark: String {
        switch level {
        case .info: "›"
        case .success: "✓"
        case .error: "✗"
        }
    }
}
