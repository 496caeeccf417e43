public import CardportCore
import CardportJSON
import CardportDigests
import CardportMachinery
import Foundation

/// Checks a backup before anything trusts it: the checksum against the bytes, then every record.
///
/// The document must end with `"checksum": "sha256:` and 64 hex digits, `"`, `}` and a line break;
/// the SHA-256 of every byte before that opening quote must be those digits. Then the whole
/// document is read as a native document, so a backup that passes is one `restore` can read.
///
/// ```swift
/// let summary = try BackupVerification.verify("cards-backup.json")   // throws when damaged
/// ```
public enum BackupVerification {
    /// The bytes after the hashed part: `"sha256:`, 64 hex digits, `"`, `\n}\n`.
    static let trailerLength = 8 + 64 + 1 + 3
    private static let checksumMember = Array(",\n  \"checksum\": ".utf8)

    /// Verifies the backup at `path` and says what it holds; throws when it is damaged or changed.
    public static func verify(_ path: String) throws(CardportError) -> BackupSummary {
        let checksum = try checkChecksum(path)
        // The JSON parser recurses: read on a reading thread, whose stack the depth limit assumes.
        return try ReadingThread.run { () throws(CardportError) in
            let input = try ByteInput(path: path)
            guard let reader = try NativeJSONFormat().makeReader(input, options: ReadOptions()) as? any ProvenanceReader else {
                throw CardportError(.io, "the native format cannot carry provenance")
            }
            var tally = KindTally()
            while let record = try reader.next() { tally[record.kind] += 1 }
            let ledger = reader.origins
            if let stray = ledger.entries.first(where: { !ledger.sources.indices.contains($0.source) || $0.card >= tally[$0.kind] }) {
                throw CardportError(.malformedInput, "\(path): an origin names a source or a \(stray.kind) the backup does not hold (source \(stray.source), card \(stray.card))",
                                    hint: "the backup was changed after it was written; use an earlier backup")
            }
            return BackupSummary(path: path, records: tally.byPluralName, provenance: reader.provenance.count,
                                 origins: reader.origins.entries.count, checksum: checksum)
        }
    }

    /// Checks the trailer and the digest; returns the checksum.
    static func checkChecksum(_ path: String) throws(CardportError) -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CardportError(.fileNotFound, "'\(path)' does not exist")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CardportError(.io, "cannot read '\(path)'")
        }
        defer { try? handle.close() }
        let size = Int((try? handle.seekToEnd()) ?? 0)
        let hashed = size - trailerLength
        func damaged(_ message: String) -> CardportError {
            CardportError(.malformedInput, "'\(path)' is not a verifiable backup: \(message)",
                          hint: "a backup ends with \"checksum\": \"sha256:…\"; make one with 'cardport backup -o FILE'")
        }
        guard hashed > checksumMember.count else { throw damaged("it is too short to carry a checksum") }
        try? handle.seek(toOffset: UInt64(hashed - checksumMember.count))
        let tail = [UInt8]((try? handle.readToEnd()) ?? Data())
        guard tail.count == checksumMember.count + trailerLength,
              Array(tail[0..<checksumMember.count]) == checksumMember,
              tail.suffix(trailerLength).starts(with: Array("\"sha256:".utf8)),
              tail.suffix(4) == Array("\"\n}\n".utf8)[...] else {
            throw damaged("it does not end with a checksum")
        }
        let written = String(decoding: tail.dropFirst(checksumMember.count + 8).prefix(64), as: UTF8.self)
        try? handle.seek(toOffset: 0)
        var hash = SHA256()
        var remaining = hashed
        while remaining > 0 {
            guard let chunk = try? handle.read(upToCount: Swift.min(remaining, 1 << 20)), !chunk.isEmpty else {
                throw CardportError(.io, "cannot read '\(path)'")
            }
            chunk.withUnsafeBytes { hash.update($0) }
            remaining -= chunk.count
        }
        let actual = hash.finalize().hex
        guard actual == written else {
            throw CardportError(.malformedInput,
                                "'\(path)' does not match its checksum: it was changed or damaged after it was written",
                                hint: "the content's SHA-256 is \(actual); the backup says \(written)")
        }
        return written
    }
}
