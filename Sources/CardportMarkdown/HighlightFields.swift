import CardportCore

/// The highlight fields that live in a citation's `extras` today (chapter, colour, position), read
/// in one place.
///
/// E-reader formats keep these under the `extras` keys `chapter`, `colour` and `position`. Reading
/// them only through this accessor means a typed model field later replaces one line here.
struct HighlightFields {
    let citation: Citation

    /// The chapter the highlight is in, as the reader named it.
    var chapter: String? { citation.extras["chapter"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The highlight's colour name, as the reader named it.
    var colour: String? { (citation.extras["colour"] ?? citation.extras["color"]).flatMap { $0.isEmpty ? nil : $0 } }

    /// The reader's own position string (an EPUB CFI, a KOReader xpointer), when it gave one.
    var position: String? { citation.extras["position"].flatMap { $0.isEmpty ? nil : $0 } }

    /// Where the highlight sits in its book, for ordering: location, else a numeric page.
    var bookOrder: Int? {
        if let start = citation.location?.start { return start }
        if let page = citation.location?.page, let number = Int(page) { return number }
        return nil
    }
}
