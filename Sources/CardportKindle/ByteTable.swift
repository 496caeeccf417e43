import Glibc

/// A table from byte strings to values, looked up without allocating.
///
/// The title lines and metadata line shapes of one file repeat byte for byte, and each entry looks
/// one of each up. A `Dictionary` would need the bytes copied into a key (and `String` keys would
/// hash through Unicode normalisation); this table digests the bytes where they are, probes an
/// open-addressing index, and compares bytes only on a digest match. A key is copied the first
/// time it is added.
///
/// ```swift
/// var books = ByteTable<KindleBook>()
/// switch books.find(titleBytes) {
/// case .found(let index): books[index]
/// case .missing(let place): books.add(titleBytes, KindleBook(titleLine: title), at: place)
/// }
/// ```
struct ByteTable<Value> {
    /// Where a key was found, or where it goes when it is added.
    enum Lookup {
        case found(Int)
        case missing(Place)
    }

    /// A free slot for a key and its digest, valid until the table next changes.
    struct Place {
        fileprivate var slot: Int
        fileprivate var digest: UInt64
    }

    private var slots = [Int32](repeating: -1, count: 64)
    private var keys: [[UInt8]] = []
    private var digests: [UInt64] = []
    private var values: [Value] = []

    /// The number of keys.
    var count: Int { values.count }

    /// The value added at `index` (in the order keys were added).
    subscript(index: Int) -> Value { values[index] }

    /// Calls `body` with the bytes of the key at `index`.
    func withKey<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        keys[index].withUnsafeBytes(body)
    }

    /// Looks `key` up.
    func find(_ key: UnsafeRawBufferPointer) -> Lookup {
        let digest = ByteDigest.of(key)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: digest) & mask
        while slots[slot] >= 0 {
            let known = Int(slots[slot])
            if digests[known] == digest, keys[known].count == key.count,
               keys[known].withUnsafeBytes({ key.count == 0 || memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }) {
                return .found(known)
            }
            slot = (slot + 1) & mask
        }
        return .missing(Place(slot: slot, digest: digest))
    }

    /// Adds `key` (which ``find(_:)`` just reported missing at `place`) with its value; returns its index.
    @discardableResult
    mutating func add(_ key: UnsafeRawBufferPointer, _ value: Value, at place: Place) -> Int {
        let index = values.count
        slots[place.slot] = Int32(index)
        keys.append(Array(key))
        digests.append(place.digest)
        values.append(value)
        // At most half full, so that probes stay short.
        if values.count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            let mask = slots.count - 1
            for (known, digest) in digests.enumerated() {
                var slot = Int(truncatingIfNeeded: digest) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(known)
            }
        }
        return index
    }
}

extension ByteTable: Sendable where Value: Sendable {}
