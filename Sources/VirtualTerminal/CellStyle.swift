/// How a cell is drawn, as SGR (CSI … m) set it.
public struct CellStyle: Equatable, Hashable, Sendable {
    public enum Color: Equatable, Hashable, Sendable {
        case `default`
        /// 0–255: the eight ANSI colours, their bright twins (8–15), then the 256-colour cube and greys.
        case indexed(UInt8)
        case rgb(UInt8, UInt8, UInt8)
    }

    public var bold = false
    public var dim = false
    public var italic = false
    public var underline = false
    public var blink = false
    public var reverse = false
    public var invisible = false
    public var strikethrough = false
    public var foreground = Color.default
    public var background = Color.default

    public init() {}

    /// Applies one SGR parameter list (a missing list or parameter means 0, reset).
    mutating func apply(sgr parameters: [Int?]) {
        let values = parameters.isEmpty ? [0] : parameters.map { $0 ?? 0 }
        var index = 0
        while index < values.count {
            let value = values[index]
            switch value {
            case 0: self = CellStyle()
            case 1: bold = true
            case 2: dim = true
            case 3: italic = true
            case 4: underline = true
            case 5, 6: blink = true
            case 7: reverse = true
            case 8: invisible = true
            case 9: strikethrough = true
            case 21: underline = true
            case 22:
                bold = false
                dim = false
            case 23: italic = false
            case 24: underline = false
            case 25: blink = false
            case 27: reverse = false
            case 28: invisible = false
            case 29: strikethrough = false
            case 30...37: foreground = .indexed(UInt8(value - 30))
            case 39: foreground = .default
            case 40...47: background = .indexed(UInt8(value - 40))
            case 49: background = .default
            case 90...97: foreground = .indexed(UInt8(value - 90 + 8))
            case 100...107: background = .indexed(UInt8(value - 100 + 8))
            case 38, 48:
                let (color, used) = Self.extendedColor(values, from: index + 1)
                if let color {
                    if value == 38 { foreground = color } else { background = color }
                }
                index += used
            default: break
            }
            index += 1
        }
    }

    /// `5;N` (256 colours) or `2;R;G;B` (direct colour) after a 38 or 48; answers how many values it used.
    private static func extendedColor(_ values: [Int], from start: Int) -> (Color?, Int) {
        guard start < values.count else { return (nil, 0) }
        switch values[start] {
        case 5 where start + 1 < values.count:
            return (.indexed(UInt8(clamping: values[start + 1])), 2)
        case 2 where start + 3 < values.count:
            let channel = { UInt8(clamping: values[start + $0]) }
            return (.rgb(channel(1), channel(2), channel(3)), 4)
        default:
            return (nil, 1)
        }
    }
}
