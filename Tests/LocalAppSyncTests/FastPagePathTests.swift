import Foundation
import GraphQL
import Testing
@testable import LocalAppSync

/// The fast path (`FastPagePlan`) against the library: for generated documents of the shape it
/// takes, the two servers' answers over loopback must be the same bytes (so the same keys in the
/// same order, the same nulls, numbers and booleans), the sync's `startedAt` aside (it is the
/// time of the request). Both servers read one SQLite store holding nulls, non-ASCII names,
/// updated and deleted rows.
@Suite struct FastPagePathTests {
    let typenameOnly = (try! parse(source: "{ __typename }").definitions[0] as! OperationDefinition).selectionSet

    @Test func generatedDocumentsAnswerAsTheLibraryDoes() async throws {
        let directory = TestServer.temporaryDirectory()
        try await TestServer.with(directory: directory) { fast in
            let ids = try await Self.fill(fast)
            try await TestServer.with(directory: directory, configure: { $0.fastPagePath = false }) { library in
                var generator = DocumentGenerator(seed: 0x5EED_F457)
                var tokens = TokenPool()
                tokens.ids = ids
                var fastPathAnswers = 0
                for _ in 0..<250 {
                    let request = generator.next(tokens: tokens)
                    // Of the fast path's shape (else this would compare the library with itself).
                    #expect(FastPagePlan(document: try parse(source: request.query), typenameOnly: typenameOnly, shapes: fast.server.graphQL.shapes) != nil)
                    let body = try TestServer.body(request.query, variables: .dictionary(request.variables))
                    let fastAnswer = try await fast.post(body: body)
                    let libraryAnswer = try await library.post(body: body)
                    #expect(fastAnswer.status == 200 && libraryAnswer.status == 200)
                    let (fastText, libraryText) = (Self.normalized(fastAnswer, request), Self.normalized(libraryAnswer, request))
                    #expect(fastText == libraryText, "\(request.query) \(request.variables)")
                    #expect(Self.sameErrors(fastAnswer.json["errors"], libraryAnswer.json["errors"]))
                    if fastAnswer.json["errors"].isNull { fastPathAnswers += 1 }
                    tokens.collect(from: fastAnswer.json, request)
                }
                // The generated documents are mostly answered (not mostly errors), pages included.
                #expect(fastPathAnswers > 150)
                #expect(tokens.list.count > 5 && tokens.sync.count > 5)
            }
        }
    }

    @Test func documentsOutsideTheShapeAreAnsweredByTheLibraryUnchanged() async throws {
        let directory = TestServer.temporaryDirectory()
        try await TestServer.with(directory: directory) { fast in
            try await Self.fill(fast)
            try await TestServer.with(directory: directory, configure: { $0.fastPagePath = false }) { library in
                let documents = [
                    "{ listRealEstateProperties { items { ...F } } } fragment F on RealEstateProperty { id name }",
                    "{ listRealEstateProperties { items { ... on RealEstateProperty { id } } } }",
                    "query ($s: Boolean!) { listRealEstateProperties { items { id name @skip(if: $s) } } }",
                    "{ listRealEstateProperties { items { id id name } } }",
                    "{ a: listRealEstateProperties { items { id } } a: listRealEstateProperties { items { name } } }",
                    "{ listRealEstateProperties { items { id nope } } }",
                    "{ listRealEstateProperties { items } }",
                    "{ __typename listRealEstateProperties(limit: 2) { items { id } } }",
                    "query A { listRealEstateProperties { items { id } } } query B { syncRealEstateProperties { items { id } } }",
                    "mutation { deleteRealEstateProperty(input: {id: \"none\"}) { id } }",
                    "subscription { onCreateRealEstateProperty { id } }",
                ]
                // Of the shape, but wrong: refused by validation, variable coercion or a resolver.
                let wrong = [
                    "{ listRealEstateProperties(limit: \"x\") { items { id } } }",
                    "query ($l: Int) { listRealEstateProperties(limit: $l) { items { id } } }",
                    "{ listRealEstateProperties(limit: 0) { items { id } } }",
                    "{ listRealEstateProperties(nextToken: \"garbage\") { items { id } nextToken } }",
                ]
                for document in documents {
                    let parsed = try? parse(source: document)
                    #expect(parsed.flatMap { FastPagePlan(document: $0, typenameOnly: typenameOnly, shapes: fast.server.graphQL.shapes) } == nil, "\(document)")
                }
                for document in documents + wrong {
                    let variables: Map = document.contains("$s") ? ["s": true] : document.contains("$l") ? ["l": "three"] : [:]
                    let body = try TestServer.body(document, variables: variables)
                    let fastAnswer = try await fast.post(body: body)
                    let libraryAnswer = try await library.post(body: body)
                    #expect(fastAnswer.status == libraryAnswer.status)
                    #expect(fastAnswer.text == libraryAnswer.text, "\(document)")
                }
            }
        }
    }

    @Test func theResolverLimitAndTheResponseBudgetStillApply() async throws {
        let directory = TestServer.temporaryDirectory()
        try await TestServer.with(directory: directory) { server in try await Self.fill(server) }
        for fastPagePath in [true, false] {
            try await TestServer.with(directory: directory, configure: {
                $0.fastPagePath = fastPagePath
                $0.limits.maxResolversPerRequest = 2
            }) { server in
                // Three fields that each answer non-null when run: which one the limit stops depends on
                // the order the library runs them in, which is not fixed (it was a `get` of a missing id,
                // null either way, and the test failed whenever a list was the one stopped).
                let three = try await server.graphQL(
                    "{ a: listRealEstateProperties { items { id } } b: listRealEstateProperties { items { id } } c: listRealEstateProperties(limit: 1) { items { id } } }")
                let errors = three["errors"].array ?? []
                #expect(errors.count == 1)
                #expect(errors.first?["errorType"] == "ResolverExecutionLimitReached")
                let answered = ["a", "b", "c"].filter { !three["data"][$0].isNull }
                #expect(answered.count == 2)
            }
            _ = try await TestServer.with(directory: directory, configure: {
                $0.fastPagePath = fastPagePath
                $0.limits.maxResponseBytes = 2000
            }) { server in
                let big = try await server.graphQL("{ listRealEstateProperties(limit: 1000) { items { id name } } }")
                #expect(big["data"]["listRealEstateProperties"].isNull)
                #expect(big["errors"][0]["errorType"] != .null)
                let small = try await server.graphQL("{ listRealEstateProperties(limit: 2) { items { id name } } }")
                #expect(small["data"]["listRealEstateProperties"]["items"].array?.count == 2)
            }
        }
    }

    /// Rows with every kind of value: non-ASCII names, names with every kind of JSON escape, null and empty addresses,
    /// updated (version 2) and deleted rows.
    @discardableResult
    static func fill(_ server: TestServer) async throws -> [String] {
        var ids: [String] = []
        let names = ["東京タワー アパート", "Café \"Müller\"", "Line\nbreak \\ tab\t", "😀 Emoji Villa", "Plain", "</script>", "Ctl \u{01}\u{1F}\u{7F}\u{2028}\r\u{0C}\u{08}"]
        for index in 0..<42 {
            let address: String? = index % 3 == 0 ? nil : index % 5 == 0 ? "" : "Straße \(index) ✓"
            let created = try await server.create(name: "\(names[index % names.count]) \(index)", address: address)
            ids += created["id"].string.map { [$0] } ?? []
            if index % 4 == 1 {
                try await server.graphQL(
                    "mutation ($id: ID!) { updateRealEstateProperty(input: {id: $id, name: \"Renamed \(index)\", _version: 1}) { id } }",
                    variables: ["id": created["id"]])
            }
            if index % 6 == 2 {
                try await server.graphQL(
                    "mutation ($id: ID!) { deleteRealEstateProperty(input: {id: $id, _version: 1}) { id } }", variables: ["id": created["id"]])
            }
        }
        return ids
    }

    /// The same errors in any order (root fields run concurrently, so several errors arrive in
    /// any order, on the library path too; a decoded error's key order is the decoder's).
    static func sameErrors(_ lhs: Map, _ rhs: Map) -> Bool {
        let (left, right) = (lhs.array ?? [], rhs.array ?? [])
        var unmatched = right
        for error in left {
            guard let index = unmatched.firstIndex(where: { sameJSON(error, $0) }) else { return false }
            unmatched.remove(at: index)
        }
        return unmatched.isEmpty
    }

    /// The answer's text with each sync's `startedAt` (and the `startedAt` its next token
    /// carries) set to 0; with several errors, only the text before them (see `sameErrors`).
    static func normalized(_ answer: (status: Int, json: Map, text: String), _ request: GeneratedRequest) -> String {
        var text = answer.text
        for key in request.startedAtKeys {
            text = text.replacingOccurrences(of: "\"\(key)\":[0-9]+", with: "\"\(key)\":0", options: .regularExpression)
        }
        for key in request.nextTokenKeys {
            let pattern = try! NSRegularExpression(pattern: "\"\(key)\":\"([^\"]+)\"")
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
                // The token is signed (a MAC, then the JSON): read past the MAC, as both answers' tokens are.
                guard let range = Range(match.range(at: 1), in: text),
                    let sealed = Data(base64Encoded: String(text[range]).replacingOccurrences(of: "\\/", with: "/")),
                    var token = try? JSONDecoder().decode(ModelPageToken.self, from: sealed.dropFirst(32))
                else { continue }
                token.startedAt = 0
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                text.replaceSubrange(range, with: ((try? encoder.encode(token)) ?? Data()).base64EncodedString())
            }
        }
        if let errors = answer.json["errors"].array, errors.count > 1 {
            // "data" comes first and stays as sent; the errors are compared by `sameErrors`.
            text = text.components(separatedBy: ",\"errors\"").first ?? text
        }
        return text
    }
}
