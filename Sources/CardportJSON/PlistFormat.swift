public import CardportCore

/// The apps' `UserDefaults` property lists, XML or binary: the citation app's cards, tags and
/// settings, the quotes app's favourites, or cards under any key (`--plist-key`).
///
/// The apps keep their lists as JSON data under a key of their domain, so a property list is read
/// as a container: its known keys (``PlistDomain``) become records, the JSON inside them is read
/// as the native document's records (and the favourites as the favourites format's), and a key it
/// does not know is counted in the notes rather than passed over without a word. The file is read
/// whole from its path (a binary list is not text), so standard input is not read.
///
/// ```swift
/// let records = try PlistFormat().makeReader(try ByteInput(bytes: [], name: "Defaults.plist"), options: ReadOptions()).readAll()
/// ```
public struct PlistFormat: CardFormat {
    public init() {}

    public let descriptor = FormatDescriptor(
        id: "plist", aliases: ["property-list"], extensions: ["plist"],
        mediaType: "application/x-plist", reads: [.citation, .tag, .settings], writes: [.citation, .tag, .settings],
        summary: "the apps' UserDefaults property lists (XML or binary): cards, tags, settings, favourites",
        readsFromPath: true)

    /// Certain for a binary list (`bplist00`) or an XML one (its doctype or `<plist` root).
    public func sniff(_ prefix: [UInt8]) -> SniffResult {
        if prefix.starts(with: Array("bplist00".utf8)) { return .certain }
        let head = String(decoding: prefix.prefix(512), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.hasPrefix("<plist") || head.hasPrefix("\u{FEFF}<?xml") else { return .no }
        return head.contains("<!DOCTYPE plist") || head.contains("<plist") ? .certain : .no
    }

    public func makeReader(_ input: ByteInput, options: ReadOptions) throws(CardportError) -> any RecordReader {
        try PlistReader(path: input.name, options: options)
    }

    public func makeWriter(_ output: ByteOutput, options: WriteOptions) throws(CardportError) -> any RecordWriter {
        PlistWriter(output: output, options: options)
    }
}
