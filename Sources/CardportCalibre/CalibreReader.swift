import CardportCore
import Foundation

/// Reads a calibre highlights export whole (one JSON document), then hands out its citations.
final class CalibreReader: RecordReader {
    private let input: ByteInput
    private var remaining: [Record] = []
    private var loaded = false
    private(set) var notes = ReaderNotes()

    init(input: ByteInput) {
        self.input = input
    }

    func next() throws(CardportError) -> Record? {
        if !loaded { try load() }
        return remaining.popLast()
    }

    private func load() throws(CardportError) {
        loaded = true
        try input.fillToEnd()
        let base = input.offset
        let bytes = Data(input.available)
        guard bytes.contains(where: { $0 != 0x20 && !(0x09...0x0D).contains($0) }) else { return }
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: bytes)
        } catch {
            let message = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error)"
            throw input.error(.malformedInput, "this is not valid JSON: \(message)",
                              at: base + CalibreReader.byteOffset(ofCharacterIn: message, text: bytes))
        }
        guard let object = document as? [String: Any], object["type"] as? String == "calibre_highlights" else {
            throw input.error(.malformedInput, "expected calibre's highlights export: an object with \"type\": \"calibre_highlights\"", at: base,
                              hint: "export from calibre's e-book viewer with Export → calibre highlights")
        }
        guard let highlights = object["highlights"] as? [Any] else {
            throw input.error(.malformedInput, "the export has no \"highlights\" list", at: base)
        }
        var citations: [Record] = []
        for item in highlights {
            guard let highlight = item as? [String: Any] else { notes.count("entries that are not objects skipped"); continue }
            if highlight["removed"] as? Bool == true { notes.count("removed highlights skipped"); continue }
            if let type = highlight["type"] as? String, type != "highlight" { notes.count("\(type) entries skipped"); continue }
            guard let citation = CalibreReader.citation(highlight) else { notes.count("highlights without text skipped"); continue }
            notes.count(citation.note == nil ? "highlights" : "highlights with a note")
            citations.append(.citation(citation))
        }
        remaining = citations.reversed()
    }

    /// The citation of one highlight object.
    static func citation(_ highlight: [String: Any]) -> Citation? {
        guard let text = (highlight["highlighted_text"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines),
              !text.isEmpty else { return nil }
        var extras: [String: String] = [:]
        let uuid = highlight["uuid"] as? String
        let chapter = (highlight["toc_family_titles"] as? [String]).map { $0.joined(separator: " / ") }
        var colour: String?
        if let style = highlight["style"] as? [String: Any] {
            colour = style["which"] as? String ?? style["background-color"] as? String
        }
        let spine = (highlight["spine_index"] as? NSNumber)?.intValue
        func cfi(_ key: String) -> String? {
            guard let path = highlight[key] as? String, !path.isEmpty else { return nil }
            guard let spine else { return path }
            return "epubcfi(/6/\((spine + 1) * 2)!\(path))"
        }
        if let end = cfi("end_cfi") { extras[CalibreFormat.ExtrasKey.positionEnd] = end }
        let created = (highlight["timestamp"] as? String).flatMap { Timestamp(parsing: $0) }
        let note = (highlight["notes"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
        return Citation(id: uuid.map { RecordID.foreign(namespace: "calibre", id: $0) }, text: text,
                        createdAt: created, updatedAt: created, note: note, chapter: chapter, colour: colour,
                        position: cfi("start_cfi"), sourceID: uuid, extras: extras)
    }

    /// The byte offset of "character N" in Foundation's JSON error message (N counts UTF-16 units).
    static func byteOffset(ofCharacterIn message: String, text: Data) -> Int {
        guard let range = message.range(of: "character "),
              let number = Int(message[range.upperBound...].prefix(while: \.isNumber)) else { return 0 }
        let string = String(decoding: text, as: UTF8.self)
        let utf16 = string.utf16
        guard let index = utf16.index(utf16.startIndex, offsetBy: number, limitedBy: utf16.endIndex) else { return text.count }
        return string.utf8.distance(from: string.utf8.startIndex, to: index)
    }
}
