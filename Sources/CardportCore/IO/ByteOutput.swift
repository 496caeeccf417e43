import CardportMachinery

/// A buffered sink of output bytes: a file descriptor, or memory.
///
/// Writers hand it large chunks; it writes them through in 1 MiB blocks. Use ``OutputFile`` to get
/// one for a path with atomic replacement.
public final class ByteOutput {
    /// The name shown in diagnostics.
    public let name: String
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var memory: [UInt8]?
    /// Set once the descriptor is closed; writing after that is a programming error.
    private var isClosed = false
    /// Bytes accepted so far.
    public private(set) var count = 0
    /// When set, every byte accepted from then on is added to this hash, so a document can carry
    /// the checksum of what came before it (a backup's `checksum` member).
    package var digest: (any OutputDigest)?

    static let blockSize = 1 << 20

    init(descriptor: Int32, name: String) {
        self.fd = descriptor
        self.name = name
        buffer.reserveCapacity(ByteOutput.blockSize)
    }

    /// An output that collects bytes in memory (see ``bytes``), with room for `capacity` bytes
    /// before it has to grow (and copy what it holds).
    public init(name: String = "<memory>", capacity: Int = 0) {
        self.fd = -1
        self.name = name
        var memory: [UInt8] = []
        memory.reserveCapacity(capacity)
        self.memory = memory
    }

    /// Standard output.
    public static func standardOutput() -> ByteOutput { ByteOutput(descriptor: 1, name: "<stdout>") }

    /// The bytes written so far, for an in-memory output; handed out without a copy (the array's
    /// storage is shared).
    public var bytes: [UInt8] {
        memory ?? buffer
    }

    /// Appends bytes, writing through once a block has collected.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(CardportError) {
        precondition(!isClosed, "write to '\(name)' after it was closed")
        count += bytes.count
        digest?.update(bytes)
        // Memory needs no blocks: the bytes go where they stay.
        if memory != nil {
            memory!.append(contentsOf: bytes)
            return
        }
        if buffer.count + bytes.count > ByteOutput.blockSize {
            try flush()
            if bytes.count >= ByteOutput.blockSize {
                try emit(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
    }

    /// Appends bytes.
    public func write(_ bytes: [UInt8]) throws(CardportError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(CardportError) in try write(raw) } }.get()
    }

    /// Appends a string as UTF-8.
    public func write(_ string: String) throws(CardportError) {
        try write(Array(string.utf8))
    }

    /// Marks the output closed (its descriptor is about to be closed by its owner).
    func markClosed() {
        isClosed = true
    }

    /// Writes out everything buffered.
    public func flush() throws(CardportError) {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { raw in Result { () throws(CardportError) in try emit(raw) } }.get()
        buffer.removeAll(keepingCapacity: true)
    }

    private func emit(_ bytes: UnsafeRawBufferPointer) throws(CardportError) {
        let code = POSIXCalls.writeAll(fd, bytes)
        if code != 0 { throw CardportError.posix(code, doing: "write", path: name) }
    }
}
