/// A note in a vault, split into what the user owns and the blocks Cardport generated, and the
/// update that brings its blocks in step with a book's highlights.
///
/// Everything outside the generated blocks (front matter, headings, the user's paragraphs) is held
/// as text and written back byte for byte. Front matter is Cardport's only when the note is created;
/// afterwards only its `cardport-source` key is read, never rewritten.
struct VaultNote {
    /// A run of the note: the user's text, or a generated block.
    enum Segment: Equatable {
        case text(String)
        case block(NoteBlock)
    }

    /// The front matter, `---` lines and final line feed included; empty when there is none.
    var frontMatter: String
    /// The note after its front matter.
    var segments: [Segment]

    /// The key in front matter that names the book (or citation) a note holds.
    static let sourceKey = "cardport-source"

    /// Splits a note's text.
    init(parsing text: String) {
        var rest = Substring(text)
        frontMatter = ""
        if let found = VaultNote.frontMatterEnd(in: rest) {
            frontMatter = String(rest[..<found])
            rest = rest[found...]
        }
        segments = []
        var pending = ""
        var open: (id: String, fingerprint: String, body: String, raw: String)?
        while !rest.isEmpty {
            // Lines are found in UTF-8: a line feed is never part of a longer character here, and
            // walking Characters would cost grapheme breaking on every byte of a large vault.
            let newline = rest.utf8.firstIndex(of: 0x0A)
            let end = newline.map { rest.utf8.index(after: $0) } ?? rest.endIndex
            let line = rest[..<end]
            rest = rest[end...]
            let ended = newline != nil
            let content = newline.map { line[..<$0] } ?? line
            // Markers start with `<`; any other line is the user's or a block's, as it is.
            let maybeMarker = content.utf8.first == 0x3C
            if open != nil {
                if maybeMarker, ended, content == NoteBlock.endLine, let block = open {
                    if !pending.isEmpty { segments.append(.text(pending)); pending = "" }
                    segments.append(.block(NoteBlock(id: block.id, fingerprint: block.fingerprint, body: block.body)))
                    open = nil
                } else {
                    // In place: a copy of the tuple would copy the block's text on every line.
                    open!.body += line
                    open!.raw += line
                }
            } else if maybeMarker, ended, let marker = NoteBlock.parseBegin(content) {
                open = (marker.id, marker.fingerprint, "", String(line))
            } else {
                pending += line
            }
        }
        // A block whose end marker is gone is the user's text now.
        if let block = open { pending += block.raw }
        if !pending.isEmpty { segments.append(.text(pending)) }
    }

    /// Where the front matter ends (after its closing `---` line), or `nil` when there is none.
    static func frontMatterEnd(in text: Substring) -> Substring.Index? {
        guard text.hasPrefix("---\n") else { return nil }
        var position = text.index(text.startIndex, offsetBy: 4)
        while position < text.endIndex {
            let end = text[position...].firstIndex(of: "\n").map { text.index(after: $0) } ?? text.endIndex
            let line = text[position..<end]
            if line == "---\n" || line == "---" || line == "...\n" || line == "..." { return end }
            position = end
        }
        return nil
    }

    /// The value of `cardport-source` in a note's front matter, without reading the whole YAML.
    static func source(in text: Substring) -> String? {
        guard let end = frontMatterEnd(in: text) else { return nil }
        let prefix = sourceKey + ":"
        for line in text[..<end].split(separator: "\n") where line.hasPrefix(prefix) {
            var value = line.dropFirst(prefix.count)
            while value.first == " " || value.first == "\t" { value.removeFirst() }
            while value.last == " " || value.last == "\t" || value.last == "\r" { value.removeLast() }
            if value.count >= 2, value.first == "\"" || value.first == "'", value.last == value.first {
                value = value.dropFirst().dropLast()
            }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    /// The note's text.
    var text: String {
        var out = frontMatter
        for segment in segments {
            switch segment {
            case .text(let text): out += text
            case .block(let block): out += block.rendered
            }
        }
        return out
    }

    /// What an update did to a note.
    struct Update {
        /// The ids of blocks the user edited by hand and that were kept.
        var conflicts: [String] = []
    }

    /// Brings the generated blocks in step with `wanted` (a book's highlights, in book order): new
    /// ones are added after the highlight before them, changed ones rewritten, ones not wanted
    /// removed. A block edited by hand is kept and reported, unless `force`.
    mutating func update(to wanted: [NoteBlock], force: Bool) -> Update {
        var update = Update()
        var wantedByID: [String: NoteBlock] = [:]
        for block in wanted where wantedByID[block.id] == nil { wantedByID[block.id] = block }
        var kept: [Segment] = []
        var present: Set<String> = []
        var dropNextBlankLine = false
        for segment in segments {
            switch segment {
            case .text(var text):
                if dropNextBlankLine, text.hasPrefix("\n") { text.removeFirst() }
                dropNextBlankLine = false
                if !text.isEmpty { kept.append(.text(text)) }
            case .block(let block):
                dropNextBlankLine = false
                let edited = !block.isUntouched
                if let want = wantedByID[block.id], !present.contains(block.id) {
                    present.insert(block.id)
                    if block.body == want.body || !edited || force {
                        kept.append(.block(want))
                    } else {
                        update.conflicts.append(block.id)
                        kept.append(.block(block))
                    }
                } else if edited && !force {
                    update.conflicts.append(block.id)
                    kept.append(.block(block))
                } else {
                    dropNextBlankLine = true
                }
            }
        }
        // New blocks go after the wanted block before them that the note holds; ones before every
        // such block go before the first.
        var leading: [NoteBlock] = []
        var following: [String: [NoteBlock]] = [:]
        var previous: String?
        for block in wanted where wantedByID[block.id] == block {
            if present.contains(block.id) {
                previous = block.id
            } else if let previous {
                following[previous, default: []].append(block)
            } else {
                leading.append(block)
            }
        }
        var result: [Segment] = []
        for segment in kept {
            if case .block(let block) = segment, present.contains(block.id), wantedByID[block.id] != nil {
                for new in leading { result += [.block(new), .text("\n")] }
                leading = []
                result.append(segment)
                for new in following[block.id] ?? [] { result += [.text("\n"), .block(new)] }
            } else {
                result.append(segment)
            }
        }
        if !leading.isEmpty {
            var tail = result.isEmpty && frontMatter.isEmpty ? "" : VaultNote.trailing(result.last)
            for new in leading {
                if !tail.isEmpty { result.append(.text(tail)) }
                result.append(.block(new))
                tail = "\n"
            }
        }
        segments = result
        return update
    }

    /// The line feeds that make a blank line after `segment`.
    private static func trailing(_ segment: Segment?) -> String {
        guard case .text(let text)? = segment else { return "\n" }
        if text.hasSuffix("\n\n") { return "" }
        return text.hasSuffix("\n") ? "\n" : "\n\n"
    }
}
