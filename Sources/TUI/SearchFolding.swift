import Foundation

/// How the filter compares text: without case and without accents, so `sao` finds
/// "Casa São João" and `MULLER` finds "Café Müller".
enum SearchFolding {
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}
