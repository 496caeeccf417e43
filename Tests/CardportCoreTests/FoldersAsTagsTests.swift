import CardportCore
import Testing

@Suite struct FoldersAsTagsTests {
    @Test func addsTheChosenFolderNamesAfterTheBookmarksOwnTags() {
        let folders = ["Development", "Swift"]
        #expect(FoldersAsTags.all.tags(["swift"], inFolders: folders) == ["swift", "Development", "Swift"])
        #expect(FoldersAsTags.parent.tags(["swift"], inFolders: folders) == ["swift", "Swift"])
        #expect(FoldersAsTags.none.tags(["swift"], inFolders: folders) == ["swift"])
        #expect(FoldersAsTags.all.tags(["Swift"], inFolders: folders) == ["Swift", "Development"])
        #expect(FoldersAsTags.parent.tags([], inFolders: []) == [])
    }
}
