import CardportCore

/// Counts the citation fields a quote-only format (`quote` + `author`) cannot hold.
enum CitationLosses {
    /// Records in `losses` every field of `citation` that is set and not among `kept`.
    static func count(_ citation: Citation, keeping kept: Set<String>, extrasKept: Set<String> = [],
                      into losses: inout LossReport) {
        func drop(_ field: String, _ present: Bool) {
            if present, !kept.contains(field) { losses.dropField(field, of: .citation) }
        }
        drop("source", citation.source != nil)
        drop("tags", !citation.tags.isEmpty)
        drop("favourite", citation.isFavourite)
        drop("archived", citation.isArchived)
        drop("created_at", citation.createdAt != nil)
        drop("updated_at", citation.updatedAt != nil)
        drop("note", citation.note != nil)
        drop("location", citation.location != nil)
        for field in citation.highlightFieldNames { drop(field, true) }
        drop("extras", citation.extras.keys.contains { !extrasKept.contains($0) })
    }
}
