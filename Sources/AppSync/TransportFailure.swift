import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// A failure below HTTP, sorted by the one thing the sender must know: could the
/// request have reached the server? A refused connection cannot have; a
/// connection closed while waiting for the answer can.
enum TransportFailure {
    /// Nothing was sent: the connection was refused, the name did not resolve, connecting timed out.
    case notConnected(String)
    /// The request may have been applied: the answer did not come (in time, or at all).
    case noAnswer(String)

    init?(_ error: any Error) {
        switch error {
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout, .tlsHandshakeTimeout, .getConnectionFromPoolTimeout:
                self = .notConnected("connecting to the server timed out")
            case .deadlineExceeded, .readTimeout:
                self = .noAnswer("the server did not answer in time")
            case .remoteConnectionClosed, .uncleanShutdown:
                self = .noAnswer("the connection closed before the answer came")
            default:
                return nil
            }
        case let error as NIOConnectionError:
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                self = .notConnected("the server's name \(error.host) does not resolve")
            } else if let refused = error.connectionErrors.lazy.compactMap({ TransportFailure($0.error) }).first {
                self = refused
            } else {
                self = .notConnected("the server at \(error.host):\(error.port) cannot be reached")
            }
        case let error as IOError:
            self = Self.describe(errno: error.errnoCode)
        case let error as ChannelError:
            switch error {
            case .connectTimeout: self = .notConnected("connecting to the server timed out")
            case .ioOnClosedChannel, .eof, .outputClosed, .inputClosed:
                self = .noAnswer("the connection closed before the answer came")
            default: return nil
            }
        default:
            return nil
        }
    }

    private static func describe(errno code: Int32) -> TransportFailure {
        switch code {
        case ECONNREFUSED: .notConnected("the server refused the connection (nothing is listening there)")
        case ENETUNREACH, EHOSTUNREACH: .notConnected("the network or the server is unreachable")
        case ETIMEDOUT: .notConnected("connecting to the server timed out")
        case ECONNRESET, EPIPE: .noAnswer("the connection was reset before the answer came")
        default: .notConnected("the connection failed (\(String(cString: strerror(code))))")
        }
    }

    /// Why, in the user's words.
    var reason: String {
        switch self {
        case .notConnected(let reason), .noAnswer(let reason): reason
        }
    }

    var appSyncFailure: AppSyncFailure {
        switch self {
        case .notConnected(let reason): .unreachable(reason)
        case .noAnswer(let reason): .transient(reason)
        }
    }
}
