import ArgumentParser
import Foundation
import Glibc

/// Checks of the app's options that need the file system or a URL parser, made in
/// `validate()` so that a mistake is a usage error (64) before anything starts.
enum CommandLineChecks {
    /// The log file can be created or appended to: its folder exists and is writable.
    static func logFile(_ path: String) throws(ValidationError) {
        try writableFile(path, option: "--log-file")
    }

    /// A file `option` names can be written (created, or replaced): its folder exists and is
    /// writable, and it is not a folder itself. Each case is said as what it is.
    static func writableFile(_ path: String, option: String) throws(ValidationError) {
        let expanded = (path as NSString).expandingTildeInPath
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw ValidationError("\(option): \(path) is a folder; give a file in it") }
            guard access(expanded, W_OK) == 0 else { throw ValidationError("\(option): \(path) is not writable") }
            return
        }
        let folder = (expanded as NSString).deletingLastPathComponent.isEmpty
            ? "." : (expanded as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
            throw ValidationError("\(option): the folder \(folder) does not exist; create it or choose another")
        }
        guard isDirectory.boolValue else { throw ValidationError("\(option): \(folder) is a file, not a folder") }
        guard access(folder, W_OK | X_OK) == 0 else {
            throw ValidationError("\(option): the folder \(folder) is not writable; choose another")
        }
    }

    /// An endpoint is an http(s) URL with a host: "foo" is refused here, not after starting.
    static func endpoint(_ text: String) throws(ValidationError) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else {
            throw ValidationError(
                "--endpoint: “\(text)” is not an http(s) URL; give the GraphQL endpoint, like "
                + "https://ID.appsync-api.REGION.amazonaws.com/graphql")
        }
    }
}
