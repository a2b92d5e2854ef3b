/// GraphQL's rule for names (`/[_A-Za-z][_0-9A-Za-z]*/`). Every model, field, enum and type
/// name read from a description is checked with it, since they are written into GraphQL
/// documents as they are: a name with a space or a brace in it would change the document.
enum GraphQLName {
    static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 256 else { return false }
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
        return isLetter(first) && name.utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
