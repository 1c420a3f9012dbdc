import CodedErrors
import Testing

/// Two modules' codes, as a module declares them.
private enum GateCode: String, Hashable, Sendable {
    case invalidProfile = "invalid_profile"
    case storageFailed = "storage_failed"
}

private enum StoreCode: String, Hashable, Sendable {
    case invalidProfile = "invalid_profile"
}

private typealias GateError = ModuleError<GateCode>
private typealias StoreError = ModuleError<StoreCode>

@Suite("CodedError")
struct CodedErrorTests {
    @Test("errors compare and hash by code only: the reason may change without breaking a caller")
    func comparedByCode() {
        let first = GateError(.invalidProfile, "gates 13, 13 are not ascending")
        let second = GateError(.invalidProfile, "another wording")
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        #expect(first != GateError(.storageFailed, "gates 13, 13 are not ascending"))
    }

    @Test("the description is the code, then the reason")
    func description() {
        #expect("\(GateError(.storageFailed, "the disk is full"))" == "storage_failed: the disk is full")
    }

    @Test("two modules' errors with the same code string are two types: one never matches the other")
    func modulesStayApart() {
        let thrown: any Error = StoreError(.invalidProfile, "x")
        #expect(thrown as? GateError == nil)
        #expect((thrown as? StoreError)?.code == .invalidProfile)
    }

    @Test("a typed throw carries the module's error; a caller matches its code")
    func typedThrow() {
        func load() throws(GateError) { throw GateError(.storageFailed, "read-only") }
        #expect(throws: GateError(.storageFailed, "")) { try load() }
        do { try load() } catch { #expect(error.code == .storageFailed && error.reason == "read-only") }
    }
}
