import AmplifyModels
import ArgumentParser
import RecordExport

/// What `list` and `export` read: a model's records, those a filter selects, with the fields
/// asked for, each checked before the backend opens and turned into columns and a query once it has.
struct RecordSelectionOptions: ParsableArguments {
    @Argument(help: "The model, by name (as the models file or the API names it).")
    var model: String

    @Option(help: "Only the records this filter selects, like 'amount >= 100 and kind = EXPENSE'.")
    var filter: String?

    @Option(help: ArgumentHelp("Only these fields, in this order (comma-separated).", valueName: "a,b,…"))
    var fields: String?

    /// The fields and the filter checked against the model, before anything is asked of the server.
    var check: (AmplifyModel, ModelSchema) throws -> Void { ScriptSession.checking(fields: fields, filter: filter) }

    /// The columns to write and the query that reads them, in the opened session.
    func columnsAndQuery(in session: ScriptSession) throws -> (ExportColumns, RecordQuery) {
        (try session.columns(fields), try session.query(filter: filter))
    }
}
