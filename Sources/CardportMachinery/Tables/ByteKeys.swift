#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte strings numbered in the order they were added, found without allocating: the keys of a
/// ``ByteTable``.
///
/// The bytes are digested where they are, found through ``HashSlots``, and compared only on a
/// digest match; a key is copied the first time it is added. Not generic, so that a look-up from
/// another module runs this module's own compiled code rather than generic code that copies the
/// table through its values' witnesses.
package struct ByteKeys: Sendable {
    /// Where a key was found, or where it goes when it is added.
    package enum Lookup: Sendable {
        /// The key is there, with this number.
        case found(Int)
        /// The key is not there; this is where ``ByteKeys/add(_:at:)`` puts it.
        case missing(Place)
    }

    /// A free slot for a key and its digest, valid until the keys next change.
    package struct Place: Sendable {
        let slot: HashSlots.Place
        let digest: UInt64
    }

    private var slots = HashSlots()
    private var keys: [[UInt8]] = []
    private var digests: [UInt64] = []

    /// No keys.
    package init() {}

    /// The number of keys.
    package var count: Int { keys.count }

    /// Calls `body` with the bytes of the key numbered `index`.
    package func withKey<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        keys[index].withUnsafeBytes(body)
    }

    /// Looks `key` up.
    package func find(_ key: UnsafeRawBufferPointer) -> Lookup {
        let digest = ByteDigest.of(key)
        let found = slots.find(digest) { known in
            digests[known] == digest && keys[known].count == key.count && ByteKeys.same(keys[known], key)
        }
        switch found {
        case .found(let index): return .found(index)
        case .missing(let place): return .missing(Place(slot: place, digest: digest))
        }
    }

    /// Adds `key`, which ``find(_:)`` just reported missing at `place`; returns its number.
    @discardableResult
    package mutating func add(_ key: UnsafeRawBufferPointer, at place: Place) -> Int {
        keys.append(Array(key))
        digests.append(place.digest)
        let digests = self.digests
        return slots.add(at: place.slot) { digests[$0] }
    }

    /// Whether a stored key holds exactly `bytes` (its length already compared).
    private static func same(_ stored: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        stored.withUnsafeBytes { bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }
}
