import ArgumentParser
import CardportCore
import Cardport
import Foundation

/// The filters of `list` and `search`: the store filters, and the kind, archive, topic and task ones.
struct CardFilterOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only cards of this kind: citations, bookmarks, tasks or topics.", valueName: "kind"),
            transform: parseKind)
    var kind: RecordKind?

    @OptionGroup var filters: StoreFilterOptions

    @Flag(help: "Only archived citations.")
    var archived = false

    @Flag(name: .customLong("include-archived"), help: "Archived citations too.")
    var includeArchived = false

    @Option(help: ArgumentHelp("Only topics with this status: unstarted, on-hold, in-progress or done.", valueName: "status"),
            transform: parseStatus)
    var status: Topic.Status?

    @Option(name: .customLong("due-before"), help: ArgumentHelp("Only topics due before this date (YYYY-MM-DD).", valueName: "date"))
    var dueBefore: String?

    @Flag(help: "Only topics due before now and not done.")
    var overdue = false

    @Flag(help: "Only tasks that are done (100 %).")
    var done = false

    @Flag(help: "Only tasks that are not done.")
    var open = false

    /// Throws when flags exclude each other.
    func check() throws {
        if archived && includeArchived { throw ValidationError("--archived and --include-archived exclude each other.") }
        if done && open { throw ValidationError("--done and --open exclude each other.") }
        if dueBefore != nil && overdue { throw ValidationError("--due-before and --overdue exclude each other.") }
    }

    /// The filter these options describe.
    func filter() throws(CardportError) -> CardFilter {
        var filter = filters.filter(kinds: kind.map { [$0] }, archived: archived ? .only : (includeArchived ? .include : .exclude))
        filter.status = status
        if let dueBefore {
            guard let date = Timestamp(parsing: dueBefore) else {
                throw CardportError(.usage, "'\(dueBefore)' is not a date", hint: "write it as YYYY-MM-DD")
            }
            filter.dueBefore = date
        }
        if overdue {
            filter.dueBefore = Timestamp(Date())
            filter.unfinishedTopicsOnly = true
        }
        filter.taskState = done ? .done : (open ? .open : nil)
        return filter
    }
}

/// Parses a topic status in the app's spelling or with hyphens (`inProgress`, `in-progress`).
func parseStatus(_ text: String) throws -> Topic.Status {
    let squeezed = text.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
    guard let status = Topic.Status.allCases.first(where: { $0.rawValue.lowercased() == squeezed }) else {
        throw ValidationError("'\(text)' is not a status; use one of: unstarted, on-hold, in-progress, done")
    }
    return status
}
