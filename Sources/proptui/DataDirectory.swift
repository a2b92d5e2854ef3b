import Foundation
import LocalAppSync

/// Where proptui keeps its data (the embedded server's database and API key, the log):
/// `--data-dir`, else `$XDG_DATA_HOME/proptui`, else `~/.local/share/proptui`.
enum DataDirectory {
    static func resolve(_ option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let option, !option.isEmpty { return (option as NSString).expandingTildeInPath }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/proptui" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/proptui"
    }

    /// The embedded server's database and API key live in their own folder of it.
    static func server(of dataDirectory: String) -> String { dataDirectory + "/server" }

    /// Creates it (owner-only: it holds an API key) and says clearly when that is impossible,
    /// with the path and what to do (`DataDirectoryProblem`).
    static func prepare(_ path: String) throws -> String {
        try DataDirectoryProblem.prepare(path)
        return path
    }
}
