import CardportCore
import CardportStore
import Foundation

/// The check of a store's pages (``CardportStore/Store/checkPages()``) that an import makes
/// before it commits, run on another thread while the import reads and writes.
///
/// The check reads the whole file, which for a large store takes about as long as the import's own
/// writes; beside them it costs the import's wall time little on a machine with a spare core. It
/// reads the store as it was before the import's transaction, on a connection of its own, and the
/// import waits for its verdict before it commits: a damaged store is still refused with nothing
/// changed. A store that holds no card is checked at once instead: its check is short, and its
/// first import fills it through a rollback journal, which needs the store to itself.
final class PageCheck: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var failure: CardportError?

    /// Checks `store` now when it holds no card (throwing what the check finds), else starts the check
    /// on another thread and returns it.
    static func start(_ store: Store) throws(CardportError) -> PageCheck? {
        guard try store.holdsCards() else {
            try store.checkPages()
            return nil
        }
        return PageCheck(store)
    }

    private init(_ store: Store) {
        Thread.detachNewThread { [self] in
            do throws(CardportError) {
                try store.checkPages()
            } catch {
                failure = error
            }
            done.signal()
        }
    }

    /// Waits for the check to end.
    func wait() {
        done.wait()
        done.signal()
    }

    /// Waits for the check, and throws what it found when the store is damaged or cannot be read.
    func verdict() throws(CardportError) {
        wait()
        if let failure { throw failure }
    }
}
