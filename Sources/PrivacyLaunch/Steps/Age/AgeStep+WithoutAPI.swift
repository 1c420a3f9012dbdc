import AgeSignals

extension AgeStep {
    /// The fallback where the platform has no age range API. "Yes, 18 or older" is over only
    /// when the threshold is at most 18; "no" is under (it cannot tell 16 from 12).
    static func withoutAgeRangeAPI(
        _ platform: Platform, threshold: Int, saved: AgeAnswer?, adult: Bool?
    )
        -> AgeDecision
    {
        let what = "\(platform.rawValue) has no age range API (requestAgeRange exists on iOS, iPadOS and macOS)"
        if let saved {
            return AgeDecision(
                answer: saved, rule: .noAgeRangeAPIUsesSavedAnswer, saves: false, asked: false, message: nil,
                reason: "\(what): the answer saved at an earlier launch (\(saved.rawValue))")
        }
        if let adult {
            let answer: AgeAnswer = adult && threshold <= 18 ? .over : .under
            return AgeDecision(
                answer: answer, rule: .adultQuestion, saves: true, asked: true, message: nil,
                reason:
                    "\(what): the app's own \"18 or older?\" was answered \(adult ? "yes" : "no"): \(answer.rawValue), saved"
            )
        }
        return AgeDecision(
            answer: .under, rule: .noAgeRangeAPIWithoutAnswer, saves: false, asked: false,
            message: .ageVerificationNotPossible,
            reason:
                "\(what), nothing is saved and the app's own question was not answered: under, 'Age verification not possible' shown"
        )
    }
}
