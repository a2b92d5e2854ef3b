/// The one length rule for a property, shared by the app (which checks input before
/// sending) and the embedded server (which refuses longer values): a record one of
/// them accepts, the other can show and edit. Lengths are in characters (grapheme
/// clusters, Swift's `String.count`), so "👨‍👩‍👧" is one.
public enum PropertyLimits {
    /// Longest `name`.
    public static let maximumNameLength = 200
    /// Longest `address`.
    public static let maximumAddressLength = 500
}
