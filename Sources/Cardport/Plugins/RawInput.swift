import CardportCore
import CardportMachinery

/// The untouched bytes of a binary plugin format's input, for `PLUGIN read`.
///
/// Commands hand a format that reads by path (``FormatDescriptor/readsFromPath``) an empty input
/// named after the file, so that the file is never opened as text: its bytes would be refused as
/// binary, a byte-order mark removed, UTF-16 transcoded. This opens what that name stands for, a
/// file or, for `-`, standard input, and copies it as it is. An input that holds bytes already
/// (one made in memory, as `plugins check` does) is those bytes.
final class RawInput {
    private let bytes: [UInt8]
    private let fd: Int32
    private let ownsDescriptor: Bool
    /// Whether the input is a file, whose path the plugin gets in `CARDPORT_INPUT_PATH`.
    let isFile: Bool

    init(_ input: ByteInput) throws(CardportError) {
        bytes = Array(input.available)
        if !bytes.isEmpty {
            fd = -1
            ownsDescriptor = false
            isFile = false
        } else if input.name == "-" || input.name == "<stdin>" {
            fd = 0
            ownsDescriptor = false
            isFile = false
        } else {
            let (opened, _, code) = POSIXCalls.openForReading(input.name)
            guard opened >= 0 else {
                throw CardportError(.fileNotFound, "cannot read '\(input.name)': \(POSIXCalls.message(for: code))",
                                    location: SourceLocation(file: input.name, line: 1, column: 1, offset: 0),
                                    hint: "check that the file exists and can be read")
            }
            fd = opened
            ownsDescriptor = true
            isFile = true
        }
    }

    deinit {
        if ownsDescriptor { POSIXCalls.close(fd) }
    }

    /// Copies every byte to the plugin's standard input, until the end or until the plugin closes it.
    func send(to process: PluginProcess) {
        if fd < 0 {
            _ = bytes.withUnsafeBytes { process.send($0) }
            return
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { POSIXCalls.read(fd, into: $0.baseAddress!, count: $0.count) }
            if count < 0 {
                process.stop(.cancelled)
                return
            }
            if count == 0 { return }
            guard chunk.withUnsafeBytes({ process.send(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) else { return }
        }
    }
}
