/// The program a tape drives: what to run, and the file it rewrites each time it is idle
/// (`PROPTUI_IDLE_FILE`: `<n> idle keys=<keys handled> …`), which tells the player when the
/// keys it typed have been handled and drawn, so no step depends on how fast the machine is.
public struct DemoProgram: Sendable {
    public var executable: String
    public var arguments: [String]
    public var environment: [String: String]
    public var idleFile: String

    public init(executable: String, arguments: [String], environment: [String: String], idleFile: String) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.idleFile = idleFile
    }
}
