import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Small JSON files that hold secrets (cached credentials, tokens): written whole to a new file
/// created with mode 0600, then renamed over the old one, so no other user can ever read one
/// and a crash never leaves half a file.
enum SecretFile {
    static func read<Value: Decodable>(_ type: Value.Type, from path: String) -> Value? {
        guard let data = try? BoundedFile.read(path, maximumBytes: 1024 * 1024) else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }

    static func write(_ value: some Encodable, to path: String) throws {
        let data = try JSONEncoder().encode(value)
        let temporary = path + ".\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw SecretFileError(path: path, reason: String(cString: strerror(errno))) }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        Glibc.close(descriptor)
        guard written == data.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw SecretFileError(path: path, reason: "the file could not be written whole")
        }
    }

    static func remove(_ path: String) {
        unlink(path)
    }
}

struct SecretFileError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "cannot write \(path): \(reason)" }
}
