import CardportCore

/// The `provenance` entries of the native document: one object per imported file.
///
/// ```json
/// {"source":"My Clippings.txt","sha256":"9f86…","format":"kindle","imported_at":"2026-11-22T19:40:00Z",
///  "read":12,"added":10,"updated":1,"unchanged":1,"duplicates":0,"rejected":0}
/// ```
enum ProvenanceJSON {
    static func encode(_ p: Provenance, into w: JSONWriter) {
        w.raw("{\"source\":"); w.string(p.source)
        if let sha256 = p.sha256 { w.raw(",\"sha256\":"); w.string(sha256) }
        w.raw(",\"format\":"); w.string(p.format)
        w.raw(",\"imported_at\":"); w.timestamp(p.importedAt)
        for (name, value) in counts(p) {
            w.byte(0x2C); w.string(name); w.byte(0x3A); w.int(value)
        }
        w.byte(0x7D)
    }

    private static func counts(_ p: Provenance) -> [(String, Int)] {
        [("read", p.read), ("added", p.added), ("updated", p.updated), ("unchanged", p.unchanged),
         ("duplicates", p.duplicates), ("rejected", p.rejected)]
    }

    static func decode(_ value: JSONValue, at offset: Int, stream: JSONStream) throws(CardportError) -> Provenance {
        guard case .object(let object) = value else {
            throw stream.error(.invalidValue, "a provenance entry must be an object, not \(value.typeName)", at: offset)
        }
        func text(_ key: String) throws(CardportError) -> String? {
            guard let member = object[key] else { return nil }
            guard case .string(let text) = member.value else {
                throw stream.error(.invalidValue, "\"\(key)\" must be a string, not \(member.value.typeName)", at: member.offset)
            }
            return text
        }
        func count(_ key: String) throws(CardportError) -> Int {
            guard let member = object[key] else { return 0 }
            guard case .number(let text) = member.value, let value = Int(text), value >= 0 else {
                throw stream.error(.invalidValue, "\"\(key)\" must be a whole number, not \(member.value.jsonText)",
                                   at: member.offset)
            }
            return value
        }
        guard let source = try text("source"), let format = try text("format") else {
            throw stream.error(.invalidValue, "a provenance entry needs \"source\" and \"format\"", at: object.offset)
        }
        guard let time = try text("imported_at"), let importedAt = Timestamp(parsing: time) else {
            throw stream.error(.invalidValue, "a provenance entry needs \"imported_at\", an ISO 8601 date", at: object.offset)
        }
        return Provenance(source: source, sha256: try text("sha256"), format: format, importedAt: importedAt,
                          read: try count("read"), added: try count("added"), updated: try count("updated"),
                          unchanged: try count("unchanged"), duplicates: try count("duplicates"),
                          rejected: try count("rejected"))
    }
}
