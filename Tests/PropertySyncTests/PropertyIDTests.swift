import Foundation
import Testing
@testable import PropertySync

/// An id packed as a UUID behaves exactly as its text would: the same text back, the same
/// equality, the same order, and any other text kept as it came.
@Suite struct PropertyIDTests {
    @Test func aLowercaseUUIDIsPackedAndGivesItsTextBack() {
        for _ in 0..<500 {
            let text = UUID().uuidString.lowercased()
            let id = PropertyID(text)
            guard case .uuid = id.form else {
                Issue.record("\(text) was not packed")
                continue
            }
            #expect(id.text == text)
            #expect(id.description == text)
            #expect(id.withUTF8 { String(decoding: $0, as: UTF8.self) } == text)
            #expect(text.utf8.withContiguousStorageIfAvailable { PropertyID(utf8: UnsafeRawBufferPointer($0)) } == id)
        }
        #expect(PropertyID("00000000-0000-0000-0000-000000000000").text == "00000000-0000-0000-0000-000000000000")
        #expect(PropertyID("ffffffff-ffff-ffff-ffff-ffffffffffff").text == "ffffffff-ffff-ffff-ffff-ffffffffffff")
    }

    /// Another server's ids (uppercase UUIDs, custom keys, anything) are other ids: kept as text,
    /// never folded into a UUID that would send a different id back.
    @Test func anyOtherTextIsKeptExactly() {
        let upper = UUID().uuidString
        let texts = [
            upper, " " + upper.lowercased(), upper.lowercased() + "0", String(upper.lowercased().dropLast()),
            "a", "", "p000001", "8f1c2d3e_4b5a_6978_8a9b_0c1d2e3f4a5b", "8f1c2d3e-4b5a-6978-8a9b-0c1d2e3f4a5g", "日本-家",
        ]
        for text in texts {
            let id = PropertyID(text)
            guard case .text(let kept) = id.form else {
                Issue.record("\(text.debugDescription) was packed")
                continue
            }
            #expect(kept == text)
            #expect(id.text == text)
            #expect(id.withUTF8 { String(decoding: $0, as: UTF8.self) } == text)
        }
        #expect(PropertyID(upper) != PropertyID(upper.lowercased()))
    }

    @Test func idsOrderAsTheirTextsDo() {
        var texts = (0..<300).map { _ in UUID().uuidString.lowercased() }
        texts += texts.prefix(40).map { String($0.prefix(9)) + "ffff" }  // text sharing a UUID's start
        texts += ["", "0", "a", "z", "A", "-", "~", "é", UUID().uuidString]
        for _ in 0..<20_000 {
            let a = texts.randomElement()!, b = texts.randomElement()!
            #expect((PropertyID(a) < PropertyID(b)) == (a < b), "\(a) against \(b)")
            #expect((PropertyID(a) == PropertyID(b)) == (a == b))
        }
        let ids = Set(texts.map { PropertyID($0) })
        #expect(ids.count == Set(texts).count)
    }

    @Test func aNewIDIsARandomLowercaseVersion4UUID() {
        let ids = (0..<1000).map { _ in PropertyID.random() }
        #expect(Set(ids).count == 1000)
        for id in ids {
            let text = id.text
            #expect(PropertyID(text) == id)
            #expect(text == text.lowercased())
            #expect(UUID(uuidString: text) != nil)
            #expect(Array(text)[14] == "4")
        }
    }

    @Test func anIDTravelsAsItsTextInJSON() throws {
        let id = PropertyID.random()
        let encoded = try JSONEncoder().encode([id])
        #expect(String(decoding: encoded, as: UTF8.self) == "[\"\(id.text)\"]")
        #expect(try JSONDecoder().decode([PropertyID].self, from: encoded) == [id])
    }
}
