// The AgeKitSimulator module; see docs/ for its guide.
