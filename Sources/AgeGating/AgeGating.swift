// The AgeGating module; see docs/ for its guide.
