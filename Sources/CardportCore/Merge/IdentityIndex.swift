/// The position of each record by its identity key: an open-addressing table (linear probing)
/// that picks slots with the key's own digest bits.
///
/// Identity keys are uniform 128-bit digests, so their low bits spread the slots as well as a
/// hash would. A `Dictionary` hashes each key again and, for a key it does not hold yet, is asked
/// twice (once to look, once to store); a merge of a million records spent about a thousand
/// instructions per record there. The table stays at most half full.
struct IdentityIndex {
    private var keys: [IdentityKey?]
    private var positions: [Int32]
    /// The number of keys held.
    private(set) var count = 0

    init() {
        keys = Array(repeating: nil, count: 1024)
        positions = Array(repeating: 0, count: 1024)
    }

    /// The position held for `key`; when there is none, holds `position` for it and returns `nil`.
    mutating func position(of key: IdentityKey, insertingIfAbsent position: Int32) -> Int32? {
        if (count + 1) * 2 > keys.count { grow() }
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: key.low) & mask
        while let held = keys[slot] {
            if held == key { return positions[slot] }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        positions[slot] = position
        count += 1
        return nil
    }

    /// Doubles the table and puts every key back.
    private mutating func grow() {
        let oldKeys = keys
        let oldPositions = positions
        keys = Array(repeating: nil, count: oldKeys.count * 2)
        positions = Array(repeating: 0, count: oldKeys.count * 2)
        let mask = keys.count - 1
        for (index, held) in oldKeys.enumerated() {
            guard let held else { continue }
            var slot = Int(truncatingIfNeeded: held.low) & mask
            while keys[slot] != nil { slot = (slot + 1) & mask }
            keys[slot] = held
            positions[slot] = oldPositions[index]
        }
    }
}
