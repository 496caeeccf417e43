import Cardport
import CardportCore
import CardportStore
import CardportTestSupport
import Foundation
import Testing

@Suite struct StoreFileTests {
    @Test func locatesTheStoreAsTheCommandNamesIt() throws {
        #expect(try StoreFile.locate(option: "/opt/s.sqlite", environment: ["CARDPORT_STORE": "/env.sqlite"]).path == "/opt/s.sqlite")
        #expect(try StoreFile.locate(option: nil, environment: ["CARDPORT_STORE": "/env.sqlite"]).path == "/env.sqlite")
        #expect(try StoreFile.locate(option: nil, environment: ["HOME": "/home/ada"]).path
                == "/home/ada/.local/share/cardport/store.sqlite")
    }

    @Test func noLocationAtAllIsAUsageErrorThatSaysWhatToDo() {
        let error = #expect(throws: CardportError.self) { try StoreFile.locate(option: nil, environment: [:]) }
        #expect(error?.code == .usage)
        #expect(error?.message == "no store location: HOME is not set")
        #expect(error?.hint == "pass --store PATH or set CARDPORT_STORE")
    }

    @Test func readingAPathThatNamesNothingMakesNoStore() throws {
        let directory = try TemporaryDirectory()
        let file = StoreFile(path: directory.file("typo.sqlite"))
        let error = #expect(throws: CardportError.self) { try file.open(.reading) }
        #expect(error?.code == .fileNotFound)
        #expect(directory.entries == [])
    }

    @Test func writingAndEditingMakeTheStoreOnFirstUse() throws {
        let directory = try TemporaryDirectory()
        let written = try StoreFile(path: directory.file("a/store.sqlite")).open(.writing)
        #expect(written.path == directory.file("a/store.sqlite"))
        #expect(FileManager.default.fileExists(atPath: directory.file("a/store.sqlite")))
        _ = try StoreFile(path: directory.file("b.sqlite")).open(.editing)
        #expect(FileManager.default.fileExists(atPath: directory.file("b.sqlite")))
        let read = try StoreFile(path: directory.file("b.sqlite")).open(.reading)
        #expect(try read.read { (reader) in try reader.statistics() } == StoreStatistics())
    }

    @Test func writingAnExistingStoreChecksItsPagesAndKeepsItsCards() throws {
        let directory = try TemporaryDirectory()
        let file = StoreFile(path: directory.file("store.sqlite"))
        _ = try Importing(registry: .standard, opening: file).run(ImportRequest(inputs: [PackagePaths.sample("mixed.jsonl")]))
        let again = try file.open(.writing)
        #expect(try again.read { (reader) in try reader.statistics() }.citations == 2)
    }
}
