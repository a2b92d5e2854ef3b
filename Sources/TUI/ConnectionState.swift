import PropertySync

/// The state of the link to the server, for the header: the list's own words for it.
public typealias ConnectionState = Connectivity
