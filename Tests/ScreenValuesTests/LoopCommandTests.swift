import Testing
@testable import ScreenValues

/// What the loop does when one key's effects ask for several things: the later asks win, and
/// nothing takes a quit back (a C-l or a copy after `q` `y` must not keep the app open).
@Suite struct LoopCommandTests {
    @Test func laterAsksWinButNothingTakesAQuitBack() {
        #expect(LoopCommand.proceed.then(.redrawAll) == .redrawAll)
        #expect(LoopCommand.redrawAll.then(.proceed) == .redrawAll)
        #expect(LoopCommand.redrawAll.then(.copyToClipboard("id")) == .copyToClipboard("id"))
        #expect(LoopCommand.copyToClipboard("id").then(.quit) == .quit)
        #expect(LoopCommand.quit.then(.redrawAll) == .quit)
        #expect(LoopCommand.quit.then(.copyToClipboard("id")) == .quit)
    }
}
