import AppSync
import Foundation
import LocalAppSync

/// Reads `--models FILE`, saying why a file cannot be read as the system says it ("No such
/// file or directory", "Permission denied", "Is a directory"), as one usage problem. At most
/// 64 MB and a byte are read, whatever FILE is (`/dev/zero`, a FIFO: `BoundedFile`).
enum ModelsFile {
    static func read(_ path: String) throws(UsageProblem) -> Data {
        do {
            return try BoundedFile.read(path)
        } catch {
            throw UsageProblem("cannot read the models file \(path): \(error)")
        }
    }

    /// The models a file describes, ready to serve; any mistake is one usage problem naming the file.
    static func served(_ path: String) throws(UsageProblem) -> ServedModels {
        let data = try read(path)
        do {
            return try ServedModels(file: data)
        } catch {
            throw UsageProblem("\(path): \(error)")
        }
    }
}
