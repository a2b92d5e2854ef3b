import Foundation
import LocalAppSync
import Glibc

/// Reads `--models FILE`, saying why a file cannot be read as the system says it ("No such
/// file or directory", "Permission denied", "Is a directory"), as one usage problem.
enum ModelsFile {
    static func read(_ path: String) throws(UsageProblem) -> Data {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw refusal(path, errno) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { throw refusal(path, EISDIR) }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw UsageProblem("cannot read the models file \(path): \(error.localizedDescription)")
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

    private static func refusal(_ path: String, _ code: Int32) -> UsageProblem {
        UsageProblem("cannot read the models file \(path): \(String(cString: strerror(code)))")
    }
}
