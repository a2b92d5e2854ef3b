import ScreenValues

/// Colour, or none: with colour off every colour becomes the terminal's default,
/// and nothing is lost because marks and words carry the meaning.
public struct Palette: Sendable {
    let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public func callAsFunction(_ color: Frame.Color) -> Frame.Color { enabled ? color : .default }
}
