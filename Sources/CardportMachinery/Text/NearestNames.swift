/// The known names nearest to one that is not known, for a "did you mean" in an error.
///
/// Nearness is the edit distance (insertions, deletions, substitutions, and swaps of two
/// neighbours), case ignored; a name is suggested when it is at most a third of its length away
/// (at least one edit, at most three), so `jsn` suggests `json` and `jsonl` but `xyz` suggests nothing.
///
/// ```swift
/// NearestNames.suggestions(for: "ouput", among: ["output", "out-dir", "quiet"])   // ["output"]
/// ```
package enum NearestNames {
    /// The names nearest to `name`, nearest first (ties in the order given); empty when none is near.
    package static func suggestions(for name: String, among names: [String]) -> [String] {
        let wanted = Array(name.lowercased())
        var scored: [(name: String, distance: Int, order: Int)] = []
        for (order, candidate) in names.enumerated() {
            let distance = editDistance(wanted, Array(candidate.lowercased()))
            let allowed = min(3, max(1, max(wanted.count, candidate.count) / 3))
            if distance <= allowed, !scored.contains(where: { $0.name == candidate }) {
                scored.append((candidate, distance, order))
            }
        }
        guard let best = scored.map(\.distance).min() else { return [] }
        return scored.filter { $0.distance == best }.sorted { $0.order < $1.order }.map(\.name)
    }

    /// `did you mean 'a'?` or `did you mean 'a' or 'b'?`, or `nil` when nothing is near.
    package static func didYouMean(_ name: String, among names: [String]) -> String? {
        let near = suggestions(for: name, among: names)
        guard !near.isEmpty else { return nil }
        return "did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// The optimal-string-alignment distance between `a` and `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
