import Foundation

/// The system clipboard through the terminal: OSC 52 (`ESC ] 52 ; c ; <base64> BEL`), which
/// xterm, iTerm2, kitty, WezTerm, Windows Terminal and tmux (`set-clipboard on`) take, also
/// over ssh. A terminal without it ignores the sequence.
enum Clipboard {
    static func sequence(for text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }

    /// Every byte written, or the terminal would take what follows as more of the sequence.
    static func copy(_ text: String, to descriptor: Int32) {
        _ = FileDescriptorOutput.writeAll(sequence(for: text), to: descriptor)
    }
}
