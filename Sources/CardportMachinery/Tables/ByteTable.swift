#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A table from byte strings to values, looked up without allocating.
///
/// Readers look the same few byte strings up again and again (a Kindle file's title lines and
/// metadata line shapes, an import's tag names). A `Dictionary` would need the bytes copied into a
/// key (and `String` keys would hash and compare through Unicode normalisation); this table digests
/// the bytes where they are, finds them through ``HashSlots``, and compares bytes only on a digest
/// match. A key is copied the first time it is added. Keys are bytes: two spellings of one text
/// (composed and decomposed) are two keys.
///
/// ```swift
/// var tags = ByteTable<Int64>()
/// switch tags.find(nameBytes) {
/// case .found(let index): tags[index]                          // the tag's key
/// case .missing(let place): tags.add(nameBytes, newKey, at: place)
/// }
/// ```
package struct ByteTable<Value> {
    /// Where a key was found, or where it goes when it is added.
    package enum Lookup {
        /// The key is there, at this index.
        case found(Int)
        /// The key is not there; this is where ``ByteTable/add(_:_:at:)`` puts it.
        case missing(Place)
    }

    /// A free slot for a key and its digest, valid until the table next changes.
    package struct Place {
        @usableFromInline var slot: HashSlots.Place
        @usableFromInline var digest: UInt64

        @usableFromInline
        init(slot: HashSlots.Place, digest: UInt64) {
            self.slot = slot
            self.digest = digest
        }
    }

    @usableFromInline package var slots = HashSlots()
    @usableFromInline package var keys: [[UInt8]] = []
    @usableFromInline package var digests: [UInt64] = []
    @usableFromInline package var values: [Value] = []

    /// An empty table.
    @inlinable package init() {}

    /// The number of keys.
    @inlinable package var count: Int { values.count }

    /// The value added at `index` (in the order keys were added).
    @inlinable package subscript(index: Int) -> Value { values[index] }

    /// Calls `body` with the bytes of the key at `index`.
    @inlinable package func withKey<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        keys[index].withUnsafeBytes(body)
    }

    /// Looks `key` up.
    @inlinable package func find(_ key: UnsafeRawBufferPointer) -> Lookup {
        let digest = ByteDigest.of(key)
        let found = slots.find(digest) { known in
            digests[known] == digest && keys[known].count == key.count && ByteTable.same(keys[known], key)
        }
        switch found {
        case .found(let index): return .found(index)
        case .missing(let place): return .missing(Place(slot: place, digest: digest))
        }
    }

    /// Adds `key` (which ``find(_:)`` just reported missing at `place`) with its value; returns its index.
    @discardableResult
    @inlinable package mutating func add(_ key: UnsafeRawBufferPointer, _ value: Value, at place: Place) -> Int {
        keys.append(Array(key))
        digests.append(place.digest)
        values.append(value)
        let digests = self.digests
        return slots.add(at: place.slot) { digests[$0] }
    }
}

extension ByteTable {
    /// Whether a stored key holds exactly `bytes` (its length already compared).
    @usableFromInline
    package static func same(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        stored.withUnsafeBytes { bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }
}

extension ByteTable: Sendable where Value: Sendable {}
extension ByteTable.Lookup: Sendable {}
extension ByteTable.Place: Sendable {}
