/// proptui's version: the one place it is written. `--version` (of `proptui` and of each
/// subcommand) and the demo recordings' headers read it from here.
enum ProptuiVersion {
    static let current = "0.1.0"
}
