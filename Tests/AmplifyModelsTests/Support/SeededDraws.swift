/// Draws from a seed (SplitMix64): the same seed, the same draws, so that a failing random case
/// can be run again. Shared by the random values and the file fuzz of AmplifyModelsTests, and
/// (linked there) the random filters of ModelFiltersTests and SyncEngineTests' convergence.
struct SeededDraws {
    private var state: UInt64

    init(seed: Int) { state = UInt64(truncatingIfNeeded: seed) &* 0xD134_2543_DE82_EF95 &+ 1 }

    /// Draws from `state` as it is (the file fuzz's seeds, printed and replayed so).
    init(state: UInt64) { self.state = state }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func chance(_ percent: Int) -> Bool { next(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
}
