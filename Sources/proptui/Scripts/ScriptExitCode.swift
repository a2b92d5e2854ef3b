import ArgumentParser

/// How a script command ends, for scripts to tell apart (`proptui list`, `get`, `create`,
/// `update`, `delete`, `export`, `import`). The numbers follow sysexits.h where it has one.
enum ScriptExitCode: Int32, CaseIterable {
    case success = 0
    /// Anything else that went wrong (a file that cannot be read or written); said on stderr.
    case failure = 1
    /// The server refused the change or the read (its reason on stderr).
    case refused = 3
    /// Someone else changed the record since the value you expected (`--expect`) or since the
    /// command read it: nothing was overwritten.
    case conflict = 4
    /// No record has that key.
    case notFound = 5
    /// A mistake in the command: an unknown option, model or field (EX_USAGE).
    case usage = 64
    /// A value or a row that fails the model's checks; nothing was sent (EX_DATAERR).
    case invalidData = 65
    /// The server could not be reached, and nothing was changed (EX_UNAVAILABLE).
    case unreachable = 69
    /// The server could not be reached; the change is kept in the outbox and is sent the next
    /// time proptui runs against this backend (EX_TEMPFAIL).
    case keptInOutbox = 75
    /// The server refused the credentials, or they could not be had, or the model's auth rules allow no such change with them (EX_NOPERM).
    case auth = 77

    /// What each code means, for `--help` and the README.
    static var helpText: String {
        """
        EXIT CODES:
          0   done
          1   another failure (a file that cannot be read or written)
          3   refused by the server (its reason on stderr)
          4   conflict: the record changed since the value you expected or read; nothing overwritten
          5   no record has that key
          64  usage: an unknown option, model or field
          65  a value or row fails the model's checks; nothing was sent
          69  the server could not be reached; nothing changed
          75  the server could not be reached; the change is kept in the outbox and sent next time
          77  the credentials were refused or could not be had, or the model's auth rules allow no such change with them
        """
    }

    var exitCode: ExitCode { ExitCode(rawValue) }
}
