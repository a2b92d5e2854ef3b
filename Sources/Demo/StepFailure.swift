/// A step that did not do what the tape said; `TapePlayer` adds the line and the screen.
struct StepFailure: Error {
    let message: String
}
