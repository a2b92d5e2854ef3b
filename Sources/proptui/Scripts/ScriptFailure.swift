import AppSync
import ArgumentParser
import Foundation
import LocalAppSync
import ModelFilters
import RecordExport
import ScriptChanges

/// What any script command's failure means for its exit code (`ScriptExitCode`), and the words
/// said on stderr.
extension ScriptFailure {
    static func code(of error: any Error) -> ScriptExitCode {
        switch error {
        case let failure as ScriptFailure: failure.code
        case let problem as ScriptProblem: ScriptFailure(problem).code
        case let failed as ExportFailed: code(of: failed.reason)
        case let failure as AppSyncFailure:
            switch failure {
            case .unauthorized: .auth
            case .unreachable, .transient, .misconfigured: .unreachable
            case .rejected, .notOffered: .refused
            }
        case let failure as AuthorizationFailure: failure.isTransient ? .unreachable : .auth
        case is UsageProblem, is ValidationError, is ColumnsError, is KeyArgumentError, is ScriptUsage, is OutboxInUse, is ModelsNotShown:
            .usage
        case let error as LocalAppSyncError:
            if case .dataDirectoryUnusable = error { .failure } else { .usage }
        case is OutputFileError: .failure
        default: .failure
        }
    }

    static func message(of error: any Error) -> String {
        switch error {
        case let failure as ScriptFailure: failure.message
        case let problem as ScriptProblem: ScriptFailure(problem).message
        case let failure as AppSyncFailure:
            switch failure {
            case .unauthorized(let reason): "the server refused the credentials: \(reason)"
            case .unreachable(let reason): "the server cannot be reached: \(reason)"
            case .transient(let reason): "the server did not answer usably: \(reason)"
            case .misconfigured(let reason): reason
            case .rejected(let error): "the server refused the request: \(error.description)"
            case .notOffered(let reason): "the API does not offer what is asked: \(reason)"
            }
        case let error as ValidationError: error.message
        default: "\(error)"
        }
    }
}

/// A mistake in a script command's arguments found after parsing (a filter, a key), said
/// with the usage exit code.
struct ScriptUsage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// A filter's mistake with its place: the text, and a caret line under the part at fault.
    static func filter(_ text: String, _ error: FilterError) -> ScriptUsage {
        let before = String(text.prefix(error.offset))
        let marker = String(repeating: " ", count: before.count) + String(repeating: "^", count: max(1, error.length))
        return ScriptUsage(
            "--filter: \(error.message) (at character \(error.offset + 1))\n  \(text)\n  \(marker)")
    }
}
