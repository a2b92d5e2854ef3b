import Foundation

/// Where proptui writes its log, per the XDG Base Directory spec: `$XDG_STATE_HOME/proptui`,
/// else `~/.local/state/proptui` (a relative `XDG_STATE_HOME` is invalid and ignored, as the spec says).
enum StateDirectory {
    static func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") { return xdg + "/proptui" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/proptui"
    }

    /// The log file: `--log-file`, else `proptui.log` in the state directory (created owner-only).
    static func logFile(_ option: String?) throws -> String {
        if let option, !option.isEmpty { return (option as NSString).expandingTildeInPath }
        return try DataDirectory.prepare(resolve()) + "/proptui.log"
    }
}
