import CardportCore
import CardportMachinery

/// One highlight's generated block in a vault note, fenced by two HTML comments so it can be found,
/// replaced or removed on the next export without touching anything around it.
///
/// ```
/// <!-- cardport:begin 1a2b3c4d fp=0123456789abcdef -->
/// > The highlight.
///
/// *Location 12*
///
/// ^1a2b3c4d
/// <!-- cardport:end -->
/// ```
///
/// The fingerprint is a stable hash of the lines between the two markers as they were written;
/// when the lines no longer hash to it, the user edited the block by hand. `^1a2b3c4d` is the
/// Obsidian block id, so a link to the highlight (`[[Book#^1a2b3c4d]]`) keeps working.
struct NoteBlock: Equatable {
    /// The block id: the first eight letters and digits of the citation's id, lower-cased (more
    /// when two citations of a note share the first eight, ``ids(of:)``).
    var id: String
    /// The fingerprint in the opening marker.
    var fingerprint: String
    /// The lines between the markers, each ending in a line feed.
    var body: String

    static let beginPrefix = "<!-- cardport:begin "
    static let endLine = "<!-- cardport:end -->"

    /// The block id of a citation.
    static func id(of citation: Citation) -> String {
        String(letters(of: citation.id).prefix(8))
    }

    /// The letters and digits of a card id, lower-cased: what a block id is a prefix of.
    static func letters(of id: String) -> String {
        String(id.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            .map(Character.init))
    }

    /// The block ids of the citations of one note, in order: eight letters and digits each, more
    /// for citations whose first eight are the same, so no two share a block.
    ///
    /// Colliding ids are lengthened together to the shortest length that tells them apart; ids
    /// whose letters and digits are all the same (they differ in case or punctuation only) get
    /// `-2`, `-3`, … after the second and later ones, in the order given.
    static func ids(of citations: [Citation]) -> [String] {
        var ids = citations.map(id(of:))
        var positions: [String: [Int]] = [:]
        for (index, id) in ids.enumerated() { positions[id, default: []].append(index) }
        for (_, colliding) in positions where colliding.count > 1 {
            let full = colliding.map { letters(of: citations[$0].id) }
            let longest = full.map(\.count).max() ?? 8
            var length = 9
            while length < longest, Set(full.map { $0.prefix(length) }).count < full.count { length += 1 }
            var seen: [String: Int] = [:]
            for (index, letters) in zip(colliding, full) {
                let base = String(letters.prefix(length))
                let count = seen[base, default: 0] + 1
                seen[base] = count
                ids[index] = count == 1 ? base : "\(base)-\(count)"
            }
        }
        return ids
    }

    /// The fingerprint of a block's body.
    static func fingerprint(_ body: String) -> String {
        var hasher = StableHash()
        hasher.combine(body)
        let (high, _) = hasher.finalize()
        let hex = String(high, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A block whose fingerprint matches its body.
    init(id: String, body: String) {
        self.id = id
        self.body = body
        self.fingerprint = NoteBlock.fingerprint(body)
    }

    /// A block as found in a note.
    init(id: String, fingerprint: String, body: String) {
        self.id = id
        self.fingerprint = fingerprint
        self.body = body
    }

    /// Whether the body is still what Cardport wrote.
    var isUntouched: Bool { NoteBlock.fingerprint(body) == fingerprint }

    /// The block with its markers.
    var rendered: String {
        "\(NoteBlock.beginPrefix)\(id) fp=\(fingerprint) -->\n\(body)\(NoteBlock.endLine)\n"
    }

    /// The id and fingerprint of an opening marker line (without its line feed), or `nil`.
    static func parseBegin(_ line: Substring) -> (id: String, fingerprint: String)? {
        guard line.hasPrefix(beginPrefix), line.hasSuffix(" -->") else { return nil }
        let inner = line.dropFirst(beginPrefix.count).dropLast(4).split(separator: " ")
        guard inner.count == 2, inner[1].hasPrefix("fp=") else { return nil }
        return (String(inner[0]), String(inner[1].dropFirst(3)))
    }
}
