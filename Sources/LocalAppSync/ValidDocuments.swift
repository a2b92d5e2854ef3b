import GraphQL
import Synchronization

/// The documents this schema validated, by their text, so that a text asked again (every page
/// of a load sends the same query) is neither parsed nor validated again. Validation depends only
/// on the schema and the document, and the limits checked before it only on the text, so a
/// document kept here is one those checks passed. Bounded: at most `capacity` texts of at most
/// `maxTextBytes` each; when full, it starts again empty.
final class ValidDocuments: Sendable {
    static let capacity = 256
    static let maxTextBytes = 16 * 1024
    private let documents = Mutex<[String: Document]>([:])

    func document(for text: String) -> Document? {
        documents.withLock { $0[text] }
    }

    func keep(_ document: Document, for text: String) {
        guard text.utf8.count <= Self.maxTextBytes else { return }
        documents.withLock { documents in
            if documents.count >= Self.capacity { documents.removeAll(keepingCapacity: true) }
            documents[text] = document
        }
    }
}
