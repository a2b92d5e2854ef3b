/// xterm's bracketed paste mode (2004), which tmux, iTerm2, GNOME Terminal, kitty and
/// others follow; a terminal without it ignores the request.
enum BracketedPaste {
    static let enable = "\u{1B}[?2004h"
    static let disable = "\u{1B}[?2004l"
}
