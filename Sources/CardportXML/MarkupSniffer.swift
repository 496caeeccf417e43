/// A quick look at the start of a markup document, for content sniffing.
enum MarkupSniffer {
    /// The name of the first element, past the XML declaration, comments, processing instructions and
    /// the doctype; `nil` when the prefix holds none.
    static func rootElement(of prefix: [UInt8]) -> String? {
        var index = 0
        while index < prefix.count {
            guard let open = prefix[index...].firstIndex(of: 0x3C) else { return nil }
            let next = open + 1
            guard next < prefix.count else { return nil }
            let byte = prefix[next]
            if byte == 0x3F || byte == 0x21 {
                // `<?…?>`, `<!--…-->`, `<!DOCTYPE …>`: skip to the closing `>` (comments to `-->`).
                if prefix[next...].starts(with: Array("!--".utf8)) {
                    guard let end = find(Array("-->".utf8), in: prefix, from: next) else { return nil }
                    index = end + 3
                } else {
                    guard let end = prefix[next...].firstIndex(of: 0x3E) else { return nil }
                    index = end + 1
                }
                continue
            }
            var end = next
            while end < prefix.count, !isDelimiter(prefix[end]) { end += 1 }
            guard end > next else { return nil }
            let name = String(decoding: prefix[next..<end], as: UTF8.self)
            return name.split(separator: ":").last.map(String.init)
        }
        return nil
    }

    /// Whether the first 4 KiB hold `text`, compared without regard to ASCII case.
    static func contains(_ text: String, in prefix: [UInt8]) -> Bool {
        let needle = Array(text.utf8).map(upper)
        let head = prefix.prefix(4096).map(upper)
        return find(needle, in: head, from: 0) != nil
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x3E || byte == 0x2F
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

