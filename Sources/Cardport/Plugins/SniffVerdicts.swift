import CardportCore
import Foundation

/// What a plugin's `sniff` answered, by the bytes it was given: each input is rated at most once a run.
///
/// Format values are copied freely (into registries, plans, resolutions), so the verdicts live in a
/// class that every copy shares. Prefixes are at most 64 KiB and a run rates few inputs, so the
/// bytes themselves are the key.
final class SniffVerdicts: @unchecked Sendable {
    private let lock = NSLock()
    private var verdicts: [[UInt8]: SniffResult] = [:]

    /// The verdict for `prefix`, asking `rate` only the first time.
    func verdict(for prefix: [UInt8], _ rate: () -> SniffResult) -> SniffResult {
        lock.lock()
        if let known = verdicts[prefix] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let verdict = rate()
        lock.lock()
        verdicts[prefix] = verdict
        lock.unlock()
        return verdict
    }
}
