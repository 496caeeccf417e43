/// Everything that can go wrong in Cardport, as data: what kind of failure, a message a person can
/// act on, where in the input it happened, and what to do about it.
///
/// Render it with ``rendered(colour:)``:
///
/// ```text
/// quotes.jsonl:3:15: error: expected ',' or '}' after a value in an object
///     3 | {"text": "Ars longa" "author": "Hippocrates"}
///       |                      ^
///   hint: check the line for a missing comma or quote
/// ```
public struct CardportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; each maps to a documented exit code (``exitCode``).
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        /// The command line asks for something impossible (conflicting options, no output given).
        case usage
        /// A format name or file extension that no registered format has.
        case unknownFormat
        /// More than one format fits and nothing settles which.
        case ambiguousFormat
        /// The target format cannot hold the records asked for.
        case unsupportedKind
        /// The input is not well-formed in its format (a JSON syntax error, say).
        case malformedInput
        /// The input is well-formed but a value is not acceptable (a progress of 33 %, a bad date).
        case invalidValue
        /// An input file does not exist.
        case fileNotFound
        /// Reading or writing failed (permission denied, disk full, a directory that is missing).
        case io
        /// An input exceeds a safety limit (a line or record too large).
        case limitExceeded
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong, in a sentence without a final full stop.
    public var message: String
    /// Where in the input, when the failure is about input.
    public var location: SourceLocation?
    /// The input line the error is on, echoed under the message with a caret.
    public var sourceLine: String?
    /// What the user can do about it.
    public var hint: String?
    /// Whether the reader that threw can go on with the next record (`--keep-going`).
    public var isRecoverable: Bool

    /// Creates an error; readers usually make theirs with ``ByteInput/error(_:_:at:hint:isRecoverable:)``.
    public init(_ code: Code, _ message: String, location: SourceLocation? = nil, sourceLine: String? = nil,
                hint: String? = nil, isRecoverable: Bool = false) {
        self.code = code
        self.message = message
        self.location = location
        self.sourceLine = sourceLine
        self.hint = hint
        self.isRecoverable = isRecoverable
    }

    /// The process exit code for this failure (BSD `sysexits.h` values, documented in the README).
    public var exitCode: Int32 {
        switch code {
        case .usage, .unknownFormat, .ambiguousFormat, .unsupportedKind: return 64
        case .malformedInput, .invalidValue, .limitExceeded: return 65
        case .fileNotFound: return 66
        case .io: return 74
        }
    }

    public var description: String { rendered(colour: false) }

    /// The same error placed at a location, unless it already has one.
    public func located(at location: SourceLocation, sourceLine: String?) -> CardportError {
        guard self.location == nil else { return self }
        var copy = self
        copy.location = location
        copy.sourceLine = sourceLine
        return copy
    }
}
