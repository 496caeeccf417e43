import CardportCore
@testable import CardportJSON
import CardportTestSupport
import Testing

/// The list reader behind the Taskwarrior and buku JSON: arrays, objects one after another, and what
/// it refuses.
@Suite struct JSONObjectListReaderTests {
    private func descriptions(_ text: String) throws(CardportError) -> [String] {
        let input = try ByteInput(string: text, name: "list.json")
        let reader = JSONObjectListReader(input: input, limits: ReadLimits(), what: "an item") { (object, decoder, _) throws(CardportError) in
            guard let member = object["d"] else { return nil }
            return .task(TaskItem(description: try decoder.string(member)))
        }
        return try reader.readAll().map { if case .task(let task) = $0 { task.description } else { "" } }
    }

    @Test func readsArraysAndLines() throws {
        #expect(try descriptions(#"[{"d":"a"},{"d":"b"}]"#) == ["a", "b"])
        #expect(try descriptions("[\n]\n") == [])
        #expect(try descriptions("{\"d\":\"a\"}\n{\"d\":\"b\"}{\"d\":\"c\"}\n") == ["a", "b", "c"])
        #expect(try descriptions(#"[{"x":1},{"d":"kept"}]"#) == ["kept"])
    }

    @Test func refusesWhatIsNotAListOfObjects() {
        #expect(throws: CardportError.self) { try descriptions(#"[{"d":"a"} {"d":"b"}]"#) }
        #expect(throws: CardportError.self) { try descriptions(#"[{"d":"a"}"#) }
        #expect(throws: CardportError.self) { try descriptions(#"[{"d":"a"}] x"#) }
        #expect(throws: CardportError.self) { try descriptions(#""text""#) }
        do {
            _ = try descriptions("[{\"d\":\"a\"},\n 3]")
            Issue.record("a number read as an item")
        } catch {
            #expect(error.message == "an item must be an object, not a number")
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 2)
            #expect(error.isRecoverable)
        }
    }
}
