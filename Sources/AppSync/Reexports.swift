// The JSON reader and values (JSONValues) and SigV4 are modules of their own, which depend on
// nothing else in the package, so that the models, the screens and the embedded server link no
// client; every user of the client still sees them through it.
@_exported import JSONValues
@_exported import SigV4
