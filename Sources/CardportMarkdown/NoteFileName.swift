/// File names for notes: readable, safe on every common file system, and usable in Obsidian links.
///
/// Characters that file systems or Obsidian's `[[links]]` refuse (`/ \ : * ? " < > | # ^ [ ]`) and
/// control characters become spaces, runs of spaces collapse, leading dots and spaces go, and the
/// name is cut at a word boundary to stay well under the usual 255-byte limit.
///
/// ```swift
/// var names = NoteFileName.Allocator()
/// names.next("What is *art*?")   // "What is art.md"
/// ```
enum NoteFileName {
    /// The longest base name, in UTF-8 bytes, before the extension and any ` 2` suffix.
    static let maximumBytes = 120

    /// A cleaned base name for `title` (without extension); "Untitled" when nothing is left.
    static func base(_ title: String, maximumBytes: Int = NoteFileName.maximumBytes) -> String {
        var cleaned = ""
        var lastWasSpace = true
        for scalar in title.unicodeScalars {
            let refused = scalar.value < 0x20 || scalar.value == 0x7F || "/\\:*?\"<>|#^[]".unicodeScalars.contains(scalar)
                || scalar.properties.isWhitespace
            if refused {
                if !lastWasSpace { cleaned += " " }
                lastWasSpace = true
            } else {
                cleaned.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        while cleaned.first == "." || cleaned.first == " " { cleaned.removeFirst() }
        if cleaned.utf8.count > maximumBytes {
            var cut = ""
            for character in cleaned {
                if cut.utf8.count + character.utf8.count > maximumBytes { break }
                cut.append(character)
            }
            if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > 20 {
                cut = String(cut[..<space])
            }
            cleaned = cut
        }
        while cleaned.last == " " || cleaned.last == "." { cleaned.removeLast() }
        return cleaned.isEmpty ? "Untitled" : cleaned
    }

    /// Hands out unique names (without regard to case), adding ` 2`, ` 3`, … to repeats.
    struct Allocator {
        private var taken: Set<String> = []

        /// An allocator that hands out none of `taken` (lower-cased names with extension).
        init(taken: Set<String> = []) {
            self.taken = taken
        }

        /// A name for `title` with the `.md` extension that no earlier call returned.
        mutating func next(_ title: String) -> String {
            let base = NoteFileName.base(title)
            var candidate = base + ".md"
            var number = 2
            while taken.contains(candidate.lowercased()) {
                candidate = "\(base) \(number).md"
                number += 1
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
    }
}
