import Crypto
import Foundation

/// AWS Signature Version 4 for header-signed requests, written to agree byte for byte with
/// botocore's `SigV4Auth` (the reference the tests compare against): the same headers left
/// unsigned, the same whitespace folding, the same query ordering, the path encoded once more.
/// Path dot-segment normalisation is not done: AppSync paths never contain them.
public struct SigV4Signer: Sendable {
    public let credentials: AWSCredentials
    public let region: String
    public let service: String

    /// Headers botocore never signs: proxies and clients change them on the way.
    static let unsignedHeaders: Set<String> = ["expect", "user-agent", "x-amzn-trace-id"]

    public init(credentials: AWSCredentials, region: String, service: String) {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// The request as it goes on the wire. `path` and `query` are in their wire form
    /// (percent-encoded, without the `?`); `headers` must include `host`.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var query: String
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]

        public init(method: String, path: String, query: String = "", headers: [(name: String, value: String)], body: [UInt8]) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.body = body
        }
    }

    public struct Signature: Sendable {
        public let canonicalRequest: String
        public let stringToSign: String
        public let signature: String
        /// The `Authorization` header's value.
        public let authorization: String
        /// What to add to the request: `X-Amz-Date`, `X-Amz-Security-Token` when there is one,
        /// and `Authorization` (existing headers of these names must be dropped first).
        public let headers: [(name: String, value: String)]
    }

    public func sign(_ request: Request, date: Date) -> Signature {
        let timestamp = Self.timestamp(date)
        var headers = request.headers.filter {
            !["authorization", "x-amz-date", "x-amz-security-token"].contains($0.name.lowercased())
        }
        var added: [(name: String, value: String)] = [("X-Amz-Date", timestamp)]
        if let token = credentials.sessionToken { added.append(("X-Amz-Security-Token", token)) }
        headers += added

        let (canonicalHeaders, signedHeaders) = Self.canonicalHeaders(headers)
        let canonicalRequest = [
            request.method.uppercased(),
            Self.canonicalPath(request.path),
            Self.canonicalQuery(request.query),
            canonicalHeaders + "\n",
            signedHeaders,
            Self.hex(SHA256.hash(data: request.body)),
        ].joined(separator: "\n")
        let scope = "\(timestamp.prefix(8))/\(region)/\(service)/aws4_request"
        let stringToSign = [
            "AWS4-HMAC-SHA256", timestamp, scope, Self.hex(SHA256.hash(data: Data(canonicalRequest.utf8))),
        ].joined(separator: "\n")
        let signature = Self.hex(Self.hmac(signingKey(day: String(timestamp.prefix(8))), stringToSign))
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyId)/\(scope), SignedHeaders=\(signedHeaders), Signature=\(signature)"
        added.append(("Authorization", authorization))
        return Signature(
            canonicalRequest: canonicalRequest, stringToSign: stringToSign, signature: signature,
            authorization: authorization, headers: added)
    }

    func signingKey(day: String) -> SymmetricKey {
        let date = Self.hmac(SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8)), day)
        let regional = Self.hmac(SymmetricKey(data: date), region)
        let service = Self.hmac(SymmetricKey(data: regional), self.service)
        return SymmetricKey(data: Self.hmac(SymmetricKey(data: service), "aws4_request"))
    }

    // MARK: - The canonical request's parts

    /// Lower-case names, sorted; values folded (`' '.join(value.split())`), repeats joined with `,`.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> (canonical: String, signed: String) {
        var values: [String: [String]] = [:]
        for (name, value) in headers {
            let lower = name.lowercased()
            guard !unsignedHeaders.contains(lower) else { continue }
            values[lower, default: []].append(foldWhitespace(value))
        }
        let names = values.keys.sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }
        let canonical = names.map { "\($0):\(values[$0]!.joined(separator: ","))" }.joined(separator: "\n")
        return (canonical, names.joined(separator: ";"))
    }

    /// Python's `' '.join(value.split())`: runs of whitespace (as `str.isspace` sees it) become
    /// one space, and leading and trailing whitespace goes.
    static func foldWhitespace(_ value: String) -> String {
        value.unicodeScalars.split(whereSeparator: isPythonSpace)
            .map { word in word.reduce(into: "") { $0.unicodeScalars.append($1) } }
            .joined(separator: " ")
    }

    static func isPythonSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The wire path encoded once more (every byte but unreserved ones and `/`), as AWS asks of
    /// every service but S3. An empty path is `/`.
    static func canonicalPath(_ path: String) -> String {
        path.isEmpty ? "/" : percentEncode(path, keeping: "/")
    }

    /// Pairs sorted by key, then value; bytes that are neither unreserved nor an existing `%`
    /// escape are encoded (a wire query is already encoded, so it passes through unchanged).
    static func canonicalQuery(_ query: String) -> String {
        guard !query.isEmpty else { return "" }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = percentEncode(String(parts[0]), keeping: "%")
            return (key, parts.count > 1 ? percentEncode(String(parts[1]), keeping: "%") : "")
        }
        return pairs.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    }

    static func percentEncode(_ text: String, keeping extra: Character) -> String {
        let keep = UInt8(ascii: extra.unicodeScalars.first!)
        var result = ""
        for byte in text.utf8 {
            if isUnreserved(byte) || byte == keep {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    // MARK: - Primitives

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC.
    public static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { String(value).leftPadded(to: 2) }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }

    /// Reads a `yyyyMMdd'T'HHmmss'Z'` timestamp back (the server checks the date window with it).
    public static func date(fromTimestamp text: String) -> Date? {
        let digits = Array(text.utf8)
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int32? { Int32(String(decoding: digits[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), let hour = number(9..<11),
            let minute = number(11..<13), let second = number(13..<15)
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    static func hmac(_ key: SymmetricKey, _ message: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key))
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
