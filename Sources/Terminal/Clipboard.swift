import Foundation

/// The system clipboard through the terminal: OSC 52 (`ESC ] 52 ; c ; <base64> BEL`), which
/// xterm, iTerm2, kitty, WezTerm, Windows Terminal and tmux (`set-clipboard on`) take, also
/// over ssh. A terminal without it ignores the sequence.
enum Clipboard {
    static func sequence(for text: String) -> String {
        "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
    }

    static func copy(_ text: String, to descriptor: Int32) {
        let bytes = Array(sequence(for: text).utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
