import ScreenValues

/// The one message the status line shows. `Retry` is the record a refused create can be tried
/// again with from the message history.
public struct StatusMessage<Retry: Sendable & Equatable>: Sendable, Equatable {
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
    public var retryableCreate: Retry?
    /// A failure to reach the server: no longer true once the server answers again.
    public var aboutConnection = false
    /// What the status line says where the whole text would leave too little of the reason: the
    /// outcome and the reason without the names ("rename failed, reverted: Name is reserved"), so
    /// a narrow screen still shows why. `m` has the whole text. The reason ends both texts.
    public var narrowText: String?
    public var reasonColumns = 0

    /// The columns of the reason that must show before the names are left out.
    static var reasonShownAtLeast: Int { 20 }

    /// The text as the status line shows it in `columns` (cut further if even that is too long).
    /// A long name in it is cut first: "✓ “yyyy…" would never say it was added.
    public func text(fitting columns: Int) -> String {
        var shown = text
        if let narrowText {
            let beforeReason = "\(mark) \(text)".terminalWidth - reasonColumns
            if columns - beforeReason < min(reasonColumns, Self.reasonShownAtLeast) { shown = narrowText }
        }
        return "\(mark) \(shown)".terminalWidth > columns ? Self.quotesShortened(shown) : shown
    }

    /// Every quoted name (“…”) cut as `ShortName` cuts it.
    static func quotesShortened(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "“"), let close = rest[rest.index(after: open)...].firstIndex(of: "”") {
            let name = rest[rest.index(after: open)..<close]
            result += rest[..<open] + "“" + ShortName.of(name) + "”"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// How long info and success messages stay.
    public static var fadeAfter: Duration { .seconds(4) }

    public init(_ text: String, level: Level, now: ContinuousClock.Instant) {
        self.text = text
        self.level = level
        expiresAt = level == .error ? nil : now + Self.fadeAfter
    }

    /// Keeps `message` in `history` (every message, also one the status line does not show or
    /// cuts short; the same one again, a key held at a full field, is kept once; at most `limit`)
    /// and shows it on the status line, unless it is lesser than an error the user has not seen
    /// yet (no key since).
    public static func show(_ message: Self, history: inout [Self], status: inout Self?, limit: Int) {
        if let last = history.last, last.text == message.text, last.level == message.level {
            history[history.count - 1] = message
        } else {
            history.append(message)
            // Trimmed an eighth past the limit, not at every message: a batch of thousands of
            // refusals then moves the history a few times, not once a refusal.
            if history.count > limit + limit / 8 { history.removeFirst(history.count - limit) }
        }
        if message.level != .error, status?.level == .error { return }
        status = message
    }

    /// The mark in front of the text, so the level reads without colour.
    public var mark: String {
        switch level {
        case .info: "›"
        case .success: "✓"
        case .error: "✗"
        }
    }
}
