import Foundation

/// The server's API key: the one given, or the one stored in the data directory (mode 0600),
/// or a new `da2-…` key generated and stored there on first start.
enum APIKeyStore {
    static let fileName = "api-key"

    /// Where the key of a server started without `--api-key` is kept (mode 0600).
    static func path(dataDirectory: String) -> String {
        (dataDirectory as NSString).appendingPathComponent(fileName)
    }

    static func resolve(given: String?, dataDirectory: String) throws -> String {
        if let given {
            guard isValid(given) else { throw LocalAppSyncError.invalidAPIKey }
            return given
        }
        let path = path(dataDirectory: dataDirectory)
        if let stored = try? String(contentsOfFile: path, encoding: .utf8) {
            let key = stored.trimmingCharacters(in: .whitespacesAndNewlines)
            if isValid(key) { return key }
        }
        let key = generate()
        // Created with 0600 from the start, so the key is never readable by others.
        guard FileManager.default.createFile(atPath: path, contents: Data((key + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
            throw LocalAppSyncError.dataDirectoryUnusable(path: dataDirectory, reason: "cannot write \(fileName)")
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return key
    }

    /// `da2-` and 26 random lowercase letters and digits, the shape of an AppSync API key.
    static func generate() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return "da2-" + String((0..<26).map { _ in alphabet.randomElement(using: &generator)! })
    }

    static func isValid(_ key: String) -> Bool {
        (8...128).contains(key.count) && key.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
    }

    /// Compares in time independent of where the keys differ.
    static func matches(_ candidate: String, _ key: String) -> Bool {
        let (a, b) = (Array(candidate.utf8), Array(key.utf8))
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}

extension LocalAppSyncServer {
    /// The key a server started over `dataDirectory` without `--api-key` keeps there, for a
    /// client of the same user that finds that server running (`proptui list` beside the app).
    public static func storedAPIKey(dataDirectory: String) -> String? {
        guard let stored = try? String(contentsOfFile: APIKeyStore.path(dataDirectory: dataDirectory), encoding: .utf8) else { return nil }
        let key = stored.trimmingCharacters(in: .whitespacesAndNewlines)
        return APIKeyStore.isValid(key) ? key : nil
    }
}
