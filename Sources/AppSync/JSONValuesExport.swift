// The JSON reader and values moved to their own module (JSONValues), which depends on nothing
// else in the package; every user of the client still sees them through it.
@_exported import JSONValues
