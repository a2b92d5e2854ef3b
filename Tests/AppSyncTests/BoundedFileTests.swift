import Foundation
import Glibc
import Testing
@testable import AppSync

/// Issue 29 item 10: a file the user names is read to its cap and a byte, whatever it is.
/// `proptui serve --models /dev/zero` grew to 10.5 GB; each case here ends, holding little.
@Suite struct BoundedFileTests {
    static func temporaryFolder() -> String {
        let path = NSTemporaryDirectory() + "proptui-bounded-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aRegularFileIsReadWhole() throws {
        let path = Self.temporaryFolder() + "/small.json"
        try Data("{\"a\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try BoundedFile.read(path, maximumBytes: 8) == Data("{\"a\": 1}".utf8))
        #expect(throws: BoundedFile.Failure.tooLarge(maximumBytes: 7)) { try BoundedFile.read(path, maximumBytes: 7) }
    }

    @Test func anEndlessDeviceStopsAtTheCap() throws {
        #expect(throws: BoundedFile.Failure.tooLarge(maximumBytes: 1000)) { try BoundedFile.read("/dev/zero", maximumBytes: 1000) }
        // The default cap, 64 MB: refused, not grown without bound.
        #expect(throws: BoundedFile.Failure.tooLarge(maximumBytes: 64 * 1024 * 1024)) { try BoundedFile.read("/dev/zero") }
        #expect(BoundedFile.Failure.tooLarge(maximumBytes: 64 * 1024 * 1024).description == "it holds more than 64 MB, the most read")
        #expect(try BoundedFile.read("/dev/null") == Data())
    }

    @Test func aFIFOIsReadAsItComesAndBounded() throws {
        let path = Self.temporaryFolder() + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        // A writer that never stops.
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
            while chunk.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
            close(descriptor)
        }
        signal(SIGPIPE, SIG_IGN)
        writer.start()
        #expect(throws: BoundedFile.Failure.tooLarge(maximumBytes: 100_000)) { try BoundedFile.read(path, maximumBytes: 100_000) }
    }

    @Test func aFIFONoOneWritesToEnds() throws {
        let path = Self.temporaryFolder() + "/silent"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: BoundedFile.Failure.nothingArrived(.milliseconds(200))) {
            try BoundedFile.read(path, idleTimeout: .milliseconds(200))
        }
    }

    @Test func aFIFOWithAWriterIsReadToItsEnd() throws {
        let path = Self.temporaryFolder() + "/short"
        #expect(mkfifo(path, 0o600) == 0)
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            _ = "{}".withCString { Glibc.write(descriptor, $0, 2) }
            close(descriptor)
        }
        writer.start()
        #expect(try BoundedFile.read(path) == Data("{}".utf8))
    }

    @Test func aFolderOrNothingSaysWhatTheSystemSays() {
        #expect(throws: BoundedFile.Failure.isDirectory) { try BoundedFile.read(NSTemporaryDirectory()) }
        #expect(throws: BoundedFile.Failure.unreadable("No such file or directory")) { try BoundedFile.read("/nowhere/at/all.json") }
    }

    /// Config files go through it too.
    @Test func aConfigFileIsBounded() {
        do {
            _ = try ConfigurationFile.load(path: "/dev/zero")
            Issue.record("/dev/zero was read as a config file")
        } catch {
            #expect("\(error)".contains("more than 64 MB"), "\(error)")
        }
    }
}
