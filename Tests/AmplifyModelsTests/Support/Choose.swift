import PropertyBased

/// One of `items` (shrinking towards the first): `Gen.element(of:)` gives an optional.
func choose<T: Sendable>(_ items: [T]) -> Generator<T, Shrink.Integer<Int>> {
    Gen.int(in: 0...(items.count - 1)).map { items[$0] }
}
