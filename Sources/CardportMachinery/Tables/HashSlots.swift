/// The slots of an open-addressing hash table: linear probing, at most half full, each slot the
/// number of an entry (in the order entries were added) and 32 more bits of its digest.
///
/// Every table of the package is this and arrays of its own: the caller keeps its keys and values
/// in the order they were added, gives each key a uniform 64-bit digest, and says when the entry a
/// slot names holds the key it is looking for. The slots only find entries; they never move them.
/// A look-up compares keys only when the 32 bits in the slot agree (for a key that is there, and
/// for one in four billion others), so a miss seldom reads the caller's arrays.
///
/// ```swift
/// var slots = HashSlots()
/// var names: [String] = []
/// let digest = StableHash.of("Le Guin")
/// switch slots.find(digest, where: { names[$0] == "Le Guin" }) {
/// case .found(let entry): print(names[entry])
/// case .missing(let place):
///     names.append("Le Guin")
///     slots.add(at: place, digestOf: { StableHash.of(names[$0]) })
/// }
/// ```
package struct HashSlots: Sendable {
    /// Where an entry was found, or where a new one goes.
    package enum Lookup: Sendable {
        /// The entry with this number holds the key.
        case found(Int)
        /// No entry holds the key; ``HashSlots/add(at:digestOf:)`` puts the next entry here.
        case missing(Place)
    }

    /// A free slot and the digest bits for it, valid until the slots next change.
    package struct Place: Sendable {
        @usableFromInline let slot: Int
        @usableFromInline let tag: UInt64

        @usableFromInline
        init(slot: Int, tag: UInt64) {
            self.slot = slot
            self.tag = tag
        }
    }

    /// Per slot: the entry's number plus one (0: empty) in the low half, digest bits above.
    @usableFromInline var slots: [UInt64]
    /// The number of entries.
    package private(set) var count = 0

    /// Empty slots for about `capacity` entries before they grow.
    @inlinable package init(capacity: Int = 32) {
        slots = Array(repeating: 0, count: HashSlots.size(for: capacity))
    }

    /// Looks `digest` up: the first entry, in probe order, for which `isEntry` says yes.
    @inlinable @inline(__always)
    package func find(_ digest: UInt64, where isEntry: (Int) -> Bool) -> Lookup {
        let tag = HashSlots.tag(digest)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: digest) & mask
        while true {
            let held = slots[slot]
            if held == 0 { return .missing(Place(slot: slot, tag: tag)) }
            if held & 0xFFFF_FFFF_0000_0000 == tag {
                let entry = Int(truncatingIfNeeded: held & 0xFFFF_FFFF) - 1
                if isEntry(entry) { return .found(entry) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Adds the next entry (number ``count``) at `place`, which ``find(_:where:)`` just gave;
    /// returns its number. When that fills the slots past half, they are laid out again twice
    /// as many, from `digestOf`, the digest of each entry by number.
    @discardableResult
    @inlinable package mutating func add(at place: Place, digestOf: (Int) -> UInt64) -> Int {
        let entry = count
        slots[place.slot] = place.tag | UInt64(entry + 1)
        count += 1
        if count * 2 > slots.count { rebuild(size: slots.count * 2, digestOf: digestOf) }
        return entry
    }

    /// Makes room for `capacity` entries in all, so that the slots do not grow again and again.
    @inlinable package mutating func reserveCapacity(_ capacity: Int, digestOf: (Int) -> UInt64) {
        let size = HashSlots.size(for: capacity)
        if size > slots.count { rebuild(size: size, digestOf: digestOf) }
    }

    /// Calls `body` with the address of `digest`'s first slot, for a caller that asks the
    /// processor for that memory without waiting for it (the identity index, through `CPrefetch`),
    /// so that a look-up a little later finds it in the cache: worth it when the slots are far
    /// larger than the cache. The address is valid only during the call.
    @inlinable @inline(__always)
    package func withFirstSlot(of digest: UInt64, _ body: (UnsafeRawPointer) -> Void) {
        let slot = Int(truncatingIfNeeded: digest) & (slots.count - 1)
        slots.withUnsafeBufferPointer { body($0.baseAddress! + slot) }
    }

    /// The slots laid out again, `size` of them, every entry in the order of its number.
    @usableFromInline
    mutating func rebuild(size: Int, digestOf: (Int) -> UInt64) {
        slots = Array(repeating: 0, count: size)
        let mask = size - 1
        for entry in 0..<count {
            let digest = digestOf(entry)
            var slot = Int(truncatingIfNeeded: digest) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = HashSlots.tag(digest) | UInt64(entry + 1)
        }
    }

    /// The digest bits kept in a slot: the high half, which the slot's place does not come from.
    @inlinable @inline(__always)
    static func tag(_ digest: UInt64) -> UInt64 {
        digest & 0xFFFF_FFFF_0000_0000
    }

    /// The number of slots for `capacity` entries: a power of two, at least twice `capacity`.
    @inlinable
    static func size(for capacity: Int) -> Int {
        var size = 64
        while size < capacity * 2 { size <<= 1 }
        return size
    }
}
