import ScreenValues

/// The help's sections, in the order it shows them.
public enum KeySection: String, Sendable, CaseIterable {
    case navigation = "Navigation"
    case editing = "Changes"
    case view = "View"
    case simulation = "Simulation (embedded server)"
}

/// One row of a keymap: keys, their line in the help, and what they do in each context (a
/// screen or an overlay).
public struct KeyBinding<Context: Hashable & Sendable, Command: Equatable & Sendable>: Sendable {
    public let keys: [Key]
    /// The help's section; nil for keys only an overlay knows, which its own hints and footer show.
    public let section: KeySection?
    /// What the keys do, for the help overlay and the documentation.
    public let summary: String
    /// What the keys do in each context: one command for all of them, or one per key in the
    /// order of `keys` (nil: that key does nothing there).
    public private(set) var commands: [Context: [Command?]] = [:]

    public init(_ keys: [Key], _ section: KeySection?, _ summary: String) {
        self.keys = keys
        self.section = section
        self.summary = summary
    }

    /// The same binding, doing `command` in `contexts` whichever of its keys is pressed.
    public func does(_ command: Command, in contexts: Context...) -> Self {
        does([command], in: contexts)
    }

    /// The same binding, doing `command` in every one of `contexts`.
    public func does(_ command: Command, in contexts: [Context]) -> Self {
        does([command], in: contexts)
    }

    /// The same binding, doing one command per key (in the order of `keys`) in `contexts`.
    public func does(each commands: [Command?], in contexts: Context...) -> Self {
        precondition(commands.count == keys.count, "one command per key")
        return does(commands, in: contexts)
    }

    private func does(_ commands: [Command?], in contexts: [Context]) -> Self {
        var binding = self
        for context in contexts { binding.commands[context] = commands }
        return binding
    }

    /// What `key`, one of `keys`, does in `context`.
    public func command(for key: Key, in context: Context) -> Command? {
        guard let commands = commands[context], let position = keys.firstIndex(of: key) else { return nil }
        return commands.count == 1 ? commands[0] : commands[position]
    }

    /// The keys as help spells them: "j k ↓ ↑".
    public var keyLabel: String { keys.map(\.label).joined(separator: " ") }
}

/// A key hint at the bottom of the screen: keys (as the keymap binds them in that context) and a word.
public struct KeyHint: Sendable {
    public let keys: [Key]
    public let word: String

    public init(_ keys: [Key], _ word: String) {
        self.keys = keys
        self.word = word
    }

    /// "j k", "n Esc ⏎".
    public var label: String { keys.map(\.label).joined(separator: " ") }
}

/// A table of keys, as lazygit's and tig's: it dispatches every key on every screen and
/// overlay, and writes the help (`?`), the hints and the documentation's list of keys, so that
/// none of them can disagree with what a key does. The editing keys of a text field are not
/// here: the field (`LineEditor`) has its own.
public struct KeyTable<Context: Hashable & Sendable, Command: Equatable & Sendable>: Sendable {
    public let bindings: [KeyBinding<Context, Command>]
    /// What a key the table does not bind does in a context (in a confirmation: no).
    public let otherKeys: [Context: Command]
    /// Each context's hint line, in order.
    public let hintLines: [Context: [KeyHint]]
    /// The table as a look-up: context, then key.
    private let index: [Context: [Key: Command]]

    public init(_ bindings: [KeyBinding<Context, Command>], otherKeys: [Context: Command] = [:], hintLines: [Context: [KeyHint]]) {
        self.bindings = bindings
        self.otherKeys = otherKeys
        self.hintLines = hintLines
        var index: [Context: [Key: Command]] = [:]
        for binding in bindings {
            for context in binding.commands.keys {
                for key in binding.keys {
                    if let command = binding.command(for: key, in: context) { index[context, default: [:]][key] = command }
                }
            }
        }
        self.index = index
    }

    /// What `key` does in `context`, if anything.
    public func command(for key: Key, in context: Context) -> Command? {
        index[context]?[key] ?? otherKeys[context]
    }

    /// The keys that give `command` in `context`, in table order.
    public func keys(for command: Command, in context: Context) -> [Key] {
        bindings.flatMap { binding in binding.keys.filter { binding.command(for: $0, in: context) == command } }
    }

    /// Every key bound in `context`, in table order (the documentation's "where each key works").
    public func keys(in context: Context) -> [Key] {
        bindings.flatMap { binding in binding.keys.filter { binding.command(for: $0, in: context) != nil } }
    }

    /// The hint line of a context: (keys, word). A hint whose keys do nothing there is left out,
    /// so that a hint cannot promise what a key does not do.
    /// `offered` leaves out a hint whose keys' command cannot be done now (a read-only model's changes).
    public func hints(in context: Context, offered: (Command) -> Bool = { _ in true }) -> [(key: String, word: String)] {
        (hintLines[context] ?? []).filter { hint in
            hint.keys.allSatisfy { key in command(for: key, in: context).map(offered) ?? false }
        }.map { ($0.label, $0.word) }
    }

    /// A hint for what only some moments offer, with the first key the table binds to it there.
    public func hint(for command: Command, in context: Context, _ word: String) -> [(key: String, word: String)] {
        keys(for: command, in: context).first.map { [($0.label, word)] } ?? []
    }

    /// The help's lines, section by section: each binding's keys and summary, then the keys the
    /// terminal handles itself, a text field's, and `more`: screens that take their own keys
    /// (a title, then each key's label and summary).
    public func helpLines(simulationAvailable: Bool, more: [(title: String, keys: [(String, String)])] = []) -> [(text: String, style: Frame.Style)] {
        var lines: [(text: String, style: Frame.Style)] = []
        for section in KeySection.allCases {
            let inSection = bindings.filter { $0.section == section }
            guard !inSection.isEmpty else { continue }
            if !lines.isEmpty { lines.append(("", .normal)) }
            var heading = section.rawValue
            if section == .simulation && !simulationAvailable { heading += " — not available with --endpoint" }
            lines.append((heading, .bold))
            for binding in inSection { lines.append(HelpView.line(keys: binding.keyLabel, summary: binding.summary)) }
        }
        // Keys the terminal module handles itself, before the app sees a key; then the editing keys,
        // which the field handles itself (`LineEditor`), not the keymap.
        let terminal = [("C-z", "suspend to the shell (fg comes back)"), ("C-c", "quit at once (unsent changes are kept)")]
        for (title, keys) in [("Terminal", terminal), ("In a text field", LineEditor.keyHelp)] + more {
            lines.append(("", .normal))
            lines.append((title, .bold))
            for (key, summary) in keys { lines.append(HelpView.line(keys: key, summary: summary)) }
        }
        return lines
    }
}
