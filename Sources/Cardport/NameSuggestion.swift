import CardportMachinery

/// A "did you mean" for a name that is not known: what the command line suggests for a mistyped
/// command or option, as the registry does for a format.
///
/// ```swift
/// NameSuggestion.didYouMean("ouput", among: ["output", "out-dir", "quiet"])   // "did you mean 'output'?"
/// ```
public enum NameSuggestion {
    /// `did you mean 'a'?` or `did you mean 'a' or 'b'?` for the names within a few edits of
    /// `name` (case ignored), or `nil` when none is near.
    public static func didYouMean(_ name: String, among names: [String]) -> String? {
        NearestNames.didYouMean(name, among: names)
    }
}
