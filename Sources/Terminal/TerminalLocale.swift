import Glibc

/// The locale curses measures characters with. Without a UTF-8 one, `wcwidth`
/// answers -1 for everything beyond ASCII and CJK text turns into "?". A machine
/// with no LANG set (a fresh server, a CI runner) gets the C locale, so, like
/// Python (PEP 538), fall back to C.UTF-8 for character classification there.
enum TerminalLocale {
    static func enableUTF8() {
        setlocale(LC_ALL, "")
        if !isUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
