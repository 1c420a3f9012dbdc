extension SignedDataVerifier {
    /// The verified chain of `x5c`, cheapest check first: the chain of the previous JWS in the
    /// call, the cache of verified chains, a refusal remembered, a root that is not ours (one
    /// digest), an intermediate already judged (one digest), and only then signatures.
    func chain(for x5c: [String], context: inout Context) throws(VerificationError) -> VerifiedChain {
        if let last = context.lastChain, context.lastX5C == x5c { return last }
        let chain: VerifiedChain
        if let cached = cache.chain(for: x5c) {
            chain = cached
        } else {
            if let refusal = refused.refusal(for: x5c) { throw refusal }
            do throws(VerificationError) {
                try policy.precheck(x5c)
                chain = try verifyUncachedChain(x5c, budgets: lanes[context.lane]!)
            } catch {
                // A chain held back for the budget was not judged.
                if error.code != .verificationBusy { refused.insert(error, for: x5c) }
                throw error
            }
            cache.insert(chain, for: x5c)
        }
        context.lastX5C = x5c
        context.lastChain = chain
        return chain
    }

    /// A chain not in the cache: a leaf under a trusted intermediate is checked against it
    /// alone on the lane's budget for new leaves; a refused intermediate refuses any leaf, for
    /// free; an unknown one costs a full verification on the lane's budget for new chains and
    /// is learned from it.
    private func verifyUncachedChain(_ x5c: [String], budgets: LaneBudgets) throws(VerificationError) -> VerifiedChain {
        let intermediate = try ChainPolicy.intermediate(x5c)
        switch intermediates.verdict(for: intermediate.digest) {
        case .refused(let refusal):
            throw refusal
        case .trusted(let trusted):
            guard budgets.newLeaves.take() else {
                throw VerificationError(
                    .verificationBusy,
                    "more never-seen leaf certificates under known intermediates than "
                        + "\(budgets.newLeaves.perSecond) per second; retry later")
            }
            return try policy.verify(x5c, under: trusted)
        case nil:
            guard budgets.newChains.take() else {
                throw VerificationError(
                    .verificationBusy,
                    "more never-seen certificate chains than \(budgets.newChains.perSecond) per second; retry later")
            }
            switch policy.verify(x5c, intermediateDER: intermediate.der) {
            case .verified(let chain, let trusted):
                intermediates.trust(trusted, for: intermediate.digest)
                return chain
            case .refused(let error, let concernsIntermediate):
                if concernsIntermediate { intermediates.refuse(error, for: intermediate.digest) }
                throw error
            }
        }
    }
}
