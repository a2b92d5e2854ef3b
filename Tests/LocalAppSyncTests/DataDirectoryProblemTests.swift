import Foundation
import Testing
@testable import LocalAppSync

/// A data directory that cannot be used is said with its path and what to do (issue 19, item 6).
@Suite struct DataDirectoryProblemTests {
    @Test func aPathThroughAFileNamesTheFile() throws {
        let folder = TestServer.temporaryDirectory()
        let file = folder + "/a-file"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        #expect {
            try DataDirectoryProblem.prepare(file + "/data/server")
        } throws: { error in
            "\(error)" == "cannot use the data directory \(file)/data/server: \(file) is a file, not a folder. "
                + "Give --data-dir a path that does not pass through a file, or move that file away."
        }
        // The server says the same, not Foundation's "error 512".
        #expect {
            try LocalAppSyncServer(configuration: LocalAppSyncConfiguration(dataDirectory: file + "/data", apiKey: TestServer.apiKey))
        } throws: { error in
            "\(error)".contains("\(file) is a file, not a folder") && !"\(error)".contains("NSCocoaErrorDomain")
        }
    }

    /// The causes a root test run cannot produce (a read-only disk, a folder it may not write).
    @Test func eachCauseSaysWhatToDo() {
        #expect(DataDirectoryProblem(path: "/mnt/ro", errno: EROFS).description
            == "cannot use the data directory /mnt/ro: it is on a read-only file system. Give --data-dir a folder on a writable disk, such as one under your home folder.")
        #expect(DataDirectoryProblem(path: "/srv/p", errno: EACCES).description.contains("no permission to write there"))
        #expect(DataDirectoryProblem(path: "/srv/p", errno: ENOSPC).description.contains("the disk is full"))
    }

    @Test func aNewFolderIsMadeOwnerOnly() throws {
        let path = TestServer.temporaryDirectory() + "/new/data"
        try DataDirectoryProblem.prepare(path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }
}
