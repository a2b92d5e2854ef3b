import Testing
@testable import ScreenValues

/// The text field edits by grapheme cluster (widths and cutting are `ScreenValues`' `TextTests`).
@Suite struct LineEditorTests {
    @Test func lineEditorEditsByCluster() {
        var editor = LineEditor("ab")
        _ = editor.handle(.left)
        _ = editor.handle(.character("東"))
        #expect(editor.text == "a東b")
        _ = editor.handle(.end)
        _ = editor.handle(.character("e"))
        _ = editor.handle(.character("\u{301}"))  // joins the e
        #expect(editor.characters.count == 4)
        #expect(editor.cursor == 4)
        _ = editor.handle(.backspace)
        #expect(editor.text == "a東b")
        _ = editor.handle(.control("w"))
        #expect(editor.text == "")
        #expect(editor.handle(.up) == .ignored)
    }
}
