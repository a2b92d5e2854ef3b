/// A record's name cut where a line must leave room for what happened to it: its first
/// `length - 1` characters and `…`, or the whole name when it fits.
public enum ShortName {
    public static func of(_ name: some StringProtocol, length: Int = 32) -> String {
        name.count > length ? String(name.prefix(length - 1)) + "…" : String(name)
    }
}
