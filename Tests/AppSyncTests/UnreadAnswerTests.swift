import Foundation
import Testing
@testable import AppSync

/// The next page's token, guessed from an answer's bytes before it is read.
@Suite struct UnreadAnswerTests {
    func guess(_ body: String, status: UInt = 200) -> String? {
        UnreadAnswer(status: status, body: Data(body.utf8)).lastString(forKey: "nextToken")
    }

    @Test func theLastKeyGivesTheGuess() {
        #expect(guess(#"{"data":{"syncX":{"items":[],"nextToken":"abc\/d+e=","startedAt":1}}}"#) == "abc/d+e=")
        #expect(guess(#"{"data":{"listX":{"items":[{"id":"1"}],"nextToken": "t2"}}}"#) == "t2")
        #expect(guess(#"{"data":{"listX":{"nextToken":"early","items":[{"nextToken":"nested"}]}}}"#) == "nested")
    }

    @Test func noStringNoGuess() {
        #expect(guess(#"{"data":{"syncX":{"items":[],"nextToken":null}}}"#) == nil)
        #expect(guess(#"{"data":{"syncX":{"items":[]}}}"#) == nil)
        #expect(guess(#"{"data":{"syncX":{"nextToken":"cut"#) == nil)
        #expect(guess(#"{"data":{"syncX":{"nextToken":"\u0041"}}}"#) == nil)
        #expect(guess(#"{"errors":[{"nextToken":"x"}]}"#, status: 401) == nil)
    }

    /// A name holding the key's text is escaped inside its string: it cannot pass for the key.
    @Test func aStringThatLooksLikeTheKeyIsNotIt() {
        let body = #"{"data":{"syncX":{"nextToken":"real","items":[{"name":"x\"nextToken\":\"evil"}]}}}"#
        #expect(guess(body) == "real")
    }

    /// The same answer read whole: the field as `AppSyncClient.execute` reads it.
    @Test func readingItGivesTheField() throws {
        let answer = UnreadAnswer(status: 200, body: Data(#"{"data":{"echo":"hi"}}"#.utf8))
        #expect(try answer.read(field: "echo") { reader throws(JSONReadError) in try reader.readString() } == "hi")
    }
}
