// The SignificantChanges module; see docs/ for its guide.
