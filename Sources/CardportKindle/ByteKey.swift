/// Bytes as a dictionary key, hashed and compared byte for byte.
///
/// `String` keys hash through Unicode normalisation, which costs more than the rest of reading an
/// entry; the title lines and metadata line shapes of one file repeat byte for byte, so bytes are
/// the right key.
struct ByteKey: Hashable {
    let bytes: [UInt8]

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = Array(bytes)
    }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
