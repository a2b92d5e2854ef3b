import AmplifyModels

extension AmplifyModel {
    /// How a list of this model's records is titled: its plural name in words, as the sample's
    /// list always was (`RealEstateProperties` → `Real Estate Properties`, `AWSAccounts` →
    /// `AWS Accounts`, `Transactions`). A name with no case to split on stays as it is.
    public var listTitle: String { Self.words(pluralName) }

    /// One record's kind in words, for a form's title (`New Real Estate Property`).
    public var nameInWords: String { Self.words(name) }

    static func words(_ name: String) -> String {
        let characters = Array(name)
        var title = ""
        for (index, character) in characters.enumerated() {
            if index > 0, character.isUppercase {
                let previous = characters[index - 1]
                let rest = characters[(index + 1)...]
                // A word starts at a capital after a small letter or a digit ("Real|Estate"), and at
                // the last capital of a run followed by a small letter ("AWS|Accounts"), unless
                // that is only an acronym's plural "s" ("URLs").
                let startsAWord = rest.first?.isLowercase == true && Array(rest) != ["s"]
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && startsAWord) {
                    title.append(" ")
                }
            }
            title.append(character)
        }
        return title
    }
}
