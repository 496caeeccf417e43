import CardportCore
import CardportJSON
import Testing

@Suite struct RecordFieldEncodingTests {
    /// Writes down what the mapping asks for, one line per call.
    private struct Transcript: RecordFieldEncoding {
        var lines: [String] = []

        mutating func string(_ key: StaticString, _ value: String) { lines.append("\(key)=\(value)") }
        mutating func bool(_ key: StaticString, _ value: Bool) { lines.append("\(key)=\(value)") }
        mutating func int(_ key: StaticString, _ value: Int) { lines.append("\(key)=\(value)") }
        mutating func timestamp(_ key: StaticString, _ value: Timestamp) { lines.append("\(key)=\(value.iso8601)") }
        mutating func words(_ key: StaticString, _ values: [String]) { lines.append("\(key)=words\(values)") }
        mutating func texts(_ key: StaticString, _ values: [String]) { lines.append("\(key)=texts\(values)") }
        mutating func beginMapping(_ key: StaticString) { lines.append("\(key) {") }
        mutating func endMapping() { lines.append("}") }
        mutating func beginList(_ key: StaticString, isEmpty: Bool) { lines.append("\(key) [\(isEmpty ? " empty" : "")") }
        mutating func beginItem() { lines.append("-") }
        mutating func endItem() { lines.append("/") }
        mutating func endList() { lines.append("]") }
        mutating func extras(_ extras: [String: String]) { lines.append("extras=\(extras.keys.sorted())") }
    }

    private func transcript(_ record: Record) -> [String] {
        var transcript = Transcript()
        transcript.fields(of: record)
        return transcript.lines
    }

    @Test func aCitationGivesItsFieldsInTheDocumentsOrderAndLeavesOutWhatItLacks() {
        var citation = Citation(id: "c1", text: "Truth", author: "Le Guin", tags: ["sf", "truth"])
        citation.location = CitationLocation(page: "12", start: 101, end: nil)
        citation.extras = ["z": "1", "a": "2"]
        #expect(transcript(.citation(citation)) == [
            "id=c1", "text=Truth", "author=Le Guin", "tags=words[\"sf\", \"truth\"]", "favourite=false",
            "archived=false", "location {", "page=12", "start=101", "end=101", "}", "extras=[\"a\", \"z\"]",
        ])
    }

    @Test func aTopicGivesItsQuestionsAsAListOfMappings() {
        let topic = Topic(id: "t1", title: "Stoics", links: ["https://a.org"],
                          questions: [Question(text: "Why?", isDone: true)])
        #expect(transcript(.topic(topic)) == [
            "id=t1", "title=Stoics", "status=unstarted", "links=texts[\"https://a.org\"]",
            "questions [", "-", "text=Why?", "done=true", "/", "]", "extras=[]",
        ])
        #expect(transcript(.topic(Topic(id: "t2", title: "Empty"))).contains("questions [ empty"))
    }
}
