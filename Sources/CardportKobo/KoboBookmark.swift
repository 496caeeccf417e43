import CardportCore
import Foundation

/// One row of a Kobo's `Bookmark` table, with its book and chapter from `content`.
struct KoboBookmark {
    /// The device's id of the bookmark (a UUID); it never changes.
    var id: String
    /// The book's `ContentID` (`file:///mnt/onboard/…epub`, or a store book's UUID).
    var volume: String
    var text: String?
    var annotation: String?
    var created: String?
    var modified: String?
    /// How far into its chapter the bookmark is, 0…1.
    var chapterProgress: Double
    /// Where the highlight starts and ends: an EPUB container path with `#point(…)`, and an offset.
    var startPath: String?
    var startOffset: Int?
    var endPath: String?
    var endOffset: Int?
    /// `highlight`, `note`, `dogear` or `markup` (handwriting); older firmware leaves it empty.
    var type: String?
    var isHidden: Bool
    /// The highlight colour on colour firmware: 0 yellow, 1 red, 2 blue, 3 green.
    var color: Int?
    var title: String?
    var author: String?
    var chapter: String?
    /// The chapter's place in the book.
    var chapterIndex: Int?

    /// The colours Kobo's colour firmware numbers, in order.
    static let colours = ["yellow", "red", "blue", "green"]

    /// What the row is, as the device shows it.
    enum Kind {
        case highlight
        /// A note on a highlight, or (with no highlighted text) on its own.
        case note
        case dogEar
        case markup
    }

    var kind: Kind {
        switch type?.lowercased() {
        case "dogear": return .dogEar
        case "markup": return .markup
        case "note": return .note
        case "highlight": return .highlight
        default:
            // Firmware without a Type column: a bookmark with neither text nor note is a dog-ear.
            if (text ?? "").isEmpty && (annotation ?? "").isEmpty { return .dogEar }
            return (annotation ?? "").isEmpty ? .highlight : .note
        }
    }

    /// The citation this bookmark becomes; `nil` for one with neither text nor note.
    func citation() -> Citation? {
        let note = annotation?.trimmingSpacesAndNewlines.nonEmptyText
        var extras: [String: String] = [:]
        var body = text?.trimmingSpacesAndNewlines.nonEmptyText
        var quoted = note
        if body == nil {
            // A note written on a spot of the book, with no passage highlighted.
            guard let note else { return nil }
            body = note
            quoted = nil
            extras[KoboFormat.ExtrasKey.type] = "note"
        }
        let colour = color.flatMap { KoboBookmark.colours.indices.contains($0) ? KoboBookmark.colours[$0] : nil }
        let start = KoboBookmark.position(startPath, startOffset)
        if let end = KoboBookmark.position(endPath, endOffset), end != start {
            extras[KoboFormat.ExtrasKey.positionEnd] = end
        }
        let createdAt = created.flatMap { Timestamp(parsing: $0) }
        if createdAt == nil, let created, !created.isEmpty { extras[KoboFormat.ExtrasKey.date] = created }
        let updatedAt = modified.flatMap { Timestamp(parsing: $0) }
        return Citation(id: RecordID.foreign(namespace: "kobo", id: id), text: body!, author: author?.trimmingSpacesAndNewlines,
                        source: title?.trimmingSpacesAndNewlines ?? KoboBookmark.title(fromVolume: volume),
                        createdAt: createdAt, updatedAt: updatedAt ?? createdAt, note: quoted,
                        chapter: chapter?.trimmingSpacesAndNewlines.nonEmptyText, colour: colour, position: start,
                        sourceID: id, extras: extras)
    }

    /// A container path with its offset when the offset says more than the path (`…#point(/1/4/2:5) 12`).
    static func position(_ path: String?, _ offset: Int?) -> String? {
        guard let path, !path.isEmpty else { return nil }
        guard let offset, offset != 0 else { return path }
        return "\(path) \(offset)"
    }

    /// A book's name from its file (`file:///mnt/onboard/Books/Dune.kepub.epub` → `Dune`), for a
    /// bookmark whose book is no longer on the device.
    static func title(fromVolume volume: String) -> String? {
        guard volume.hasPrefix("file://"), var name = volume.split(separator: "/").last.map(String.init) else { return nil }
        name = name.removingPercentEncoding ?? name
        for suffix in [".kepub.epub", ".epub", ".pdf", ".cbz", ".mobi"] where name.lowercased().hasSuffix(suffix) {
            return String(name.dropLast(suffix.count))
        }
        return name
    }

    /// The steps of an EPUB point (`…#point(/1/4/2/1:34)` → [1, 4, 2, 1, 34]), for reading order.
    static func pointSteps(_ path: String?) -> [Int] {
        guard let path else { return [] }
        let bytes = Array(path.utf8)
        let marker = Array("point(".utf8)
        var index = bytes.count - marker.count
        while index >= 0, !bytes[index..<index + marker.count].elementsEqual(marker) { index -= 1 }
        guard index >= 0 else { return [] }
        var steps: [Int] = []
        var value: Int?
        for byte in bytes[(index + marker.count)...] {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = (value ?? 0) &* 10 &+ Int(byte - UInt8(ascii: "0"))
            } else if let number = value {
                steps.append(number)
                value = nil
            }
        }
        if let value { steps.append(value) }
        return steps
    }
}

extension String {
    /// The string, or `nil` when it is empty.
    var nonEmptyText: String? { isEmpty ? nil : self }

    /// Without white space at either end.
    var trimmingSpacesAndNewlines: String {
        var slice = Substring(self)
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        return String(slice)
    }
}
