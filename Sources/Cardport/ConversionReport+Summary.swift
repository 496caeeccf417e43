import CardportCore
import CardportMarkdown

extension ConversionReport {
    /// The human summary `cardport convert` prints on standard error.
    ///
    /// ```text
    /// read 3 records from quotes.json (dummyjson): 3 citations
    /// wrote 3 records to quotes.jsonl (jsonl)
    /// ```
    public var summary: String {
        var lines: [String] = []
        for input in inputs {
            let shown = input.path == "-" ? "standard input" : input.path
            var line = "read \(Self.count(input.records, "record")) from \(shown) (\(input.format))"
            if !input.kinds.isEmpty {
                line += ": " + Self.kindCounts(input.kinds)
            }
            lines.append(line)
            if let notes = input.notes, !notes.isEmpty {
                lines.append("  " + notes.map { "\($0.label): \(Self.grouped($0.count))" }.joined(separator: ", "))
            }
            if let warnings = input.warnings, let count = input.warningCount, count > 0 {
                lines.append("  \(Self.count(count, "warning")):")
                lines.append(Self.diagnostics(warnings, total: count, colour: false, asWarnings: true))
            }
        }
        if skipped > 0 {
            lines.append("skipped \(Self.count(skipped, "record")) of other kinds (--kind)")
        }
        for output in outputs {
            let shown = output.path == "-" ? "standard output" : output.path
            lines.append("wrote \(Self.count(output.records, "record")) to \(shown) (\(output.format))")
        }
        if let notes { lines.append(String(notes.summary.dropLast())) }
        if !droppedRecords.isEmpty {
            lines.append("dropped records the target cannot hold: " + Self.kindCounts(droppedRecords))
        }
        let fields = droppedFields
        if !fields.isEmpty {
            lines.append("dropped fields the target cannot hold: "
                         + fields.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
        }
        if rejectedCount > 0 {
            lines.append("rejected \(Self.count(rejectedCount, "record")):")
            lines.append(rejections(colour: false))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The diagnostics of the rejected records, one after another, and how many more there were.
    public func rejections(colour: Bool) -> String {
        Self.diagnostics(rejected, total: rejectedCount, colour: colour)
    }

    /// Diagnostics one after another, and how many more there were.
    static func diagnostics(_ listed: [Rejection], total: Int, colour: Bool, asWarnings: Bool = false) -> String {
        var text = listed.map { $0.error.rendered(colour: colour, asWarning: asWarnings).trimmingTrailingNewlines() }
            .joined(separator: "\n")
        if total > listed.count {
            text += "\n… and \(Self.grouped(total - listed.count)) more"
        }
        return text
    }

    /// `n` and the noun, plural unless `n` is 1, digits grouped: `1,234 records`.
    public static func count(_ n: Int, _ noun: String) -> String {
        "\(grouped(n)) \(noun)\(n == 1 ? "" : "s")"
    }

    static func kindCounts(_ kinds: [String: Int]) -> String {
        let order = RecordKind.allCases.map(\.pluralName)
        return kinds.sorted { (order.firstIndex(of: $0.key) ?? 99) < (order.firstIndex(of: $1.key) ?? 99) }
            .map { "\(grouped($0.value)) \($0.value == 1 ? singular($0.key) : $0.key)" }
            .joined(separator: ", ")
    }

    static func singular(_ plural: String) -> String {
        RecordKind(name: plural)?.rawValue ?? plural
    }

    /// `1234567` → `1,234,567`.
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(ch)
        }
        return n < 0 ? "-" + out : out
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var copy = self
        while copy.hasSuffix("\n") { copy.removeLast() }
        return copy
    }
}

extension ConversionReport: OperationReport {
    public func essentials(colour: Bool) -> String {
        rejectedCount > 0 ? rejections(colour: colour) + "\n" : ""
    }

    public var exitStatus: Int32 {
        if rejectedCount > 0 { return OperationExitStatus.rejectedRecords }
        return droppedRecords.isEmpty ? 0 : OperationExitStatus.droppedRecords
    }
}
