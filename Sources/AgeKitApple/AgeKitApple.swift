// The AgeKitApple module; see docs/ for its guide.
