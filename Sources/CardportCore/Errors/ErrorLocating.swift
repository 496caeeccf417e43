/// Turns a byte offset of an input into an error placed at its line and column, with the line
/// echoed: the input itself (``ByteInput``) while the offset is in its window, or a copy of the
/// bytes that another thread decodes after the input has moved on (the CSV reader's excerpts).
public protocol ErrorLocating: AnyObject {
    /// An error placed at `fileOffset`, a byte offset from the start of the input.
    func error(_ code: CardportError.Code, _ message: String, at fileOffset: Int, hint: String?,
               isRecoverable: Bool) -> CardportError
}

extension ByteInput: ErrorLocating {}
