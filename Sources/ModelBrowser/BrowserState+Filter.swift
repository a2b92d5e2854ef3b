import AmplifyModels
import ModelFilters

/// What a list's typed filter means: words, searched as they always were, or an expression of
/// the filter language (`price >= 100 and villa`, docs/models.md "Filters").
public enum TypedFilter: Sendable, Hashable {
    case words(String)
    case expression(FilterExpression)
}

/// The typed filter as last read, for one model: what the rows show and the mistake, if any. A
/// mistake (`price >` while the value is still to come) leaves the rows as the last filter that
/// read well left them, and is said under the prompt with its place; ⏎ keeps only a filter
/// that reads.
struct FilterReading: Sendable {
    var model = ""
    var text = ""
    var applied = TypedFilter.words("")
    /// The text, as typed, that `applied` was read from.
    var appliedText = ""
    var mistake: FilterError?
}

extension BrowserState {
    /// Reads `textFilter` for the model shown, when either changed since the last reading.
    mutating func readTypedFilter() {
        guard filterReading.text != textFilter || filterReading.model != model else { return }
        if filterReading.model != model { (filterReading.applied, filterReading.appliedText) = (.words(""), "") }
        filterReading.model = model
        filterReading.text = textFilter
        guard let shown = currentModel else {
            (filterReading.applied, filterReading.appliedText) = (.words(textFilter), textFilter)
            filterReading.mistake = nil
            return
        }
        do throws(FilterError) {
            let read = try FilterParser.parse(textFilter, fields: FilterFields(model: shown, schema: schema))
            filterReading.mistake = nil
            filterReading.appliedText = textFilter
            switch read {
            case nil: filterReading.applied = .words("")
            case .search(let words)?: filterReading.applied = .words(words)
            case let expression?: filterReading.applied = .expression(expression)
            }
        } catch {
            filterReading.mistake = error
        }
    }

    /// The filter the rows show, as the rule names it (nil: none): as it was typed; while the text
    /// typed has a mistake, the last one that read.
    var appliedFilterText: String? {
        if case .words("") = filterReading.applied { return nil }
        return filterReading.appliedText
    }

    /// The mistake in the filter being typed, if any (its text is read first).
    var filterMistake: FilterError? {
        filterReading.text == textFilter && filterReading.model == model ? filterReading.mistake : nil
    }
}
