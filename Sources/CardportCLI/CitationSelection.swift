import ArgumentParser
import Cardport
import CardportCore

/// The citations `archive` and `unarchive` act on: ids, or the store filters, or both.
struct CitationSelection: ParsableArguments {
    @Argument(help: ArgumentHelp("Ids of the citations, or unique prefixes of them.", valueName: "id"))
    var ids: [String] = []

    @OptionGroup var filters: StoreFilterOptions

    func validate() throws {
        if ids.isEmpty && !filters.isSet {
            throw ValidationError("Name citations by id, or select them with --tag, --favourites or --author.")
        }
    }

    /// The citations named or selected, among those `archived` allows.
    func filter(archived: CardFilter.Archived) -> CardFilter {
        filters.filter(kinds: nil, archived: archived, ids: ids)
    }
}
