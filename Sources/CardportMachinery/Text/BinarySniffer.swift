/// Tells a binary file given by mistake from the text files Cardport reads, by its first bytes.
///
/// Every format Cardport reads is text, so an input that starts like an archive, an image, a database
/// or a program is refused before any reader sees it, with a message that says what it looks like:
/// "'book.epub' looks like a ZIP archive" is more use than a syntax error on line 1. ``ByteInput``
/// runs it on the first bytes of every input it opens; a NUL byte later in the file is refused, with its
/// line and column, as the input is read.
package enum BinarySniffer {
    /// What a binary input looks like and what to do about it.
    package struct Finding: Sendable, Hashable {
        /// What the bytes look like, as a noun phrase ("a ZIP archive (.zip, .epub, .xlsx, .docx)").
        package var description: String
        /// What the user can do.
        package var hint: String
    }

    /// How many leading bytes ``identify(_:)`` needs to see for the control-byte count.
    package static let prefixLength = 4096

    /// What `prefix` (the first bytes of an input, byte-order mark included) looks like when it is not
    /// text, or `nil` when it may be text.
    ///
    /// ```swift
    /// BinarySniffer.identify(Array("%PDF-1.7".utf8))?.description   // "a PDF document"
    /// ```
    package static func identify(_ prefix: some Collection<UInt8>) -> Finding? {
        let bytes = Array(prefix.prefix(prefixLength))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + magic.count && Array(bytes[offset..<(offset + magic.count)]) == magic
        }
        let convert = "name a text file in one of the formats 'cardport formats' lists"
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) || starts([0x50, 0x4B, 0x07, 0x08]) {
            return Finding(description: "a ZIP archive (.zip, or an .epub, .xlsx or .docx file)",
                           hint: "unpack it and name the file inside, or \(convert)")
        }
        if starts([0x1F, 0x8B]) {
            return Finding(description: "a gzip-compressed file", hint: "decompress it first, e.g. gunzip -k FILE")
        }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
            return Finding(description: "an xz-compressed file", hint: "decompress it first, e.g. unxz -k FILE")
        }
        if starts(Array("%PDF-".utf8)) {
            return Finding(description: "a PDF document", hint: convert)
        }
        if starts(Array("SQLite format 3".utf8) + [0]) {
            return Finding(description: "an SQLite database",
                           hint: "a Kobo or Apple Books database is read with --from kobo or --from apple-books; a Cardport store with --store (e.g. cardport export --store FILE -o cards.json)")
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            return Finding(description: "a PNG image", hint: convert)
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            return Finding(description: "a JPEG image", hint: convert)
        }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            return Finding(description: "a GIF image", hint: convert)
        }
        if starts([0x7F, 0x45, 0x4C, 0x46]) {
            return Finding(description: "an ELF executable", hint: convert)
        }
        if starts(Array("BOOKMOBI".utf8), at: 60) || starts(Array("TEXtREAd".utf8), at: 60) {
            return Finding(description: "a MOBI/AZW ebook",
                           hint: "Cardport reads a Kindle's highlights from 'My Clippings.txt' in the Kindle's documents folder, not the book")
        }
        return looksBinary(bytes)
    }

    /// A finding for bytes with no known signature that are still not text: NUL bytes in the places
    /// UTF-16 puts them, or many control bytes.
    private static func looksBinary(_ bytes: [UInt8]) -> Finding? {
        guard bytes.contains(0) else { return nil }
        // UTF-16 without a byte-order mark: ASCII text with a NUL in every other byte.
        let pairs = bytes.count / 2
        if pairs >= 4 {
            let evenNUL = stride(from: 0, to: pairs * 2, by: 2).filter { bytes[$0] == 0 }.count
            let oddNUL = stride(from: 1, to: pairs * 2, by: 2).filter { bytes[$0] == 0 }.count
            if Swift.max(evenNUL, oddNUL) * 10 >= pairs * 9, Swift.min(evenNUL, oddNUL) * 10 <= pairs {
                let kind = oddNUL > evenNUL ? "UTF-16LE" : "UTF-16BE"
                return Finding(description: "\(kind) text without a byte-order mark",
                               hint: "convert it first, e.g. iconv -f \(kind) -t UTF-8 FILE > converted.txt")
            }
        }
        let control = bytes.filter { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x0C }.count
        if control * 10 >= bytes.count {
            return Finding(description: "binary data", hint: "name a text file in one of the formats 'cardport formats' lists")
        }
        return nil
    }
}
