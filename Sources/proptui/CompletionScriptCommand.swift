import ArgumentParser

/// The command tree that `proptui --generate-completion-script SHELL` describes. ArgumentParser's
/// completion scripts ignore `defaultSubcommand`, so for `ProptuiCommand` they would offer only
/// the subcommands after `proptui`, not the options of the app that `proptui` alone runs. This
/// twin of the root carries the app's options itself (taken from `AppCommand`, so they never
/// drift) beside the same subcommands. It is used for completion scripts only, never to run.
struct CompletionScriptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proptui",
        version: ProptuiVersion.current,
        subcommands: [AppCommand.self, Serve.self] + ScriptReadCommands.all + ScriptWriteCommands.all + [DemoCommand.self, SigV4SignCommand.self])

    @OptionGroup var app: AppCommand
}
