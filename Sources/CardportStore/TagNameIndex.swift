import CardportCore
import Glibc

/// The primary keys of the tags a transaction has met, by the exact UTF-8 bytes of their names.
///
/// An import looks up every tag of every card, mostly the same few dozen names again and again.
/// A dictionary of `String` keys hashes each name with a seeded hasher and compares by canonical
/// equivalence; this table takes a ``StableHash`` of the bytes and compares them with `memcmp`,
/// open addressing at most half full. A name spelled with other bytes (another normalisation of the
/// same text) is simply another entry: it is found by its identity key on its first look-up.
struct TagNameIndex {
    private var slots = [Int32](repeating: -1, count: 64)
    private var names: [String] = []
    private var digests: [UInt64] = []
    private var pks: [Int64] = []

    /// The primary key recorded for `name`, if any.
    func pk(_ name: String) -> Int64? {
        var name = name
        return name.withUTF8 { bytes in
            let digest = TagNameIndex.digest(bytes)
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: digest) & mask
            while slots[slot] >= 0 {
                let known = Int(slots[slot])
                if digests[known] == digest, TagNameIndex.same(names[known], bytes) { return pks[known] }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Records `pk` for `name` (not recorded yet).
    mutating func add(_ name: String, pk: Int64) {
        var name = name
        let digest = name.withUTF8 { TagNameIndex.digest($0) }
        names.append(name)
        digests.append(digest)
        pks.append(pk)
        if names.count * 2 > slots.count {
            slots = [Int32](repeating: -1, count: slots.count * 2)
            for index in names.indices { place(index) }
        } else {
            place(names.count - 1)
        }
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: digests[index]) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
    }

    private static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = StableHash()
        hash.combine(bytes: bytes)
        return hash.finalize().0
    }

    private static func same(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var name = name
        return name.withUTF8 { known in
            known.count == bytes.count && (known.isEmpty || memcmp(known.baseAddress!, bytes.baseAddress!, known.count) == 0)
        }
    }
}
