import ScreenValues

/// The part of a frame a view draws into: the app's chrome (header, status line, hints) is
/// the caller's, so each view here fills only the rectangle it is given.
public struct FrameRegion: Sendable, Hashable {
    public var top: Int
    public var left: Int
    public var width: Int
    public var height: Int

    public init(top: Int, left: Int, width: Int, height: Int) {
        self.top = top
        self.left = left
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The whole frame.
    public init(_ frame: Frame) {
        self.init(top: 0, left: 0, width: frame.width, height: frame.height)
    }
}
