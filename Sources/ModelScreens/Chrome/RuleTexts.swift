import Foundation
import ScreenValues

/// What the rules around a list say, in the same words on every screen: where the rows come from
/// while the server has not answered, and where the rows shown are in a long list.
public enum RuleTexts {
    /// "showing the 7 rows cached at 09:41"; while a large cache is still read behind the first
    /// frame, "showing 2,000 of the ~50,001 rows cached at 09:41"; "kept locally" when the cache was
    /// never refreshed from the server. Nil with no rows.
    public static func cached(rows: Int, expected: Int?, refreshedAt: Date?, clockTime: (Date) -> String) -> String? {
        guard rows > 0 else { return nil }
        var count = rows == 1 ? "the 1 row" : "the \(NumberText.grouped(rows)) rows"
        if let expected, expected > rows {
            // The cache is still being read behind the first frame: not "the 2,000 rows" of 50,000.
            count = "\(NumberText.grouped(rows)) of the ~\(NumberText.grouped(expected)) rows"
        }
        guard let refreshedAt else { return "showing \(count) kept locally" }
        return "showing \(count) cached at \(clockTime(refreshedAt))"
    }

    /// "1–10 of 25,000 rows": the rows on screen of a list longer than the screen (nil when it
    /// fits). "rows", grouped as the header's "loading 9,000 of ~25,000" is: the rows in the
    /// list, which a load in progress (counted in the header) is still adding to.
    public static func position(scrollTop: Int, rowsShown: Int, count: Int) -> String? {
        guard count > rowsShown else { return nil }
        let (first, last) = (scrollTop + 1, min(count, scrollTop + rowsShown))
        return "\(NumberText.grouped(first))–\(NumberText.grouped(last)) of \(NumberText.grouped(count)) rows"
    }

    /// "14:02", on the user's clock.
    public static func clockTime(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
