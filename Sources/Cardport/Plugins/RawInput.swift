import CardportCore
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
            let opened = open(input.name, O_RDONLY | O_CLOEXEC)
            guard opened >= 0 else {
                let code = errno
                throw CardportError(.fileNotFound, "cannot read '\(input.name)': \(String(cString: strerror(code)))",
                                    location: SourceLocation(file: input.name, line: 1, column: 1, offset: 0),
                                    hint: "check that the file exists and can be read")
            }
            fd = opened
            ownsDescriptor = true
            isFile = true
        }
    }

    deinit {
        if ownsDescriptor { close(fd) }
    }

    /// Copies every byte to the plugin's standard input, until the end or until the plugin closes it.
    func send(to process: PluginProcess) {
        if fd < 0 {
            _ = bytes.withUnsafeBytes { process.send($0) }
            return
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 {
                process.stop(.cancelled)
                return
            }
            if count == 0 { return }
            guard chunk.withUnsafeBytes({ process.send(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) else { return }
        }
    }
}
