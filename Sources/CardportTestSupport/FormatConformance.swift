public import CardportCore
public import PropertyBased
import Synchronization
public import Testing

/// The checks every format passes: an empty input reads as no records, what the writer writes the
/// reader reads back (for the fields the format holds), text with every awkward character survives,
/// and a broken input fails with an error that has a file, line and column.
///
/// A format's test suite calls ``check(_:brokenInput:)`` with an input that must fail.
public enum FormatConformance {
    /// Runs the shared checks; `project` maps a library to what the format can hold (identity for
    /// lossless formats); `libraries` replaces the generated libraries of the format's kinds, for a
    /// format that must leave out a documented, counted loss its projection cannot model.
    public static func check(_ format: any CardFormat, brokenInput: String,
                             project: @Sendable (Library) -> Library = { $0 },
                             libraries: Generator<Library, [Library]>? = nil,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        // Empty and blank inputs hold no records.
        for empty in ["", "\n", "  \r\n"] {
            #expect(throws: Never.self, sourceLocation: sourceLocation) {
                let records = try FormatHarness.read(format, empty)
                #expect(records.isEmpty, "reading \(empty.debugDescription) gave records", sourceLocation: sourceLocation)
            }
        }
        // Writing nothing gives a document that reads as nothing.
        #expect(throws: Never.self, sourceLocation: sourceLocation) {
            let written = try FormatHarness.write(format, []).text
            #expect(try FormatHarness.read(format, written).isEmpty, sourceLocation: sourceLocation)
        }
        // Round trip of generated libraries restricted to the format's kinds. A format that writes
        // nothing (an e-reader's or a service's export) has none: its generated libraries would all be
        // empty and the round trip would prove nothing, so it is not run, and its suite checks real
        // exports instead.
        let kinds = format.descriptor.writes.intersection(format.descriptor.reads)
        if kinds.isEmpty {
            #expect(format.descriptor.writes.isEmpty, "a format that writes must share a kind with what it reads",
                    sourceLocation: sourceLocation)
        } else {
            let cards = Mutex(0)
            await propertyCheck(count: 60, input: libraries ?? RandomCards.library(of: kinds)) { library in
                cards.withLock { $0 += library.count }
                let expected = project(library)
                let actual = try FormatHarness.roundTrip(format, library)
                #expect(actual == expected, sourceLocation: sourceLocation)
            }
            #expect(cards.withLock { $0 } > 0, "the generated libraries were all empty", sourceLocation: sourceLocation)
        }
        // Broken input: an error with a location.
        let error = FormatHarness.error(reading: brokenInput, as: format, name: "broken.input")
        #expect(error != nil, "the broken input read without error", sourceLocation: sourceLocation)
        if let error {
            #expect(error.location?.file == "broken.input", sourceLocation: sourceLocation)
            #expect((error.location?.line ?? 0) >= 1 && (error.location?.column ?? 0) >= 1, sourceLocation: sourceLocation)
        }
    }
}
