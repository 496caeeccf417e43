/// What an operation reports when it is done, in the one form every command prints: a summary for
/// a person, the same report as JSON for a script (`--report json`), what is said even when the
/// summary is not (`-q`), and the exit status the outcome calls for.
///
/// ```swift
/// let report: some OperationReport = try Conversion(registry: .standard).run(request)
/// print(report.summary)          // "wrote 8 records to out.jsonl …"
/// exit(report.exitStatus)        // 65 when records were rejected
/// ```
public protocol OperationReport: Encodable, Sendable {
    /// The summary for a person.
    var summary: String { get }
    /// What is said even under `-q`: the records rejected, each with its file, line and column;
    /// empty when there are none.
    func essentials(colour: Bool) -> String
    /// The exit status the outcome calls for: 0, ``OperationExitStatus/rejectedRecords`` or
    /// ``OperationExitStatus/droppedRecords``.
    var exitStatus: Int32 { get }
}

extension OperationReport {
    public func essentials(colour: Bool) -> String { "" }
    public var exitStatus: Int32 { 0 }
}

/// The exit statuses an operation's outcome calls for, beside those of its errors
/// (``CardportCore/CardportError``).
public enum OperationExitStatus {
    /// Records that could not be read were skipped (`--keep-going`) and the rest handled.
    public static let rejectedRecords: Int32 = 65
    /// The target cannot hold some whole records; the rest were written (the report names them).
    public static let droppedRecords: Int32 = 3
}
