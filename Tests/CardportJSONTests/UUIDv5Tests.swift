@testable import CardportJSON
import Testing

@Suite struct UUIDv5Tests {
    /// Values Python's `uuid.uuid5` gives for the same namespace and names.
    @Test(arguments: [
        ("www.example.com", "2ed6657d-e927-568b-95e1-2665a8aea6a2"),
        ("python.org", "886313e1-3b8a-5372-9b90-0c9aee199e5d"),
    ])
    func agreesWithOtherImplementations(_ name: String, _ expected: String) {
        #expect(UUIDv5.make(namespace: UUIDv5.dns, name: name) == expected)
    }

    @Test func recognisesUUIDText() {
        #expect(UUIDv5.isUUID("2ED6657D-e927-568b-95e1-2665a8aea6a2"))
        #expect(!UUIDv5.isUUID("2ed6657d-e927-568b-95e1-2665a8aea6a"))
        #expect(!UUIDv5.isUUID("2ed6657de927-568b-95e1-2665a8aea6a2x"))
        #expect(!UUIDv5.isUUID("2ed6657d-e927-568b-95e1-2665a8aea6ag"))
    }
}
