import AgeGating
import AgeKitSimulator
import AgeSignals

extension CadenceRecord {
    /// The record a scenario's app kept: nothing for a fresh install, else launched before and
    /// last asked on `lastAsked`. Its last launch is taken to be that day, so it kept whether
    /// the region's law covered the person then: a law that started since asks once
    /// (``LaunchAsk/Reason/lawStarted``), in the gate and the launch sequence alike.
    package static func scenario(
        lastAsked: CalendarDay?, region: Region, person: SimulatedPerson, capabilities: PlatformCapabilities
    ) -> CadenceRecord {
        guard let lastAsked else { return CadenceRecord() }
        var record = CadenceRecord(hasLaunched: true)
        record.recordRequest(at: lastAsked.date)
        record.lastLaunchRegulated =
            capabilities.requiresAgeAssurance && region.applying(to: person).isRegulated(on: lastAsked)
        return record
    }
}
