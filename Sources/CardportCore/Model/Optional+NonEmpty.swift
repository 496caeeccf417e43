/// Sources write "no author" as a missing field, `null` or `""`; the model keeps one form: `nil`.
extension Optional where Wrapped == String {
    /// The string, or `nil` when it is absent or empty.
    var nonEmpty: String? {
        switch self {
        case .some(let s) where !s.isEmpty: return s
        default: return nil
        }
    }
}
