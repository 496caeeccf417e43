import ArgumentParser
import CardportCore

/// `--policy` and `--near`, shared by `merge` and `dedupe`.
struct MergeFlags: ParsableArguments {
    @Option(help: ArgumentHelp("Which copy wins a field conflict: newest (latest updatedAt), existing (the earlier copy) or incoming (the later copy).",
                               valueName: "policy"), transform: parsePolicy)
    var policy: MergePolicy = .newest

    @Flag(help: "Also fold near duplicates: citations whose text contains another's of the same author and source, bookmarks that differ only by www.")
    var near = false
}

/// Parses `--policy`: one of the policy names.
func parsePolicy(_ text: String) throws -> MergePolicy {
    guard let policy = MergePolicy(rawValue: text.lowercased()) else {
        throw ValidationError("'\(text)' is not a policy; use one of: \(MergePolicy.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return policy
}
