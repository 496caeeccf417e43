import CardportStore
import Testing

@Suite struct StoreLocationTests {
    @Test func theOptionWinsThenTheEnvironmentThenXDGThenHome() {
        let environment = ["CARDPORT_STORE": "/env/store.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ada"]
        #expect(StoreLocation.resolve(option: "/opt/s.sqlite", environment: environment) == "/opt/s.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: environment) == "/env/store.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/ada"])
                == "/xdg/cardport/store.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: ["HOME": "/home/ada"])
                == "/home/ada/.local/share/cardport/store.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: [:]) == nil)
    }

    @Test func aRelativeXDGDataHomeIsIgnoredAsTheSpecificationSays() {
        #expect(StoreLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "data", "HOME": "/home/ada"])
                == "/home/ada/.local/share/cardport/store.sqlite")
    }
}
