import Testing
@testable import ListRows

/// A creation time orders as its text does, whether it packs into digits or stays text.
@Suite struct CreationTimeTests {
    @Test func theOrderIsTheTextsOrder() {
        var generator = RowStoreScaleTests.SplitMix(state: 9)
        func two(_ range: Range<Int>) -> String { String(format: "%02d", Int.random(in: range, using: &generator)) }
        var texts: [String] = []
        for _ in 0..<400 {
            let year = String(format: "%04d", Int.random(in: 1990..<2030, using: &generator))
            let millis = String(format: "%03d", Int.random(in: 0..<1000, using: &generator))
            let base = "\(year)-\(two(1..<13))-\(two(1..<29))T\(two(0..<24)):\(two(0..<60)):\(two(0..<60))"
            texts.append(base + ".\(millis)Z")
            // Shapes that do not pack: no fraction, an offset, a different length.
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: texts.append(base + "Z")
            case 1: texts.append(base + ".\(millis)+02:00")
            case 2: texts.append(base + ".\(millis)123Z")
            default: break
            }
        }
        texts += ["0000-00-00T00:00:00.000Z", "9999-99-99T99:99:99.999Z", "2024-05-01T10:00:00.000Z", "x", ""]
        let times = texts.map(CreationTime.init)
        #expect(times.filter { if case .digits = $0 { true } else { false } }.count >= 402)
        for (time, text) in zip(times, texts) { #expect(time.text == text) }
        for _ in 0..<4000 {
            let i = Int.random(in: 0..<texts.count, using: &generator)
            let j = Int.random(in: 0..<texts.count, using: &generator)
            #expect((times[i] < times[j]) == (texts[i] < texts[j]), "\(texts[i]) against \(texts[j])")
            #expect((times[i] == times[j]) == (texts[i] == texts[j]), "\(texts[i]) against \(texts[j])")
        }
    }
}
