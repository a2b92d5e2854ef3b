import Foundation
@testable import RecordExport
import Testing

/// An export's file: written under a temporary name and renamed when whole; a failed one
/// leaves nothing under the name, and a file already there as it was.
@Suite struct OutputFileTests {
    static func folder() throws -> String {
        let folder = NSTemporaryDirectory() + "proptui-output-file-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func theFileHasItsNameOnlyOnceWhole() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.ndjson"
        let file = try OutputFile(path: path)
        try file.write(Array("{\"a\":1}\n".utf8))
        #expect(!FileManager.default.fileExists(atPath: path))
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\":1}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.ndjson"])
    }

    @Test func aFailedExportLeavesTheFileThatWasThere() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.csv"
        try "before\n".write(toFile: path, atomically: true, encoding: .utf8)
        let file = try OutputFile(path: path)
        try file.write(Array("half".utf8))
        file.discard()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "before\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.csv"])
    }

    @Test func aFolderOrAFolderThatIsNotThereIsSaid() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: OutputFileError.self) { try OutputFile(path: folder) }
        #expect(throws: OutputFileError.self) { try OutputFile(path: folder + "/nowhere/out.json") }
    }
}

/// The progress line an export keeps on a terminal.
@Suite struct ExportProgressTests {
    @Test func rowsAndRateAlwaysTheBarAndTimeLeftWhenTheCountIsKnown() {
        #expect(ExportProgress().line(rows: 400_000, seconds: 8) == "400,000 rows · 50,000 rows/s")
        #expect(ExportProgress(expectedRows: 1_000_000).line(rows: 400_000, seconds: 8)
            == "[████████░░░░░░░░░░░░] 40% · 400,000 rows · 50,000 rows/s · ~12 s left")
        #expect(ExportProgress(expectedRows: 1_000_000).line(rows: 10_000, seconds: 10).hasSuffix("~16 min 30 s left"))
    }
}
