import AgeKitSimulator
import AgeSignals
import Foundation
import PrivacyLaunch

/// The parsed options of `agekit launch`; every mistake is a usage error naming the option.
struct LaunchOptions {
    enum Subject {
        case persona(SandboxPersona)
        case age(Int)
    }

    var subject: Subject
    var declines: Bool
    var os: OSVersion
    var region: Region
    var consentRegion: ConsentRegion
    var settings: OwnerSettings
    var ownerFile: String?
    var saved: AgeAnswer?
    var tracking: TrackingStatus
    var consentAnswer: SimulatedConsentSDK.FormAnswer
    var json: Bool
    /// The simulated day (`--date`, default 2026-11-30).
    var date: CalendarDay
    /// The day the app last asked for the age range (`--last-asked`).
    var lastAsked: CalendarDay?
    /// The day of the stored consent (`--consent-date`): older than 13 months is asked again.
    var consentDate: CalendarDay?

    static let valued: Set<String> = [
        "persona", "age", "os", "region", "consent-region", "owner", "saved", "tracking", "consent-answer",
        "date", "last-asked", "consent-date",
    ]
    static let flags: Set<String> = ["declines", "json"]

    init(_ arguments: [String], readFile: (String) throws -> Data) throws(CLIError) {
        let parsed = try Arguments(arguments, valued: Self.valued, flags: Self.flags)
        guard parsed.positionals.isEmpty else {
            throw .usage("unexpected argument '\(parsed.positionals[0])'")
        }
        switch (parsed.value("persona"), parsed.value("age")) {
        case (nil, nil):
            throw .usage("give --persona NAME or --age N")
        case (.some, .some):
            throw .usage("give --persona or --age, not both")
        case (let name?, nil):
            guard let persona = SandboxPersona.named(name) else {
                let names = SandboxPersona.all.map { $0.name }.joined(separator: ", ")
                throw .usage("--persona: '\(name)' is not a sandbox persona (\(names))")
            }
            subject = .persona(persona)
        case (nil, let text?):
            guard let age = Int(text), (0...130).contains(age) else {
                throw .usage("--age: '\(text)' is not an age from 0 to 130")
            }
            subject = .age(age)
        }
        declines = parsed.flag("declines")
        json = parsed.flag("json")
        os =
            try parsed.value("os", as: "an OS version such as 26.4") { try? OSVersion(parsing: $0) } ?? OSVersion(26, 4)
        let regionID = parsed.value("region") ?? Region.unregulated.id
        do {
            region = try RegionCatalog.standard.region(regionID)
        } catch {
            throw .usage("--region: \(error.reason)")
        }
        do {
            consentRegion = try ConsentRegion(parsing: parsed.value("consent-region") ?? ConsentRegion.none.rawValue)
        } catch {
            throw .usage("--consent-region: \(error.reason)")
        }
        saved =
            try parsed.value("saved", as: "over, under or none") { text -> AgeAnswer?? in
                text == "none" ? .some(nil) : AgeAnswer(rawValue: text).map { .some($0) }
            } ?? nil
        tracking =
            try parsed.value("tracking", as: "notDetermined, restricted, denied or authorized") { text in
                TrackingStatus.allCases.first { $0.rawValue == text }
            } ?? .notDetermined
        consentAnswer =
            try parsed.value("consent-answer", as: "acceptAll, profileOnly, refuseAll or close") {
                SimulatedConsentSDK.FormAnswer(rawValue: $0)
            } ?? .acceptAll
        ownerFile = parsed.value("owner")
        settings = OwnerSettings()
        if let path = ownerFile {
            settings = try Self.loadSettings(path, readFile: readFile)
        }
        func day(_ name: String) throws(CLIError) -> CalendarDay? {
            try parsed.value(name, as: "a YYYY-MM-DD day") { CalendarDay(parsing: $0) }
        }
        date = try day("date") ?? CalendarDay(2026, 11, 30)!
        lastAsked = try day("last-asked")
        consentDate = try day("consent-date")
    }

    static func loadSettings(_ path: String, readFile: (String) throws -> Data) throws(CLIError) -> OwnerSettings {
        let data: Data
        do {
            data = try readFile(path)
        } catch {
            throw .failure(code: "unreadable_owner_file", message: "cannot read the owner settings file '\(path)'")
        }
        do {
            return try JSONDecoder().decode(OwnerSettings.self, from: data)
        } catch let error as PrivacyLaunchError {
            throw .failure(code: error.code.rawValue, message: "\(path): \(error.reason)")
        } catch {
            throw .failure(code: PrivacyLaunchError.Code.malformedSettings.rawValue, message: "\(path): not valid JSON")
        }
    }

    /// Who is launching, in words.
    var subjectDescription: String {
        switch subject {
        case .persona(let persona): "persona \(persona.name)"
        case .age(let age): "a person aged \(age)"
        }
    }
}
