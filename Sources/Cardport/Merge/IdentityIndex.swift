import CardportCore
internal import CPrefetch

/// The position of each record by its identity key: an open-addressing table (linear probing)
/// that picks slots with the key's own digest bits.
///
/// Identity keys are uniform 128-bit digests, so their low bits spread the slots as well as a
/// hash would. A `Dictionary` hashes each key again and, for a key it does not hold yet, is asked
/// twice (once to look, once to store); a merge of a million records spent about a thousand
/// instructions per record there.
///
/// Nearly every look-up misses the cache, so the table is kept small: a slot is eight bytes, the
/// number of the key (in the order keys came) and 32 more bits of its digest. The keys and their
/// positions lie in arrays of their own in that order, written one after the other, and are read
/// only when those 32 bits match: for a key that is there, and for one in four billion others.
/// The table stays at most half full.
struct IdentityIndex {
    /// Per slot: the key's number plus one (0: empty) in the low half, bits of its digest above.
    private var slots: [UInt64]
    /// The keys held, in the order they came.
    private var keys: [IdentityKey] = []
    /// The position held for each key, in the same order.
    private var positions: [Int32] = []

    /// The number of keys held.
    var count: Int { keys.count }

    init() {
        slots = Array(repeating: 0, count: 1024)
    }

    /// Makes room for `count` keys in all, so that the table does not grow again and again.
    mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        positions.reserveCapacity(count)
        var size = slots.count
        while size < count * 2 { size <<= 1 }
        if size > slots.count { rebuild(size: size) }
    }

    /// Asks for the memory of `key`'s slot without waiting for it, so that a look-up of the key a
    /// little later finds it in the cache: the table is far larger than the cache, and a look-up
    /// that has to wait for memory takes longer than keying a record.
    func prefetch(_ key: IdentityKey) {
        let slot = Int(truncatingIfNeeded: key.low) & (slots.count - 1)
        slots.withUnsafeBufferPointer { cardport_prefetch($0.baseAddress! + slot) }
    }

    /// The position held for `key`; when there is none, holds `position` for it and returns `nil`.
    mutating func position(of key: IdentityKey, insertingIfAbsent position: Int32) -> Int32? {
        if (keys.count + 1) * 2 > slots.count { rebuild(size: slots.count * 2) }
        let tag = IdentityIndex.tag(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: key.low) & mask
        while true {
            let held = slots[slot]
            if held == 0 { break }
            if held & 0xFFFF_FFFF_0000_0000 == tag {
                let number = Int(truncatingIfNeeded: held & 0xFFFF_FFFF) - 1
                if keys[number] == key { return positions[number] }
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = tag | UInt64(keys.count + 1)
        keys.append(key)
        positions.append(position)
        return nil
    }

    /// The digest bits kept in a slot: from the high word, which the slot's place does not come from.
    @inline(__always)
    private static func tag(_ key: IdentityKey) -> UInt64 {
        key.high & 0xFFFF_FFFF_0000_0000
    }

    /// Makes the table `size` slots and puts every key back, in the order they came.
    private mutating func rebuild(size: Int) {
        slots = Array(repeating: 0, count: size)
        let mask = size - 1
        for (number, key) in keys.enumerated() {
            var slot = Int(truncatingIfNeeded: key.low) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = IdentityIndex.tag(key) | UInt64(number + 1)
        }
    }
}
