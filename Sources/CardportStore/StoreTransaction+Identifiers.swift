public import CardportCore
import GRDB

extension StoreTransaction {
    /// The id of every citation in the store, archived ones included, in id order.
    ///
    /// A read-back of a vault's notes matches each block's short id against them once per import.
    public func citationIDs() throws(CardportError) -> [String] {
        try run {
            try flushLinks()
            return try String.fetchAll(db, sql: "SELECT id FROM citation ORDER BY id")
        }
    }
}
