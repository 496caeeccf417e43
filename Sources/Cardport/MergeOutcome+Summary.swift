import CardportCore

extension MergeOutcome {
    /// The human summary `cardport merge` and `cardport dedupe` print on standard error: a table of
    /// what became of each input's records, then what was written.
    ///
    /// ```text
    /// INPUT    FORMAT  READ  ADDED  UPDATED  UNCHANGED  EXACT  NEAR  REJECTED
    /// a.jsonl  jsonl      4      3        0          0      1     0         0
    /// b.json   cardport   2      1        1          0      0     0         0
    /// total               6      4        1          0      1     0         0
    /// wrote 4 records to all.json (cardport)
    /// ```
    ///
    /// EXACT and NEAR count the duplicates folded into another record of the same input (or, for
    /// NEAR, of any input).
    public var summary: String {
        var lines = tableLines
        let total = report.total
        if skipped > 0 {
            lines.append("skipped \(ConversionReport.count(skipped, "record")) of other kinds (--kind)")
        }
        let unfolded = total.nearDuplicatesFound - total.nearDuplicates
        if unfolded > 0 {
            lines.append("found \(ConversionReport.count(unfolded, "near duplicate")), not folded (--near folds them)")
        }
        if let output {
            let shown = output.path == "-" ? "standard output" : output.path
            lines.append("wrote \(ConversionReport.count(output.records, "record")) to \(shown) (\(output.format))")
            if !droppedRecords.isEmpty {
                lines.append("dropped records the target cannot hold: " + ConversionReport.kindCounts(droppedRecords))
            }
            if !output.droppedFields.isEmpty {
                lines.append("dropped fields the target cannot hold: "
                             + output.droppedFields.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
            }
        } else {
            lines.append("would write \(ConversionReport.count(report.recordsOut, "record")); nothing written (--dry-run)")
        }
        if total.rejected > 0 {
            lines.append("rejected \(ConversionReport.count(total.rejected, "record")):")
            lines.append(rejections(colour: false))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The table of what became of each input's records, one line per input (and a total).
    var tableLines: [String] {
        let header = ["INPUT", "FORMAT", "READ", "ADDED", "UPDATED", "UNCHANGED", "EXACT", "NEAR", "REJECTED"]
        func row(_ name: String, _ format: String, _ c: MergeReport.Counts) -> [String] {
            [name, format] + [c.read, c.added, c.updated, c.unchanged, c.exactDuplicates, c.nearDuplicates, c.rejected]
                .map(ConversionReport.grouped)
        }
        var rows = [header]
        for input in report.inputs {
            rows.append(row(input.name == "-" ? "standard input" : input.name, input.format ?? "-", input.counts))
        }
        if report.inputs.count > 1 { rows.append(row("total", "", report.total)) }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max()! }
        return rows.map { cells in
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + pad : pad + cell
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }

    }

    /// The diagnostics of the rejected records, and how many more there were.
    public func rejections(colour: Bool) -> String {
        var text = report.rejections.map { $0.error.rendered(colour: colour).trimmingTrailingNewlines() }
            .joined(separator: "\n")
        let unlisted = report.total.rejected - report.rejections.count
        if unlisted > 0 { text += "\n… and \(ConversionReport.grouped(unlisted)) more" }
        return text
    }

    /// The groups a dry run would fold, as `cardport dedupe --dry-run` prints them on standard output.
    ///
    /// ```text
    /// keep quotes.jsonl record 1: "Well begun is half done." (Aristotle)
    ///   exact quotes.jsonl record 4: "well begun is half done" (Aristotle)
    ///   near  quotes.jsonl record 7: "Well begun is half" (Aristotle)
    ///
    /// 2 groups: 3 records would be folded (2 exact, 1 near)
    /// ```
    public var groupListing: String {
        var text = ""
        var exact = 0
        var near = 0
        for group in groups {
            text += "keep \(label(group.kept))\n"
            for member in group.folded {
                if member.match == .exact { exact += 1 } else { near += 1 }
                text += "  \(member.match == .exact ? "exact" : "near ") \(label(member))\n"
            }
            text += "\n"
        }
        let folded = exact + near
        text += "\(ConversionReport.count(groups.count, "group")): "
            + "\(ConversionReport.count(folded, "record")) would be folded (\(ConversionReport.grouped(exact)) exact, \(ConversionReport.grouped(near)) near)\n"
        return text
    }

    private func label(_ member: DuplicateGroup.Member) -> String {
        let input = member.input.map { report.inputs[$0].name == "-" ? "standard input" : report.inputs[$0].name } ?? "existing"
        return "\(input) record \(ConversionReport.grouped(member.ordinal)): \(MergeOutcome.describe(member.record))"
    }

    /// A record in one line: its main text quoted (shortened past 70 characters), and who or what.
    static func describe(_ record: Record) -> String {
        func quoted(_ text: String) -> String {
            let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            let short = line.count > 70 ? String(line.prefix(69)) + "…" : line
            return "\"\(short)\""
        }
        switch record {
        case .citation(let c): return quoted(c.text) + (c.author.map { " (\($0))" } ?? "")
        case .bookmark(let b): return quoted(b.text) + (b.name.map { " (\($0))" } ?? "")
        case .task(let t): return "task " + quoted(t.description)
        case .topic(let t): return "topic " + quoted(t.title)
        case .tag(let t): return "tag " + quoted(t.name)
        case .settings: return "settings"
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}

extension MergeOutcome: OperationReport {
    public func essentials(colour: Bool) -> String {
        hasRejections ? rejections(colour: colour) + "\n" : ""
    }

    public var exitStatus: Int32 { hasRejections ? OperationExitStatus.rejectedRecords : 0 }
}
