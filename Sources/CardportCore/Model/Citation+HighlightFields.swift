extension Citation {
    /// The e-reader fields of the citation that are set, by the names reports and documents give
    /// them (`chapter`, `colour`, `position`, `source_id`): what a writer that holds none of them
    /// counts as dropped.
    public var highlightFieldNames: [String] {
        var names: [String] = []
        if chapter != nil { names.append("chapter") }
        if colour != nil { names.append("colour") }
        if position != nil { names.append("position") }
        if sourceID != nil { names.append("source_id") }
        return names
    }
}
