import CardportCore
import CardportMachinery

/// Tags written as one comma-separated attribute, as OPML's `category`, a browser's `TAGS` and buku's
/// `TAGS` have them.
enum TagList {
    /// The tags in a comma-separated list: each trimmed, empty ones dropped, a leading `/` (OPML's
    /// category path root) removed.
    static func split(_ text: String, stripSlash: Bool = false) -> [String] {
        guard !text.isEmpty else { return [] }
        return text.withUTF8Bytes { bytes in
            var tags: [String] = []
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x2C { end += 1 }
                var low = start, high = end
                while low < high, isSpace(bytes[low]) { low += 1 }
                while high > low, isSpace(bytes[high - 1]) { high -= 1 }
                if stripSlash, low < high, bytes[low] == 0x2F { low += 1 }
                if low < high { tags.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self)) }
                start = end + 1
            }
            return tags
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The tags joined with commas, leaving out those a list cannot hold (a comma, a leading `/`
    /// when `stripSlash`, surrounding spaces, nothing at all); returns how many were left out.
    static func join(_ tags: [String], stripSlash: Bool = false) -> (text: String, lost: Int) {
        var kept: [String] = []
        for tag in tags {
            let bytes = tag.utf8
            guard let first = bytes.first, let last = bytes.last, !isSpace(first), !isSpace(last),
                  !(stripSlash && first == 0x2F), !bytes.contains(0x2C) else { continue }
            kept.append(tag)
        }
        return (kept.joined(separator: ","), tags.count - kept.count)
    }
}
