import ArgumentParser

@main
struct ProptuiCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proptui",
        abstract: "Manage a list of real estate properties, with optimistic UI done right.",
        discussion: """
            Every change is on screen in the same frame as the key press; the GraphQL
            mutation runs in the background against an AWS AppSync-compatible API, and a
            change the server rejects is reverted with the reason on the status line.

            With no endpoint, proptui starts its embedded AppSync-compatible server on
            127.0.0.1 and keeps its data in the data directory.
            """,
        version: "0.1.0",
        subcommands: [Serve.self])

    mutating func run() throws {
        // The terminal screen and the embedded server are the next milestones
        // (issues 3 and 4); until they land, say so instead of pretending.
        throw ValidationError("the terminal screen is not built yet; see README.md for what works today")
    }
}
