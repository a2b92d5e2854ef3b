import ScreenValues

/// The message history (`m`): every message of the session, newest first, each
/// whole (wrapped), with its mark, so a message the status line cut short or
/// replaced can be read in full.
public struct MessagesView<Retry: Sendable & Equatable> {
    let messages: [StatusMessage<Retry>]
    /// Messages skipped from the newest.
    let scroll: Int
    /// How the footer names a refused create that `n` tries again.
    let retryName: (Retry) -> String

    public init(messages: [StatusMessage<Retry>], scroll: Int, retryName: @escaping (Retry) -> String) {
        self.messages = messages
        self.scroll = scroll
        self.retryName = retryName
    }

    public func draw(into frame: inout Frame) {
        let inner = max(1, min(frame.width - 2, 96) - 4)
        var lines: [(text: String, style: Frame.Style)] = []
        if messages.isEmpty { lines.append(("No messages yet.", .dim)) }
        let newestFirst = messages.reversed().dropFirst(max(0, scroll))
        for (offset, message) in newestFirst.enumerated() {
            var style: Frame.Style = message.level == .error ? .bold : .normal
            if offset == 0, !messages.isEmpty { style.insert(.reverse) }  // the one n acts on
            let wrapped = TerminalText.wrapped("\(message.mark) \(message.text)", toWidth: inner - 2, maximumLines: 20,
                separate: frame.separateClusters)
            for (index, piece) in wrapped.enumerated() {
                lines.append(((index == 0 ? "" : "  ") + piece, style))
            }
            if lines.count > frame.height { break }
        }
        let position = messages.isEmpty ? "" : " · \(min(scroll + 1, messages.count)) of \(messages.count)"
        let top = messages.reversed().dropFirst(max(0, scroll)).first
        let retry = top?.retryableCreate.map { " · n tries “\(retryName($0))” again" } ?? ""
        BoxView(title: "Messages, newest first", lines: lines, footer: "Esc closes · j k scroll\(position)\(retry)",
                preferredWidth: inner).draw(into: &frame)
    }
}
