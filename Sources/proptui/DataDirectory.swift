import Foundation

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

    /// Creates it (owner-only: it holds an API key) and says clearly when that is impossible.
    static func prepare(_ path: String) throws -> String {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DataDirectoryError(path: path, reason: (error as NSError).localizedDescription)
        }
        return path
    }
}

struct DataDirectoryError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot use the data directory \(path): \(reason)" }
}
