import Testing
@testable import ScreenValues

@Suite struct FrameTests {
    @Test func plainTextHasOneLinePerRow() {
        var frame = Frame(width: 3, height: 2)
        frame[0, 0] = .init("a")
        frame[1, 2] = .init("z", style: .bold)
        #expect(frame.plainText == "a  \n  z")
    }

    @Test func negativeSizesGiveAnEmptyFrame() {
        #expect(Frame(width: -4, height: 3).plainText == "\n\n")
    }
}
